// The worker's metrics: series and labels as the dashboard and alert rules query them, and the
// /metrics server (GET and HEAD only, nothing else served).
import { createWorkerMetrics, serveMetrics, type MetricsServer } from "../src/metrics";

describe("createWorkerMetrics", () => {
  it("when runs finish, then runs_total has {kind,status} for successes and adds failure for failed and cancelled runs", async () => {
    const m = createWorkerMetrics({ collectDefaults: false });
    m.runFinished({ kind: "indicator", status: "succeeded", durationSeconds: 0.4, barsEvaluated: 1200 });
    m.runFinished({ kind: "indicator", status: "succeeded", failure: null, durationSeconds: 0.6, barsEvaluated: 800 });
    m.runFinished({ kind: "definition", status: "failed", failure: "timeout", durationSeconds: 30, barsEvaluated: 5000 });
    m.runFinished({ kind: "indicator", status: "cancelled", failure: "cancelled", durationSeconds: null, barsEvaluated: 0 });
    const text = await m.registry.metrics();
    const lines = text.split("\n").filter((l) => l.startsWith("barscript_runs_total{")).sort();
    expect(lines).toEqual([
      'barscript_runs_total{kind="definition",status="failed",failure="timeout"} 1',
      'barscript_runs_total{kind="indicator",status="cancelled",failure="cancelled"} 1',
      'barscript_runs_total{kind="indicator",status="succeeded"} 2',
    ]);
    expect(text).toContain('barscript_run_duration_seconds_count{kind="indicator"} 2');
    expect(text).toContain('barscript_run_duration_seconds_sum{kind="indicator"} 1');
    expect(text).toContain('barscript_run_duration_seconds_bucket{le="300",kind="definition"} 1');
    expect(text).toContain('barscript_run_bars_evaluated_total{kind="indicator"} 2000');
    expect(text).toContain('barscript_run_bars_evaluated_total{kind="definition"} 5000');
  });

  it("when default metrics are on, then they are prefixed barscript_worker_", async () => {
    const text = await createWorkerMetrics().registry.metrics();
    expect(text).toMatch(/^barscript_worker_process_cpu_user_seconds_total /m);
    expect(text).not.toMatch(/^process_/m);
  });
});

describe("serveMetrics", () => {
  let server: MetricsServer;
  beforeAll(async () => {
    const m = createWorkerMetrics({ collectDefaults: false });
    m.runFinished({ kind: "indicator", status: "succeeded", durationSeconds: 1, barsEvaluated: 10 });
    server = await serveMetrics(m.registry, 0, "127.0.0.1");
  });
  afterAll(() => server.close());

  it("when GET /metrics, then it answers the registry in the Prometheus text format", async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toContain('barscript_runs_total{kind="indicator",status="succeeded"} 1');
  });

  it("when another path or method, then 404 or 405", async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    const post = await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("when the port is taken, then starting a second server rejects", async () => {
    await expect(serveMetrics(createWorkerMetrics({ collectDefaults: false }).registry, server.port, "127.0.0.1")).rejects.toThrow(/EADDRINUSE/);
  });
});
