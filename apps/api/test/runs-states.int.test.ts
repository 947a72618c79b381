// Every state and failure kind of a run, reached over HTTP with real API and worker processes:
// script (every bar raised, or memory), plan_limit, out_of_coverage, data_not_ready, timeout,
// busy, cancelled (queued and running); runtime errors on some bars in a succeeded run; the
// queue cap, the long-poll cap and `wait` rules.
import { createLimits } from "@barscript/limits";
import { createRedis } from "@barscript/queue";
import { importFile, setBackfillStatus } from "@barscript/marketdata";
import type { Redis } from "ioredis";
import { AAPL_FILE, RunsHarness, SLOW, SMA_RSI, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const EVERY_BAR_ERROR = `//@version=6
indicator("always fails")
runtime.error("nothing works")
plot(close, "c")
`;
const SOME_BARS_ERROR = `//@version=6
indicator("even bars fail")
if bar_index % 2 == 0
    runtime.error("even bar")
plot(close, "c")
`;
const MEMORY = `//@version=6
indicator("mem")
type Row
    array<float> values
var arrs = array.new<Row>()
arrs.push(Row.new(array.new_float(100000, close)))
plot(arrs.size(), "n")
`;
const EVERY_BAR_EVENT = `//@version=6
definition("every bar")
alertcondition(close > 0, "up", "close is {{close}}")
`;

const h = new RunsHarness();
let redis: Redis;

beforeAll(async () => {
  await h.setup({ workerEnv: { SANDBOX_HEAP_MB: "48" } });
  redis = createRedis(h.env.redisUrl, "command");
  await importFile(h.env.db, { symbol: "BKFL", timeframe: "1d", file: AAPL_FILE, format: "bokeh" });
  await setBackfillStatus(h.env.db, "BKFL", "backfilling");
});
afterAll(async () => {
  redis?.disconnect();
  await h.teardown();
});

async function accountWith(scripts: Record<string, string>, plan: Parameters<RunsHarness["account"]>[0] = {}): Promise<{ id: string; client: Client }> {
  const a = await h.account(plan);
  for (const [slug, source] of Object.entries(scripts)) await h.script(a, slug, source);
  return a;
}

/** Holds one of the account's runs-at-once slots, as a run of another source would. */
async function holdSlot(accountId: string, concurrentRuns: number): Promise<() => Promise<void>> {
  const limits = createLimits({ redis, prefix: h.env.redisPrefix });
  const lease = await limits.tryAcquireRun({ id: accountId, plan: { concurrentRuns } }, `held-${accountId}`);
  if (!lease) throw new Error("no slot to hold");
  return () => lease.release();
}

const base = { instrument: "AAPL", timeframe: "1d" };

describe("run states and failure kinds", () => {
  it("when the script raises on every bar of its window, then the run fails with kind script, not retryable", async () => {
    const { client } = await accountWith({ bad: EVERY_BAR_ERROR });
    const run = (await client.start({ ...base, script: "bad", bars: 200, wait: 30 })).json;
    expect(run.status).toBe("failed");
    expect(run.failure).toEqual({ kind: "script", message: expect.stringContaining("nothing works"), retryable: false });
    expect(run.summary.runtime_errors[0]).toMatchObject({ message: "nothing works" });
    expect(run.summary.compute_units).toBeGreaterThan(0);
    const results = await client.call("GET", `/runs/${run.id}/results`);
    expect(results.status).toBe(409);
    expect(results.json.error.code).toBe("run_not_finished");
  });

  it("when the script's own message ends in a full stop, then the failure message ends in one, not two", async () => {
    const { client } = await accountWith({ dotted: EVERY_BAR_ERROR.replace('"nothing works"', '"Array size is 0."') });
    const run = (await client.start({ ...base, script: "dotted", bars: 50, wait: 30 })).json;
    expect(run.failure.message).toBe("The script raised a runtime error on every bar of its window: Array size is 0.");
  });

  it("when the script raises on some bars, then the run succeeds and its summary counts the errors", async () => {
    const { client } = await accountWith({ some: SOME_BARS_ERROR });
    const run = (await client.start({ ...base, script: "some", bars: 100, wait: 30 })).json;
    expect(run.status).toBe("succeeded");
    const err = run.summary.runtime_errors[0];
    expect(err.message).toBe("even bar");
    expect(err.count).toBeGreaterThanOrEqual(50);
    expect(err.first_time).toMatch(/^\d{4}-\d\d-\d\dT/);
    const points = (await client.call("GET", `/runs/${run.id}/results`)).json.outputs as Array<Record<string, number | null>>;
    expect(points.filter((p) => p["c"] === null).length).toBe(50);
  });

  it("when the script passes the sandbox's memory, then the run fails with kind script", async () => {
    const { client } = await accountWith({ mem: MEMORY });
    const run = (await client.start({ ...base, script: "mem", wait: 60 })).json;
    const final = run.status === "failed" ? run : await client.final(run.id);
    expect(final.failure).toMatchObject({ kind: "script", retryable: false });
    expect(final.failure.message).toMatch(/memory/);
  });

  it("when the window holds no bars, then the run fails with kind out_of_coverage", async () => {
    const { client } = await accountWith({ s: SMA_RSI });
    const run = (await client.start({ ...base, script: "s", from: "2001-01-06T00:00:00Z", to: "2001-01-07T00:00:00Z", wait: 30 })).json;
    expect(run.status).toBe("failed");
    expect(run.failure).toMatchObject({ kind: "out_of_coverage", retryable: false });
    expect(run.window.bars).toBe(0);
  });

  it("when the window ends before the plan's history start, then POST answers 400 out_of_coverage", async () => {
    const { client } = await accountWith({ s: SMA_RSI }, { historyStart: new Date("2010-01-01T00:00:00Z") });
    const r = await client.start({ ...base, script: "s", from: "2001-01-01T00:00:00Z", to: "2005-01-01T00:00:00Z" });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("out_of_coverage");
    const moved = (await client.start({ ...base, script: "s", from: "2001-01-01T00:00:00Z", to: "2010-03-01T00:00:00Z", wait: 30 })).json;
    expect(moved.window.from).toBe("2010-01-04T00:00:00Z");
    expect(moved.status).toBe("succeeded");
  });

  it("when the instrument is being backfilled, then the run fails with kind data_not_ready, retryable", async () => {
    const { client } = await accountWith({ s: SMA_RSI });
    const run = (await client.start({ script: "s", instrument: "BKFL", timeframe: "1d", bars: 50, wait: 30 })).json;
    expect(run.failure).toMatchObject({ kind: "data_not_ready", retryable: true });
  });

  it("when a run passes the plan's time limit, then it fails with kind timeout, retryable", async () => {
    const { client } = await accountWith({ slow: SLOW }, { runTimeLimitSeconds: 2 });
    const started = Date.now();
    const run = (await client.start({ ...base, script: "slow", wait: 30 })).json;
    expect(run.status).toBe("failed");
    expect(run.failure).toMatchObject({ kind: "timeout", retryable: true });
    expect(Date.now() - started).toBeLessThan(10_000);
    // It counts the bars its thread reported evaluated, not the whole read (docs/reference/limits-and-plans.md: failed and cancelled runs count what they evaluated).
    expect(run.summary.bars).toBe(run.window.bars);
    expect(run.summary.bars_evaluated).toBeLessThan(run.window.bars);
    expect(run.summary.compute_units).toBe(Math.ceil(run.summary.bars_evaluated / 1000));
  });

  it("when every slot stays taken past the time limit, then a queued run fails with kind busy, retryable", async () => {
    const { id, client } = await accountWith({ s: SMA_RSI }, { concurrentRuns: 1, runTimeLimitSeconds: 2 });
    const release = await holdSlot(id, 1);
    try {
      const queued = await client.start({ ...base, script: "s", bars: 50 });
      expect(queued.status).toBe(202);
      expect(queued.json.status).toBe("queued");
      const final = await client.final(queued.json.id as string);
      expect(final.status).toBe("failed");
      expect(final.failure).toMatchObject({ kind: "busy", retryable: true });
      expect(final.started_at).toBeNull();
    } finally {
      await release();
    }
  });

  it("when a slot frees within the time limit, then a queued run starts and succeeds", async () => {
    const { id, client } = await accountWith({ s: SMA_RSI }, { concurrentRuns: 1, runTimeLimitSeconds: 20 });
    const release = await holdSlot(id, 1);
    const queued = (await client.start({ ...base, script: "s", bars: 50 })).json;
    await new Promise((r) => setTimeout(r, 1000));
    expect((await client.call("GET", `/runs/${queued.id}`)).json.status).toBe("queued");
    await release();
    expect((await client.final(queued.id as string)).status).toBe("succeeded");
  });

  it("when the month's compute units are used up, then POST answers 403 plan_limit", async () => {
    const { client } = await accountWith({ s: SMA_RSI }, { computeUnitsPerMonth: 1 });
    const first = (await client.start({ ...base, script: "s", bars: 1500, wait: 30 })).json;
    expect(first.status).toBe("succeeded");
    const usage = await client.call("GET", "/usage");
    expect(usage.json.caps.compute_units_per_month.used).toBe(first.summary.compute_units);
    const r = await client.start({ ...base, script: "s", bars: 10 });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe("plan_limit");
  });

  it("when a definition run would pass the month's events budget, then it fails with kind plan_limit", async () => {
    const { client } = await accountWith({ d: EVERY_BAR_EVENT }, { eventsPerMonth: 10 });
    const run = (await client.start({ ...base, script: "d", bars: 50, wait: 30 })).json;
    expect(run.status).toBe("failed");
    expect(run.failure).toMatchObject({ kind: "plan_limit", retryable: false });
    const ok = (await client.start({ ...base, script: "d", bars: 5, wait: 30 })).json;
    expect(ok.status).toBe("succeeded");
    expect(ok.summary.events).toBe(5);
  });

  it("when a queued run is cancelled, then it is cancelled at once and leaves the queue", async () => {
    const { id, client } = await accountWith({ s: SMA_RSI }, { concurrentRuns: 1 });
    const release = await holdSlot(id, 1);
    try {
      const queued = (await client.start({ ...base, script: "s", bars: 50 })).json;
      const cancelled = await client.call("POST", `/runs/${queued.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.json.status).toBe("cancelled");
      expect(cancelled.json.failure).toEqual({ kind: "cancelled", message: expect.any(String), retryable: false });
      // Nothing evaluated; `bars` is still the window's (ADR 0016).
      expect(cancelled.json.summary).toMatchObject({ bars: queued.window.bars, warmup_bars: 0, bars_evaluated: 0, compute_units: 0 });
      expect((await client.call("GET", `/runs/${queued.id}/results`)).status).toBe(409);
      const again = await client.call("POST", `/runs/${queued.id}/cancel`);
      expect(again.json.status).toBe("cancelled");
    } finally {
      await release();
    }
  });

  it("when a running run is cancelled, then the worker stops it within a second", async () => {
    const { client } = await accountWith({ slow: SLOW }, { runTimeLimitSeconds: 60 });
    const run = (await client.start({ ...base, script: "slow" })).json;
    for (let i = 0; i < 100; i++) {
      const r = (await client.call("GET", `/runs/${run.id}`)).json;
      if (r.status === "running") break;
      await new Promise((res) => setTimeout(res, 50));
    }
    await new Promise((res) => setTimeout(res, 300));
    const t0 = Date.now();
    const cancelled = await client.call("POST", `/runs/${run.id}/cancel`);
    const took = Date.now() - t0;
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    expect(cancelled.json.failure.kind).toBe("cancelled");
    expect(took).toBeLessThan(1000);
    expect(cancelled.json.summary.bars).toBe(cancelled.json.window.bars);
    expect(cancelled.json.summary.bars_evaluated).toBeLessThan(cancelled.json.window.bars);
    expect(cancelled.json.summary.compute_units).toBe(Math.ceil(cancelled.json.summary.bars_evaluated / 1000));
    // The worker recovers: its next run succeeds.
    await h.script({ id: (await h.env.db.run.findUniqueOrThrow({ where: { id: run.id as string } })).accountId, handle: cancelled.json.script.owner }, "s", SMA_RSI);
    expect((await client.start({ ...base, script: "s", bars: 30, wait: 30 })).json.status).toBe("succeeded");
  });

  it("when API runs queued or running reach runs at once + 4, then the next POST answers 429 busy, Retry-After 15", async () => {
    const { id, client } = await accountWith({ s: SMA_RSI }, { concurrentRuns: 1 });
    const release = await holdSlot(id, 1);
    try {
      for (let i = 0; i < 5; i++) expect((await client.start({ ...base, script: "s", bars: 10 })).status).toBe(202);
      const full = await client.start({ ...base, script: "s", bars: 10 });
      expect(full.status).toBe(429);
      expect(full.json.error.code).toBe("busy");
      expect(full.headers.get("retry-after")).toBe("15");
    } finally {
      await release();
    }
  });

  it("when the account's long polls are used up, then a waiting call answers at once with the run as it is", async () => {
    const { id, client } = await accountWith({ s: SMA_RSI }, { concurrentRuns: 1, concurrentWaits: 1 });
    const release = await holdSlot(id, 1);
    try {
      const queued = (await client.start({ ...base, script: "s", bars: 10 })).json;
      // "At once" against a wait of 10 s: under half of it did not wait, whatever the load.
      const holding = client.call("GET", `/runs/${queued.id}?wait=10`);
      await new Promise((r) => setTimeout(r, 300));
      const t0 = Date.now();
      const second = await client.call("GET", `/runs/${queued.id}?wait=10`);
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(second.status).toBe(200);
      expect(second.json.status).toBe("queued");
      const first = await holding;
      expect(first.json.status).toBe("queued");
      // wait that is not a number is 0: no holding.
      const t1 = Date.now();
      expect((await client.call("GET", `/runs/${queued.id}?wait=abc`)).status).toBe(200);
      expect((await client.start({ ...base, script: "s", bars: 10, wait: "soon" })).status).toBe(202);
      expect(Date.now() - t1).toBeLessThan(5_000);
    } finally {
      await release();
    }
  });

  it("when a run is another account's, then it is 404 everywhere", async () => {
    const a = await accountWith({ s: SMA_RSI });
    const b = await accountWith({});
    const run = (await a.client.start({ ...base, script: "s", bars: 10, wait: 30 })).json;
    expect((await b.client.call("GET", `/runs/${run.id}`)).status).toBe(404);
    expect((await b.client.call("GET", `/runs/${run.id}/results`)).status).toBe(404);
    expect((await b.client.call("POST", `/runs/${run.id}/cancel`)).status).toBe(404);
  });
});
