// chart.*: what a script can ask about the chart. A run has no chart on screen, so these are the
// values of a standard candle chart on TradingView's default theme showing the run's window.

import { builtinVariable, type VariableRecord } from "../../builtins/record";

export const chartColors: VariableRecord[] = [
  builtinVariable({ name: "chart.bg_color", type: "input color", doc: "The chart's background color: white (#FFFFFF).", emit: String(255 * 16777216 + 255 * 65536 + 255 * 256) }),
  builtinVariable({ name: "chart.fg_color", type: "input color", doc: "The chart's foreground color: black (#000000).", emit: "0" }),
];

export const chartKinds: VariableRecord[] = [
  builtinVariable({ name: "chart.is_standard", type: "simple bool", doc: "True: a run's bars are standard candles.", emit: "true" }),
  ...["heikinashi", "kagi", "linebreak", "pnf", "range", "renko"].map((k) =>
    builtinVariable({ name: `chart.is_${k}`, type: "simple bool", doc: `False: a run's bars are not ${k} bars.`, emit: "false" }),
  ),
];

export const chartVisible: VariableRecord[] = [
  builtinVariable({ name: "chart.left_visible_bar_time", type: "input int", doc: "The open time (Unix ms) of the window's first bar.", emit: "$rt.visibleTime(false)" }),
  builtinVariable({ name: "chart.right_visible_bar_time", type: "input int", doc: "The open time (Unix ms) of the window's last bar.", emit: "$rt.visibleTime(true)" }),
];
