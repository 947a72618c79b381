// compile(): checked tree -> Program (JavaScript built once with `new Function`).
// evaluate(): runs a Program's step over every bar, window bars' outputs as columns and events.

import type * as A from "./language/ast";
import type { Bars, ScriptInterface, ScriptKind, SymbolInfo } from "./types";
import { generate, type HistorySizes, type InputSlot, type OutputSlot } from "./codegen";
import { deriveEvents, deriveInputs, interfaceCalls } from "./derive/interface";
import { analyzeWarmup } from "./derive/warmup";
import { Runtime } from "./runtime/runtime";
import { EvaluationAborted, EvaluationTimeout, ScriptRuntimeError } from "./runtime/errors";
import { numberText } from "./stdlib/str";
import type { CheckedProgram } from "./link/program";
import { requestHost } from "./requests";
import { runChunk } from "./run-chunk";
import type { ContextBars, MissingContext } from "./stdlib/request/host";
import type { DrawingCaps } from "./stdlib/drawing/store";
import { drawingsOf, type Drawings } from "./stdlib/drawing/output";
import type { LogLine } from "./stdlib/drawing/log";
import { drawingCapsOf } from "./derive/appearance";
import { withoutDynamicRequestsIn } from "./check/rules/dynamic-requests";
import { calcBarsCountOf, evaluateLastBars, evaluateOnScriptTimeframe, scriptTimeframeOf, type ScriptTimeframe } from "./script-timeframe";

export { CodegenError } from "./codegen";
export { EvaluationAborted, EvaluationTimeout, ScriptRuntimeError } from "./runtime/errors";

/** What compile() needs from the front end: the entry file's tree, checked, and its imports. */
export interface CompileInput {
  kind?: ScriptKind;
  /** The entry file (`main.pine`) as the checker returned it. */
  script: A.Script;
  /** Other files and libraries whose functions the entry file calls. */
  libraries?: A.Script[];
  /** The derived Interface, when available: output and event names come from it. */
  interface?: ScriptInterface;
}

export interface Program {
  kind: ScriptKind;
  /** The generated step's JavaScript (for inspection and tests). */
  source: string;
  outputs: Array<{ name: string; title: string | null }>;
  /** Per output: written on every bar by the compiled code (its column is not prefilled with na). */
  everyBar: boolean[];
  /** Per output: plotted with an `offset` (bar i writes row i + offset, docs/adr/0131-plot-offset.md); absent: none. */
  shifted?: boolean[];
  inputs: InputSlot[];
  events: Array<{ name: string; message: string }>;
  /** The entry file's `//@version` (timeframe.period and {{interval}} differ between v5 and v6). */
  version?: number;
  /** The declaration's max_labels_count, max_lines_count, ... (absent: TradingView's default 50). */
  drawingCaps?: DrawingCaps;
  /** Lines of the top-level statements a requested context's run executes (docs/adr/0070-request-slices.md); null: the whole script. */
  sliceLines: number[] | null;
  /** Further runs over each requested context, for requests a later statement would change (docs/adr/0346); absent: none. */
  sliceLanes?: number;
  /** `indicator(timeframe = ...)`: the run is evaluated on that timeframe's bars (script-timeframe.ts). */
  scriptTimeframe?: ScriptTimeframe | null;
  /** `indicator(calc_bars_count = N)`: only the last N bars are evaluated (script-timeframe.ts); 0 or absent: every bar. */
  calcBarsCount?: number;
  /** false: the script has no dynamic requests (v6 `dynamic_requests = false`, v5 by default), its requests do not nest (docs/adr/0329); absent: it has them. */
  dynamicRequests?: false;
  /** Built once; each evaluation calls it with a fresh runtime. */
  readonly factory: (rt: Runtime) => CompiledRun;
  /** Runs kept between evaluations for V8's compiled code (absent: nothing is kept). */
  readonly kept?: KeptRuns;
}

/** What the generated factory returns for one evaluation. */
export interface CompiledRun {
  /** Evaluates bars `from` .. `to - 1`; a runtime error leaves it at the failing bar. */
  run(from: number, to: number): void;
  /** Ends the current bar after an error (its variables' history still advances). */
  endBar(): void;
  /** The bar being (or last) evaluated. */
  bar(): number;
  /** Drops the evaluation's data (runtime, bars, state); the run is never called again. */
  release?(): void;
}

/**
 * What a program keeps between its evaluations (docs/adr/0113-finished-runs-keep-their-code.md),
 * one object shared by the copies of a Program that wrap its factory. V8 holds the optimized code
 * of the bar loop, and the hidden classes that code embeds, only weakly: a garbage collection
 * between two evaluations made the next one start unoptimized.
 */
export interface KeptRuns {
  /** The generated factory, without the wrappers of copies. */
  readonly factory: (rt: Runtime) => CompiledRun;
  /** The last finished run, its data released: its closure holds the optimized code. */
  last: CompiledRun | null;
  /** A run over the first bar, kept whole: its objects keep the hidden classes alive. */
  shapes: CompiledRun | null;
  /** The run over the first bar was made (or failed): it is not tried again. */
  tried: boolean;
}

/** Most heap a kept first-bar run may leave in use (a usual script's first bar: tens of kilobytes). */
export const KEPT_SHAPES_MAX_BYTES = 4 * 1024 * 1024;

/** The first `k` bars, copied (a view would keep the whole columns alive). */
function firstBars(b: Bars, k: number): Bars {
  const n = Math.min(k, b.length);
  return { length: n, time: b.time.slice(0, n), open: b.open.slice(0, n), high: b.high.slice(0, n), low: b.low.slice(0, n), close: b.close.slice(0, n), volume: b.volume.slice(0, n) };
}

/** Evaluates the generated factory (no wrapper's hooks) over the first bar of the chart and of each context; its result is dropped. */
function keepShapes(program: Program, kept: KeptRuns, bars: Bars, inputs: Record<string, unknown>, options: EvaluateOptions): void {
  kept.tried = true;
  const before = options.heapUsed?.() ?? 0;
  const contexts = options.contexts?.map((c) => ({ ...c, bars: firstBars(c.bars, 1) }));
  const first: EvaluateOptions = { symbol: options.symbol, windowStart: 0, ...(options.now !== undefined ? { now: options.now } : {}), ...(contexts ? { contexts } : {}) };
  evaluateBars({ ...program, factory: kept.factory }, firstBars(bars, 1), inputs, first, (compiled) => {
    kept.shapes = compiled;
  });
  if (options.heapUsed && options.heapUsed() - before > KEPT_SHAPES_MAX_BYTES) dropKeptShapes(program);
}

/**
 * Drops the first-bar run a program keeps, with whatever its first bar allocated: the caller's
 * heap runs short (a script's first bar may build large arrays or matrices, and a thread caches
 * many programs). The released last run still holds the optimized code; the run is not made again.
 */
export function dropKeptShapes(program: Program): void {
  const kept = program.kept;
  if (!kept || kept.shapes === null) return;
  kept.shapes.release?.();
  kept.shapes = null;
}

export interface ScriptEvent {
  /** Bar open time, Unix seconds. */
  time: number;
  name: string;
  message: string;
  price: number;
}

export interface RuntimeErrorSummary {
  message: string;
  count: number;
  /** Unix seconds of the first and last bar that raised it. */
  first_time: number;
  last_time: number;
}

export interface EvaluateOptions {
  symbol: SymbolInfo;
  /** Index of the first bar inside the window; earlier bars are warmup. */
  windowStart: number;
  signal?: AbortSignal;
  timeBudgetMs?: number;
  /**
   * The bytes in use on the heap the evaluation runs in, when the caller can read them: a first-bar
   * run that leaves more than KEPT_SHAPES_MAX_BYTES in use is not kept (it would double what a
   * script building large arrays on its first bar holds).
   */
  heapUsed?: () => number;
  /** Events kept (default 10,000); the rest are counted in eventsDropped. */
  maxEvents?: number;
  /** Bars per chunk between abort/time checks (default 2048). */
  chunkBars?: number;
  /** Called after each chunk with the number of bars evaluated so far. */
  onChunk?: (barsEvaluated: number) => void;
  /** `timenow` (Unix milliseconds), fixed for the evaluation; the clock when it starts by default. */
  now?: number;
  /** Bars of the contexts request.* may read (other symbols and timeframes), fetched by the caller. */
  contexts?: readonly ContextBars[];
  /**
   * The caller is discovering the contexts the script reaches: a context neither in `contexts`
   * nor in this list (those looked for and not found) reads as na and is reported in
   * `missingContexts`, instead of raising the bar's runtime error, so that one evaluation names
   * every context its bars reach (docs/adr/0223). Absent: every context not supplied is that error.
   */
  discover?: readonly MissingContext[];
}

export interface EvaluationResult {
  kind: ScriptKind;
  /** Window bars' open times (Unix seconds). */
  times: Float64Array;
  /** One column per output (window bars only); NaN is na. */
  outputs: Array<{ name: string; title: string | null; values: Float64Array }>;
  events: ScriptEvent[];
  eventsDropped: number;
  barsEvaluated: number;
  windowBars: number;
  /** Window bars that raised a runtime error (a run fails when that is every window bar). */
  errorBarsInWindow: number;
  runtimeErrors: RuntimeErrorSummary[];
  /** Contexts request.* asked for that were not supplied (their bars raised a runtime error). */
  missingContexts?: MissingContext[];
  /** What remains of label.*, line.*, box.*, table.* after the last bar. */
  drawings: Drawings;
  /** log.* lines kept (the first MAX_LOG_LINES, warmup bars' too) and how many more were dropped. */
  logs: LogLine[];
  logsDropped: number;
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 64);
}

function toInput(c: CompileInput | CheckedProgram, iface?: ScriptInterface): CompileInput & { history?: HistorySizes } {
  if (!("entry" in c)) return c;
  // Per call site and per variable history lengths size the state's ring buffers up front.
  const history = analyzeWarmup(c).history;
  // the inputs' and events' Interface names, which the compiled script reads run values and raises events under (language/call-names.ts)
  const calls = interfaceCalls(c);
  deriveInputs(calls);
  deriveEvents(calls);
  const libraries = [...c.libraries.flatMap((l) => l.files.map((f) => f.script)), ...c.files.map((f) => f.script)];
  return { kind: c.kind, script: c.entry.script, libraries, history, ...(iface ? { interface: iface } : {}) };
}

/** Compiles the front end's checked program (validate()'s `checked`) or a bare checked tree. */
export function compile(input: CompileInput | CheckedProgram, iface?: ScriptInterface): Program {
  const checked = toInput(input, iface);
  const g = generate(checked.script, checked.libraries ?? [], checked.history ?? null);
  const declared = checked.interface?.outputs;
  const used = new Set<string>();
  const outputs = g.outputs.map((o: OutputSlot, k) => {
    let name = declared && declared.length === g.outputs.length ? declared[k]!.name : slug(o.title ?? "") || `plot_${k}`;
    if (!declared) {
      const base = name;
      for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
      used.add(name);
    }
    return { name, title: o.title };
  });
  const kind: ScriptKind = checked.kind ?? (g.outputs.length > 0 ? "indicator" : g.events.length > 0 ? "definition" : "indicator");
  return programFromPortable({ kind, source: g.source, outputs, everyBar: g.outputs.map((o) => o.everyBar), shifted: g.outputs.map((o) => o.shifted), inputs: g.inputs, events: g.events, version: checked.script.version, drawingCaps: drawingCapsOf(checked.script), sliceLines: g.sliceLines, ...(g.sliceLanes > 0 ? { sliceLanes: g.sliceLanes } : {}), scriptTimeframe: scriptTimeframeOf(checked.script), calcBarsCount: calcBarsCountOf(checked.script), ...(withoutDynamicRequestsIn(checked.script) ? { dynamicRequests: false as const } : {}) });
}

/**
 * A compiled Program without its functions and what it keeps: plain data a thread can post to
 * another (structured clone), which makes the same Program from it without compiling the script.
 */
export type PortableProgram = Omit<Program, "factory" | "kept">;

export function portableProgram(program: Program): PortableProgram {
  const { factory: _factory, kept: _kept, ...portable } = program;
  return portable;
}

/** The Program of `portable`: its factory made from the generated source, nothing kept yet. */
export function programFromPortable(portable: PortableProgram): Program {
  const factory = new Function("$rt", portable.source) as (rt: Runtime) => CompiledRun;
  return { ...portable, factory, kept: { factory, last: null, shapes: null, tried: false } };
}

/** A time as TradingView writes it in alert messages: ISO 8601 in UTC, no milliseconds. */
function alertTime(ms: number): string {
  return ms === ms ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z") : "NaN";
}

/**
 * Pine's placeholders in alert messages, as TradingView renders them: {{close}}, {{time}}
 * (`2024-03-01T00:00:00Z`), {{timenow}}, {{ticker}}, {{exchange}} (the prefix of syminfo.tickerid:
 * docs/adr/0156), {{interval}} (timeframe.period of the script's version), {{plot_0}} and
 * {{plot("title")}} (the value of that plot on the bar).
 */
export function renderMessage(msg: string, rt: Runtime, i: number, plotTitles: ReadonlyArray<string | null> = []): string {
  if (!msg.includes("{{")) return msg;
  return msg.replace(/\{\{\s*(?:([a-zA-Z_]+(?:_\d+)?)|plot\(\s*"((?:[^"\\]|\\.)*)"\s*\))\s*\}\}/g, (whole, key: string | undefined, title: string | undefined) => {
    if (key === undefined) {
      const k = plotTitles.indexOf(title ?? "");
      return k >= 0 && k < rt.out.length ? numberText(rt.out[k]![i]!) : whole;
    }
    switch (key) {
      case "close":
        return numberText(rt.close[i]!);
      case "open":
        return numberText(rt.open[i]!);
      case "high":
        return numberText(rt.high[i]!);
      case "low":
        return numberText(rt.low[i]!);
      case "volume":
        return numberText(rt.volume[i]!);
      case "time":
        // the bar's time as the script reads it (a daily bar's session open, docs/adr/0200)
        return alertTime(rt.scriptTime[i]! * 1000);
      case "timenow":
        return alertTime(rt.now);
      case "ticker":
        return rt.ticker;
      case "exchange":
        return rt.prefix;
      case "interval":
        return rt.tf.period;
      default: {
        const m = /^plot_(\d+)$/.exec(key);
        if (m) {
          const k = Number(m[1]);
          return k < rt.out.length ? numberText(rt.out[k]![i]!) : whole;
        }
        return whole;
      }
    }
  });
}

export function evaluate(program: Program, bars: Bars, inputs: Record<string, unknown>, options: EvaluateOptions): EvaluationResult {
  const onOther = program.scriptTimeframe ? evaluateOnScriptTimeframe(program, program.scriptTimeframe, bars, inputs, options, evaluate) : null;
  if (onOther) return onOther;
  const lastBars = program.calcBarsCount ? evaluateLastBars(program, program.calcBarsCount, bars, inputs, options, evaluate) : null;
  if (lastBars) return lastBars;
  const kept = program.kept;
  if (kept && !kept.tried && bars.length > 1) keepShapes(program, kept, bars, inputs, options);
  return evaluateBars(program, bars, inputs, options, (compiled) => {
    if (!kept || !compiled.release) return;
    compiled.release();
    kept.last = compiled;
  });
}

/** One evaluation over `bars`; `done` receives its compiled run when it ends (or fails). */
function evaluateBars(program: Program, bars: Bars, inputs: Record<string, unknown>, options: EvaluateOptions, done: (compiled: CompiledRun) => void): EvaluationResult {
  const n = bars.length;
  const ws = Math.min(Math.max(0, Math.floor(options.windowStart)), n);
  const windowBars = n - ws;
  const rt = new Runtime(bars, options.symbol, program.outputs.length, inputs, program.everyBar, { version: program.version ?? 6, now: options.now ?? Date.now(), drawingCaps: program.drawingCaps ?? {} });
  rt.windowStart = ws;
  const titles = program.outputs.map((o) => o.title);
  const req = requestHost(program, { bars, symbol: options.symbol }, options.contexts ?? [], { inputs, version: program.version ?? 6, now: rt.now, ...(options.signal ? { signal: options.signal } : {}) }, options.discover ?? null);
  if (req !== null) rt.req = req;
  const compiled = program.factory(rt);
  const pending = rt.pending;
  const maxEvents = options.maxEvents ?? 10_000;
  const events: ScriptEvent[] = [];
  let dropped = 0;
  rt.flush = (i: number): void => {
    if (i >= ws) {
      for (let e = 0; e < pending.length; e++) {
        if (events.length < maxEvents) {
          const p = pending[e]!;
          events.push({ time: bars.time[i]!, name: p.name, message: renderMessage(p.message, rt, i, titles), price: bars.close[i]! });
        } else dropped++;
      }
    }
    pending.length = 0;
  };
  const errors = new Map<string, RuntimeErrorSummary>();
  let errorBarsInWindow = 0;
  const chunk = Math.max(1, options.chunkBars ?? 2048);
  const started = performance.now();
  const budget = options.timeBudgetMs ?? Infinity;

  try {
    for (let start = 0; start < n; start += chunk) {
      if (options.signal?.aborted) throw new EvaluationAborted();
      const elapsed = performance.now() - started;
      if (elapsed > budget) throw new EvaluationTimeout(elapsed);
      const end = Math.min(n, start + chunk);
      runChunk(compiled, rt, start, end, (at, err) => {
        const failed = errorMessage(err);
        const t = bars.time[at]!;
        const e = errors.get(failed);
        if (e) {
          e.count++;
          e.last_time = t;
        } else errors.set(failed, { message: failed, count: 1, first_time: t, last_time: t });
        if (at >= ws) errorBarsInWindow++;
      });
      options.onChunk?.(end);
    }
    rt.shiftToLastOffsets();
  } finally {
    done(compiled);
  }
  return {
    kind: program.kind,
    times: bars.time.slice(ws),
    outputs: program.outputs.map((o, k) => ({ name: o.name, title: o.title, values: ws === 0 ? rt.out[k]! : rt.out[k]!.slice(ws) })),
    events,
    eventsDropped: dropped,
    // bars of requested contexts are evaluated too (the script runs over each once)
    barsEvaluated: n + (req?.barsEvaluated ?? 0),
    windowBars,
    errorBarsInWindow,
    runtimeErrors: [...errors.values()],
    ...(req !== null && req.missing.size > 0 ? { missingContexts: [...req.missing.values()] } : {}),
    drawings: drawingsOf(rt.draw, bars, rt.stepMs(), rt.storedTimes),
    logs: rt.logs.lines,
    logsDropped: rt.logs.dropped,
  };
}

function errorMessage(err: unknown): string {
  if (err instanceof ScriptRuntimeError) return err.message;
  if (err instanceof RangeError) return /call stack/i.test(err.message) ? "recursion too deep" : `runtime error: ${err.message}`;
  if (err instanceof Error) return `runtime error: ${err.message}`;
  return "runtime error";
}

/** An output point of an indicator run (time and value): na as null. */
export function outputPoint(result: EvaluationResult, k: number): Record<string, number | null> {
  const p: Record<string, number | null> = Object.create(null) as Record<string, number | null>;
  p.t = result.times[k]!;
  for (const o of result.outputs) {
    const v = o.values[k]!;
    p[o.name] = v === v && Number.isFinite(v) ? v : null;
  }
  return p;
}
