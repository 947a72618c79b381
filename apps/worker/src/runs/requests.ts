// The bars of the contexts a script's request.* calls reach (other symbols and timeframes),
// fetched before evaluation in one read per context through the chunk cache, never per bar: the
// static ones named by constants in the source before the run starts (prefetch), dynamic ones
// (computed symbols or timeframes) when an evaluation reports them missing, then evaluated
// again with them. At most 40 contexts a run, as TradingView. Each context is read with the same
// window and warmup count as the chart's series, so warmup covers the requested series.
import type { Db } from "@barscript/db";
import { belowChart, exchangePrefix, heikinAshiBars, heikinAshiSymbol, scriptRequests, sessionBars, sessionSource, type Bars, type ContextBars, type RequestedContext, type SourceFile } from "@barscript/lang";
import { copyBars, isTimeframe, resolveTickerId, timeframeSeconds, type BarChunkCache, type NamedInstrument, type SeriesInstrument } from "@barscript/marketdata";
import { symbolInfo } from "./symbol-info";

/** TradingView's limit of distinct contexts a script may request. */
export const MAX_CONTEXTS = 40;

/**
 * Bars read before a Heikin Ashi context's warmup: each Heikin Ashi open halves the weight of the
 * first one (lang stdlib/heikin-ashi.ts), which 64 bars leave below a double's precision.
 */
const HEIKIN_ASHI_SETTLE = 64;

export interface ContextRead {
  /** The chart's window and warmup bars. */
  from: Date;
  to: Date;
  before: number;
  /** The chart's store timeframe: a context below it is read to the close of the chart's last bar read (its intrabars). */
  chartTimeframe: string;
}

/** The key of a context (symbol as written and store timeframe). */
export function contextKey(c: RequestedContext): string {
  return `${c.symbol}@${c.timeframe}`;
}

/**
 * The contexts a script's source names with constants, and whether it also has dynamic ones. The
 * chart's exchange gives its ticker identifier (`"NASDAQ:AAPL"`), which names its own context; a
 * run's inputs name the contexts its string inputs choose (docs/adr/0224), so a run whose user
 * picked another timeframe or symbol reads it before its first evaluation too.
 */
export function staticRequests(
  files: readonly SourceFile[],
  chart: { symbol: string; timeframe: string; exchange?: string },
  inputs: Readonly<Record<string, unknown>> | null = null,
): { contexts: RequestedContext[]; dynamic: boolean } {
  // A version's files are one immutable array for as long as the version cache holds it
  // (packages/db VersionCache), so its answers are kept beside it: scriptRequests parses every
  // file that mentions a request, a timeframe or an import, on every run.
  let byRun = staticAnswers.get(files);
  if (!byRun) staticAnswers.set(files, (byRun = new Map()));
  const key = `${chart.symbol}\u0000${chart.timeframe}\u0000${chart.exchange ?? ""}\u0000${JSON.stringify(inputs ?? {})}`;
  let found = byRun.get(key);
  if (!found) {
    found = scriptRequests(files, { ticker: chart.symbol, timeframe: chart.timeframe, prefix: exchangePrefix(chart.exchange ?? "") }, inputs ?? {});
    byRun.set(key, found);
    if (byRun.size > STATIC_ANSWERS_PER_VERSION) byRun.delete(byRun.keys().next().value as string);
  }
  return { contexts: [...found.contexts], dynamic: found.dynamic };
}

/** staticRequests' answers by the files they were found in, then by chart and inputs (the oldest of a version's go first). */
const staticAnswers = new WeakMap<readonly SourceFile[], Map<string, { contexts: RequestedContext[]; dynamic: boolean }>>();
const STATIC_ANSWERS_PER_VERSION = 64;

/**
 * When an instrument's stored data begins and ends (Unix seconds). It ends at the earliest close of
 * the last bar of its series, which is the last bar of its finest one (a derived week ends on its
 * nominal Monday): a context whose data ends by the chart's last bar shows a period still open
 * there (docs/adr/0074-open-period-at-the-end.md). It begins at the earliest first bar of its
 * series: a context read without bars whose data begins after the chart's last bar is a symbol
 * without history yet, na there (docs/adr/0203-contexts-before-their-data.md).
 */
async function dataSpan(db: Db, instrumentId: string): Promise<{ dataStart?: number; dataEnd?: number }> {
  const rows = await db.instrumentSeries.findMany({ where: { instrumentId }, select: { timeframe: true, firstTime: true, lastTime: true } });
  let start = Infinity;
  let end = Infinity;
  for (const r of rows) {
    if (!isTimeframe(r.timeframe)) continue;
    start = Math.min(start, Math.floor(r.firstTime.getTime() / 1000));
    end = Math.min(end, Math.floor(r.lastTime.getTime() / 1000) + timeframeSeconds(r.timeframe));
  }
  return { ...(Number.isFinite(start) ? { dataStart: start } : {}), ...(Number.isFinite(end) ? { dataEnd: end } : {}) };
}

/**
 * The last open time a context reads: the chart's last bar's for a timeframe at or above the
 * chart's (a later bar would be a period the chart has not reached), and for a lower one the last
 * second inside that bar, so that its intrabars are all read, not only the first.
 */
function contextEnd(tf: string, read: ContextRead): Date {
  if (!belowChart(tf, read.chartTimeframe) || !isTimeframe(read.chartTimeframe)) return read.to;
  return new Date(read.to.getTime() + (timeframeSeconds(read.chartTimeframe) - 1) * 1000);
}

/**
 * The most bars a lower-timeframe context reads before the window to cover the chart's warmup
 * (the cap of the bars a run reads before its window, ../around-window.ts): past it, the chart's
 * earliest warmup bars have no intrabars, as a chart's bars before its intrabar data
 * (docs/adr/0366-window-invariance-of-requests.md).
 */
export const LOWER_CONTEXT_READ_CAP = 100_000;

/**
 * The bars a context reads before the window: its own warmup (the chart's count, in its bars) and
 * two more (with lookahead off the window's first bar sees the previous period). A context below
 * the chart's timeframe also covers the chart's warmup bars, each of which reads its intrabars: as
 * many of its bars as fit in them at most (a chart bar's seconds over the context's), so a value
 * in the window that depends on earlier chart bars (`ta.sma(request.security(t, "5", close), 50)`
 * on an hourly chart) is the same whatever the window's start (docs/adr/0366).
 */
export function contextBefore(tf: string, read: ContextRead): number {
  const own = read.before + 2;
  if (!belowChart(tf, read.chartTimeframe) || !isTimeframe(tf) || !isTimeframe(read.chartTimeframe)) return own;
  const perChartBar = Math.ceil(timeframeSeconds(read.chartTimeframe) / timeframeSeconds(tf));
  return own + Math.min(LOWER_CONTEXT_READ_CAP, read.before * perChartBar);
}

/**
 * The bars of one context: the store's, or for an hourly timeframe of a session the store's blocks
 * do not match (a US equity's, from 09:30 New York), built from a finer stored timeframe as
 * TradingView builds them (docs/adr/0075-session-anchored-periods.md), and months from daily bars,
 * with as many finer bars before the window as make the warmup.
 */
async function readContext(db: Db, cache: BarChunkCache, row: NamedInstrument, tf: string, read: ContextRead): Promise<{ instrument: SeriesInstrument; bars: Bars } | null> {
  const before = contextBefore(tf, read);
  const symbol = row.symbol;
  const to = contextEnd(tf, read);
  const source = sessionSource(tf, row.session, row.timezone);
  if (source !== null && isTimeframe(source.timeframe)) {
    const fine = await cache.read(db, { symbol, timeframe: source.timeframe, before: before * source.perBar, from: read.from, to });
    // none to build from: a stored timeframe is read as it is, another one has no bars
    if (fine.instrument && (fine.bars.length > 0 || !isTimeframe(tf))) return { instrument: fine.instrument, bars: sessionBars(fine.bars, tf, row.session, row.timezone) };
  }
  if (!isTimeframe(tf)) return null;
  const r = await cache.read(db, { symbol, timeframe: tf, before, from: read.from, to });
  // no bars of the instrument at `tf`: supplied without bars, which the script reads by lang's one
  // rule (below the chart's timeframe, chart bars without intrabars; else the bar's runtime error)
  return r.instrument ? { instrument: r.instrument, bars: r.bars } : null;
}

/**
 * One read per context (in parallel); a context naming no instrument is left out (the script's
 * request of it is then a runtime error of each bar, or na with ignore_invalid_symbol). An
 * instrument without bars at the timeframe is supplied without bars, read once like any other:
 * packages/lang's request host decides what it gives (docs/adr/0157-no-stored-intrabars.md).
 */
export async function fetchContexts(db: Db, cache: BarChunkCache, wanted: readonly RequestedContext[], read: ContextRead): Promise<ContextBars[]> {
  const found = await Promise.all(
    wanted.slice(0, MAX_CONTEXTS).map(async (c): Promise<ContextBars | null> => {
      // ticker.heikinashi(symbol): the symbol's bars, as Heikin Ashi bars, with more bars first to settle their opens
      const heikinAshi = heikinAshiSymbol(c.symbol);
      // "NASDAQ:MSFT" is MSFT when that is its prefix ("NYSE:MSFT" is none), "COINBASE:BTCUSD" the pair BTC-USD (docs/adr/0156)
      const named = await resolveTickerId(db, heikinAshi ?? c.symbol);
      if (named === null) return null;
      const r = await readContext(db, cache, named, c.timeframe, heikinAshi === null ? read : { ...read, before: read.before + HEIKIN_ASHI_SETTLE });
      if (r === null) return null;
      const span = await dataSpan(db, r.instrument.id);
      const info = symbolInfo(r.instrument, c.timeframe);
      const bars = heikinAshi === null ? r.bars : heikinAshiBars(r.bars);
      return { symbol: c.symbol, timeframe: c.timeframe, bars, info, ...span };
    }),
  );
  return found.filter((c): c is ContextBars => c !== null);
}

/** What an evaluation reports of the contexts it could not read (its `missingContexts`). */
type Evaluated = { ok: true; result: { missingContexts?: readonly RequestedContext[] } } | { ok: false };

export interface DynamicEvaluation<O extends Evaluated> {
  /** The contexts fetched before the first evaluation, and the keys of every context tried. */
  contexts: readonly ContextBars[];
  tried: readonly string[];
  /** Whether the script has requests whose symbol or timeframe is computed. */
  dynamic: boolean;
  bars: Bars;
  /** `discover`: the evaluation discovers contexts (lang evaluate()'s option): these were looked for and not found. */
  evaluate: (contexts: ContextBars[], bars: Bars, discover?: RequestedContext[]) => Promise<O>;
  fetch: (missing: RequestedContext[]) => Promise<ContextBars[]>;
  /** Whether there is time left for another evaluation. */
  timeLeft: () => boolean;
}

/** A context from its key (`symbol@timeframe`: a timeframe has no `@`). */
function fromKey(key: string): RequestedContext {
  const at = key.lastIndexOf("@");
  return { symbol: key.slice(0, at), timeframe: key.slice(at + 1) };
}

/**
 * The evaluation of a script with dynamic requests. It discovers its contexts (docs/adr/0223): a
 * context neither supplied nor already looked for reads as na and is reported, so one evaluation
 * names every context its bars reach (a screener's loop over 5 symbols: all 5); they are fetched
 * (one read each, in parallel) and the script evaluated again, with the contexts looked for and not
 * found raising their bars' runtime error. An evaluation that reports no context not yet tried read
 * every context it reached as a run given them all up front would: it is the result. One that
 * does (a value read as na steered the script to other symbols, or more contexts than the cap) is
 * followed by another, at most MAX_CONTEXTS contexts fetched in all; those past the cap are looked
 * for no more and stay the runtime error of the bars that read them. Out of time (or past
 * MAX_CONTEXTS + 1 evaluations), the last evaluation is the result as it is: contexts it named and
 * nobody fetched read as na there.
 */
export async function evaluateWithContexts<O extends Evaluated>(e: DynamicEvaluation<O>): Promise<O> {
  const contexts = [...e.contexts];
  const tried = new Set(e.tried);
  let fetched = tried.size;
  const supplied = new Set(contexts.map(contextKey));
  const absent = [...tried].filter((k) => !supplied.has(k)).map(fromKey);
  for (let round = 1; ; round++) {
    // the bars' buffers go to the thread: one more evaluation may need them, so it gets a copy
    const outcome = e.dynamic ? await e.evaluate(contexts, copyBars(e.bars), [...absent]) : await e.evaluate(contexts, e.bars);
    if (!e.dynamic || !outcome.ok || !e.timeLeft() || round > MAX_CONTEXTS) return outcome;
    const missing = (outcome.result.missingContexts ?? []).filter((c) => !tried.has(contextKey(c)));
    if (missing.length === 0) return outcome;
    for (const c of missing) tried.add(contextKey(c));
    const wanted = missing.slice(0, Math.max(0, MAX_CONTEXTS - fetched));
    fetched += wanted.length;
    const extra = wanted.length > 0 ? await e.fetch(wanted) : [];
    contexts.push(...extra);
    const got = new Set(extra.map(contextKey));
    for (const c of missing) if (!got.has(contextKey(c))) absent.push({ symbol: c.symbol, timeframe: c.timeframe });
  }
}
