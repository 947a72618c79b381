// The final write of a succeeded indicator run, by the size of its outputs: chunks.ts's one
// prepared statement for small ones, one binary COPY (succeed-copy.ts) for large ones, and the
// chunks on several connections (succeed-parallel.ts) for the largest.
import { poolOf, type Db } from "../client";
import { succeedWithOutputs, type OutputColumns } from "./chunks";
import type { DbClient } from "./queries";
import { succeedByCopy } from "./succeed-copy";
import { chunkGroups, succeedInParallel } from "./succeed-parallel";
import type { RunSummary } from "./types";

/** Below this many bytes of output the prepared statement of chunks.ts is as cheap (one bound buffer). */
export const COPY_MIN_BYTES = 256 * 1024;

/**
 * running -> succeeded with the outputs and the units: COPY for large outputs on a client made
 * by createDb, otherwise chunks.ts's one statement. False when another party finished the run first.
 */
export async function writeSucceeded(db: DbClient, run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, columns: OutputColumns, now: Date): Promise<boolean> {
  const bytes = columns.time.byteLength * (1 + columns.values.length);
  const pool = poolOf(db as Db);
  if (!pool || bytes < COPY_MIN_BYTES) return succeedWithOutputs(db, run, summary, computeUnits, columns, now);
  const groups = chunkGroups(columns.time.length, bytes);
  return groups.length > 1 ? succeedInParallel(pool, run, summary, computeUnits, columns, now, groups) : succeedByCopy(pool, run, summary, computeUnits, columns, now);
}
