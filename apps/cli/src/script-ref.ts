// How a command names a script: `--kind` picks one of two of your scripts sharing a slug (a study
// may share its slug with an indicator, definition or library, docs/reference/api.md), and
// `owner/slug` names another account's public script (`core/rsi`) where the API takes an owner.
import { Option } from "commander";
import { ownerSlug, SCRIPT_KINDS } from "@barscript/contracts";
import { UsageError } from "./usage";

export type ScriptKind = (typeof SCRIPT_KINDS)[number];

/** `--kind`: checked by commander (a value outside the four is a usage error, exit 4). */
export const kindOption = (): Option => new Option("--kind <kind>", "which of your scripts of this slug, when a study shares it with another script").choices(SCRIPT_KINDS);

/** `owner/slug` or a slug of yours; the owner only when one is written. */
export function scriptRef(ref: string): { owner?: string; slug: string } {
  if (!ref.includes("/")) return { slug: ref };
  const named = ownerSlug(ref);
  if (named === null) throw new UsageError(`expected <slug> or <owner>/<slug>, e.g. core/rsi, got "${ref}"`);
  return named;
}
