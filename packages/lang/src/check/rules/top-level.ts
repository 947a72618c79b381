// Rule: imports and function declarations belong to the top level of a file.

import { Code } from "../../language/codes";
import type { RuleContext, Visitor } from "./rule";

export function TopLevelRule(ctx: RuleContext): Visitor {
  return {
    ImportDecl: (s, parent) => {
      if (parent?.kind !== "Script") ctx.error(Code.syntax_error, "Imports must be at the top level.", s.span);
    },
    FunctionDecl: (s, parent) => {
      if (parent?.kind !== "Script") ctx.error(Code.syntax_error, "Functions must be declared at the top level.", s.name.span);
    },
  };
}
