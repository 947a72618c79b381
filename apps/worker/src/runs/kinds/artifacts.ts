// What a script run keeps besides outputs and events: its drawings (indicator runs) and its log.*
// lines, written before the final state (docs/adr/0063-drawings-as-data.md, 0064-run-logs.md).
// Times become RFC 3339 here, as the API serves them.
import { saveRunArtifacts, type RunSummary, type StoredLogLine } from "@barscript/db";
import type { EvalResult } from "../protocol";
import type { KindContext } from "./types";

function isoTime(seconds: number): string | null {
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString().replace(/\.000Z$/, "Z") : null;
}

/** Sets `summary.logs` / `logs_dropped` and stores the lines (and the drawings when asked). */
export async function keepArtifacts(ctx: KindContext, runId: string, result: EvalResult, summary: RunSummary, withDrawings: boolean): Promise<void> {
  const logs: StoredLogLine[] = (result.logs ?? []).map((l) => ({ time: isoTime(l.time), level: l.level, message: l.message }));
  summary.logs = logs.length;
  summary.logs_dropped = result.logsDropped ?? 0;
  const drawings = withDrawings ? (result.drawings ?? null) : null;
  // Most runs neither draw nor log: the API answers a missing row as empty drawings and no
  // lines, so such runs skip this write (a round trip on the hot path of every run).
  if (logs.length === 0 && (drawings === null || isEmpty(drawings))) return;
  await saveRunArtifacts(ctx.db, runId, { drawings, logs });
}

function isEmpty(drawings: NonNullable<EvalResult["drawings"]>): boolean {
  return Object.values(drawings).every((list) => Array.isArray(list) && list.length === 0);
}
