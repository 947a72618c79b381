// Rule: at most 64 plot counts a script, TradingView's limit ("The study has too many output
// series"). A plot call counts 1 (plotcandle and plotbar draw four series: 4), and each color
// argument that is not a constant is one more series (input.color included). The user manual's Limitations page
// (Plot limits) also counts alertcondition, bgcolor and barcolor as 1 each and fill as 1 when its color is a series
// (its example script totals 56). The count is reported once, at the call that passes the limit.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import type { ParamSpec } from "../../builtins";
import { isPlotFunction, lookupFunction } from "../builtin-lookup";
import type { RuleContext, Visitor } from "./rule";

export const MAX_PLOT_COUNT = 64;

const FOUR_SERIES: ReadonlySet<string> = new Set(["plotcandle", "plotbar"]);
/** Counted calls that are not plots: one series each (fill only when its color is not a constant). */
const ONE_SERIES: ReadonlySet<string> = new Set(["alertcondition", "bgcolor", "barcolor"]);

export function PlotCountRule(ctx: RuleContext): Visitor {
  let total = 0;
  return {
    Call: (node) => {
      if (!ctx.isEntry || node.target?.kind !== "builtin") return;
      const name = node.target.name;
      if (!isPlotFunction(name) && !ONE_SERIES.has(name) && name !== "fill") return;
      const before = total;
      total += plotCount(name, node);
      if (before <= MAX_PLOT_COUNT && total > MAX_PLOT_COUNT) {
        ctx.error(Code.too_many_plots, `This script uses more than ${MAX_PLOT_COUNT} plot counts (TradingView's limit); this call brings it to ${total}. Each plot call counts 1 (plotcandle and plotbar 4) and each color argument that is not a constant 1 more; alertcondition, bgcolor, barcolor and a fill of a series color count 1: plot fewer series or use constant colors.`, node.callee.span);
      }
    },
  };
}

/** The plot count of one call: its series plus one per non-constant color argument. */
export function plotCount(name: string, node: A.Call): number {
  if (ONE_SERIES.has(name)) return 1;
  const params = lookupFunction(name)?.signatures[0]?.params ?? [];
  let n = FOUR_SERIES.has(name) ? 4 : name === "fill" ? 0 : 1;
  node.args.forEach((a, i) => {
    const p = a.name ? params.find((q) => q.name === a.name?.name) : params[i];
    if (p && isColor(p) && a.value.qual !== undefined && a.value.qual !== "const") n++;
  });
  return n;
}

function isColor(p: ParamSpec): boolean {
  return p.type.kind === "primitive" && p.type.name === "color";
}
