// The requests of one evaluation (`$rt.req`). Like TradingView, a requested expression is
// evaluated in its own context: the script runs once over each requested context's bars
// ("capture": every request site records its expression's value per context bar), then the chart's
// run reads, per bar, the value of the context bar it sees (align.ts). A context is captured the
// first time a chart bar reads it, once per evaluation; one the caller did not supply is recorded
// as missing (the worker fetches it and evaluates again) and is a runtime error of the bar, or,
// while the caller discovers the contexts a script reaches (`discover`), na on the bars that read
// it, so that the bar goes on to its later requests (docs/adr/0223). A supplied context without
// bars is a stored instrument with none at that timeframe: below the chart's timeframe it has no
// intrabars (readableContext), otherwise it is that runtime error too.

import type { Bars, SymbolInfo } from "../../types";
import { fail, ScriptRuntimeError } from "../../runtime/errors";
import { PineArray } from "../array";
import { alignBars, intrabarRanges, type AlignInput } from "./align";
import { contextKey, periodEnd, requestSymbol, storeSeconds, storeTimeframe } from "./timeframes";
import { nextSessionOpen, tradingPeriodTimes } from "./trading-days";
import { alignedColumn, LaneSites, MAX_ALIGNED_SWITCHES, RequestSite, SiteIds, TupleColumn, valueAt, type BarField, type Column } from "./site";
import { lastBars, lastCount, noBarsMessage, readableContext, SharedRuns, type ContextBars, type MissingContext } from "./contexts";
import { fedRead, fromChart, isOption, lowerTfOwnBar, lowerTfTuple, naTuple, RELATIVE_SYMBOL, RELATIVE_TIMEFRAME, type ChartNames } from "./values";
import { quoteCurrencyIn, tickerIdIn } from "./instruments";

export type { ContextBars, MissingContext };

/**
 * Runs the script over a context's bars with a capturing host; returns the captured columns.
 * `nested` makes the read host whose chart is that context: a request reached while another
 * request's expression is evaluated reads its own context through it (docs/adr/0296).
 */
export type CaptureRun = (ctx: ContextBars, nested: () => RequestHost) => Map<string, Column>;

interface Captured {
  /** The supplied context (ctx is its last bars when `last` > 0). */
  full: ContextBars;
  last: number;
  ctx: ContextBars;
  /** The sites' values from the run over the context's bars: null until a site that needs them reads the context. */
  columns: Map<string, Column> | null;
  align: Map<string, Int32Array>;
  ranges: { from: Int32Array; to: Int32Array } | null;
}

export class RequestHost {
  readonly capturing: boolean;
  private readonly ids = new SiteIds();
  /** Capture mode: the values each site recorded, per context bar. */
  readonly columns = new Map<string, Column>();
  private readonly contexts = new Map<string, ContextBars>();
  private readonly captured = new Map<string, Captured | null>();
  readonly missing: Map<string, MissingContext>;
  /** Capture mode: how many request expressions are being evaluated (a site reached at depth 2 or more is nested). */
  depth = 0;
  /** Capture mode: the read host whose chart is the run's context (nested requests read through it), made when first needed. */
  private nestedRead: (() => RequestHost) | null = null;
  private nestedHost: RequestHost | null = null;
  /** Capture mode without dynamic requests: the chart's ticker identifier and timeframe (values.ts fromChart); null with them. */
  fromChart: ChartNames | null = null;
  private readonly runs: SharedRuns;
  /** The chart's host (itself, or the one a nested request's host was made for): it counts the bars evaluated. */
  private readonly root: RequestHost;
  private readonly supplied: readonly ContextBars[];
  private readonly discover: readonly MissingContext[] | null;
  /** The nested hosts made for the contexts run in this evaluation (root only). */
  private readonly nestedHosts = new Map<ContextBars, RequestHost>();
  /** The key of the chart's own context when it is the chart's bars (not one the caller supplied under that key). */
  private own: string | null = null;
  /**
   * Discovering (docs/adr/0223): the keys of the contexts the caller looked for and found no
   * instrument of, whose reads stay the bar's runtime error; null when not discovering.
   */
  private readonly absent: Set<string> | null;
  /** Discovering: contexts neither supplied nor known absent, read as na in this evaluation. */
  private readonly unknown = new Set<string>();
  /** Per context without bars, the error each bar reading it raises (made once: see noBars). */
  private readonly noBarsErrors = new Map<string, ScriptRuntimeError>();
  /** Bars of the contexts evaluated (capture runs), counted with the chart's. */
  barsEvaluated = 0;
  /** Capture mode: which run over the context this is (0: the request slice's; others: docs/adr/0346) and the sites it is for. */
  lane = 0;
  readonly lanes = new LaneSites();

  constructor(
    mode: "capture" | "read",
    private readonly chart: { bars: Bars; symbol: SymbolInfo } | null = null,
    supplied: readonly ContextBars[] = [],
    private readonly runCapture: CaptureRun | null = null,
    discover: readonly MissingContext[] | null = null,
    parent: RequestHost | null = null,
  ) {
    this.capturing = mode === "capture";
    this.root = parent?.root ?? this;
    this.runs = parent?.runs ?? new SharedRuns();
    this.missing = parent?.missing ?? new Map<string, MissingContext>();
    this.supplied = supplied;
    this.discover = discover;
    // a context supplied under the chart's ticker identifier ("NASDAQ:AAPL") is the chart's symbol's
    const keyOf = (c: { symbol: string; timeframe: string }): string => contextKey(chart ? requestSymbol(c.symbol, chart.symbol) : c.symbol, c.timeframe);
    for (const c of supplied) this.contexts.set(keyOf(c), c);
    // a context supplied as written ("AAPL") is also the one its ticker identifier names ("NASDAQ:AAPL", input.symbol's value: docs/adr/0272)
    for (const c of supplied) {
      const prefix = c.info.prefix ?? "";
      const alias = contextKey(`${prefix}:${c.symbol}`, c.timeframe);
      if (prefix !== "" && !c.symbol.includes(":") && !this.contexts.has(alias)) this.contexts.set(alias, c);
    }
    this.absent = discover === null ? null : new Set(discover.map(keyOf));
    if (chart) {
      const own: ContextBars = { symbol: chart.symbol.ticker, timeframe: chart.symbol.timeframe, bars: chart.bars, info: chart.symbol };
      const key = contextKey(own.symbol, own.timeframe);
      if (!this.contexts.has(key)) this.contexts.set((this.own = key), own);
    }
  }

  /** Capture mode: the read host a nested request of this run reads through (`make` builds it when first needed). */
  nestWith(make: () => RequestHost): void {
    this.nestedRead = make;
  }

  /**
   * The read host whose chart is context `ctx` (its symbol and timeframe): requests made from that
   * context read their own contexts aligned to its bars. It knows the contexts this host knows and
   * shares its runs, missing contexts and bar count.
   */
  private nestedFor(ctx: ContextBars): RequestHost {
    const root = this.root;
    let h = root.nestedHosts.get(ctx);
    if (h === undefined) {
      const known = [...new Set(root.contexts.values())];
      h = new RequestHost("read", { bars: ctx.bars, symbol: { ...ctx.info, timeframe: ctx.timeframe } }, known, root.runCapture, root.discover, root);
      root.nestedHosts.set(ctx, h);
    }
    return h;
  }

  /**
   * Capture mode, after a request.security site recorded its expression's value `v` (its
   * expression having been evaluated one level deeper, `depth`). A site reached while another
   * site's expression is evaluated is a nested request: TradingView evaluates it in the outer
   * call's context, so it returns its own context's value aligned to this run's bars by its own
   * gaps and lookahead (docs/adr/0296). So is a site whose result another request's expression
   * may read (`feeds`, codegen/request-feeds.ts), wherever it is: TradingView evaluates it within
   * that request's context (docs/adr/0307). Another site at the top of the script returns `v`, as
   * does a nested one requesting this run's own context. `v` comes before the arguments naming the
   * context: the expression records even where evaluating them fails in this run (a loop's timeframe
   * read from an array empty in this context, docs/adr/0314).
   */
  nested(site: RequestSite, key: string, i: number, feeds: boolean, v: unknown, symbol: string | null, timeframe: string | null, gaps: boolean, lookahead: boolean, ignoreInvalid: boolean, na: unknown, relative: number, count = NaN): unknown {
    const how = this.nests(site, feeds);
    if (how === "no") return v;
    const host = (this.nestedHost ??= this.nestedRead!());
    const sym = fromChart(symbol, relative & RELATIVE_SYMBOL, this.fromChart?.ticker);
    const tf = fromChart(timeframe, relative & RELATIVE_TIMEFRAME, this.fromChart?.period);
    if (host.isRunContext(sym, tf, count)) return v;
    // the site's own state keeps the alignment to this run's bars (a capture run uses one host)
    const read = (): unknown => host.security(site, key, i, sym, tf, gaps, lookahead, ignoreInvalid, na, count);
    return how === "nested" ? read() : fedRead(read, v);
  }

  /**
   * Capture mode, request.security_lower_tf after recording its expression's value (`own`, the
   * arrays of the run's own bar): nested in another request's expression, the values of its own
   * context's bars inside this run's bar (`size` > 0: a tuple's, one array per element), as is one
   * whose result another request's expression may read (`feeds`: docs/adr/0307); otherwise, at the
   * top of the script, `own` (docs/adr/0296).
   */
  nestedLowerTf(site: RequestSite, key: string, i: number, feeds: boolean, own: unknown, symbol: string | null, timeframe: string | null, ignoreInvalid: boolean, ignoreInvalidTimeframe: boolean, size: number, relative: number, count = NaN): unknown {
    const how = this.nests(site, feeds);
    if (how === "no") return own;
    const host = (this.nestedHost ??= this.nestedRead!());
    const sym = fromChart(symbol, relative & RELATIVE_SYMBOL, this.fromChart?.ticker);
    const tf = fromChart(timeframe, relative & RELATIVE_TIMEFRAME, this.fromChart?.period);
    if (host.isRunContext(sym, tf, count)) return own;
    const read = (): unknown => {
      const values = host.lowerTf(site, key, i, sym, tf, ignoreInvalid, ignoreInvalidTimeframe, count);
      return size === 0 ? values : host.lowerTfTuple(values, size);
    };
    return how === "nested" ? read() : fedRead(read, own);
  }

  /**
   * Capture mode: leaves a request's expression (evaluated one level deeper, `depth`), noting on the
   * site whether it sits inside another request's expression, and returns its value `v`. Done before
   * the arguments naming the site's context are evaluated, so a request inside them is at the level
   * of the site itself.
   */
  left<T>(site: RequestSite, v: T): T {
    site.inside = --this.depth > 0;
    this.depth = Math.max(0, this.depth);
    return v;
  }

  /**
   * Whether the site just recorded (left) reads its own context from this run's, because it is
   * inside another request's expression ("nested") or only because a request's expression may read
   * its result ("fed", docs/adr/0307); "no" otherwise.
   */
  private nests(site: RequestSite, feeds: boolean): "no" | "nested" | "fed" {
    if (this.nestedRead === null) return "no";
    return site.inside ? "nested" : feeds ? "fed" : "no";
  }

  /** A nested read naming the context this host's chart is (the capture run's own): no alignment to make. */
  private isRunContext(symbol: string | null, timeframe: string | null, count: number): boolean {
    if (lastCount(count) > 0) return false;
    const chart = this.chart!;
    const tf = storeTimeframe(timeframe ?? "", chart.symbol.timeframe);
    if ("error" in tf) return false;
    const c = this.contexts.get(contextKey(requestSymbol(symbol, chart.symbol), tf.tf));
    return c !== undefined && c.bars === chart.bars;
  }

  /** `input.symbol`'s value, as its ticker identifier when it names a known instrument (instruments.ts). */
  tickerIdOf(written: string | null): string | null {
    return tickerIdIn(written, this.chart?.symbol ?? null, this.contexts.values());
  }

  /**
   * Whether a site whose expression reads only the bars (codegen/own-context.ts) requests the
   * chart's own bars, read whole: its value on a chart bar is then the expression's there, which
   * compiled code evaluates in place, so that context needs no run (docs/adr/0194). Kept per site
   * while its symbol, timeframe and bar count stay the same. The context still counts as read
   * (bars_evaluated), as a site reading a bar column directly does.
   */
  ownBars(site: RequestSite, symbol: string | null, timeframe: string | null, count = NaN): boolean {
    const last = lastCount(count);
    if (site.ownBars !== null && site.ownSymbol === symbol && site.ownTimeframe === timeframe && site.ownLast === last) return site.ownBars;
    site.ownSymbol = symbol;
    site.ownTimeframe = timeframe;
    site.ownLast = last;
    return (site.ownBars = this.isOwnBars(symbol, timeframe, last));
  }

  private isOwnBars(symbol: string | null, timeframe: string | null, last: number): boolean {
    const chart = this.chart;
    if (chart === null || this.own === null || this.capturing) return false;
    const tf = storeTimeframe(timeframe ?? "", chart.symbol.timeframe);
    if ("error" in tf) return false;
    if (contextKey(requestSymbol(symbol, chart.symbol), tf.tf) !== this.own) return false;
    // the last `last` bars only are a context of their own: its expression starts there
    if (last > 0 && last < chart.bars.length) return false;
    this.context(symbol, timeframe, false, last);
    return true;
  }

  /** A `currency` argument: converting prices needs exchange rates, which are not stored. */
  noCurrency(currency: unknown, symbol: string | null = null): void {
    // `currency = na` (no conversion) reaches here as NaN or null, like any na argument
    if (this.capturing || typeof currency !== "string" || currency === "" || currency === "NONE") return;
    // the instrument's own quote currency converts nothing (`currency = currency.USD` on a dollar stock);
    // undefined: the context is not fetched yet, and the request's read asks for it
    const own = this.quoteCurrency(symbol);
    if (own === undefined || own === currency) return;
    fail(`currency conversion to ${currency} is not supported (no exchange rates are stored)`);
  }

  /** The requested instrument's quote currency (null when its facts do not say), or undefined before its context is fetched. */
  private quoteCurrency(symbol: string | null): string | null | undefined {
    const chart = this.chart!.symbol;
    return quoteCurrencyIn(requestSymbol(symbol, chart), chart, this.contexts.values());
  }

  /** Value shapers compiled code calls as `$rt.req.<name>` (values.ts). */
  readonly isOption = isOption;
  readonly naTuple = naTuple;
  readonly lowerTfOwnBar = lowerTfOwnBar;
  readonly lowerTfTuple = lowerTfTuple;

  /** A site's id in this evaluation (the same in every context's run). */
  site(key: string): string {
    return this.ids.register(key);
  }

  /** Capture mode: the id of a site recording its first value (a further run notes those it is for). */
  private recordingId(site: RequestSite, key: string): string {
    if (site.id === null) this.lanes.note((site.id = this.site(key)));
    return site.id;
  }

  /** Capture mode: records `v` as the site's value at context bar `i` and returns it. */
  capture(site: RequestSite, key: string, i: number, v: unknown): unknown {
    let col = site.col;
    if (site.tuple !== null) col = this.tupleRows(site);
    if (col === null) {
      const id = this.recordingId(site, key);
      col = [];
      this.columns.set(id, col);
      site.col = col;
    }
    // a tuple may be one array reused per bar (a function's own): keep a copy, written over the one
    // an earlier execution on this bar kept (a loop over timeframes runs the site once per iteration;
    // nothing reads the column before the run ends)
    if (Array.isArray(v)) {
      const kept = col[i];
      if (Array.isArray(kept) && kept.length === v.length) for (let k = 0; k < v.length; k++) kept[k] = v[k];
      else col[i] = v.slice();
    } else col[i] = v;
    return v;
  }

  /**
   * Capture mode, a tuple expression: records tuple `v` at context bar `i` of `n` in the site's
   * TupleColumn (a value of another kind or size: the site's values become a list, as capture's).
   */
  captureTuple(site: RequestSite, key: string, i: number, n: number, v: unknown): unknown {
    let t = site.tuple;
    if (!Array.isArray(v) || site.col !== null || (t !== null && t.size !== v.length)) return this.capture(site, key, i, v);
    if (t === null) {
      t = new TupleColumn(n, v.length);
      this.columns.set(this.recordingId(site, key), t);
      site.tuple = t;
    }
    t.put(i, v);
    return v;
  }

  /** A tuple site's column turned into a list of its tuples by context bar (capture goes on there). */
  private tupleRows(site: RequestSite): unknown[] {
    const col = site.tuple!.rows();
    this.columns.set(site.id!, col);
    site.tuple = null;
    site.col = col;
    return col;
  }

  /**
   * Capture mode, a numeric expression: records `v` at context bar `i` of `n` in the site's
   * Float64Array column (bars that fail before recording stay na) and returns it.
   */
  captureNum(site: RequestSite, key: string, i: number, n: number, v: number): number {
    let col = site.num;
    if (col === null) {
      col = new Float64Array(n).fill(NaN);
      this.columns.set(this.recordingId(site, key), col);
      site.num = col;
    }
    col[i] = v;
    return v;
  }

  /**
   * The context a request names, captured on first use; null (recorded as missing) when not
   * supplied. `last` (calc_bars_count, 0 for all) keeps only the context's last bars: TradingView
   * evaluates the expression from that many bars behind the last bar of the requested dataset, as
   * if they were the only data, so such a request is a context of its own (its own run).
   */
  private context(symbol: string | null, timeframe: string | null, ignoreInvalid: boolean, last = 0): Captured | null {
    const chart = this.chart!;
    const tf = storeTimeframe(timeframe ?? "", chart.symbol.timeframe);
    if ("error" in tf) return fail(tf.error);
    const sym = requestSymbol(symbol, chart.symbol);
    let key = contextKey(sym, tf.tf);
    const full = this.contexts.get(key);
    const part = full !== undefined && last > 0 && last < full.bars.length;
    if (part) key = `${key}|last ${last}`;
    const seen = this.captured.get(key);
    const stored = full !== undefined || sym === chart.symbol.ticker; // the chart's instrument is, at any timeframe
    if (seen !== undefined) return seen === null && !ignoreInvalid && !this.unknown.has(key) ? this.noBars(key, tf.tf, sym, stored) : seen;
    if (!full || !this.runCapture || !readableContext(full, chart)) {
      // a supplied context without bars was read: only one the caller did not supply is fetched again
      if (!full) this.missing.set(key, { symbol: sym, timeframe: tf.tf });
      // discovering, a context not looked for yet is na here: the bar goes on to its later requests
      if (!full && this.absent !== null && !this.absent.has(key)) {
        this.unknown.add(key);
        this.captured.set(key, null);
        return null;
      }
      this.captured.set(key, null);
      return ignoreInvalid ? null : this.noBars(key, tf.tf, sym, stored);
    }
    const ctx = part ? { ...full, bars: lastBars(full.bars, last) } : full;
    // counted when first read, whether or not a site needs the run (sites reading a bar column do not)
    if (this.runs.first(full, part ? last : 0)) this.root.barsEvaluated += ctx.bars.length;
    const c: Captured = { full, last: part ? last : 0, ctx, columns: null, align: new Map(), ranges: null };
    this.captured.set(key, c);
    return c;
  }

  /** The runtime error of a bar reading a context without bars (noBarsMessage): one object per context, thrown on each bar (no stack trace per bar: docs/adr/0193). */
  private noBars(key: string, tf: string, sym: string, stored: boolean): never {
    let e = this.noBarsErrors.get(key);
    if (e === undefined) this.noBarsErrors.set(key, (e = new ScriptRuntimeError(noBarsMessage(tf, sym, stored))));
    throw e;
  }

  /** The context's captured columns: the script's run over its bars, made the first time a site needs it. */
  private columnsOf(c: Captured): Map<string, Column> {
    if (c.columns !== null) return c.columns;
    const run = this.runs.columns(c.full, c.last, () => this.runCapture!(c.ctx, () => this.nestedFor(c.ctx)));
    // a run nothing keeps (a context asked for while it ran: contexts.ts SharedRuns) is read where asked, not kept here
    if (run.kept) c.columns = run.cols;
    return run.cols;
  }

  private alignInput(c: Captured): AlignInput {
    const chart = this.chart!;
    const chartSeconds = storeSeconds(chart.symbol.timeframe);
    const ctxEnd = periodEnd(c.ctx.timeframe, c.ctx.info.session);
    const chartNextOpen = nextSessionOpen(chartSeconds, chart.symbol.session, chart.symbol.timezone);
    // an intraday chart sees a day, week or month by its trading day, not by the UTC date (docs/adr/0245)
    const moved = tradingPeriodTimes(c.ctx.bars.time, c.ctx.timeframe, chartSeconds, c.ctx.info.session, c.ctx.info.timezone, c.ctx.dataEnd, ctxEnd);
    if (moved !== null) {
      return { chartTime: chart.bars.time, chartSeconds, ctxTime: moved.time, ctxSeconds: storeSeconds(c.ctx.timeframe), ctxEnd: moved.end, chartNextOpen, ...(moved.dataEnd !== undefined ? { ctxDataEnd: moved.dataEnd } : {}) };
    }
    return { chartTime: chart.bars.time, chartSeconds, ctxTime: c.ctx.bars.time, ctxSeconds: storeSeconds(c.ctx.timeframe), ctxEnd, chartNextOpen, ...(c.ctx.dataEnd !== undefined ? { ctxDataEnd: c.ctx.dataEnd } : {}) };
  }

  /**
   * request.security at chart bar `i`: the value the site's expression had on the context bar the
   * chart bar sees. The site keeps the context it read last, so a site whose symbol and timeframe do
   * not change finds its column and alignment without a lookup.
   */
  security(site: RequestSite, key: string, i: number, symbol: string | null, timeframe: string | null, gaps: boolean, lookahead: boolean, ignoreInvalid: boolean, na: unknown, count = NaN): unknown {
    const last = lastCount(count);
    if (site.map === null || site.symbol !== symbol || site.timeframe !== timeframe || site.lookahead !== lookahead || site.last !== last) {
      if (!this.resolve(site, key, symbol, timeframe, lookahead, ignoreInvalid, last)) return na;
    }
    const map = site.map!;
    const j = map[i]!;
    if (j < 0 || (gaps && i > 0 && map[i - 1] === j)) return na;
    const read = site.read;
    if (read instanceof TupleColumn) return read.row(j) ?? na;
    const v = read[j];
    if (v === undefined) return na;
    // a tuple's elements are copied: the script may keep them while later bars read the column
    return Array.isArray(v) ? v.slice() : v;
  }

  /** Points the site at the context and alignment its arguments name; false when the context is missing (ignored). */
  private resolve(site: RequestSite, key: string, symbol: string | null, timeframe: string | null, lookahead: boolean, ignoreInvalid: boolean, last: number): boolean {
    site.aligned = null;
    // a site asking again for a context it resolved before (a loop over timeframes) finds it in its
    // own list, as it found it: a context read as na (ignored, or not known yet while discovering) stays na
    const seen = site.findResolved(symbol, timeframe, lookahead, last, ignoreInvalid);
    if (seen !== null) return seen.map !== null && site.point(seen, symbol, timeframe, lookahead, last);
    const c = this.context(symbol, timeframe, ignoreInvalid, last);
    if (c === null) {
      site.remember(symbol, timeframe, lookahead, last, ignoreInvalid, null, []);
      return false;
    }
    const mode = lookahead ? "on" : "off";
    let map = c.align.get(mode);
    if (!map) c.align.set(mode, (map = alignBars(this.alignInput(c), lookahead)));
    const id = (site.id ??= this.site(key));
    const read = site.field !== null ? c.ctx.bars[site.field] : (this.columnsOf(c).get(id) ?? []);
    return site.point(site.remember(symbol, timeframe, lookahead, last, ignoreInvalid, map, read), symbol, timeframe, lookahead, last);
  }

  /**
   * request.security of a numeric expression whose `gaps` and `lookahead` are fixed at the call:
   * the value per chart bar is resolved once into `site.aligned`, which compiled code reads
   * directly while the site's symbol and timeframe stay the same (this is the slow path). A site
   * whose context keeps changing reads bar by bar instead (no column rebuilt per bar).
   */
  securityNum(site: RequestSite, key: string, i: number, symbol: string | null, timeframe: string | null, gaps: boolean, lookahead: boolean, ignoreInvalid: boolean, count = NaN): number {
    const last = lastCount(count);
    if (site.map === null || site.symbol !== symbol || site.timeframe !== timeframe || site.lookahead !== lookahead || site.last !== last) {
      if (site.map !== null) site.switches++;
      if (!this.resolve(site, key, symbol, timeframe, lookahead, ignoreInvalid, last)) return NaN;
      if (site.switches < MAX_ALIGNED_SWITCHES) site.aligned = alignedColumn(site.map!, site.read, gaps);
    }
    if (site.aligned !== null) return site.aligned[i]!;
    const map = site.map!;
    const j = map[i]!;
    const v = j < 0 || (gaps && i > 0 && map[i - 1] === j) ? undefined : valueAt(site.read, j);
    return typeof v === "number" ? v : NaN;
  }

  /**
   * securityNum of a site whose expression is the context's bar column `field` and whose value no
   * earlier statement of a context's run can prevent (codegen/slice.ts directRequests): its values
   * are that column's, so the context needs no run over its bars for it.
   */
  securityBars(site: RequestSite, key: string, i: number, symbol: string | null, timeframe: string | null, gaps: boolean, lookahead: boolean, ignoreInvalid: boolean, field: BarField, count = NaN): number {
    site.field = field;
    return this.securityNum(site, key, i, symbol, timeframe, gaps, lookahead, ignoreInvalid, count);
  }

  /**
   * request.security_lower_tf at chart bar `i`: the site's values on every intrabar of the chart
   * bar. A timeframe higher than the chart's is a runtime error, or na with
   * `ignore_invalid_timeframe = true` (TradingView's reference of the parameter).
   */
  lowerTf(site: RequestSite, key: string, i: number, symbol: string | null, timeframe: string | null, ignoreInvalid: boolean, ignoreInvalidTimeframe = false, count = NaN): PineArray | null {
    const c = this.context(symbol, timeframe, ignoreInvalid, lastCount(count));
    if (c === null) return PineArray.of([]);
    if (storeSeconds(c.ctx.timeframe) > storeSeconds(this.chart!.symbol.timeframe)) {
      if (ignoreInvalidTimeframe) return null;
      fail(`request.security_lower_tf: timeframe "${timeframe ?? ""}" is higher than the chart's`);
    }
    c.ranges ??= intrabarRanges(this.alignInput(c));
    const col = this.columnsOf(c).get((site.id ??= this.site(key))) ?? [];
    const out: unknown[] = [];
    for (let j = c.ranges.from[i]!; j < c.ranges.to[i]!; j++) {
      const v = valueAt(col, j);
      out.push(v === undefined ? NaN : v);
    }
    return PineArray.of(out);
  }
}
