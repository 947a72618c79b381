// A run's drawings (indicator runs) and log lines, kept beside its outputs and expiring with them
// (docs/adr/0063-drawings-as-data.md, docs/adr/0064-run-logs.md). Stored as the API serves them:
// drawings in the Drawings shape, log lines as { time (RFC 3339), level, message }.
import type { DbClient } from "./queries";

export interface StoredLogLine {
  time: string | null;
  level: "info" | "warning" | "error";
  message: string;
}

export interface RunArtifactsRow {
  /** null for runs that have no drawings (definitions). */
  drawings: unknown;
  logs: StoredLogLine[];
}

/** Written before the run's final state, so a succeeded run always has its row. */
export async function saveRunArtifacts(db: DbClient, runId: string, row: RunArtifactsRow): Promise<void> {
  const data = { drawings: row.drawings === null ? undefined : (row.drawings as object), logs: row.logs as unknown as object };
  await db.runArtifacts.upsert({ where: { runId }, create: { runId, ...data }, update: data });
}

export async function readRunArtifacts(db: DbClient, runId: string): Promise<RunArtifactsRow | null> {
  const r = await db.runArtifacts.findUnique({ where: { runId } });
  if (!r) return null;
  return { drawings: r.drawings ?? null, logs: (r.logs ?? []) as unknown as StoredLogLine[] };
}
