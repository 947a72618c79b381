// What the run endpoints share in one API process: the runs queue, the limits, the pub/sub
// watcher. Built once per app.
import type { Queue } from "bullmq";
import { createLimits, type Limits } from "@barscript/limits";
import { runsQueue, type RunJobData } from "@barscript/queue";
import type { AppDeps } from "../deps";
import { RunWatcher } from "./watcher";

export interface RunsContext {
  deps: AppDeps;
  queue: Queue<RunJobData>;
  limits: Limits;
  watcher: RunWatcher;
}

const contexts = new WeakMap<AppDeps, RunsContext>();

export function runsContext(deps: AppDeps): RunsContext {
  let ctx = contexts.get(deps);
  if (!ctx) {
    ctx = {
      deps,
      queue: runsQueue(deps.redis, deps.config.redisPrefix),
      limits: createLimits({ redis: deps.redis, prefix: deps.config.redisPrefix }),
      watcher: new RunWatcher(deps.config.redisUrl, deps.config.redisPrefix),
    };
    contexts.set(deps, ctx);
  }
  return ctx;
}

/** Held long polls answer now with the run as it is (the process is stopping; RunWatcher.endWaits). */
export function endRunWaits(deps: AppDeps): void {
  contexts.get(deps)?.watcher.endWaits();
}

export async function closeRunsContext(deps: AppDeps): Promise<void> {
  const ctx = contexts.get(deps);
  if (!ctx) return;
  contexts.delete(deps);
  await ctx.watcher.close();
  await ctx.queue.close().catch(() => undefined);
}
