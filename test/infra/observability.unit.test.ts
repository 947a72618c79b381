// The dashboard and the alert rules must use only the metrics the services export
// (names agreed in the platform issue), so a renamed metric breaks here, not silently in Grafana.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "../..");
const METRICS = new Set([
  "barscript_http_requests_total",
  "barscript_http_request_duration_seconds_bucket",
  "barscript_runs_total",
  "barscript_run_duration_seconds_bucket",
  "barscript_queue_jobs",
]);

const metricNames = (expr: string): string[] => expr.match(/\bbarscript_[a-z_]+/g) ?? [];

interface Panel { title: string; targets: { expr: string }[] }

describe("infra/grafana/barscript.json", () => {
  const dashboard = JSON.parse(readFileSync(join(ROOT, "infra/grafana/barscript.json"), "utf8")) as { uid: string; panels: Panel[] };

  it("when loaded, then every panel queries only exported metrics", () => {
    expect(dashboard.uid).toBe("barscript");
    for (const panel of dashboard.panels) {
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets) {
        expect(metricNames(target.expr).filter((m) => !METRICS.has(m))).toEqual([]);
      }
    }
  });

  it("when loaded, then request rate, error rate, queue depth and run durations are all shown", () => {
    const used = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => metricNames(t.expr))));
    expect([...used].sort()).toEqual([...METRICS].sort());
  });
});

describe("infra/prometheus/rules.yml", () => {
  const text = readFileSync(join(ROOT, "infra/prometheus/rules.yml"), "utf8");

  it("when read, then it alerts on 5xx rate, queue backlog and missing workers, using exported metrics only", () => {
    const alerts = [...text.matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
    expect(alerts).toEqual(expect.arrayContaining(["BarscriptHigh5xxRate", "BarscriptRunQueueBacklog", "BarscriptNoWorkers"]));
    const body = text.split("\n").filter((l) => !l.trimStart().startsWith("#")).join("\n");
    expect(metricNames(body).filter((m) => !METRICS.has(m))).toEqual([]);
  });
});
