// Parameters that name one script where the API reads `?kind=` and `owner`: a study may share its
// slug with another of the account's scripts (then `kind` picks one, else `Error conflict`), and
// another account's public script is run or collected with its owner's handle.
import { z } from "zod";
import { ownerSlug, RUN_KINDS, SCRIPT_KINDS } from "@barscript/contracts";
import { param } from "../tool";

export const scriptKind = param(z.enum(SCRIPT_KINDS).optional(), "Which of your scripts with this slug, when a study shares it with another script (an `Error conflict` names the kinds)", "study");
/** `kind` of start_run: a library is imported, never run, so the API's run request takes the run kinds (docs/adr/0363). */
export const runKind = param(z.enum(RUN_KINDS).optional(), "Which of your scripts with this slug, when a study shares it with another script (an `Error conflict` names the kinds)", "study");
export const scriptOwner = param(z.string().optional(), "The handle of another account whose public script this is (`core` for the built-in library); omit for yours", "core");

/**
 * `owner/slug` given as the slug (as list_runs answers a run's script and the CLI writes one),
 * with no `owner`: the two parts; otherwise the arguments as given (docs/adr/0363).
 */
export function splitRef(slug: string, owner: string | undefined): { slug: string; owner: string | undefined } {
  return (owner === undefined ? ownerSlug(slug) : null) ?? { slug, owner };
}
