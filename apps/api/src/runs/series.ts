// The instrument and its bar-chunk metadata in one query, and a window store whose chunk `time`
// columns are cached by row version (Postgres `xmin`, new whenever the row is written), so
// resolving a run's window reads no bar data once its chunks were seen (docs/performance.md).
import type { Db } from "@barscript/db";
import { query, statement } from "@barscript/db";
import { chunkedWindowStore, unpackColumn, type ChunkMeta, type Timeframe, type WindowStore } from "@barscript/marketdata";

export interface Series {
  instrument: { id: string; symbol: string };
  chunks: Array<ChunkMeta & { version: string }>;
}

interface MetaRow {
  id: string;
  symbol: string;
  chunkStart: Date | null;
  firstTime: Date | null;
  lastTime: Date | null;
  barCount: number | null;
  version: string | null;
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

const SERIES_META = statement("series_meta", `
    SELECT i.id, i.symbol, c."chunkStart", c."firstTime", c."lastTime", c."barCount", c.xmin::text AS version
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
  return { instrument: { id: first.id, symbol: first.symbol }, chunks };
}

/** Chunk time columns by instrument, timeframe, chunk and row version (least recently used out). */
export class ChunkTimesCache {
  private readonly entries = new Map<string, Float64Array>();

  constructor(private readonly maxEntries = 512) {}

  windowStore(db: Db, series: Series, timeframe: Timeframe): WindowStore {
    const versions = new Map(series.chunks.map((c) => [c.chunkStart, c.version]));
    return chunkedWindowStore(
      async () => series.chunks,
      async (chunkStart) => {
        const key = `${series.instrument.id}|${timeframe}|${chunkStart}|${versions.get(chunkStart) ?? ""}`;
        const hit = this.entries.get(key);
        if (hit) {
          this.entries.delete(key);
          this.entries.set(key, hit);
          return hit;
        }
        const rows = await db.$queryRaw<Array<{ version: string; time: Uint8Array }>>`
          SELECT xmin::text AS version, time FROM bar_chunks
          WHERE "instrumentId" = ${series.instrument.id} AND timeframe = ${timeframe} AND "chunkStart" = ${new Date(chunkStart * 1000)}`;
        const row = rows[0];
        if (!row) return new Float64Array(0);
        const times = unpackColumn(row.time);
        this.entries.set(`${series.instrument.id}|${timeframe}|${chunkStart}|${row.version}`, times);
        if (this.entries.size > this.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        return times;
      },
    );
  }
}
