// Rule: the `//@version` must be 5 or 6. Older scripts are refused with the v5 spellings named,
// so the author (or the model that wrote it) knows what to change.

import type { Script } from "../../language/ast";
import { Code } from "../../language/codes";
import type { RuleContext, Visitor } from "./rule";

export const SUPPORTED_VERSIONS: readonly number[] = [5, 6];

/** In a file of an unsupported version nothing else is checked. */
export function VersionRule(ctx: RuleContext): Visitor {
  return {
    Script: (script) => {
      if (!SUPPORTED_VERSIONS.includes(script.version)) {
        ctx.error(Code.unsupported_version, versionMessage(script), script.versionSpan ?? script.span);
        ctx.halted = true;
      }
    },
  };
}

function versionMessage(script: Script): string {
  return script.version < 5
      ? `Pine Script v${script.version} is not supported: use //@version=6 (or 5). In v5 and later, study() is indicator(), security() is request.security(), iff() is the ternary 'cond ? a : b', and built-ins live in namespaces (ta.sma, math.abs, str.tostring).`
    : `Pine Script v${script.version} is not supported: use //@version=6 or //@version=5.`;
}
