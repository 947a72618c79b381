// A bar cache that lists each series it is asked to read ("AAPL@1d"), so a test can tell that a
// run reads each requested context once (docs/reference/language.md: contexts are read once per
// run, never per bar).
import type { Db } from "@barscript/db";
import { BarChunkCache, type CachedReadRequest, type CachedReadResult } from "@barscript/marketdata";

export class CountingCache extends BarChunkCache {
  reads: string[] = [];
  override async read(db: Db, r: CachedReadRequest): Promise<CachedReadResult> {
    this.reads.push(`${r.symbol}@${r.timeframe}`);
    return super.read(db, r);
  }
}
