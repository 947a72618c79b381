// Shared set-up of the worker's run-processor tests: a test file's own database and Redis prefix
// (test/support/env.ts) with the Redis connection, sandbox pool and cancel listener the processor
// takes; accounts holding validated scripts; and a queue of its own (a fresh name, BullMQ's
// per-test style) with a worker running the processor.
import { randomUUID } from "node:crypto";
import { Queue, QueueEvents, Worker, type Job } from "bullmq";
import pino, { type Logger } from "pino";
import { createAccount, createScript, createScriptResolver, filesDigest, type Db } from "@barscript/db";
import { validate } from "@barscript/lang";
import type { BarChunkCache } from "@barscript/marketdata";
import { bullPrefix, createRedis, type RunJobData } from "@barscript/queue";
import { createTestEnv, type TestEnv } from "../../../../test/support/env";
import type { FinishedRun } from "../../src/metrics";
import { CancelListener } from "../../src/runs/cancels";
import { SandboxPool, type PoolOptions } from "../../src/runs/pool";
import { createRunProcessor } from "../../src/runs/processor";

/** What a run processor needs besides its queue; `close()` in `afterAll`. */
export interface WorkerRig {
  env: TestEnv;
  redis: ReturnType<typeof createRedis>;
  pool: SandboxPool;
  cancels: CancelListener;
  close(): Promise<void>;
}

export async function createWorkerRig(pool: PoolOptions): Promise<WorkerRig> {
  const env = await createTestEnv();
  const rig = { env, redis: createRedis(env.redisUrl, "worker"), pool: new SandboxPool(pool), cancels: new CancelListener(env.redisUrl, env.redisPrefix) };
  return {
    ...rig,
    async close() {
      rig.cancels.close();
      await rig.pool.close();
      rig.redis.disconnect();
      await env.close();
    },
  };
}

export interface Owner {
  id: string;
  handle: string;
}

/** An admitted account `handle` (email `handle@example.com`) on `plan`. */
export async function admittedAccount(db: Db, handle: string, plan = "pro"): Promise<Owner> {
  const account = await createAccount(db, { email: `${handle}@example.com`, password: "a long enough password", handle, plan, admit: true });
  return { id: account.id, handle: account.handle };
}

/** Validates `source` and saves it as `owner`'s script `slug` (version 1, titled `slug`). */
export async function saveScript(db: Db, owner: Owner, slug: string, source: string): Promise<{ id: string; kind: string }> {
  const files = [{ path: "main.pine", content: source }];
  const v = await validate(files, { resolver: createScriptResolver(db, { accountId: owner.id, handle: owner.handle }) });
  if (!v.valid || !v.interface || !v.kind) throw new Error(`invalid test script: ${JSON.stringify(v.diagnostics)}`);
  const script = await createScript(db, { ownerId: owner.id, slug, files, digest: filesDigest(files), derived: { kind: v.kind, title: slug, interface: v.interface, dependencies: v.dependencies } });
  return { id: script.id, kind: v.kind };
}

export interface RunQueue {
  queueName: string;
  queue: Queue<RunJobData>;
  events: QueueEvents;
  worker: Worker<RunJobData>;
  close(): Promise<void>;
}

export interface RunQueueOptions {
  logger?: Logger;
  bars?: BarChunkCache;
  /** Jobs the worker takes at once (BullMQ's default, 1, when left out). */
  concurrency?: number;
}

/** A fresh queue, its events and a ready worker running the processor. */
export async function createRunQueue(rig: WorkerRig, options: RunQueueOptions = {}): Promise<RunQueue> {
  const { env, redis, pool, cancels } = rig;
  const queueName = `runs-${randomUUID()}`;
  const prefix = bullPrefix(env.redisPrefix);
  const queue = new Queue<RunJobData>(queueName, { connection: redis, prefix });
  // Connections passed in are not closed by BullMQ: close() closes them.
  const connections = [createRedis(env.redisUrl, "worker"), createRedis(env.redisUrl, "worker")] as const;
  const events = new QueueEvents(queueName, { connection: connections[0], prefix });
  await events.waitUntilReady();
  const logger = options.logger ?? pino({ level: "silent" });
  const processor = createRunProcessor({ db: env.db, redis, logger, prefix: env.redisPrefix, pool, cancels, queue, ...(options.bars ? { bars: options.bars } : {}) });
  const worker = new Worker<RunJobData>(queueName, (job: Job<RunJobData>, token?: string) => processor(job, token), { connection: connections[1], prefix, concurrency: options.concurrency ?? 1 });
  await worker.waitUntilReady();
  return {
    queueName,
    queue,
    events,
    worker,
    async close() {
      await worker.close();
      await events.close();
      await queue.close();
      for (const c of connections) c.disconnect();
    },
  };
}

/** Queues the run `runId` (job id = run id) and waits up to 60 s for the processor's outcome. */
export async function runJob(q: Pick<RunQueue, "queue" | "events">, runId: string): Promise<FinishedRun | null> {
  const job = await q.queue.add("run", { runId }, { jobId: runId });
  return (await job.waitUntilFinished(q.events, 60_000)) as FinishedRun | null;
}

/** Runs `runId` through a queue of its own, closed afterwards: the outcome. */
export async function runOnce(rig: WorkerRig, runId: string, options: RunQueueOptions = {}): Promise<FinishedRun | null> {
  const q = await createRunQueue(rig, options);
  try {
    return await runJob(q, runId);
  } finally {
    await q.close();
  }
}
