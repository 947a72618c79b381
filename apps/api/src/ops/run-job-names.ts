// Names for run jobs on the queue dashboard. A run job carries only its run id (packages/queue
// jobs.ts), so the dashboard would show "run" for every one; this adapter reads the runs of the
// jobs it lists in one query and names each `<handle> <owner/script>@<version> <instrument> <tf>`.
import type { Job, Queue } from "bullmq";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import type { Db } from "@barscript/db";

/** Labels kept for jobs recently listed; bounded so a long-lived API does not grow. */
const MAX_LABELS = 5_000;

export interface RunLabelSource {
  /** Run id -> label, for the ids given (unknown ids are absent). */
  labels(runIds: string[]): Promise<Map<string, string>>;
}

export function runLabelsFromDb(db: Db): RunLabelSource {
  return {
    async labels(runIds) {
      if (runIds.length === 0) return new Map();
      const runs = await db.run.findMany({
        where: { id: { in: runIds } },
        select: { id: true, scriptSlug: true, scriptVersion: true, scriptOwnerId: true, instrument: true, timeframe: true, account: { select: { handle: true } } },
      });
      const ownerIds = [...new Set(runs.map((r) => r.scriptOwnerId))];
      const owners = new Map((await db.account.findMany({ where: { id: { in: ownerIds } }, select: { id: true, handle: true } })).map((a) => [a.id, a.handle]));
      return new Map(runs.map((r) => [r.id, `${r.account.handle} ${owners.get(r.scriptOwnerId) ?? r.scriptOwnerId}/${r.scriptSlug}@${r.scriptVersion} ${r.instrument} ${r.timeframe}`]));
    },
  };
}

export class NamedRunsAdapter extends BullMQAdapter {
  private readonly names = new Map<string, string>();

  constructor(queue: Queue, private readonly source: RunLabelSource) {
    super(queue, { readOnlyMode: false });
    this.setFormatter("name", (job: { id?: unknown; name?: unknown }) => {
      const label = typeof job.id === "string" ? this.names.get(job.id) : undefined;
      return label ?? String(job.name ?? "");
    });
  }

  private async remember(jobs: Array<Job | undefined>): Promise<void> {
    const ids = jobs.map((j) => j?.id).filter((id): id is string => typeof id === "string" && !this.names.has(id));
    // A label is a convenience: a database hiccup leaves the plain job name.
    const found = await this.source.labels(ids).catch(() => new Map<string, string>());
    for (const [id, label] of found) {
      if (this.names.size >= MAX_LABELS) this.names.delete(this.names.keys().next().value as string);
      this.names.set(id, label);
    }
  }

  override async getJobs(...args: Parameters<BullMQAdapter["getJobs"]>): Promise<Job[]> {
    const jobs = await super.getJobs(...args);
    await this.remember(jobs);
    return jobs;
  }

  override async getJob(id: string): Promise<Job | undefined> {
    const job = await super.getJob(id);
    await this.remember([job]);
    return job;
  }
}
