// The worker's Prometheus metrics: one registry per process (default process metrics prefixed
// `barscript_worker_`), the runs this worker brought to a final state, and a plain node:http
// server answering GET /metrics on METRICS_PORT (0: off). Names and labels are the ones
// infra/grafana/barscript.json and infra/prometheus/rules.yml query.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { QUEUES, type QueueName } from "@barscript/queue";
import type { Processor } from "./processor-types";

export const FINAL_STATUSES = ["succeeded", "failed", "cancelled"] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

/** Runs take up to the longest plan limit (300 s). */
export const RUN_DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Queue waits: milliseconds on an idle service, minutes behind a backlog or a full plan. */
export const QUEUE_WAIT_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

export interface FinishedRun {
  kind: string;
  status: FinalStatus;
  /** The failure kind of a failed or cancelled run. */
  failure?: string | null;
  /** From start of execution to the final state; absent for a run that never started. */
  durationSeconds?: number | null;
  /** From creation (enqueue) to start of execution; absent for a run that never started. */
  queueWaitSeconds?: number | null;
  barsEvaluated: number;
}

export interface WorkerMetrics {
  registry: Registry;
  runFinished(run: FinishedRun): void;
}

export function createWorkerMetrics(options: { collectDefaults?: boolean } = {}): WorkerMetrics {
  const registry = new Registry();
  if (options.collectDefaults ?? true) {
    collectDefaultMetrics({ register: registry, prefix: "barscript_worker_" });
    // prom-client names three gauges `_total`, which `promtool check metrics` refuses (a counter's
    // suffix); the same counts by type stay as `barscript_worker_nodejs_active_*` (docs/adr/0367).
    for (const name of ["handles", "requests", "resources"]) registry.removeSingleMetric(`barscript_worker_nodejs_active_${name}_total`);
  }
  const runs = new Counter({ name: "barscript_runs_total", help: "Runs this worker brought to a final state, by kind, status and (failed or cancelled) failure kind", labelNames: ["kind", "status", "failure"], registers: [registry] });
  const duration = new Histogram({ name: "barscript_run_duration_seconds", help: "Run time from start of execution to the final state", labelNames: ["kind"], buckets: RUN_DURATION_BUCKETS, registers: [registry] });
  const wait = new Histogram({ name: "barscript_run_queue_wait_seconds", help: "Run time in the queue, from creation to start of execution (slot waits included)", labelNames: ["kind"], buckets: QUEUE_WAIT_BUCKETS, registers: [registry] });
  const bars = new Counter({ name: "barscript_run_bars_evaluated_total", help: "Bars evaluated by finished runs (warmup included)", labelNames: ["kind"], registers: [registry] });
  return {
    registry,
    runFinished(run) {
      // No empty `failure` label on successes: the series is {kind, status} only.
      runs.inc(run.status !== "succeeded" && run.failure ? { kind: run.kind, status: run.status, failure: run.failure } : { kind: run.kind, status: run.status });
      if (typeof run.durationSeconds === "number" && run.durationSeconds >= 0) duration.observe({ kind: run.kind }, run.durationSeconds);
      if (typeof run.queueWaitSeconds === "number" && run.queueWaitSeconds >= 0) wait.observe({ kind: run.kind }, run.queueWaitSeconds);
      if (run.barsEvaluated > 0) bars.inc({ kind: run.kind }, run.barsEvaluated);
    },
  };
}

function isFinishedRun(value: unknown): value is FinishedRun {
  const v = value as Partial<FinishedRun> | null;
  return typeof v === "object" && v !== null && typeof v.kind === "string" && FINAL_STATUSES.some((s) => s === v.status) && typeof v.barsEvaluated === "number";
}

/**
 * Wraps the runs queue's processor so each run it finishes is counted: the processor returns
 * the final state it brought the run to (null when it finished none: a run already final, one
 * another party finished first, a duplicate job); a run moved back to delayed throws. Other
 * queues pass through.
 */
export function observeProcessor(queue: QueueName, processor: Processor, deps: { metrics?: WorkerMetrics }): Processor {
  const metrics = deps.metrics;
  if (!metrics || queue !== QUEUES.runs) return processor;
  return async (job, token) => {
    // This attempt took the job now; it was added at job.timestamp (slot waits, which move the
    // job back to delayed, fall in between and count as queue wait).
    const takenAt = Date.now();
    const outcome = await processor(job, token);
    if (isFinishedRun(outcome)) {
      const started = typeof outcome.durationSeconds === "number";
      metrics.runFinished(started && outcome.queueWaitSeconds == null ? { ...outcome, queueWaitSeconds: Math.max(0, takenAt - job.timestamp) / 1000 } : outcome);
    }
    return outcome;
  };
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** GET /metrics (and HEAD) on `port`, every interface; anything else 404 or 405. */
export async function serveMetrics(registry: Registry, port: number, host?: string): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" }).end("method not allowed\n");
      return;
    }
    registry.metrics().then(
      (body) => { res.writeHead(200, { "content-type": registry.contentType }).end(req.method === "HEAD" ? undefined : body); },
      (error: unknown) => { res.writeHead(500, { "content-type": "text/plain" }).end(`metrics failed: ${(error as Error).message}\n`); },
    );
  });
  // Scrapes are short: do not let an idle keep-alive socket hold shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
