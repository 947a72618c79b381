// Rule: a request's timeframe written as a constant must be one the bar store holds (1, 5, 15, 30,
// 60, 120, 240, D, W and their spellings) or months up to 12 (built from daily bars); seconds are
// refused at validation with the reason, instead of failing every bar of a run. A computed
// timeframe is checked as the script runs. The same holds for `indicator(timeframe = ...)`.

import { Code } from "../../language/codes";
import { storeTimeframe } from "../../stdlib/request/timeframes";
import type { RuleContext, Visitor } from "./rule";

const WITH_TIMEFRAME: ReadonlySet<string> = new Set(["request.security", "request.security_lower_tf", "indicator"]);

export function RequestTimeframeRule(ctx: RuleContext): Visitor {
  return {
    Call: (node) => {
      if (node.target?.kind !== "builtin" || !WITH_TIMEFRAME.has(node.target.name)) return;
      const named = node.args.find((a) => a.name?.name === "timeframe");
      // indicator()'s second positional parameter is its short title: its timeframe is named only
      const arg = named ?? (node.target.name === "indicator" ? undefined : node.args.filter((a) => a.name === null)[1]);
      if (!arg || arg.value.kind !== "StringLit") return;
      // Pine's notation only ("M", "30S", "45", "2D"): any other text fails where it is read, with the same message
      if (!/^\s*\d*[SDWM]?\s*$/i.test(arg.value.value)) return;
      const tf = storeTimeframe(arg.value.value, "1d");
      if ("error" in tf) ctx.error(Code.unsupported_feature, `${node.target.name}: ${tf.error}.`, arg.value.span);
    },
  };
}
