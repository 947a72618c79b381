// The dashboard and the alert rules must use only the metrics the services export, with the
// labels they export (names agreed in the platform issue), so a renamed metric or label breaks
// here, not silently in Grafana. The exported names and labels are read from the code's own
// registries (API http and queue metrics, worker metrics).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Registry } from "prom-client";
import { createHttpMetrics } from "../../apps/api/src/ops/metrics";
import { createQueueMetrics } from "../../apps/api/src/ops/queue-metrics";
import { createWorkerMetrics } from "../../apps/worker/src/metrics";

const ROOT = join(__dirname, "../..");

/** Every series the dashboard and rules may query, with its labels (`le`: histogram buckets). */
const EXPORTED: Record<string, string[]> = {
  barscript_http_requests_total: ["method", "route", "status"],
  barscript_http_request_duration_seconds_bucket: ["method", "route", "le"],
  barscript_runs_total: ["kind", "status", "failure"],
  barscript_run_duration_seconds_bucket: ["kind", "le"],
  barscript_run_bars_evaluated_total: ["kind"],
  barscript_queue_jobs: ["queue", "state"],
};

/** What the dashboard must show: request rate, error rate, latency, queue depth, runs, run durations. */
const DASHBOARD = new Set([
  "barscript_http_requests_total",
  "barscript_http_request_duration_seconds_bucket",
  "barscript_runs_total",
  "barscript_run_duration_seconds_bucket",
  "barscript_queue_jobs",
]);

const metricNames = (expr: string): string[] => expr.match(/\bbarscript_[a-z_]+/g) ?? [];

/** Label names matched in `barscript_x{...}` selectors, per metric. */
function selectorLabels(expr: string): Array<[string, string[]]> {
  return [...expr.matchAll(/\b(barscript_[a-z_]+)\{([^}]*)\}/g)].map((m) => [m[1] as string, [...(m[2] as string).matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1] as string)]);
}

/** Label names in `by (...)` and `without (...)` clauses. */
const groupingLabels = (expr: string): string[] =>
  [...expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((m) => (m[1] as string).split(",").map((l) => l.trim()).filter(Boolean));

/** Every API instance reports the same queue counts: summing them multiplies by the replica count. */
const sumsQueueJobs = (expr: string): boolean => /\bsum\b\s*(?:(?:by|without)\s*\([^)]*\)\s*)?\(\s*barscript_queue_jobs\b/.test(expr);

function checkExpr(expr: string): void {
  expect(metricNames(expr).filter((m) => !(m in EXPORTED))).toEqual([]);
  for (const [metric, labels] of selectorLabels(expr)) {
    expect({ metric, unknown: labels.filter((l) => !EXPORTED[metric]?.includes(l)) }).toEqual({ metric, unknown: [] });
  }
  const known = new Set(metricNames(expr).flatMap((m) => EXPORTED[m] ?? []));
  expect({ expr, unknown: groupingLabels(expr).filter((l) => !known.has(l)) }).toEqual({ expr, unknown: [] });
  expect({ expr, sumsQueueJobs: sumsQueueJobs(expr) }).toEqual({ expr, sumsQueueJobs: false });
}

describe("the services' registries", () => {
  it("when built, then they export exactly the names and labels listed here", async () => {
    const api = new Registry();
    createHttpMetrics(false, api);
    const queues = createQueueMetrics({ registry: api, redisUrl: "redis://unused", redisPrefix: "x:", queues: [] });
    const worker = createWorkerMetrics({ collectDefaults: false }).registry;
    const found: Record<string, string[]> = {};
    for (const registry of [api, worker]) {
      for (const metric of await registry.getMetricsAsJSON()) {
        const labels = [...((registry.getSingleMetric(metric.name) as unknown as { labelNames?: string[] }).labelNames ?? [])];
        if (String(metric.type) === "histogram") found[`${metric.name}_bucket`] = [...labels, "le"];
        else found[metric.name] = labels;
      }
    }
    await queues.close();
    const sorted = (r: Record<string, string[]>): Record<string, string[]> => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, [...v].sort()]).sort());
    expect(sorted(found)).toEqual(sorted(EXPORTED));
  });

  it("when the checks here are given known bad expressions, then they catch them", () => {
    expect(sumsQueueJobs('sum(barscript_queue_jobs{queue="runs"})')).toBe(true);
    expect(sumsQueueJobs('sum by (state) (barscript_queue_jobs{queue="runs"})')).toBe(true);
    expect(sumsQueueJobs('max by (state) (barscript_queue_jobs{queue="runs"})')).toBe(false);
    expect(selectorLabels('rate(barscript_runs_total{kind="x", stat=~"f.*"}[5m])')).toEqual([["barscript_runs_total", ["kind", "stat"]]]);
    expect(groupingLabels("sum by (le, kind) (rate(x[5m]))")).toEqual(["le", "kind"]);
  });
});

interface Panel { title: string; targets: { expr: string }[] }

describe("infra/grafana/barscript.json", () => {
  const dashboard = JSON.parse(readFileSync(join(ROOT, "infra/grafana/barscript.json"), "utf8")) as { uid: string; panels: Panel[] };

  it("when loaded, then every panel queries only exported metrics, with their labels, and never sums queue counts", () => {
    expect(dashboard.uid).toBe("barscript");
    for (const panel of dashboard.panels) {
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets) checkExpr(target.expr);
    }
  });

  it("when loaded, then request rate, error rate, queue depth and run durations are all shown", () => {
    const used = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => metricNames(t.expr))));
    expect([...used].sort()).toEqual([...DASHBOARD].sort());
  });
});

describe("infra/prometheus/rules.yml", () => {
  const text = readFileSync(join(ROOT, "infra/prometheus/rules.yml"), "utf8");
  const body = text.split("\n").filter((l) => !l.trimStart().startsWith("#")).join("\n");

  it("when read, then it alerts on 5xx rate, queue backlog and missing workers, using exported metrics only", () => {
    const alerts = [...text.matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
    expect(alerts).toEqual(expect.arrayContaining(["BarscriptHigh5xxRate", "BarscriptRunQueueBacklog", "BarscriptNoWorkers"]));
    expect(metricNames(body).filter((m) => !(m in EXPORTED))).toEqual([]);
  });

  it("when read, then every alert's expression uses exported labels and never sums queue counts", () => {
    const alerts = body.split(/\n\s*- alert: /).slice(1);
    expect(alerts.length).toBeGreaterThanOrEqual(3);
    for (const alert of alerts) {
      const expr = /expr: (?:\|\n)?([\s\S]*?)\n\s*(?:for|labels):/.exec(alert)?.[1];
      expect(expr).toBeDefined();
      checkExpr(expr as string);
    }
  });
});
