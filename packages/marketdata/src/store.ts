// The bar store: one row of `bar_chunks` holds up to CHUNK_BARS bars of one instrument and
// timeframe, each column a packed little-endian Float64Array (see timeframes.ts for the spans).
// Coverage per instrument and timeframe is kept in `instrument_series`, refreshed by every write
// in the same transaction.
import { ApiError } from "@barscript/contracts";
import type { Db, Prisma } from "@barscript/db";
import { copyOutBinary, sqlLiteral } from "./copy";
import {
  COLUMNS,
  allocBars,
  concatBars,
  lowerBound,
  packColumn,
  sliceBars,
  unpackColumn,
  unpackColumnInto,
  upperBound,
  type BarColumns,
} from "./bars";
import { chunkStartOf, type Timeframe } from "./timeframes";

/** A client or an interactive transaction's client. */
export type DbClient = Db | Prisma.TransactionClient;

export interface SeriesKey {
  instrumentId: string;
  timeframe: Timeframe;
}

export type SeriesOrigin = "imported" | "derived";

export interface ChunkMeta {
  /** Unix seconds. */
  chunkStart: number;
  firstTime: number;
  lastTime: number;
  barCount: number;
}

export interface Coverage {
  /** Unix seconds of the first and last bars' open. */
  from: number;
  to: number;
  bars: number;
}

const toDate = (seconds: number): Date => new Date(seconds * 1000);
const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Chunk metadata of a series, oldest first (no bar data). */
export async function listChunks(db: DbClient, key: SeriesKey): Promise<ChunkMeta[]> {
  const rows = await db.barChunk.findMany({
    where: { instrumentId: key.instrumentId, timeframe: key.timeframe },
    select: { chunkStart: true, firstTime: true, lastTime: true, barCount: true },
    orderBy: { chunkStart: "asc" },
  });
  return rows.map((r) => ({
    chunkStart: toSeconds(r.chunkStart),
    firstTime: toSeconds(r.firstTime),
    lastTime: toSeconds(r.lastTime),
    barCount: r.barCount,
  }));
}

async function loadChunkBars(db: DbClient, key: SeriesKey, starts: number[]): Promise<Map<number, BarColumns>> {
  const out = new Map<number, BarColumns>();
  if (starts.length === 0) return out;
  const rows = await db.barChunk.findMany({
    where: { instrumentId: key.instrumentId, timeframe: key.timeframe, chunkStart: { in: starts.map(toDate) } },
  });
  for (const r of rows) {
    out.set(toSeconds(r.chunkStart), {
      length: r.barCount,
      time: unpackColumn(r.time),
      open: unpackColumn(r.open),
      high: unpackColumn(r.high),
      low: unpackColumn(r.low),
      close: unpackColumn(r.close),
      volume: unpackColumn(r.volume),
    });
  }
  return out;
}

/** Only the `time` column of the given chunks, oldest first. */
export async function loadChunkTimes(db: DbClient, key: SeriesKey, starts: number[]): Promise<Float64Array[]> {
  if (starts.length === 0) return [];
  const rows = await db.barChunk.findMany({
    where: { instrumentId: key.instrumentId, timeframe: key.timeframe, chunkStart: { in: starts.map(toDate) } },
    select: { time: true },
    orderBy: { chunkStart: "asc" },
  });
  return rows.map((r) => unpackColumn(r.time));
}

export interface WriteOptions {
  /**
   * The range the write replaces (Unix seconds, inclusive): stored bars inside it are removed,
   * the given bars put in their place, bars outside it kept. Default: the given bars' first to
   * last time. Writing the same bars twice leaves the same store.
   */
  replaceFrom?: number;
  replaceTo?: number;
}

/**
 * Writes bars (ascending times) into a series, replacing the stored range, and refreshes the
 * series' coverage with `origin`. Call inside a transaction to make a larger change atomic.
 */
export async function writeBars(
  db: DbClient,
  key: SeriesKey,
  bars: BarColumns,
  origin: SeriesOrigin,
  options: WriteOptions = {},
): Promise<Coverage | null> {
  const from = options.replaceFrom ?? bars.time[0];
  const to = options.replaceTo ?? bars.time[bars.length - 1];
  if (from === undefined || to === undefined) return seriesCoverage(db, key);
  for (let i = 0; i < bars.length; i++) {
    const t = bars.time[i] as number;
    if (t < from || t > to || (i > 0 && t <= (bars.time[i - 1] as number))) {
      throw new Error(`writeBars: bars must be ascending and inside the replaced range (index ${i})`);
    }
  }
  // Group the new bars by chunk.
  const incoming = new Map<number, BarColumns>();
  let i = 0;
  while (i < bars.length) {
    const start = chunkStartOf(bars.time[i] as number, key.timeframe);
    let j = i + 1;
    while (j < bars.length && chunkStartOf(bars.time[j] as number, key.timeframe) === start) j++;
    incoming.set(start, sliceBars(bars, i, j));
    i = j;
  }
  // Stored chunks the range touches; those only partly inside it are read and merged.
  // (A chunk the new bars go into may hold bars outside the range too.)
  const touched = (await listChunks(db, key)).filter(
    (c) => (c.lastTime >= from && c.firstTime <= to) || incoming.has(c.chunkStart),
  );
  const partial = touched.filter((c) => c.firstTime < from || c.lastTime > to).map((c) => c.chunkStart);
  const stored = await loadChunkBars(db, key, partial);
  const starts = new Set<number>([...touched.map((c) => c.chunkStart), ...incoming.keys()]);
  for (const start of [...starts].sort((a, b) => a - b)) {
    const old = stored.get(start);
    const parts: BarColumns[] = [];
    if (old) parts.push(sliceBars(old, 0, lowerBound(old.time, from)));
    const fresh = incoming.get(start);
    if (fresh) parts.push(fresh);
    if (old) parts.push(sliceBars(old, upperBound(old.time, to), old.length));
    const merged = concatBars(parts.filter((p) => p.length > 0));
    const where = { instrumentId: key.instrumentId, timeframe: key.timeframe, chunkStart: toDate(start) };
    if (merged.length === 0) {
      await db.barChunk.deleteMany({ where });
      continue;
    }
    const data = {
      firstTime: toDate(merged.time[0] as number),
      lastTime: toDate(merged.time[merged.length - 1] as number),
      barCount: merged.length,
      time: packColumn(merged.time),
      open: packColumn(merged.open),
      high: packColumn(merged.high),
      low: packColumn(merged.low),
      close: packColumn(merged.close),
      volume: packColumn(merged.volume),
    };
    await db.barChunk.upsert({
      where: { instrumentId_timeframe_chunkStart: where },
      create: { ...where, ...data },
      update: data,
    });
  }
  return refreshCoverage(db, key, origin);
}

/** Removes every bar and the coverage of a series. */
export async function deleteSeries(db: DbClient, key: SeriesKey): Promise<void> {
  await db.barChunk.deleteMany({ where: { instrumentId: key.instrumentId, timeframe: key.timeframe } });
  await db.instrumentSeries.deleteMany({ where: { instrumentId: key.instrumentId, timeframe: key.timeframe } });
}

/** Recomputes `instrument_series` for a series from its chunks (deleted when it has none). */
export async function refreshCoverage(db: DbClient, key: SeriesKey, origin: SeriesOrigin): Promise<Coverage | null> {
  const agg = await db.barChunk.aggregate({
    where: { instrumentId: key.instrumentId, timeframe: key.timeframe },
    _min: { firstTime: true },
    _max: { lastTime: true },
    _sum: { barCount: true },
  });
  const first = agg._min.firstTime;
  const last = agg._max.lastTime;
  const count = agg._sum.barCount ?? 0;
  const id = { instrumentId: key.instrumentId, timeframe: key.timeframe };
  if (!first || !last || count === 0) {
    await db.instrumentSeries.deleteMany({ where: id });
    return null;
  }
  const data = { origin, firstTime: first, lastTime: last, bars: count, updatedAt: new Date() };
  await db.instrumentSeries.upsert({
    where: { instrumentId_timeframe: id },
    create: { ...id, ...data },
    update: data,
  });
  return { from: toSeconds(first), to: toSeconds(last), bars: count };
}

export async function seriesCoverage(db: DbClient, key: SeriesKey): Promise<Coverage | null> {
  const row = await db.instrumentSeries.findUnique({
    where: { instrumentId_timeframe: { instrumentId: key.instrumentId, timeframe: key.timeframe } },
  });
  return row ? { from: toSeconds(row.firstTime), to: toSeconds(row.lastTime), bars: row.bars } : null;
}

/** Every stored bar of a series in [from, to] (inclusive; omitted bounds are open). */
export async function readRange(db: DbClient, key: SeriesKey, from = -Infinity, to = Infinity): Promise<BarColumns> {
  const chunks = (await listChunks(db, key)).filter((c) => c.lastTime >= from && c.firstTime <= to);
  const loaded = await loadChunkBars(db, key, chunks.map((c) => c.chunkStart));
  const parts: BarColumns[] = [];
  for (const c of chunks) {
    const b = loaded.get(c.chunkStart);
    if (b) parts.push(sliceBars(b, lowerBound(b.time, from), upperBound(b.time, to)));
  }
  return parts.length === 0 ? allocBars(0) : concatBars(parts);
}

export interface ReadBarsRequest {
  symbol?: string;
  instrumentId?: string;
  timeframe: Timeframe;
  /** How many bars before `from` to include (warmup); fewer when the series starts later. */
  before: number;
  /** Unix seconds or a Date: the window [from, to], inclusive. */
  from: number | Date;
  to: number | Date;
}

export interface ReadBarsResult {
  /** The bars before the window, then the window's bars. */
  bars: BarColumns;
  /** Index in `bars` of the window's first bar (= the number of bars before it). */
  windowStart: number;
}

const asSeconds = (t: number | Date): number => (t instanceof Date ? Math.floor(t.getTime() / 1000) : t);

export async function resolveInstrumentId(db: DbClient, ref: { symbol?: string; instrumentId?: string }): Promise<string> {
  if (ref.instrumentId) return ref.instrumentId;
  const symbol = ref.symbol ?? "";
  const found = await db.instrument.findUnique({ where: { symbol }, select: { id: true } });
  if (!found) throw new ApiError("unknown_instrument", `No instrument has the symbol ${JSON.stringify(symbol)}.`);
  return found.id;
}

/** Index of the first time >= t in a packed `time` column (little-endian float64, ascending). */
function lowerBoundPacked(view: DataView, n: number, t: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (view.getFloat64(mid * 8, true) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first time > t in a packed `time` column. */
function upperBoundPacked(view: DataView, n: number, t: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (view.getFloat64(mid * 8, true) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Chunks as packed columns (COLUMNS order), oldest first, cut to the request and copied once. */
function assembleBars(chunks: readonly (readonly Uint8Array[])[], from: number, to: number, before: number): ReadBarsResult {
  const views = chunks.map((cols) => {
    const time = cols[0] as Uint8Array;
    return { view: new DataView(time.buffer, time.byteOffset, time.byteLength), n: time.byteLength >>> 3 };
  });
  // Global positions of `from` and the end of the window, in the concatenation of the chunks.
  let total = 0;
  let fromIndex = -1;
  let endIndex = 0;
  for (const { view, n } of views) {
    if (fromIndex < 0 && (n === 0 || view.getFloat64((n - 1) * 8, true) >= from)) fromIndex = total + lowerBoundPacked(view, n, from);
    endIndex = Math.max(endIndex, total + upperBoundPacked(view, n, to));
    total += n;
  }
  if (fromIndex < 0) fromIndex = total;
  endIndex = Math.max(endIndex, fromIndex);
  const startIndex = Math.max(0, fromIndex - before);
  const out = allocBars(endIndex - startIndex);
  let offset = 0;
  chunks.forEach((cols, k) => {
    const n = (views[k] as { n: number }).n;
    const s = Math.max(startIndex - offset, 0);
    const e = Math.min(endIndex - offset, n);
    if (e > s) {
      const at = offset + s - startIndex;
      COLUMNS.forEach((c, ci) => unpackColumnInto((cols[ci] as Uint8Array).subarray(s * 8, e * 8), out[c], at));
    }
    offset += n;
  });
  return { bars: out, windowStart: fromIndex - startIndex };
}

// Seconds a `to_timestamp` literal may carry here (inside both JavaScript's and Postgres's range).
const LITERAL_SECONDS = 1e11;

/**
 * readBars in one round trip on the pg pool: a binary COPY whose query picks the chunks itself
 * (those overlapping the window, then whole chunks before it, newest first, until they hold
 * `before` bars: a running sum) and sends their columns as raw bytes. Null when it cannot run
 * here (a transaction's client, bounds outside the literal range): the caller reads via Prisma.
 */
async function readBarsByCopy(db: DbClient, request: ReadBarsRequest, from: number, to: number, before: number): Promise<ReadBarsResult | null> {
  if (!(Math.abs(from) <= LITERAL_SECONDS && Math.abs(to) <= LITERAL_SECONDS && Number.isFinite(before))) return null;
  const instrument = request.instrumentId
    ? sqlLiteral(request.instrumentId)
    : `(SELECT id FROM instruments WHERE symbol = ${sqlLiteral(request.symbol ?? "")})`;
  const series = `"instrumentId" = ${instrument} AND timeframe = ${sqlLiteral(request.timeframe)}`;
  // Chunk bounds compare as whole seconds, as listChunks gives them: floor(last) >= from is
  // last >= ceil(from), floor(first) <= to is first < floor(to) + 1.
  const fromTs = `to_timestamp(${Math.ceil(from)})`;
  const toTs = `to_timestamp(${Math.floor(to) + 1})`;
  const tuples = await copyOutBinary(db, `
    WITH c AS (SELECT "chunkStart", "firstTime", "lastTime", "barCount" FROM bar_chunks WHERE ${series}),
    w AS (
      SELECT "chunkStart" FROM c WHERE "lastTime" >= ${fromTs} AND "firstTime" < ${toTs}
      UNION ALL
      SELECT "chunkStart" FROM (
        SELECT "chunkStart", sum("barCount") OVER (ORDER BY "chunkStart" DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS newer
        FROM c WHERE "lastTime" < ${fromTs}
      ) p WHERE coalesce(newer, 0) < ${Math.min(before, Number.MAX_SAFE_INTEGER)}
    )
    SELECT ${COLUMNS.map((c) => `"${c}"`).join(", ")} FROM bar_chunks
    WHERE ${series} AND "chunkStart" IN (SELECT "chunkStart" FROM w)
    ORDER BY "chunkStart"`);
  if (tuples === null) return null;
  if (tuples.length === 0) {
    await resolveInstrumentId(db, request); // unknown_instrument for a symbol nobody has
    return { bars: allocBars(0), windowStart: 0 };
  }
  const chunks = tuples.map((t) => {
    const n = t[0]?.byteLength;
    if (t.length !== COLUMNS.length || t.some((col) => !col || col.byteLength !== n || n % 8 !== 0)) throw new Error("readBars: a stored chunk has columns of different lengths");
    return t as Uint8Array[];
  });
  return assembleBars(chunks, from, to, before);
}

/**
 * "The N bars before `from`, then every bar in [from, to]". On a client made by createDb: one
 * binary COPY (readBarsByCopy), each column copied once from the received bytes into arrays of
 * the exact size. On a transaction's client: two Prisma queries (chunk metadata, then the chunks
 * needed), same result.
 */
export async function readBars(db: DbClient, request: ReadBarsRequest): Promise<ReadBarsResult> {
  const from = asSeconds(request.from);
  const to = asSeconds(request.to);
  const before = Math.max(0, Math.floor(request.before));
  const copied = await readBarsByCopy(db, request, from, to, before);
  if (copied) return copied;
  const instrumentId = await resolveInstrumentId(db, request);
  const key: SeriesKey = { instrumentId, timeframe: request.timeframe };
  const chunks = await listChunks(db, key);
  const wanted = new Set<number>();
  for (const c of chunks) if (c.lastTime >= from && c.firstTime <= to) wanted.add(c.chunkStart);
  // Chunks entirely before `from`, newest first, until they hold `before` bars.
  let counted = 0;
  for (let k = chunks.length - 1; k >= 0 && counted < before; k--) {
    const c = chunks[k] as ChunkMeta;
    if (c.lastTime >= from) continue;
    wanted.add(c.chunkStart);
    counted += c.barCount;
  }
  if (wanted.size === 0) return { bars: allocBars(0), windowStart: 0 };
  const rows = await db.barChunk.findMany({
    where: { instrumentId, timeframe: request.timeframe, chunkStart: { in: [...wanted].map(toDate) } },
    orderBy: { chunkStart: "asc" },
  });
  return assembleBars(rows.map((r) => COLUMNS.map((c) => r[c])), from, to, before);
}
