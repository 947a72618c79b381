// Job payloads: ids only (a run job's own id and its account's). Everything else is read from
// Postgres when the job runs, so a job never carries stale state.
import { Queue, type QueueOptions } from "bullmq";
import type { Redis } from "ioredis";
import { bullPrefix, QUEUES } from "./names";

/** A run job's id is the run id: enqueueing a run twice is a no-op. */
export interface RunJobData {
  runId: string;
  /**
   * The run's account (fixed for the life of a run, so never stale): a worker takes the account's
   * runs-at-once slot before it reads the run (docs/adr/0125-slot-before-the-read.md). Absent
   * from jobs enqueued without it (the reconciler's): the worker reads the run first.
   */
  accountId?: string;
  /**
   * The lease ids of the heavy-call place and long-poll place held by the call that started the
   * run and waits for it (POST /v1/runs with `wait`): the worker gives them back with the run's
   * end, in the call that publishes its final state, and names them in that message
   * (`releasedPlaces`), so the waiting call need not give them back itself (docs/adr/0308).
   */
  places?: CallPlaces;
}

/** The places of a waiting start (RunJobData.places), by lease id in the account's sets. */
export interface CallPlaces {
  heavy: string;
  wait: string;
}

export const RUN_JOB = "run";
export const SWEEP_JOB = "sweep-expired";
export const RECONCILE_JOB = "reconcile-runs";

export type MaintenanceJobData = Record<string, never>;

/** Lock and stalled-check settings shared by the runs worker and the reconciler's reasoning. */
export const RUN_JOB_LOCK_MS = 10_000;
export const RUN_JOB_STALLED_INTERVAL_MS = 5_000;

/**
 * A BullMQ queue re-emits its connection's errors; with no listener it prints each one as a raw
 * multi-line stack trace (console.error), which breaks the JSON log lines (docs/operations.md
 * "Logs") on every reconnect of a Redis outage. The failure itself reaches the caller: the
 * queue's command rejects (the API answers 503 `busy`), and the worker logs its BullMQ workers'
 * errors as JSON.
 */
export function quietQueue<Q extends Queue>(queue: Q): Q {
  queue.on("error", () => undefined);
  return queue;
}

export function runsQueue(connection: Redis, redisPrefix: string, extra: Partial<QueueOptions> = {}): Queue<RunJobData> {
  return quietQueue(new Queue<RunJobData>(QUEUES.runs, {
    connection,
    prefix: bullPrefix(redisPrefix),
    defaultJobOptions: { removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 24 * 3600 }, attempts: 1 },
    ...extra,
  }));
}

export function maintenanceQueue(connection: Redis, redisPrefix: string): Queue<MaintenanceJobData> {
  return quietQueue(new Queue<MaintenanceJobData>(QUEUES.maintenance, { connection, prefix: bullPrefix(redisPrefix), defaultJobOptions: { removeOnComplete: 100, removeOnFail: 100 } }));
}

export async function enqueueRun(queue: Queue<RunJobData>, runId: string, accountId?: string, places?: CallPlaces): Promise<void> {
  const data: RunJobData = accountId === undefined ? { runId } : { runId, accountId };
  if (accountId !== undefined && places) data.places = places;
  await queue.add(RUN_JOB, data, { jobId: runId });
}
