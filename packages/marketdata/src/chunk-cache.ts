// Per-process caches of decoded bar chunks, keyed by instrument, timeframe, chunk start and row
// version (docs/performance.md): a rewritten chunk has a new version, so a stale one is never
// served. BarChunkCache holds whole chunks for the worker's runs (one query for the instrument
// and chunk metadata, then only the chunks not cached at their version); ChunkTimesCache holds
// only the `time` columns the API needs to resolve a run's window. A window assembled from cached
// chunks is kept too (shared memory, read-only), keyed by its bounds and the versions of every
// chunk it was assembled from: a run over the same window at the same versions gets the same
// buffer, a re-import gives its chunks new versions and so a new window (docs/adr/0244).
import type { Db } from "@barscript/db";
import { COLUMNS, allocBars, allocSharedBars, lowerBound, upperBound, type BarColumns } from "./bars";
import { barsOfColumns, chunkColumns, lookupSeries, type Series, type SeriesInstrument } from "./series";
import type { ChunkMeta } from "./store";
import type { Timeframe } from "./timeframes";
import { chunkedWindowStore, type WindowStore } from "./window";

export interface CachedReadRequest {
  symbol: string;
  timeframe: Timeframe;
  /** Warmup bars before `from`. */
  before: number;
  from: Date;
  to: Date;
  /** Bars after `to` read too (a plot with a negative offset shows later bars' values on the window's last ones). */
  after?: number;
}

/** `windowEnd`: the index after the window's last bar (bars from it on are the `after` ones). */
export type CachedReadResult = { instrument: null } | { instrument: SeriesInstrument; bars: BarColumns; windowStart: number; windowEnd: number };

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/** A least-recently-used map bounded by a total weight. */
class Lru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  constructor(private readonly maxWeight: number) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, value: V, weight: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.weight -= old.weight;
    }
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const [k, e] of this.entries) {
      if (this.weight <= this.maxWeight) break;
      this.entries.delete(k);
      this.weight -= e.weight;
    }
  }
}

const keyOf = (instrumentId: string, timeframe: string, chunkStart: number, version: string): string => `${instrumentId}|${timeframe}|${chunkStart}|${version}`;

type Window = { bars: BarColumns; windowStart: number; windowEnd: number };

/** Share of a BarChunkCache's bytes its assembled windows may take besides its chunks. */
export const WINDOW_SHARE = 0.25;

export class BarChunkCache {
  private readonly chunks: Lru<BarColumns>;
  private readonly windows: Lru<Window>;
  hits = 0;
  misses = 0;
  /** Reads answered with a window assembled before (its chunks counted as hits too). */
  windowHits = 0;

  constructor(maxBytes: number) {
    this.chunks = new Lru(maxBytes);
    this.windows = new Lru(Math.floor(maxBytes * WINDOW_SHARE));
  }

  /** The instrument (null: no such symbol) and, when it exists, the bars of the request; `known`: the series as `lookupSeries` reads it, read by the caller with another statement. */
  async read(db: Db, request: CachedReadRequest, known?: Series | null): Promise<CachedReadResult> {
    const series = known === undefined ? await lookupSeries(db, request.symbol, request.timeframe) : known;
    if (!series) return { instrument: null };
    const { instrument } = series;
    const from = seconds(request.from);
    const to = seconds(request.to);
    const before = Math.max(0, Math.floor(request.before));
    const after = Math.max(0, Math.floor(request.after ?? 0));
    const wanted = chunksFor(series.chunks, from, to, before, after);
    if (wanted.length === 0) return { instrument, bars: allocBars(0), windowStart: 0, windowEnd: 0 };

    // The window's key names every chunk it is made of at its version: any rewritten chunk misses.
    const windowKey = `${instrument.id}|${request.timeframe}|${from}|${to}|${before}|${after}|${wanted.map((c) => `${c.chunkStart}:${c.version}`).join(",")}`;
    const cached = this.windows.get(windowKey);
    if (cached) {
      this.windowHits++;
      this.hits += wanted.length;
      return { instrument, ...cached };
    }

    const columns = new Map<number, BarColumns>();
    const missing: number[] = [];
    for (const c of wanted) {
      const hit = this.chunks.get(keyOf(instrument.id, request.timeframe, c.chunkStart, c.version));
      if (hit) {
        columns.set(c.chunkStart, hit);
        this.hits++;
      } else {
        missing.push(c.chunkStart);
        this.misses++;
      }
    }
    // Each chunk is cached with the version of the row its bytes came from (same statement).
    const versions = new Map(wanted.map((c) => [c.chunkStart, c.version]));
    let asListed = true;
    for (const r of await chunkColumns(db, instrument.id, request.timeframe, missing, COLUMNS)) {
      if (versions.get(r.chunkStart) !== r.version) asListed = false;
      const bars = barsOfColumns(r.columns);
      this.chunks.set(keyOf(instrument.id, request.timeframe, r.chunkStart, r.version), bars, bars.length * 8 * COLUMNS.length);
      columns.set(r.chunkStart, bars);
    }
    // Chunks deleted between the two reads are simply absent, as in a read of the store.
    const parts = wanted.map((c) => columns.get(c.chunkStart)).filter((b): b is BarColumns => b !== undefined);
    // Kept only when every chunk was read at the version its key names (none deleted or rewritten meanwhile).
    const whole = asListed && parts.length === wanted.length;
    const window = assemble(parts, from, to, before, after, whole);
    if (whole) this.windows.set(windowKey, window, window.bars.length * 8 * COLUMNS.length);
    return { instrument, ...window };
  }
}

/** The chunks of the window, then whole chunks before (after) it until they hold `before` (`after`) bars, oldest first. */
function chunksFor<C extends ChunkMeta>(chunks: readonly C[], from: number, to: number, before: number, after = 0): C[] {
  const wanted = chunks.filter((c) => c.lastTime >= from && c.firstTime <= to);
  let counted = 0;
  for (let k = chunks.length - 1; k >= 0 && counted < before; k--) {
    const c = chunks[k] as C;
    if (c.lastTime >= from) continue;
    wanted.push(c);
    counted += c.barCount;
  }
  counted = 0;
  for (let k = 0; k < chunks.length && counted < after; k++) {
    const c = chunks[k] as C;
    if (c.firstTime <= to) continue;
    wanted.push(c);
    counted += c.barCount;
  }
  return wanted.sort((a, b) => a.chunkStart - b.chunkStart);
}

/**
 * `before` bars before `from`, every bar in [from, to] and `after` bars after `to` of consecutive
 * chunks, as a fresh copy: in shared memory when `shared` (the window is kept and posted to sandbox
 * threads as it is), else in an ArrayBuffer of its own (transferred to one).
 */
function assemble(parts: readonly BarColumns[], from: number, to: number, before: number, after = 0, shared = false): Window {
  let total = 0;
  let fromIndex = -1;
  let endIndex = 0;
  for (const p of parts) {
    const t = p.time;
    if (fromIndex < 0 && (t.length === 0 || (t[t.length - 1] as number) >= from)) fromIndex = total + lowerBound(t, from);
    // the parts follow each other in time: the bars up to `to` are the first ones of each, as many as their sum
    endIndex += upperBound(t, to);
    total += t.length;
  }
  if (fromIndex < 0) fromIndex = total;
  endIndex = Math.max(endIndex, fromIndex);
  const startIndex = Math.max(0, fromIndex - before);
  const lastIndex = Math.min(total, endIndex + after);
  const out = (shared ? allocSharedBars : allocBars)(lastIndex - startIndex);
  let offset = 0;
  for (const p of parts) {
    const s = Math.max(startIndex - offset, 0);
    const e = Math.min(lastIndex - offset, p.length);
    if (e > s) {
      const at = offset + s - startIndex;
      for (const c of COLUMNS) out[c].set(p[c].subarray(s, e), at);
    }
    offset += p.length;
  }
  return { bars: out, windowStart: fromIndex - startIndex, windowEnd: endIndex - startIndex };
}

/** Chunk time columns by instrument, timeframe, chunk and row version (least recently used out). */
export class ChunkTimesCache {
  private readonly times: Lru<Float64Array>;

  constructor(maxEntries = 512) {
    this.times = new Lru(maxEntries);
  }

  windowStore(db: Db, series: Series, timeframe: Timeframe): WindowStore {
    const versions = new Map(series.chunks.map((c) => [c.chunkStart, c.version]));
    return chunkedWindowStore(
      async () => series.chunks,
      async (chunkStart) => {
        const hit = this.times.get(keyOf(series.instrument.id, timeframe, chunkStart, versions.get(chunkStart) ?? ""));
        if (hit) return hit;
        const row = (await chunkColumns(db, series.instrument.id, timeframe, [chunkStart], ["time"]))[0];
        if (!row) return new Float64Array(0);
        const times = row.columns[0] as Float64Array;
        this.times.set(keyOf(series.instrument.id, timeframe, chunkStart, row.version), times, 1);
        return times;
      },
    );
  }
}
