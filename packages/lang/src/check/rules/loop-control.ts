// Rule: `break` and `continue` only inside a loop of the same function.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import type { RuleContext, Visitor } from "./rule";

export function LoopControlRule(ctx: RuleContext): Visitor {
  let depth = 0;
  const outer: number[] = [];
  const loop = { enter: () => void depth++, leave: () => void depth-- };
  const check = (s: A.Break | A.Continue): void => {
    if (depth === 0) ctx.error(Code.syntax_error, `'${s.kind.toLowerCase()}' outside a loop.`, s.span);
  };
  return {
    For: loop,
    ForIn: loop,
    While: loop,
    FunctionDecl: {
      enter: () => {
        outer.push(depth);
        depth = 0;
      },
      leave: () => {
        depth = outer.pop() ?? 0;
      },
    },
    Break: check,
    Continue: check,
  };
}
