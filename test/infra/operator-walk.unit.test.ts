// What an operator walking docs/operations.md tripped on (docs/adr/0323-deployment-fits-the-service.md):
// a worker pod whose memory limit is under what its sandbox threads may hold (OOM-killed with
// every run on it), an API readiness probe that takes every pod out on a shared-store outage
// (the ingress then answers its own 503 instead of the service's `busy`), an API pod that stops
// listening before the ingress stops sending to it (502s on every rollout), an ingress refusing
// bodies the API takes (a 2 MB script upload got nginx's HTML 413), a compose worker
// stopped before its longest run may end, and an empty worker variable read as 0.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { PLANS } from "@barscript/db";
import { loadWorkerConfig } from "../../apps/worker/src/config";
import { MAX_BODY_BYTES } from "../../apps/api/src/http/body";
import { kubectlAvailable, renderHere, renderKubectl, type K8sObject } from "./kustomize";

const DIR = join(__dirname, "../../infra/k8s");
const objects: K8sObject[] = kubectlAvailable() ? renderKubectl(DIR) : renderHere(DIR);

interface Probe { httpGet?: { path: string } }
interface Container { name: string; readinessProbe?: Probe; lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } }; resources?: { requests?: Record<string, string>; limits?: Record<string, string> } }
interface Deployment extends K8sObject { spec: { template: { spec: { containers: Container[]; terminationGracePeriodSeconds?: number } } } }

const deployment = (name: string): Deployment => {
  const found = objects.find((o) => o.kind === "Deployment" && o.metadata.name === name);
  if (!found) throw new Error(`no Deployment ${name}`);
  return found as Deployment;
};
const configMap = (objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === "barscript-config") as { data: Record<string, string> } | undefined)?.data ?? {};

/** Kubernetes memory quantities as MiB (Mi, Gi, M, G and plain bytes). */
function mib(quantity: string): number {
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(quantity);
  if (!m) throw new Error(`unreadable quantity ${quantity}`);
  const factor: Record<string, number> = { Ki: 1 / 1024, Mi: 1, Gi: 1024, K: 1000 / 1048576, M: 1e6 / 1048576, G: 1e9 / 1048576, "": 1 / 1048576 };
  return Number(m[1]) * (factor[m[2] ?? ""] ?? NaN);
}

/** Compose durations (`60s`, `5m30s`) as seconds. */
function seconds(duration: string): number {
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+)(h|m|s)/g)) total += Number(n) * (unit === "h" ? 3600 : unit === "m" ? 60 : 1);
  return total;
}

// Measured (ADR 0323): five memory-hungry runs at once took a worker from 459 MB to 1,602 MB,
// about 229 MB a thread at SANDBOX_HEAP_MB 256; a thread may also hold its young generation and
// output columns (ADR 0026), so 64 MiB a thread on top of its cap, and 512 MiB for the process.
const PROCESS_MIB = 512;
const THREAD_EXTRA_MIB = 64;
const LONGEST_RUN_SECONDS = Math.max(...PLANS.map((p) => p.runTimeLimitSeconds));

describe("the deployment files fit what the service does", () => {
  it("when every sandbox thread of a k8s worker holds its heap cap, then the pod's memory limit still holds them", () => {
    const defaults = loadWorkerConfig({});
    const threads = Number(configMap.WORKER_CONCURRENCY ?? defaults.concurrency);
    const heap = Number(configMap.SANDBOX_HEAP_MB ?? defaults.sandboxHeapMb);
    const worker = deployment("barscript-worker").spec.template.spec.containers.find((c) => c.name === "worker");
    const limit = worker?.resources?.limits?.memory;
    expect(limit).toBeDefined();
    expect(mib(limit ?? "0")).toBeGreaterThanOrEqual(PROCESS_MIB + threads * (heap + THREAD_EXTRA_MIB));
  });

  it("when Postgres or Redis is down, then API pods stay ready so callers get the service's 503 busy, not the ingress's", () => {
    const api = deployment("barscript-api").spec.template.spec.containers.find((c) => c.name === "api");
    expect(api?.readinessProbe?.httpGet?.path).toBe("/healthz");
  });

  it("when an API pod is stopped in a rollout, then it pauses before SIGTERM so the ingress stops sending to it first", () => {
    const api = deployment("barscript-api").spec.template.spec.containers.find((c) => c.name === "api");
    const pause = api?.lifecycle?.preStop;
    const seconds = pause?.sleep?.seconds ?? (pause?.exec?.command[0] === "sleep" ? Number(pause.exec.command[1]) : 0);
    expect(seconds).toBeGreaterThanOrEqual(5);
    // The pause and the API's own 10 s for long polls fit in the grace period.
    expect(deployment("barscript-api").spec.template.spec.terminationGracePeriodSeconds ?? 30).toBeGreaterThan(seconds + 10);
  });

  it("when a caller sends a body up to the API's 2.25 MB, then the example ingress passes it on (the API answers past it with its own 413)", () => {
    const ingress = objects.find((o) => o.kind === "Ingress");
    const size = ingress?.metadata.annotations?.["nginx.ingress.kubernetes.io/proxy-body-size"] ?? "1m";
    const m = /^(\d+)([kmg]?)$/i.exec(size);
    const bytes = m ? Number(m[1]) * ({ "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(m[2] ?? "").toLowerCase()] ?? NaN) : NaN;
    expect(bytes).toBeGreaterThan(MAX_BODY_BYTES);
  });

  // A worker holds twice as many run jobs as threads (docs/configuration.md WORKER_CONCURRENCY) and
  // a job waiting for a thread starts its time limit when it gets one: draining them all takes up
  // to two of the longest runs (measured: WORKER_CONCURRENCY=1, two runs, SIGTERM during the first:
  // the worker ran the second too and exited 150 s later).
  it("when a worker is stopped, then compose and Kubernetes wait past two of the longest plan's runs", () => {
    const compose = parse(readFileSync(join(__dirname, "../../docker-compose.yml"), "utf8"), { merge: true }) as { services: Record<string, { stop_grace_period?: string }> };
    expect(seconds(compose.services.worker?.stop_grace_period ?? "10s")).toBeGreaterThan(2 * LONGEST_RUN_SECONDS);
    expect(deployment("barscript-worker").spec.template.spec.terminationGracePeriodSeconds ?? 30).toBeGreaterThan(2 * LONGEST_RUN_SECONDS);
  });

  it("when a worker variable is set but empty, then it takes its default, as the API and admin read it", () => {
    const config = loadWorkerConfig({ METRICS_PORT: "", WORKER_CONCURRENCY: "", SANDBOX_HEAP_MB: " ", LOG_LEVEL: "" });
    expect(config.metricsPort).toBe(9464);
    expect(config.concurrency).toBe(loadWorkerConfig({}).concurrency);
    expect(config.sandboxHeapMb).toBe(256);
    expect(config.logLevel).toBe("info");
  });
});
