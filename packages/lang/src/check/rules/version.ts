// Rule: the `//@version` must be 5 or 6. Older scripts are refused with the v5 spellings named,
// so the author (or the model that wrote it) knows what to change.

import type { Script } from "../../language/ast";
import type { CheckContext } from "../context";

export const SUPPORTED_VERSIONS: readonly number[] = [5, 6];

/** Reports and returns false when the file's version is not supported (nothing else is checked). */
export function checkVersion(script: Script, ctx: CheckContext): boolean {
  if (SUPPORTED_VERSIONS.includes(script.version)) return true;
  const span = script.versionSpan ?? script.span;
  const message =
    script.version < 5
      ? `Pine Script v${script.version} is not supported: use //@version=6 (or 5). In v5 and later, study() is indicator(), security() is request.security(), iff() is the ternary 'cond ? a : b', and built-ins live in namespaces (ta.sma, math.abs, str.tostring).`
      : `Pine Script v${script.version} is not supported: use //@version=6 or //@version=5.`;
  ctx.error("unsupported_version", message, span);
  return false;
}
