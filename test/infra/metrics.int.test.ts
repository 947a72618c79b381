// Metrics end to end with real processes: a worker serving /metrics on METRICS_PORT counts the
// indicator run it finished (count, duration, bars), and the API's /metrics shows the depth of
// every BullMQ queue, read from Redis on scrape.
import { freePort } from "../support/processes";
import { RunsHarness, SMA_RSI, type Client } from "../../apps/api/test/runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;
let metricsPort: number;

async function scrape(url: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

/** Scrapes until every pattern matches (counts are recorded just after the run's final state). */
async function scrapeUntil(url: string, patterns: RegExp[], seconds = 15): Promise<string> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const { text } = await scrape(url);
    if (patterns.every((p) => p.test(text)) || Date.now() > deadline) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const value = (text: string, series: string): number | null => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
};

beforeAll(async () => {
  metricsPort = await freePort();
  await h.setup({ workerEnv: { METRICS_PORT: String(metricsPort) } });
  const a = await h.account();
  client = a.client;
  await h.script(a, "sma-rsi", SMA_RSI);
});
afterAll(() => h.teardown());

describe("worker and queue metrics", () => {
  let summary: { bars_evaluated: number };

  it("when the worker starts with METRICS_PORT, then GET /metrics answers Prometheus text with its process metrics and no run yet", async () => {
    const r = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/plain/);
    expect(r.text).toMatch(/^barscript_worker_process_cpu_user_seconds_total \d/m);
    expect(r.text).toContain("# TYPE barscript_runs_total counter");
    expect(r.text).not.toMatch(/^barscript_runs_total\{/m);
    expect((await scrape(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });

  it("when an indicator run succeeds, then the worker counts it once with its duration and bars", async () => {
    const r = await client.start({ script: "sma-rsi", instrument: "AAPL", timeframe: "1d", from: "2010-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z", wait: 30 });
    expect(r.status).toBe(202);
    expect(r.json.status).toBe("succeeded");
    summary = r.json.summary;
    const text = await scrapeUntil(`http://127.0.0.1:${metricsPort}/metrics`, [/^barscript_runs_total\{kind="indicator",status="succeeded"\} 1$/m]);
    expect(text).toMatch(/^barscript_runs_total\{kind="indicator",status="succeeded"\} 1$/m);
    expect(text.split("\n").filter((l) => l.startsWith("barscript_runs_total{"))).toHaveLength(1);
    expect(value(text, 'barscript_run_duration_seconds_count{kind="indicator"}')).toBe(1);
    const seconds = value(text, 'barscript_run_duration_seconds_sum{kind="indicator"}');
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(30);
    expect(value(text, 'barscript_run_bars_evaluated_total{kind="indicator"}')).toBe(summary.bars_evaluated);
    // Time in the queue, creation to start: one observation, shorter than the whole wait call.
    expect(value(text, 'barscript_run_queue_wait_seconds_count{kind="indicator"}')).toBe(1);
    const waited = value(text, 'barscript_run_queue_wait_seconds_sum{kind="indicator"}');
    expect(waited).toBeGreaterThanOrEqual(0);
    expect(waited).toBeLessThan(30);
  });

  it("when the API is scraped, then it shows every state of every queue, with the finished run job", async () => {
    const url = `${h.api.url}/metrics`;
    const text = await scrapeUntil(url, [/^barscript_queue_jobs\{queue="runs",state="completed"\} 1$/m]);
    expect(text).toContain("# TYPE barscript_queue_jobs gauge");
    for (const queue of ["runs", "maintenance"]) {
      for (const state of ["waiting", "active", "delayed", "failed", "completed"]) {
        expect(value(text, `barscript_queue_jobs{queue="${queue}",state="${state}"}`)).toEqual(expect.any(Number));
      }
    }
    expect(value(text, 'barscript_queue_jobs{queue="runs",state="completed"}')).toBe(1);
    expect(value(text, 'barscript_queue_jobs{queue="runs",state="waiting"}')).toBe(0);
    expect(value(text, 'barscript_queue_jobs{queue="runs",state="failed"}')).toBe(0);
  });
});
