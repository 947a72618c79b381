// Rule: a tuple `[a, b]` is not destructured where it is written. TradingView's user manual (Type
// system, Tuples) says that only the local scopes of functions, conditional structures and loops
// return tuples (a block's last expression), besides a request.*() expression and an input's
// options: `[a, b] = [1, 2]` is refused (docs/adr/0335). A ternary's tuple branch is refused by the
// typing of `?:` (check/typing/operators.ts).

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import type { RuleContext, Visitor } from "./rule";

export function TuplePlacesRule(ctx: RuleContext): Visitor {
  return {
    TupleDecl: (s: A.TupleDecl) => {
      if (s.init.kind !== "TupleExpr") return;
      ctx.error(Code.type_mismatch, "A tuple can only be the result of a local block (a function, if, switch or loop), not destructured where it is written: declare each variable on its own line (`a = 1`, `b = 2`), or return the tuple from a function or an if.", s.init.span);
    },
  };
}
