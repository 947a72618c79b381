// `indicator(timeframe = "W", timeframe_gaps = ...)`: TradingView runs such a script on the
// bars of that timeframe and shows its values on the chart's bars as `request.security` with
// `barmerge.lookahead_off` does (reference, `indicator`: "Adds multi-timeframe functionality to
// simple scripts"; `timeframe_gaps`, true by default: a value only on the chart bar where the
// higher timeframe's value becomes available, na on the others; false: the last value carried).
// The worker fetches that context as it fetches a request's (derive/requests.ts); a run without
// it reports it missing, as a dynamic request does (docs/adr/0103-indicator-timeframe.md).

import { builtinFunction } from "./builtins";
import type * as A from "./language/ast";
import { alignBars } from "./stdlib/request/align";
import { nextSessionOpen } from "./stdlib/request/trading-days";
import type { ContextBars } from "./stdlib/request/host";
import { periodEnd, storeSeconds, storeTimeframe } from "./stdlib/request/timeframes";
import { parse } from "./language/parser";
import type { Bars, SourceFile } from "./types";
import type { EvaluateOptions, EvaluationResult, Program } from "./evaluate";

export interface ScriptTimeframe {
  /** As written (`"W"`, `"240"`). */
  timeframe: string;
  gaps: boolean;
}

/** The declaration's `timeframe` (a constant string) and `timeframe_gaps`, or null when it has none. */
export function scriptTimeframeOf(script: A.Script): ScriptTimeframe | null {
  for (const s of script.body) {
    if (s.kind !== "ExprStmt" || s.expr.kind !== "Call" || s.expr.callee.kind !== "Identifier" || s.expr.callee.name !== "indicator") continue;
    const tf = declarationArg(s.expr, "timeframe");
    const gaps = declarationArg(s.expr, "timeframe_gaps");
    if (tf?.kind !== "StringLit" || tf.value.trim() === "") return null;
    return { timeframe: tf.value, gaps: gaps?.kind === "BoolLit" ? gaps.value : true };
  }
  return null;
}

/**
 * A declaration's argument, named or written in its parameter's place (positional arguments come
 * first, in the order of TradingView's reference, which the declaration's record keeps:
 * `indicator("x", "x", true, format.price, 2, scale.right, 500, "W")` declares the weekly timeframe).
 */
function declarationArg(call: A.Call, name: string): A.Expr | undefined {
  const named = call.args.find((a) => a.name?.name === name);
  if (named) return named.value;
  const callee = call.callee.kind === "Identifier" ? call.callee.name : "";
  const k = builtinFunction(callee)?.signatures[0]?.params.findIndex((p) => p.name === name) ?? -1;
  return k >= 0 ? call.args.filter((a) => a.name === null)[k]?.value : undefined;
}

type Evaluate = (program: Program, bars: Bars, inputs: Record<string, unknown>, options: EvaluateOptions) => EvaluationResult;

/**
 * The run of a script declaring another timeframe: evaluated over that context's bars, its
 * outputs aligned on the chart's; null when the timeframe is the chart's (an ordinary run).
 */
export function evaluateOnScriptTimeframe(program: Program, st: ScriptTimeframe, bars: Bars, inputs: Record<string, unknown>, options: EvaluateOptions, run: Evaluate): EvaluationResult | null {
  const chart = options.symbol;
  const tf = storeTimeframe(st.timeframe, chart.timeframe);
  if ("error" in tf || tf.tf === chart.timeframe) return null;
  const ws = Math.min(Math.max(0, Math.floor(options.windowStart)), bars.length);
  const ctx = options.contexts?.find((c) => c.symbol === chart.ticker && c.timeframe === tf.tf);
  if (!ctx) return missing(program, bars, ws, { symbol: chart.ticker, timeframe: tf.tf });
  const inner = run({ ...program, scriptTimeframe: null }, ctx.bars, inputs, { ...options, symbol: ctx.info, windowStart: 0 });
  const seen = alignBars(alignInput(bars, chart.timeframe, ctx), false);
  const outputs = inner.outputs.map((o) => {
    const values = new Float64Array(bars.length - ws);
    for (let i = ws; i < bars.length; i++) {
      const p = seen[i]!;
      // with gaps, a value shows only on the bar where it arrives
      values[i - ws] = p < 0 || (st.gaps && i > 0 && seen[i - 1] === p) ? NaN : o.values[p]!;
    }
    return { ...o, values };
  });
  const from = bars.time[ws] ?? Infinity;
  const windowBars = bars.length - ws;
  return {
    ...inner,
    times: bars.time.slice(ws),
    outputs,
    events: inner.events.filter((e) => e.time >= from),
    windowBars,
    errorBarsInWindow: inner.windowBars > 0 && inner.errorBarsInWindow === inner.windowBars ? windowBars : 0,
  };
}

function alignInput(bars: Bars, chartTf: string, ctx: ContextBars): Parameters<typeof alignBars>[0] {
  return { chartTime: bars.time, chartSeconds: storeSeconds(chartTf), ctxTime: ctx.bars.time, ctxSeconds: storeSeconds(ctx.timeframe), ctxEnd: periodEnd(ctx.timeframe, ctx.info.session), chartNextOpen: nextSessionOpen(storeSeconds(chartTf), ctx.info.session, ctx.info.timezone), ...(ctx.dataEnd !== undefined ? { ctxDataEnd: ctx.dataEnd } : {}) };
}

/** No bars of the declared timeframe were supplied: every bar's outputs na, the context named for the caller to fetch. */
function missing(program: Program, bars: Bars, ws: number, ctx: { symbol: string; timeframe: string }): EvaluationResult {
  const n = bars.length - ws;
  const message = `no ${ctx.timeframe} bars of "${ctx.symbol}"`;
  return {
    kind: program.kind,
    times: bars.time.slice(ws),
    outputs: program.outputs.map((o) => ({ name: o.name, title: o.title, values: new Float64Array(n).fill(NaN) })),
    events: [],
    eventsDropped: 0,
    barsEvaluated: 0,
    windowBars: n,
    errorBarsInWindow: n,
    runtimeErrors: n > 0 ? [{ message, count: n, first_time: bars.time[ws]!, last_time: bars.time[bars.length - 1]! }] : [],
    missingContexts: [ctx],
    drawings: { labels: [], lines: [], boxes: [], polylines: [], linefills: [], tables: [] },
    logs: [],
    logsDropped: 0,
  };
}

// `indicator(calc_bars_count = N)`: TradingView's reference, "Limits the initial calculation of a
// script to the last number of bars specified". The script runs as if the data were the run's
// last N bars (bar_index 0 on the first, no history before it); earlier rows are na. The run's
// last bar stands for the dataset's last bar, as for last_bar_index and barstate.islast
// (docs/adr/0074-open-period-at-the-end.md, docs/adr/0140-calc-bars-count.md).

/** The declaration's `calc_bars_count` when it is a positive integer literal, else 0 (every bar). */
export function calcBarsCountOf(script: A.Script): number {
  for (const s of script.body) {
    if (s.kind !== "ExprStmt" || s.expr.kind !== "Call" || s.expr.callee.kind !== "Identifier" || !DECLARATIONS.has(s.expr.callee.name)) continue;
    const v = declarationArg(s.expr, "calc_bars_count");
    return v?.kind === "NumberLit" && v.value >= 1 ? Math.floor(v.value) : 0;
  }
  return 0;
}

const DECLARATIONS = new Set(["indicator", "strategy"]);

/** The `calc_bars_count` a script's files declare (0: every bar), read before a run to size its read. */
export function scriptCalcBarsCount(files: readonly SourceFile[]): number {
  for (const f of files) {
    if (!f.content.includes("calc_bars_count")) continue;
    const n = calcBarsCountOf(parse(f.path, f.content).script);
    if (n > 0) return n;
  }
  return 0;
}

/**
 * The run of a script declaring `calc_bars_count`: evaluated over the last `count` bars only, its
 * window's earlier rows na; null when that is every bar (an ordinary run).
 */
export function evaluateLastBars(program: Program, count: number, bars: Bars, inputs: Record<string, unknown>, options: EvaluateOptions, run: Evaluate): EvaluationResult | null {
  const n = bars.length;
  const first = Math.max(0, n - count);
  if (first === 0) return null;
  const ws = Math.min(Math.max(0, Math.floor(options.windowStart)), n);
  const inner = run({ ...program, calcBarsCount: 0 }, sliceBars(bars, first), inputs, { ...options, windowStart: Math.max(0, ws - first) });
  const skipped = Math.max(0, first - ws);
  const windowBars = n - ws;
  return {
    ...inner,
    times: bars.time.slice(ws),
    outputs: inner.outputs.map((o) => {
      const values = new Float64Array(windowBars).fill(NaN);
      values.set(o.values, skipped);
      return { ...o, values };
    }),
    windowBars,
  };
}

function sliceBars(b: Bars, from: number): Bars {
  return { length: b.length - from, time: b.time.subarray(from), open: b.open.subarray(from), high: b.high.subarray(from), low: b.low.subarray(from), close: b.close.subarray(from), volume: b.volume.subarray(from) };
}
