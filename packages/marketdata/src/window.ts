// Run windows (docs/reference/api.md, Run request; docs/reference/api.md "Run windows"): a request's window is
// resolved against the bars the store holds (counted, never computed from the calendar), its
// start moved to the plan's history start; 400s are ApiErrors, an empty window is a result.
import { ApiError, parseRfc3339, RFC3339_MESSAGE } from "@barscript/contracts";
import { lowerBound, upperBound } from "./bars";
import { listChunks, loadChunkTimes, type ChunkMeta, type DbClient, type SeriesKey } from "./store";
import { chunkStartOf, type Timeframe } from "./timeframes";

export const MAX_WINDOW_BARS = 50_000;
export const DEFAULT_RUN_BARS = 5_000;
export const DEFAULT_COLLECT_BARS = 50_000;

/** First and last open times (Unix seconds) and number of stored bars of a stretch. */
export interface BarSpan {
  first: number;
  last: number;
  count: number;
}

/** What window resolution asks of the bar store about one instrument and timeframe. */
export interface WindowStore {
  /** The last `n` bars opening at or before `to` (null: the latest `n`). */
  last(n: number, to: number | null): Promise<BarSpan | null>;
  /** The first `n` bars opening at or after `from`. */
  first(n: number, from: number): Promise<BarSpan | null>;
  /** Every bar opening in [from, to] (to null: up to the latest). */
  range(from: number, to: number | null): Promise<BarSpan | null>;
}

export type TimeInput = Date | string | number;

export interface WindowRequest {
  from?: TimeInput | null;
  to?: TimeInput | null;
  bars?: number | null;
}

export interface WindowOptions {
  /** The plan's history start (null: no bound). */
  historyStart: TimeInput | null;
  /** Bars when the request gives no range: 5,000 for runs, 50,000 for collect. */
  defaultBars?: number;
  /** For the message of an empty window, e.g. `{ symbol: "AAPL", timeframe: "1m" }`. */
  label?: { symbol: string; timeframe: string };
}

export type ResolvedWindow =
  | { kind: "bars"; from: number; to: number; bars: number; requestedFrom: number | null; requestedTo: number | null }
  | { kind: "empty"; requestedFrom: number | null; requestedTo: number | null; message: string };

const iso = (t: number): string => new Date(t * 1000).toISOString().replace(".000Z", "Z");
const day = (t: number): string => iso(t).slice(0, 10);

/** `label` names the value in a refusal: "Field `from`", as every other 400 names its field. */
function seconds(value: TimeInput | null | undefined, label: string): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw new ApiError("invalid_request", `${label} is not a valid time.`);
    return Math.floor(ms / 1000);
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new ApiError("invalid_request", `${label} is not a valid time.`);
    return Math.floor(value);
  }
  // The one reading of RFC 3339 the request schemas use (years 0001-0099 included: the bar files'
  // reader took them for 1901-1999 and refused them, docs/adr/0317).
  const ms = parseRfc3339(value);
  if (ms === null) throw new ApiError("invalid_request", `${label} ${RFC3339_MESSAGE}.`);
  return Math.floor(ms / 1000);
}

export async function resolveWindow(store: WindowStore, request: WindowRequest, options: WindowOptions): Promise<ResolvedWindow> {
  const from = seconds(request.from, "Field `from`");
  const to = seconds(request.to, "Field `to`");
  const hs = seconds(options.historyStart, "The plan's history start");
  const given = request.bars;
  if (given !== undefined && given !== null) {
    if (from !== null && to !== null) throw new ApiError("invalid_request", "Field `bars` cannot be given with both `from` and `to`.");
    if (!Number.isInteger(given) || given < 1 || given > MAX_WINDOW_BARS) {
      throw new ApiError("invalid_request", "Field `bars` must be an integer from 1 to 50,000.");
    }
  }
  if (from !== null && to !== null && from > to) throw new ApiError("invalid_request", "Field `from` is after `to`.");
  const n = given ?? options.defaultBars ?? DEFAULT_RUN_BARS;

  const beforeHistory = (end: number): ApiError =>
    new ApiError("out_of_coverage", `The window ends at ${iso(end)}, before ${iso(hs as number)}, the start of the history your plan reaches.`);
  if (to !== null && hs !== null && to < hs) throw beforeHistory(to);

  // The window as the table defines it, counted in stored bars.
  let span: BarSpan | null;
  if (from !== null && to !== null) span = await store.range(hs !== null ? Math.max(from, hs) : from, to);
  // `bars` with `from`: the start is moved to the history start first, then the first `bars` bars
  // are taken from there (ADR 0014), so the window holds `bars` bars whenever history has them.
  else if (from !== null && given != null) span = await store.first(n, hs !== null ? Math.max(from, hs) : from);
  else if (from !== null) span = await store.range(hs !== null ? Math.max(from, hs) : from, null);
  else span = await store.last(n, to);

  // With no `to`, the window ends at the latest stored bar.
  if (hs !== null && to === null) {
    const end = span ? span.last : (await store.last(1, null))?.last;
    if (end !== undefined && end < hs) throw beforeHistory(end);
  }
  // Its start moved to the history start, the bars counted again.
  if (span && hs !== null && span.first < hs) span = await store.range(hs, span.last);

  if (!span || span.count === 0) {
    const label = options.label ? `${options.label.timeframe} bars for ${options.label.symbol}` : "bars";
    const a = from ?? (hs !== null ? hs : null);
    const where =
      a !== null && to !== null ? ` between ${day(a)} and ${day(to)}` : a !== null ? ` from ${day(a)}` : to !== null ? ` up to ${day(to)}` : "";
    return { kind: "empty", requestedFrom: from, requestedTo: to, message: `No ${label}${where}.` };
  }
  if (span.count > MAX_WINDOW_BARS) {
    throw new ApiError(
      "invalid_request",
      `The window holds ${span.count} bars; a run's window holds at most 50,000. Narrow from/to or give bars.`,
    );
  }
  return { kind: "bars", from: span.first, to: span.last, bars: span.count, requestedFrom: from, requestedTo: to };
}

/**
 * A WindowStore over chunk metadata, reading a chunk's `time` column only when a bound falls
 * inside it. Metadata is read once per store.
 */
export function chunkedWindowStore(
  loadMeta: () => Promise<ChunkMeta[]>,
  loadTimes: (chunkStart: number) => Promise<Float64Array>,
): WindowStore {
  let meta: Promise<ChunkMeta[]> | undefined;
  const chunks = (): Promise<ChunkMeta[]> => (meta ??= loadMeta());
  const times = new Map<number, Promise<Float64Array>>();
  const timesOf = (c: ChunkMeta): Promise<Float64Array> => {
    let p = times.get(c.chunkStart);
    if (!p) {
      p = loadTimes(c.chunkStart);
      times.set(c.chunkStart, p);
    }
    return p;
  };

  /** The first `n` bars opening in [from, hi], chunk by chunk from the oldest. */
  const forward = async (from: number, hi: number, n: number): Promise<BarSpan | null> => {
    let first = NaN;
    let last = NaN;
    let count = 0;
    for (const c of await chunks()) {
      if (count >= n) break;
      if (c.lastTime < from || c.firstTime > hi) continue;
      const need = n - count;
      if (c.firstTime >= from && c.lastTime <= hi && c.barCount <= need) {
        if (count === 0) first = c.firstTime;
        last = c.lastTime;
        count += c.barCount;
        continue;
      }
      const t = await timesOf(c);
      const s = lowerBound(t, from);
      const e = Math.min(upperBound(t, hi), s + need);
      if (e <= s) continue;
      if (count === 0) first = t[s] as number;
      last = t[e - 1] as number;
      count += e - s;
    }
    return count ? { first, last, count } : null;
  };

  return {
    range: (from, to) => forward(from, to ?? Infinity, Infinity),
    first: (n, from) => forward(from, Infinity, n),
    async last(n, to) {
      const hi = to ?? Infinity;
      const all = await chunks();
      let first = NaN;
      let last = NaN;
      let count = 0;
      for (let k = all.length - 1; k >= 0 && count < n; k--) {
        const c = all[k] as ChunkMeta;
        if (c.firstTime > hi) continue;
        const need = n - count;
        if (c.lastTime <= hi && c.barCount <= need) {
          if (count === 0) last = c.lastTime;
          first = c.firstTime;
          count += c.barCount;
          continue;
        }
        const t = await timesOf(c);
        const e = upperBound(t, hi);
        const s = Math.max(0, e - need);
        if (e <= s) continue;
        if (count === 0) last = t[e - 1] as number;
        first = t[s] as number;
        count += e - s;
      }
      return count ? { first, last, count } : null;
    },
  };
}

/** The WindowStore of one stored series. */
export function barStoreWindow(db: DbClient, key: SeriesKey): WindowStore {
  return chunkedWindowStore(
    () => listChunks(db, key),
    async (start) => (await loadChunkTimes(db, key, [start]))[0] ?? new Float64Array(0),
  );
}

/** A WindowStore over bar times held in memory, chunked as the store chunks them (for tests). */
export function memoryWindowStore(times: readonly number[], timeframe: Timeframe): WindowStore {
  const sorted = Float64Array.from(times).sort();
  const groups = new Map<number, number[]>();
  for (const t of sorted) {
    const s = chunkStartOf(t, timeframe);
    const g = groups.get(s);
    if (g) g.push(t);
    else groups.set(s, [t]);
  }
  const meta: ChunkMeta[] = [...groups.entries()].map(([chunkStart, g]) => ({
    chunkStart,
    firstTime: g[0] as number,
    lastTime: g[g.length - 1] as number,
    barCount: g.length,
  }));
  return chunkedWindowStore(
    async () => meta,
    async (start) => Float64Array.from(groups.get(start) ?? []),
  );
}
