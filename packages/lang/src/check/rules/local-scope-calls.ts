// Rule: plots, hline, fill, bgcolor, barcolor, alertcondition, declarations and use() only at the
// top level, as in Pine ("Cannot use 'plot' in local scope"): a function, if, switch or loop body
// is a local scope. Reads the built-in each call resolved to (the typing's annotation).

import { Code } from "../../language/codes";
import { isGlobalOnly } from "../builtin-lookup";
import type { RuleContext, Visitor } from "./rule";

export function LocalScopeCallsRule(ctx: RuleContext): Visitor {
  let depth = 0;
  return {
    Block: { enter: () => void depth++, leave: () => void depth-- },
    Call: (node) => {
      if (depth === 0 || node.target?.kind !== "builtin" || !isGlobalOnly(node.target.name)) return;
      ctx.error(Code.invalid_context, message(node.target.name), node.callee.span);
    },
  };
}

function message(name: string): string {
  const instead = name === "plot" ? "plot(cond ? x : na)" : `${name}(...) at the top level with a conditional argument`;
  return `${name}() cannot be called in a local scope (a function, if, switch or loop body): Pine allows it only at the top level. Make its value conditional instead, e.g. ${instead}.`;
}
