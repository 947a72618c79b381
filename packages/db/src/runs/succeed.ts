// The final write of a succeeded indicator run, by the size of its outputs: chunks.ts's one
// prepared statement for small ones, a bound INSERT per chunk pipelined on one connection
// (succeed-inserts.ts, docs/adr/0265) for large ones, and the chunks on several connections
// (succeed-parallel.ts) for the largest, or the rest of those stored during the evaluation
// (succeed-stream.ts).
import { poolOf, type Db } from "../client";
import { succeedWithOutputs, type OutputColumns } from "./chunks";
import type { DbClient } from "./queries";
import { succeedByInserts } from "./succeed-inserts";
import { chunkGroups, succeedInParallel } from "./succeed-parallel";
import { succeedAfterStream, type OutputStream } from "./succeed-stream";
import type { RunSummary } from "./types";

/** Below this many bytes of output the prepared statement of chunks.ts is as cheap (one bound buffer). */
export const PIPELINED_MIN_BYTES = 256 * 1024;

/**
 * running -> succeeded with the outputs and the units: pipelined INSERTs for large outputs on a client made
 * by createDb, otherwise chunks.ts's one statement; after the chunks a stream already stored
 * (succeed-stream.ts), the rest. False when another party finished the run first.
 */
export async function writeSucceeded(db: DbClient, run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, columns: OutputColumns, now: Date, stream?: OutputStream): Promise<boolean> {
  const bytes = columns.time.byteLength * (1 + columns.values.length);
  const pool = poolOf(db as Db);
  if (pool && stream && stream.count > 0) return succeedAfterStream(run, summary, computeUnits, columns, now, stream);
  if (!pool || bytes < PIPELINED_MIN_BYTES) return succeedWithOutputs(db, run, summary, computeUnits, columns, now);
  const groups = chunkGroups(columns.time.length, bytes);
  return groups.length > 1 ? succeedInParallel(pool, run, summary, computeUnits, columns, now, groups) : succeedByInserts(pool, run, summary, computeUnits, columns, now);
}
