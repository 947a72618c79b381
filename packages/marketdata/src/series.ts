// A series' instrument and bar-chunk metadata in one query, each chunk tagged with its row
// version (Postgres `xmin`, new on every insert or update of the row): what the API needs to
// resolve a run's window and the worker to read its bars through the caches (chunk-cache.ts).
// The chunks' own columns by chunk start, in one statement run two ways (chunkColumns).
import { query, statement, type Db } from "@barscript/db";
import { unpackColumn, type BarColumns, type Column } from "./bars";
import { copyOutBinary, sqlLiteral } from "./copy";
import type { ChunkMeta } from "./store";

export interface SeriesInstrument {
  id: string;
  symbol: string;
  timezone: string;
  /** Regular trading hours in `timezone` ("0930-1600", "24x7"). */
  session: string;
  status: string;
  /** The instrument's name, asset class and quote currency (what `syminfo.description/type/currency` read). */
  name: string;
  assetClass: string;
  currency: string;
  /** The exchange it trades on ("NASDAQ", "NYSE Arca"; "" when not known): its `syminfo.prefix` (ticker-id.ts). */
  exchange: string;
}

export interface Series {
  instrument: SeriesInstrument;
  /** Oldest first, each with the version of its row. */
  chunks: Array<ChunkMeta & { version: string }>;
}

interface MetaRow {
  id: string;
  symbol: string;
  timezone: string;
  session: string;
  status: string;
  name: string;
  assetClass: string;
  currency: string;
  exchange: string;
  chunkStart: Date | null;
  firstTime: Date | null;
  lastTime: Date | null;
  barCount: number | null;
  version: string | null;
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

const SERIES_META = statement("series_meta", `
    SELECT i.id, i.symbol, i.timezone, i.session, i.status::text AS status, i.name, i."assetClass"::text AS "assetClass", i.currency, i.exchange,
           c."chunkStart", c."firstTime", c."lastTime", c."barCount", c.xmin::text AS version
    FROM instruments i
    LEFT JOIN bar_chunks c ON c."instrumentId" = i.id AND c.timeframe = $2
    WHERE i.symbol = $1
    ORDER BY c."chunkStart"`);

/** The instrument with `symbol` (null: none) and its chunks at `timeframe`, oldest first. */
export async function lookupSeries(db: Db, symbol: string, timeframe: string): Promise<Series | null> {
  const rows = await query<MetaRow>(db, SERIES_META, [symbol, timeframe]);
  const first = rows[0];
  if (!first) return null;
  const chunks: Series["chunks"] = [];
  for (const r of rows) {
    if (r.chunkStart && r.firstTime && r.lastTime && r.barCount !== null && r.version !== null) {
      chunks.push({ chunkStart: seconds(r.chunkStart), firstTime: seconds(r.firstTime), lastTime: seconds(r.lastTime), barCount: r.barCount, version: r.version });
    }
  }
  return { instrument: { id: first.id, symbol: first.symbol, timezone: first.timezone, session: first.session, status: first.status, name: first.name, assetClass: first.assetClass, currency: first.currency, exchange: first.exchange }, chunks };
}

/** A chunk of seriesJsonSql's value: [start, first, last, bar count, row version], times in Unix seconds. */
type ChunkTuple = [number, number, number, number, string];

/** seriesJsonSql's value: the instrument's columns and its chunks. */
export type SeriesJson = SeriesInstrument & { chunks: ChunkTuple[] | null };

/**
 * What lookupSeries reads, as one JSON value (null: no instrument has the symbol): a subquery for
 * a statement that reads it beside another read of the same request (the API's run start).
 * `symbol` and `timeframe` are its placeholders.
 */
export function seriesJsonSql(symbol: string, timeframe: string): string {
  return `SELECT json_build_object('id', i.id, 'symbol', i.symbol, 'timezone', i.timezone, 'session', i.session, 'status', i.status::text,
             'name', i.name, 'assetClass', i."assetClass"::text, 'currency', i.currency, 'exchange', i.exchange,
             'chunks', (SELECT json_agg(json_build_array(floor(extract(epoch FROM c."chunkStart"))::bigint, floor(extract(epoch FROM c."firstTime"))::bigint,
                          floor(extract(epoch FROM c."lastTime"))::bigint, c."barCount", c.xmin::text) ORDER BY c."chunkStart")
                        FROM bar_chunks c WHERE c."instrumentId" = i.id AND c.timeframe = ${timeframe}))
           FROM instruments i WHERE i.symbol = ${symbol}`;
}

/** The series of seriesJsonSql's value, as lookupSeries answers it. */
export function seriesOfJson(value: SeriesJson | null): Series | null {
  if (value === null) return null;
  const { chunks, ...instrument } = value;
  return { instrument, chunks: (chunks ?? []).map(([chunkStart, firstTime, lastTime, barCount, version]) => ({ chunkStart, firstTime, lastTime, barCount, version })) };
}

/** One chunk read by start: its row version and the asked columns, unpacked. */
export interface ChunkColumns {
  chunkStart: number;
  version: string;
  columns: Float64Array[];
}

const text = (b: unknown): string => (b instanceof Uint8Array ? Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("utf8") : String(b ?? ""));

/**
 * The chunks of a series at `starts` with their row versions and `columns`. One SELECT (literals
 * only, so it runs as it is either way): a binary COPY on the pg pool (columns as raw bytes),
 * or Prisma's raw query where there is no pool of our own (a transaction's client).
 */
export async function chunkColumns(db: Db, instrumentId: string, timeframe: string, starts: readonly number[], columns: readonly Column[]): Promise<ChunkColumns[]> {
  if (starts.length === 0) return [];
  const select = `
    SELECT floor(extract(epoch FROM "chunkStart"))::bigint::text AS start, xmin::text AS version, ${columns.map((c) => `"${c}"`).join(", ")}
    FROM bar_chunks
    WHERE "instrumentId" = ${sqlLiteral(instrumentId)} AND timeframe = ${sqlLiteral(timeframe)}
      AND "chunkStart" IN (${starts.map((s) => `to_timestamp(${Math.trunc(s)})`).join(", ")})`;
  const tuples = (await copyOutBinary(db, select))
    ?? (await db.$queryRawUnsafe<Array<Record<string, unknown>>>(select)).map((r) => [r.start, r.version, ...columns.map((c) => r[c])]);
  return tuples.map((t) => {
    const cols = t.slice(2) as Array<Uint8Array | null>;
    const n = cols[0]?.byteLength;
    if (n === undefined || cols.length !== columns.length || cols.some((c) => !c || c.byteLength !== n || n % 8 !== 0)) throw new Error("bar store: a stored chunk has columns of different lengths");
    return { chunkStart: Number(text(t[0])), version: text(t[1]), columns: (cols as Uint8Array[]).map(unpackColumn) };
  });
}

/** A chunk's six columns as BarColumns. */
export function barsOfColumns(columns: Float64Array[]): BarColumns {
  const [time, open, high, low, close, volume] = columns as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  return { length: time.length, time, open, high, low, close, volume };
}
