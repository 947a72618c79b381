// Results expire 7 days after their run finished: outputs, events and study results of expired
// runs are deleted in batches; the run stays (its results then answer 410). The clock is
// injectable so tests can move time.
import type { Db } from "@barscript/db";

export interface SweepResult {
  runs: number;
  chunks: number;
  events: number;
}

export async function sweepExpired(db: Db, now: Date, batchSize = 500): Promise<SweepResult> {
  const total: SweepResult = { runs: 0, chunks: 0, events: 0 };
  for (;;) {
    const runs = await db.run.findMany({
      where: { expiresAt: { lte: now }, resultsExpiredAt: null },
      select: { id: true },
      orderBy: { expiresAt: "asc" },
      take: batchSize,
    });
    if (runs.length === 0) return total;
    const ids = runs.map((r) => r.id);
    const [chunks, events] = await db.$transaction([
      db.runOutputChunk.deleteMany({ where: { runId: { in: ids } } }),
      db.event.deleteMany({ where: { runId: { in: ids } } }),
      db.studyResult.deleteMany({ where: { runId: { in: ids } } }),
      db.runArtifacts.deleteMany({ where: { runId: { in: ids } } }),
      db.run.updateMany({ where: { id: { in: ids } }, data: { resultsExpiredAt: now } }),
    ]);
    total.runs += ids.length;
    total.chunks += chunks.count;
    total.events += events.count;
  }
}
