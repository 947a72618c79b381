// Bars for a run through a per-process cache of decoded bar chunks (docs/performance.md): one
// query reads the instrument with its chunk metadata, each chunk tagged with its row version
// (Postgres `xmin`, new on every insert or update of the row); only chunks not cached at that
// version are read and decoded. A rewritten chunk has a new version, so a stale one is never
// served. The answer is a fresh copy (it is transferred to a sandbox thread).
import type { Db } from "@barscript/db";
import { copyOutBinary, sqlLiteral } from "@barscript/db";
import { query, statement } from "@barscript/db";
import { COLUMNS, allocBars, lowerBound, unpackColumn, upperBound, type BarColumns, type Timeframe } from "@barscript/marketdata";

export interface SeriesInstrument {
  id: string;
  symbol: string;
  timezone: string;
  status: string;
}

interface Meta {
  chunkStart: number;
  firstTime: number;
  lastTime: number;
  barCount: number;
  version: string;
}

export interface ReadRequest {
  symbol: string;
  timeframe: Timeframe;
  /** Warmup bars before `from`. */
  before: number;
  from: Date;
  to: Date;
}

export type ReadResult = { instrument: null } | { instrument: SeriesInstrument; bars: BarColumns; windowStart: number };

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

interface MetaRow {
  id: string;
  symbol: string;
  timezone: string;
  status: string;
  chunkStart: Date | null;
  firstTime: Date | null;
  lastTime: Date | null;
  barCount: number | null;
  version: string | null;
}

interface ChunkRow {
  chunkStart: Date;
  version: string;
  time: Uint8Array;
  open: Uint8Array;
  high: Uint8Array;
  low: Uint8Array;
  close: Uint8Array;
  volume: Uint8Array;
}

const BARS_META = statement("bars_meta", `
      SELECT i.id, i.symbol, i.timezone, i.status::text AS status,
             c."chunkStart", c."firstTime", c."lastTime", c."barCount", c.xmin::text AS version
      FROM instruments i
      LEFT JOIN bar_chunks c ON c."instrumentId" = i.id AND c.timeframe = $2
      WHERE i.symbol = $1
      ORDER BY c."chunkStart"`);

export class BarChunkCache {
  /** `${instrumentId}|${timeframe}|${chunkStart}` -> the version held and its columns (LRU order). */
  private readonly entries = new Map<string, { version: string; bars: BarColumns; bytes: number }>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  private get(key: string, version: string): BarColumns | null {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return null;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.bars;
  }

  private set(key: string, version: string, bars: BarColumns): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    const bytes = bars.length * 8 * COLUMNS.length;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { version, bars, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  /** The instrument (null: no such symbol) and, when it exists, the bars of the request. */
  async read(db: Db, request: ReadRequest): Promise<ReadResult> {
    const metaRows = await query<MetaRow>(db, BARS_META, [request.symbol, request.timeframe]);
    const first = metaRows[0];
    if (!first) return { instrument: null };
    const instrument: SeriesInstrument = { id: first.id, symbol: first.symbol, timezone: first.timezone, status: first.status };
    const chunks: Meta[] = [];
    for (const r of metaRows) {
      if (r.chunkStart && r.firstTime && r.lastTime && r.barCount !== null && r.version !== null) {
        chunks.push({ chunkStart: seconds(r.chunkStart), firstTime: seconds(r.firstTime), lastTime: seconds(r.lastTime), barCount: r.barCount, version: r.version });
      }
    }
    const from = seconds(request.from);
    const to = seconds(request.to);
    const before = Math.max(0, Math.floor(request.before));
    // The chunks of the window, then whole chunks before it until they hold `before` bars.
    const wanted = chunks.filter((c) => c.lastTime >= from && c.firstTime <= to);
    let counted = 0;
    for (let k = chunks.length - 1; k >= 0 && counted < before; k--) {
      const c = chunks[k] as Meta;
      if (c.lastTime >= from) continue;
      wanted.push(c);
      counted += c.barCount;
    }
    wanted.sort((a, b) => a.chunkStart - b.chunkStart);
    if (wanted.length === 0) return { instrument, bars: allocBars(0), windowStart: 0 };

    const keyOf = (chunkStart: number): string => `${instrument.id}|${request.timeframe}|${chunkStart}`;
    const columns = new Map<number, BarColumns>();
    const missing: number[] = [];
    for (const c of wanted) {
      const hit = this.get(keyOf(c.chunkStart), c.version);
      if (hit) {
        columns.set(c.chunkStart, hit);
        this.hits++;
      } else {
        missing.push(c.chunkStart);
        this.misses++;
      }
    }
    if (missing.length > 0) {
      // Each chunk is cached with the version of the row its bytes came from (same statement).
      for (const r of await readChunks(db, instrument.id, request.timeframe, missing)) {
        this.set(keyOf(r.chunkStart), r.version, r.bars);
        columns.set(r.chunkStart, r.bars);
      }
    }
    // Chunks deleted between the two reads are simply absent, as in a read of the store.
    const parts = wanted.map((c) => columns.get(c.chunkStart)).filter((b): b is BarColumns => b !== undefined);

    // Global positions of `from` and of the window's end in the concatenation of the chunks.
    let total = 0;
    let fromIndex = -1;
    let endIndex = 0;
    for (const p of parts) {
      const t = p.time;
      if (fromIndex < 0 && (t.length === 0 || (t[t.length - 1] as number) >= from)) fromIndex = total + lowerBound(t, from);
      endIndex = Math.max(endIndex, total + upperBound(t, to));
      total += t.length;
    }
    if (fromIndex < 0) fromIndex = total;
    endIndex = Math.max(endIndex, fromIndex);
    const startIndex = Math.max(0, fromIndex - before);
    const out = allocBars(endIndex - startIndex);
    let offset = 0;
    for (const p of parts) {
      const s = Math.max(startIndex - offset, 0);
      const e = Math.min(endIndex - offset, p.length);
      if (e > s) {
        const at = offset + s - startIndex;
        for (const c of COLUMNS) out[c].set(p[c].subarray(s, e), at);
      }
      offset += p.length;
    }
    return { instrument, bars: out, windowStart: fromIndex - startIndex };
  }
}

interface ReadChunk {
  chunkStart: number;
  version: string;
  bars: BarColumns;
}

function barsOf(cols: Uint8Array[]): BarColumns {
  const [time, open, high, low, close, volume] = cols.map(unpackColumn) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  return { length: time.length, time, open, high, low, close, volume };
}

const text = (b: Uint8Array | null | undefined): string => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("utf8") : "");

/**
 * The chunks at `starts` with their row versions: a binary COPY on the pg pool (columns as raw
 * bytes, as packages/marketdata's readBars), or Prisma's bytea path where there is no pool of
 * our own (a transaction's client).
 */
async function readChunks(db: Db, instrumentId: string, timeframe: Timeframe, starts: number[]): Promise<ReadChunk[]> {
  const tuples = await copyOutBinary(db, `
    SELECT floor(extract(epoch FROM "chunkStart"))::bigint::text, xmin::text, ${COLUMNS.map((c) => `"${c}"`).join(", ")}
    FROM bar_chunks
    WHERE "instrumentId" = ${sqlLiteral(instrumentId)} AND timeframe = ${sqlLiteral(timeframe)}
      AND "chunkStart" IN (${starts.map((s) => `to_timestamp(${Math.trunc(s)})`).join(", ")})`);
  if (tuples) {
    return tuples.map((t) => {
      const cols = t.slice(2);
      const n = cols[0]?.byteLength;
      if (cols.length !== COLUMNS.length || cols.some((c) => !c || c.byteLength !== n || n % 8 !== 0)) throw new Error("bar cache: a stored chunk has columns of different lengths");
      return { chunkStart: Number(text(t[0])), version: text(t[1]), bars: barsOf(cols as Uint8Array[]) };
    });
  }
  const rows = await db.$queryRaw<ChunkRow[]>`
    SELECT "chunkStart", xmin::text AS version, time, open, high, low, close, volume
    FROM bar_chunks
    WHERE "instrumentId" = ${instrumentId} AND timeframe = ${timeframe}
      AND "chunkStart" = ANY(${starts.map((s) => new Date(s * 1000))}::timestamptz[])`;
  return rows.map((r) => ({ chunkStart: seconds(r.chunkStart), version: r.version, bars: barsOf([r.time, r.open, r.high, r.low, r.close, r.volume]) }));
}
