// Rule: a history offset known when the script is checked must not be negative: `close[-5]`
// would read a bar that has not happened yet, which Pine refuses; and [] applies once (`close[1][2]`). Constants are literals,
// arithmetic of literals and variables declared with such a value and never reassigned; other
// offsets are checked as the script runs (negativeOffsetMessage).

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import type { RuleContext, Visitor } from "./rule";

export function HistoryOffsetRule(ctx: RuleContext): Visitor {
  const constants = new Map<number, A.Expr>();
  return {
    VarDecl: (s) => {
      const sym = s.symbol;
      if (sym?.qual === "const" && sym.type.kind === "primitive" && sym.type.name === "int") constants.set(sym.id, s.init);
    },
    Index: (node) => {
      // `close[1][2]`: TradingView's user manual (Operators) refuses [] written twice; the Execution model
      // page reads a history reference's own history with parentheses, `(open[n])[1]`
      if (node.chained === true) ctx.error(Code.invalid_history_offset, `The [] operator cannot be applied to a history reference twice: write one offset (close[3], not close[1][2]), or parenthesize the first ((close[1])[2]).`, node.span);
      const offset = constantInt(node.index, constants, 0);
      if (offset !== null && offset < 0) ctx.error(Code.invalid_history_offset, negativeOffsetMessage(offset), node.index.span);
    },
  };
}

/** The message of a negative offset, at check time or when the script runs. */
export function negativeOffsetMessage(offset: number): string {
  return `A history offset must be 0 or more, not ${offset}: [] reads past bars only (x[1] is the previous bar's value).`;
}

const MAX_FOLD_DEPTH = 32;

/** The integer value of a constant expression, or null when it is not one this rule folds. */
function constantInt(e: A.Expr, constants: ReadonlyMap<number, A.Expr>, depth: number): number | null {
  if (depth > MAX_FOLD_DEPTH) return null;
  switch (e.kind) {
    case "NumberLit":
      return e.isInt ? e.value : null;
    case "Identifier": {
      const init = e.symbol?.kind === "local" ? constants.get(e.symbol.id) : undefined;
      return init ? constantInt(init, constants, depth + 1) : null;
    }
    case "Unary": {
      const v = e.op === "not" ? null : constantInt(e.operand, constants, depth + 1);
      return v === null ? null : e.op === "-" ? -v : v;
    }
    case "Binary": {
      if (e.op !== "+" && e.op !== "-" && e.op !== "*") return null;
      const l = constantInt(e.left, constants, depth + 1);
      const r = l === null ? null : constantInt(e.right, constants, depth + 1);
      if (l === null || r === null) return null;
      return e.op === "+" ? l + r : e.op === "-" ? l - r : l * r;
    }
    default:
      return null;
  }
}
