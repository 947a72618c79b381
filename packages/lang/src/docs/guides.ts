// Hand-written guides served by GET /docs/{topic}.

import { DIFFERENCES } from "./differences";

export interface Guide {
  topic: string;
  title: string;
  summary: string;
  body: string;
}

export const GUIDES: Guide[] = [
  {
    topic: "tour",
    title: "Language tour",
    summary: "The Pine Script v6/v5 dialect in ten minutes: declarations, series, history, functions, control flow.",
    body: `# Language tour

Scripts are Pine Script v6 (or v5 with \`//@version=5\`). A script runs once per bar, oldest first.

\`\`\`pine
//@version=6
indicator("RSI with bands")
len = input.int(14, "Length", minval = 1)
r = ta.rsi(close, len)
var int crosses = 0
if ta.crossover(r, 70)
    crosses += 1
plot(r, "rsi")
plot(crosses, "crosses")
\`\`\`

- \`x = e\` declares, \`x := e\` reassigns, \`var x = e\` keeps its value across bars.
- \`x[n]\` is the value of \`x\` n bars ago; \`na\` marks a missing value (arithmetic with \`na\` gives \`na\`).
- Functions: \`f(x, y = 2) => x + y\`, or an indented body whose last line is the value; tuples \`[a, b] = f()\`.
- Control flow: \`if / else if / else\`, \`switch\`, \`for i = a to b [by s]\`, \`for x in arr\`, \`while\`, \`break\`, \`continue\`.
- \`ta.*\`, \`math.*\`, \`str.*\`, \`array.*\`, \`color.*\`: see the reference topics.
`,
  },
  {
    topic: "execution-model",
    title: "Execution model and warmup",
    summary: "How a script is compiled and run bar by bar, and why a run starts warmup bars before its window.",
    body: `# Execution model and warmup

A script is checked, then compiled to JavaScript for **one bar step**; the step runs over every bar of
the run in order. Each call of a stateful built-in (\`ta.sma\`, \`ta.ema\`, ...) keeps its own state,
also inside user functions: \`f(close)\` and \`f(open)\` do not share the \`ta.sma\` inside \`f\`.

**Warmup.** A run evaluates the script from \`warmup_bars\` bars before the window, so that every value
inside the window equals (to 1e-10 relative) what evaluation from the first bar of history gives.
Fixed windows need their length; EMA-like recursions about 12 x length (EMA) or 23 x length (RMA);
scripts that never forget their start (\`bar_index\`, \`ta.cum\`, \`var\` accumulators) start at most
5,000 bars before the window. Warmup bars count toward compute units; their outputs and events are
not returned.

**Budgets.** All loops of one bar together may run 10,000,000 iterations; past that the bar fails
with \`loop takes too long\`. \`runtime.error(msg)\` fails the bar on purpose. A failed bar's outputs
are \`na\`, its events are dropped, and the message is counted in the run's summary
(\`runtime_errors: [{message, count, first_time, last_time}]\`). A run fails only when every bar of its
window failed.
`,
  },
  {
    topic: "indicators",
    title: "Indicators",
    summary: "indicator() scripts: every plot-like call is an output column.",
    body: `# Indicators

\`indicator(title)\` declares an indicator. Each \`plot\`, \`plotshape\`, \`plotchar\`, \`plotcandle\` and
\`plotbar\` call is an output named from its title (slug-safe, made unique). The run's results are
points \`{ t, <output>: number | null }\`, one per window bar; \`na\` is \`null\`.

- \`plot(series)\`: the value (a bool plots 1 or 0).
- \`plotshape\` / \`plotchar\`: 1 on bars where the series is true (or non-na and non-zero), else \`na\`; at
  \`location.absolute\` the series is the shape's price and the output is that price (\`na\` where it is \`na\`).
- \`plotcandle\` / \`plotbar\`: the \`close\` argument.
- \`hline\`, \`bgcolor\`, \`barcolor\`, \`fill\`, \`label.*\`, \`line.*\`, \`box.*\`, \`table.*\` run and do nothing:
  there is no chart. A \`plot\` written as an argument of \`fill\` (\`fill(p, plot(close, display = display.none))\`) is
  an output like any other, in the order the plots are written.
`,
  },
  {
    topic: "definitions",
    title: "Definitions and events",
    summary: "definition() scripts raise events with alertcondition() and alert().",
    body: `# Definitions

\`definition(title)\` declares a definition: a script whose result is **events**.

- \`alertcondition(cond, "name", "message")\`: an event \`name\` on each bar where \`cond\` is true.
- \`alert(message)\`: an event \`alert\` each time it is called.

An event carries the bar's open time, its name, the rendered message and the bar's close as price.
Messages support Pine's placeholders: \`{{close}} {{open}} {{high}} {{low}} {{volume}} {{time}}
{{timenow}} {{ticker}} {{interval}} {{plot_0}} {{plot_1}} ... {{plot("title")}}\` (the values of the
script's plots on that bar), rendered as TradingView does: \`{{time}}\` as \`2024-03-01T00:00:00Z\`,
\`{{interval}}\` as \`timeframe.period\` (\`1D\` in v6, \`D\` in v5).
At most 10,000 events are kept per run; the rest are counted as dropped.

\`\`\`pine
//@version=6
definition("RSI oversold")
r = ta.rsi(close, 14)
plot(r, "rsi")
alertcondition(ta.crossunder(r, 30), "oversold", "RSI {{plot_0}} at {{close}}")
\`\`\`
`,
  },
  {
    topic: "studies",
    title: "Studies",
    summary: "study() scripts measure what happened after the events of definitions.",
    body: `# Studies

\`study(title, horizons = [1, 5, 20])\` runs the definitions it \`use\`s over the same bars and measures,
for each event at bar t and horizon h, the forward return \`close[t+h] / close[t] - 1\`, the MFE and MAE,
grouped by \`group(name, value)\` expressions. Each (definition, event, group, horizon) reports count,
mean, median, sample stdev, hit rate, mean MFE and MAE, and Welch's t statistic against the baseline
(every bar of the window as an event), with its two-sided \`p_value\` (Welch-Satterthwaite degrees of
freedom), \`mean_ci95\` (percentile bootstrap, 2,000 resamples, a fixed seed), \`hit_rate_ci95\` (Wilson),
\`abnormal_mean\` (mean minus the baseline's) and the MFE and MAE medians; all null below two events.
\`study(title, horizons, cooldown = N)\` leaves out an event fewer than N bars after a kept event of the
same definition and name (clustered signals count once). To try many settings of a definition's
inputs at once, on several instruments, start a sweep (\`POST /v1/sweeps\`): its rows carry the same
numbers and \`p_adjusted\`, Holm's adjustment for the number of settings tried.

\`\`\`pine
//@version=6
study("Oversold bounce", horizons = [1, 5, 20])
use("rsi-oversold")
group("trend", close > ta.sma(close, 200) ? "up" : "down")
\`\`\`
`,
  },
  DIFFERENCES,
];
