// The object compiled code sees as `$rt`: bar columns, standard library, helpers, outputs and
// events of the bar being evaluated. One Runtime per evaluation.

import * as stdlib from "../stdlib";
import { BarSnapshot, Ring, ValueRing } from "../stdlib/ring";
import { PineArray } from "../stdlib/array";
import { PineMatrix } from "../stdlib/matrix-core";
import { liveRows } from "../stdlib/matrix";
import { PineMap, valuesOf } from "../stdlib/map";
import { negativeOffsetMessage } from "../check/rules/history-offset";
import { BAR_BUFFER_LIMIT, beyondBufferMessage, fail, NA_ARRAY_MESSAGE, ScriptRuntimeError } from "./errors";
import * as history from "./history-reads";
import { RUNTIME_NAMESPACES } from "./library";
import type { Bars, SymbolInfo } from "../types";
import { RequestHost } from "../stdlib/request/host";
import { instrumentTickerId } from "../stdlib/ticker-id";
import { DrawingStore, type DrawingCaps } from "../stdlib/drawing/store";
import { LogStore } from "../stdlib/drawing/log";
import { storedTime, type BarTimeline } from "../stdlib/bar-timeline";
import { sessionBound } from "../stdlib/session-periods";
import { UNSEEDED_START, type UnseededRandom } from "../stdlib/math";
import { parseSession } from "../stdlib/session-spec";

export interface TimeframeInfo {
  period: string;
  multiplier: number;
  isintraday: boolean;
  isdaily: boolean;
  isweekly: boolean;
  ismonthly: boolean;
}

/** "1d", "D", "4h", "60", "1W", "1M", "15m", "30S" -> Pine's view of the timeframe. `timeframe.period`
 *  of days, weeks and months carries its multiplier in v6 ("1D") and drops a 1 in v5 ("D"). */
export function parseTimeframe(tf: string, version = 6): TimeframeInfo {
  const info = parseTimeframeV5(tf);
  if (version >= 6 && /^[DWM]$/.test(info.period)) return { ...info, period: `1${info.period}` };
  return info;
}

function parseTimeframeV5(tf: string): TimeframeInfo {
  const m = /^(\d*)\s*([a-zA-Z]*)$/.exec(tf.trim());
  const n = m && m[1] ? Number(m[1]) : 1;
  const u = m ? m[2] ?? "" : "";
  const base = { isintraday: false, isdaily: false, isweekly: false, ismonthly: false };
  if (u === "" ) return { ...base, period: String(n), multiplier: n, isintraday: true };
  if (u === "m" || u === "min") return { ...base, period: String(n), multiplier: n, isintraday: true };
  if (u === "h" || u === "H") return { ...base, period: String(n * 60), multiplier: n * 60, isintraday: true };
  if (u === "s" || u === "S") return { ...base, period: `${n}S`, multiplier: n, isintraday: true };
  if (u === "d" || u === "D") return { ...base, period: n === 1 ? "D" : `${n}D`, multiplier: n, isdaily: true };
  if (u === "w" || u === "W") return { ...base, period: n === 1 ? "W" : `${n}W`, multiplier: n, isweekly: true };
  if (u === "M" || u === "mo") return { ...base, period: n === 1 ? "M" : `${n}M`, multiplier: n, ismonthly: true };
  return { ...base, period: tf, multiplier: n, isdaily: true };
}

export interface PendingEvent {
  name: string;
  message: string;
}

const SOURCES = new Set(["open", "high", "low", "close", "volume", "hl2", "hlc3", "ohlc4", "hlcc4"]);

// Read once: compiled code calls concat on every `+` of strings, and an access through the stdlib
// namespace goes through its module's export getters on each call (under tsx, three of them).
const strConcat = stdlib.str.concat;
const namedColorOf = stdlib.color.namedColorOf;


/** The cold path of Runtime.offset (kept apart so the check inlines into compiled code). */
function negativeOffset(n: number): never {
  return fail(negativeOffsetMessage(Math.trunc(n)));
}

/** The instrument's descriptive facts a script can read, as the caller gave them (SymbolInfo). */
export interface InstrumentFacts {
  description: string;
  type: string;
  currency: string;
  basecurrency: string;
}

function instrumentFacts(s: SymbolInfo): InstrumentFacts {
  return { description: s.description ?? s.ticker, type: s.type ?? "", currency: s.currency ?? "", basecurrency: s.basecurrency ?? "" };
}

export class Runtime {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  readonly time: Float64Array;
  readonly n: number;
  /** `syminfo.ticker`, `syminfo.prefix` and `syminfo.tickerid` of the evaluated context's instrument ("AAPL", "NASDAQ", "NASDAQ:AAPL"). */
  readonly ticker: string;
  readonly prefix: string;
  readonly tickerid: string;
  /** The script's Pine version (`//@version=`): what some built-ins give depends on it. */
  readonly version: number;
  readonly mintick: number;
  readonly timezone: string;
  readonly tf: TimeframeInfo;
  readonly ta = RUNTIME_NAMESPACES.ta;
  readonly math = RUNTIME_NAMESPACES.math;
  readonly str = RUNTIME_NAMESPACES.str;
  readonly array = RUNTIME_NAMESPACES.array;
  readonly map = RUNTIME_NAMESPACES.map;
  readonly matrix = RUNTIME_NAMESPACES.matrix;
  readonly color = RUNTIME_NAMESPACES.color;
  readonly request = RUNTIME_NAMESPACES.request;
  readonly session = RUNTIME_NAMESPACES.session;
  readonly barTimes = RUNTIME_NAMESPACES.barTimes;
  readonly syminfo = RUNTIME_NAMESPACES.syminfo;
  /** The unseeded math.random stream every call site of this evaluation draws from (docs/adr/0318). */
  readonly unseededRandom: UnseededRandom = { s: UNSEEDED_START };
  /** The instrument's regular session ("0930-1600" in its time zone, "24x7"). */
  readonly sessionSpec: string;
  /** `timeframe.main_period`: the chart's timeframe, also while a requested context is evaluated. */
  mainPeriod: string;
  /** `syminfo.main_tickerid`: the chart's ticker identifier, also while a requested context is evaluated. */
  mainTicker: string;
  /** `syminfo.description/type/currency/basecurrency` of the evaluated context's instrument (stdlib/syminfo.ts). */
  readonly facts: InstrumentFacts;
  /** Calendar fields, timestamp() and str.format_time (stdlib/time.ts); `time` is the bar-time column. */
  readonly cal = RUNTIME_NAMESPACES.cal;
  /** The zone the runtime cuts stored bar times into periods in (`timeframe.change`, `time(tf)`'s
   *  periods, `ta.vwap`'s days): the exchange's on intraday timeframes; UTC on daily and longer
   *  ones, whose bars are stored at midnight UTC. Scripts' defaults are `scriptZone`'s. */
  readonly barZone: string;
  /** The zone calendar built-ins, `timestamp()` and `str.format_time` read times in by default:
   *  the exchange's (`syminfo.timezone`), except on daily and longer bars of an instrument around
   *  the clock, whose script times stay at midnight UTC (docs/adr/0200). */
  readonly scriptZone: string;
  /** Daily and longer bars whose script times are their session's open and close (docs/adr/0200-session-times-of-daily-bars.md). */
  private readonly sessionDated: boolean;
  private scriptTimes: Float64Array | null = null;
  private scriptCloses: Float64Array | null = null;
  /** `timenow`: Unix milliseconds, fixed for the whole evaluation. */
  readonly now: number;
  /** One bar's length in ms (0 for months, whose length varies: see timeClose). */
  private readonly barMs: number;
  readonly Ring = Ring;
  readonly ValueRing = ValueRing;
  readonly BarSnapshot = BarSnapshot;
  private outColumns: Float64Array[] | null = null;
  /** A zeroed output column of `length` doubles: a host may give other memory before `out` is first read (the worker's shared columns). */
  newColumn = (length: number): Float64Array => new Float64Array(length);
  /** Per output with an `offset`: its value, set by compiled code where the plot runs (docs/adr/0131-plot-offset.md); bar i writes row i + offset. */
  readonly outShift: number[] = [];
  /** Events raised on this bar (kept until the bar ends without error). */
  readonly pending: PendingEvent[] = [];
  /** Called by compiled code at the end of a bar that raised events (set by evaluate). */
  flush: (bar: number) => void = () => {
    this.pending.length = 0;
  };
  private columns = new Map<string, Float64Array>();
  /** request.* of this evaluation (stdlib/request/host.ts): set by evaluate(); none supplied by default. */
  req: RequestHost;
  /** label.*, line.*, box.*, table.*, linefill.* objects of this evaluation (stdlib/drawing). */
  readonly draw: DrawingStore;
  /** log.* lines of this evaluation. */
  readonly logs: LogStore;
  /** Index of the window's first bar (chart.left_visible_bar_time); set by evaluate(). */
  windowStart = 0;

  constructor(
    readonly bars: Bars,
    symbol: SymbolInfo,
    outputCount: number,
    private readonly inputs: Record<string, unknown>,
    everyBar: readonly boolean[] = [],
    env: { version?: number; now?: number; drawingCaps?: DrawingCaps } = {},
  ) {
    this.open = bars.open;
    this.high = bars.high;
    this.low = bars.low;
    this.close = bars.close;
    this.volume = bars.volume;
    this.time = bars.time;
    this.n = bars.length;
    this.ticker = symbol.ticker;
    this.prefix = symbol.prefix ?? "";
    this.tickerid = instrumentTickerId(symbol);
    this.mintick = symbol.mintick;
    this.timezone = symbol.timezone;
    this.sessionSpec = symbol.session ?? "24x7";
    this.version = env.version ?? 6;
    this.mainPeriod = parseTimeframe(symbol.timeframe, env.version ?? 6).period;
    this.mainTicker = this.tickerid;
    this.facts = instrumentFacts(symbol);
    this.tf = parseTimeframe(symbol.timeframe, env.version ?? 6);
    this.now = env.now ?? Date.now();
    this.barZone = this.tf.isintraday ? symbol.timezone : "UTC";
    const session = parseSession(this.sessionSpec);
    this.sessionDated = !this.tf.isintraday && session !== null && !session.always;
    this.scriptZone = this.sessionDated ? symbol.timezone : this.barZone;
    const t = this.tf;
    const unitMs = t.ismonthly ? 0 : t.isweekly ? 7 * 86_400_000 : t.isdaily ? 86_400_000 : t.period.endsWith("S") ? 1000 : 60_000;
    this.barMs = t.multiplier * unitMs;
    this.req = new RequestHost("read", { bars, symbol });
    this.draw = new DrawingStore(env.drawingCaps ?? {});
    this.logs = new LogStore(bars.time);
    this.outputCount = outputCount;
    this.everyBar = everyBar;
  }

  private readonly outputCount: number;
  private readonly everyBar: readonly boolean[];

  /** One column per output over every bar (warmup included); compiled code writes `out[k][i]`.
   *  Allocated on first use: a requested context's run of a slice without plots never needs them. */
  get out(): Float64Array[] {
    if (this.outColumns !== null) return this.outColumns;
    const n = this.bars.length;
    // columns the compiled loop writes on every bar need no na prefill (a failing bar writes na)
    this.outColumns = [];
    for (let k = 0; k < this.outputCount; k++) this.outColumns.push(this.everyBar[k] === true ? this.newColumn(n) : this.newColumn(n).fill(NaN));
    return this.outColumns;
  }

  isNa(x: unknown): boolean {
    return x === null || x === undefined || (typeof x === "number" && x !== x);
  }
  nz(x: number, r: number): number {
    return x === x ? x : r;
  }
  ne(a: unknown, b: unknown): boolean {
    if (typeof a === "number" && typeof b === "number") return a === a && b === b && a !== b;
    return a !== b;
  }
  eq(a: unknown, b: unknown): boolean {
    return a === b;
  }
  /** Condition of a non-bool value (v5 scripts): non-zero and not na. */
  bool(x: unknown): boolean {
    if (typeof x === "number") return x === x && x !== 0;
    return x === true;
  }
  /** v5's `not` of a bool, which can be na (NaN): na stays na (docs/adr/0260). */
  notNa(x: unknown): boolean | number {
    return x === true ? false : x === false ? true : NaN;
  }
  /** A v5 bool as its history ring keeps it: 1, 0, or NaN for na (docs/adr/0260). */
  boolToRing(x: unknown): number {
    return x === true ? 1 : x === false ? 0 : NaN;
  }
  /** A v5 bool read from its history ring: na (NaN) where the ring holds none, as before the first bar (docs/adr/0260). */
  boolFromRing(v: number): boolean | number {
    return v === 1 ? true : v === 0 ? false : NaN;
  }
  concat(a: string | null, b: string | null): string | null {
    return strConcat(a === null ? null : String(a), b === null ? null : String(b));
  }
  at(col: Float64Array, k: number): number {
    return k >= 0 && k < col.length ? col[k]! : NaN;
  }
  /** `x[n]` and `e[n]` of variables and expressions (runtime/history-reads.ts). */
  readonly ago = history.ago;
  readonly hx = history.hx;
  readonly agoV = history.agoV;
  readonly hxV = history.hxV;
  readonly agoOnBar = history.agoOnBar;
  readonly hxOnBar = history.hxOnBar;
  readonly agoVOnBar = history.agoVOnBar;
  readonly hxVOnBar = history.hxVOnBar;
  /** `x[n]` of the bar series open, high, low, close (a column) and time: 10,000 bars kept. */
  barColumnAgo(col: Float64Array, i: number, n: number): number {
    if (!(n >= 0)) return NaN;
    return this.at(col, i - history.historyDepth(n, BAR_BUFFER_LIMIT));
  }
  /** A literal offset beyond a buffer's limit: the runtime error every read of it raises. */
  beyondBuffer(offset: number, limit: number): number {
    return fail(beyondBufferMessage(offset, limit));
  }
  barAgo(i: number, n: number): number {
    return i - n >= 0 ? i - n : NaN;
  }
  /** A history offset computed as the script runs: a negative one would read a future bar. */
  offset(n: number): number {
    return n < 0 ? negativeOffset(n) : n;
  }
  /**
   * A new numeric array's elements moved to a list made here, where only numbers are made: V8
   * keeps a list's element kind per place of creation, so the lists of `array.new` that also make
   * bool and object arrays would hold boxed numbers (an allocation per stored value).
   */
  numbers(a: PineArray<number>): PineArray<number> {
    const v = [0.5];
    v.pop();
    const from = a.v;
    for (let k = 0; k < from.length; k++) v.push(from[k]!);
    a.v = v;
    return a;
  }
  obj<T>(o: T[] | null): T[] {
    if (o === null || o === undefined) fail("Cannot access a field of an object that is na");
    return o;
  }
  /** What `for x in id` walks: an array's elements, a matrix's rows as the loop reaches them (each a new array), a map's values. */
  items(a: PineArray | PineMatrix | PineMap | null): unknown[] {
    if (a === null || a === undefined) fail(NA_ARRAY_MESSAGE);
    if (a instanceof PineMatrix) return liveRows(a);
    if (a instanceof PineMap) return valuesOf(a);
    return a.v;
  }
  /** The keys of `for [k, v] in id`, in the order of items(). */
  keysOf(m: PineMap): unknown[] {
    return Array.from(m.m.keys());
  }
  fail(message: unknown): never {
    // runtime.error(na) (an na string is null, a number's na NaN) reads "na", not JavaScript's "null"
    throw new ScriptRuntimeError(typeof message === "string" ? message : message === null || message !== message ? "na" : String(message));
  }
  tooLong(): never {
    throw new ScriptRuntimeError("loop takes too long");
  }
  /** `color.<name>`: a v5 script's red, teal and yellow are v5's (docs/adr/0227-v5-named-colors.md). */
  namedColor(name: string): number {
    const c = namedColorOf(name, this.version);
    return c === undefined ? NaN : c;
  }
  hexColor(hex: string): number {
    return stdlib.color.hex(hex);
  }
  /** One bar's length in seconds (0 for months). */
  barSeconds(): number {
    return this.barMs / 1000;
  }
  /**
   * `time` of every bar, in Unix seconds as the `time` column: the stored times, except on daily
   * and longer bars of an instrument with a session, where a bar opens at its session's open
   * (docs/adr/0200-session-times-of-daily-bars.md). Bars are aligned, drawn and written out by the
   * stored times; this is what a script reads.
   */
  get scriptTime(): Float64Array {
    if (this.scriptTimes !== null) return this.scriptTimes;
    if (!this.sessionDated) return (this.scriptTimes = this.time);
    return (this.scriptTimes = this.sessionBounds(false, 0.001));
  }
  /** sessionBound of every bar (close or open), times `unit` per ms. */
  private sessionBounds(close: boolean, unit: number): Float64Array {
    const out = new Float64Array(this.n);
    for (let i = 0; i < this.n; i++) out[i] = sessionBound(this.time[i]! * 1000, this.storedClose(i), close, this.sessionSpec, this.timezone) * unit;
    return out;
  }
  /**
   * How a time the script read maps to the stored bars' times, for `xloc.bar_time` drawings
   * (storedTime, docs/adr/0201); null where the two are the same (intraday bars, an instrument
   * around the clock or without a session).
   */
  readonly storedTimes = (): ((ms: number) => number) | null => {
    if (!this.sessionDated || this.n === 0) return null;
    const open = this.scriptTime;
    const at = this.time;
    const n = this.n;
    const line: BarTimeline = {
      n,
      step: this.stepMs(),
      open: (i) => open[i]! * 1000,
      close: (i) => this.timeClose(i),
      at: (i) => at[i]! * 1000,
      end: (i) => (i + 1 < n ? at[i + 1]! * 1000 : this.storedClose(i)),
    };
    return (ms) => storedTime(ms, line);
  };
  /** `time_close`: the bar's open time plus one bar of the timeframe (months by the calendar, in UTC); on daily and longer bars of an instrument with a session, its session's close on the bar's last trading day (docs/adr/0200). */
  timeClose(i: number): number {
    if (!this.sessionDated) return this.storedClose(i);
    if (this.scriptCloses === null) this.scriptCloses = this.sessionBounds(true, 1);
    return this.scriptCloses[i]!;
  }
  /** The stored bar's end: its open time plus one bar of the timeframe (months by the calendar, in UTC). */
  private storedClose(i: number): number {
    const t = this.time[i]! * 1000;
    if (this.barMs > 0) return t + this.barMs;
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + this.tf.multiplier, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
  }
  /** One bar's length in ms (a calendar month's 30 days for monthly bars): drawings past the last bar are placed by it. */
  stepMs(): number {
    return this.barMs > 0 ? this.barMs : this.tf.multiplier * 30 * 86_400_000;
  }
  /** chart.left_visible_bar_time / right_visible_bar_time: the window's first or last bar open time (Unix ms). */
  visibleTime(right: boolean): number {
    const k = right ? this.n - 1 : Math.min(this.windowStart, this.n - 1);
    return k >= 0 ? this.scriptTime[k]! * 1000 : NaN;
  }
  shown(x: unknown): number {
    if (typeof x === "boolean") return x ? 1 : NaN;
    return typeof x === "number" && x === x && x !== 0 ? 1 : NaN;
  }

  /** A bar that raised an error: its outputs become na and its events are dropped. */
  barFailed(i: number): void {
    const out = this.outColumns;
    // a shifted output's value of bar i is at row i + offset (a row outside the bars: no write);
    // an offset not known yet (NaN: streamed, its plot not run, or a v5 series offset) writes row i
    if (out !== null) {
      for (let k = 0; k < out.length; k++) {
        const s = this.outShift[k];
        out[k]![i + (s !== undefined && s === s ? s : 0)] = NaN;
      }
    }
    this.pending.length = 0;
  }

  /**
   * Per output plotted with a v5 series `offset`: the offset its last bar gave (docs/adr/0261).
   * Its bars write their own rows; shiftToLastOffsets() moves the column when the run ends.
   */
  readonly lastShift: number[] = [];

  /** TradingView's v5 draws a plot with a series offset shifted by the last bar's offset, on every bar (docs/adr/0261). */
  shiftToLastOffsets(): void {
    const out = this.outColumns;
    if (out === null) return;
    this.lastShift.forEach((offset, k) => {
      const s = Math.trunc(offset);
      const col = out[k];
      if (col === undefined || !(s === s) || s === 0) return;
      const n = col.length;
      if (s > 0) for (let r = n - 1; r >= 0; r--) col[r] = r - s >= 0 ? col[r - s]! : NaN;
      else for (let r = 0; r < n; r++) col[r] = r - s < n ? col[r - s]! : NaN;
    });
  }
  event(name: string, message: string | null): undefined {
    this.pending.push({ name, message: message ?? "" });
    return undefined;
  }
  /** A study's `group(name, value)` at bar i: handed to onGroup (set by the study's evaluation), else ignored. */
  onGroup: ((name: string, value: unknown, bar: number) => void) | null = null;
  group(name: string, value: unknown, bar: number): undefined {
    if (this.onGroup !== null) this.onGroup(name, value, bar);
    return undefined;
  }

  /** An input's value for this run: the caller's override, coerced, or the default. */
  input(name: string, kind: string, defval: unknown): unknown {
    const has = Object.prototype.hasOwnProperty.call(this.inputs, name);
    const v = has ? this.inputs[name] : defval;
    const k = kind === "auto" ? typeof defval : kind;
    if (k === "int" || k === "float" || k === "number" || k === "color") {
      const x = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
      if (x !== x) return typeof defval === "number" ? defval : NaN;
      return k === "int" ? Math.round(x) : x;
    }
    if (k === "bool" || k === "boolean") return v === true || v === "true";
    if (v === null || v === undefined) return null;
    return String(v);
  }

  /** input.source: the named bar series (open ... hlcc4) as a column. */
  sourceColumn(name: string, defval: string): Float64Array {
    const given = Object.prototype.hasOwnProperty.call(this.inputs, name) ? this.inputs[name] : defval;
    return this.column(typeof given === "string" && SOURCES.has(given) ? given : SOURCES.has(defval) ? defval : "close");
  }

  /** A named bar series (open ... hlcc4) over every bar; the computed ones are built once a run. */
  column(src: string): Float64Array {
    const cached = this.columns.get(src);
    if (cached) return cached;
    const n = this.n;
    const { open: o, high: h, low: l, close: c } = this;
    let col: Float64Array;
    if (src === "open") col = o;
    else if (src === "high") col = h;
    else if (src === "low") col = l;
    else if (src === "close") col = c;
    else if (src === "volume") col = this.volume;
    else {
      col = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        if (src === "hl2") col[i] = (h[i]! + l[i]!) / 2;
        else if (src === "hlc3") col[i] = (h[i]! + l[i]! + c[i]!) / 3;
        else if (src === "ohlc4") col[i] = (o[i]! + h[i]! + l[i]! + c[i]!) / 4;
        else col[i] = (h[i]! + l[i]! + c[i]! + c[i]!) / 4;
      }
    }
    this.columns.set(src, col);
    return col;
  }
}
