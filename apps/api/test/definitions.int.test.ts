// Definition runs end to end over HTTP with real API and worker processes: every SMA(50)/SMA(200)
// cross on the whole SPY daily file (1999-2020) equals an independent computation and the
// constants below; collect (202, kind definition, the latest 50,000 bars by default); a run
// producing more than 10,000 events keeps the first 10,000 as produced and counts the rest as
// dropped; the month's events budget fails a run with plan_limit and keeps nothing; a definition
// with no event succeeds; usage counts kept events only.
import { allEvents, csvOf, EVERY_BAR, importSpy, independentCrosses, NEVER, SMA_CROSS, spyDailyRows } from "./definitions-harness";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

/** The crosses, written out by hand from the chart (checked against the loop in the test too). */
const EXPECTED_CROSS_COUNT = 20;
const EXPECTED_FIRST_CROSSES = [
  { name: "death", date: "2000-10-30", close: 140.5312 },
  { name: "golden", date: "2003-05-15", close: 95.11 },
  { name: "death", date: "2004-08-18", close: 110.03 },
  { name: "golden", date: "2004-11-05", close: 117.28 },
  { name: "death", date: "2006-07-19", close: 125.69 },
];
const EXPECTED_LAST_CROSSES = [
  { name: "death", date: "2020-03-30", close: 261.65 },
  { name: "golden", date: "2020-07-09", close: 314.38 },
];

const h = new RunsHarness();
let a: { id: string; handle: string; client: Client };
let minuteBars = 0;

beforeAll(async () => {
  await h.setup();
  await importSpy(h.env.db);
  a = await h.account();
  await h.script(a, "sma-cross", SMA_CROSS);
  await h.script(a, "every-bar", EVERY_BAR);
  await h.script(a, "never", NEVER);
  const spy = await a.client.call("GET", "/instruments/SPY");
  minuteBars = spy.json.coverage["1m"].bars as number;
});
afterAll(() => h.teardown());

async function usedEvents(client: Client): Promise<number> {
  const r = await client.call("GET", "/usage");
  expect(r.status).toBe(200);
  return r.json.caps.events_per_month.used as number;
}

describe("SMA(50)/SMA(200) crosses on SPY daily, 1999-2020", () => {
  let runId: string;
  let events: any[]; // eslint-disable-line @typescript-eslint/no-explicit-any

  it("when the independent loop runs over the CSV, then it finds the crosses written down here", () => {
    const crosses = independentCrosses();
    expect(crosses).toHaveLength(EXPECTED_CROSS_COUNT);
    expect(crosses.slice(0, EXPECTED_FIRST_CROSSES.length)).toEqual(EXPECTED_FIRST_CROSSES);
    expect(crosses.slice(-EXPECTED_LAST_CROSSES.length)).toEqual(EXPECTED_LAST_CROSSES);
  });

  it("when the definition runs over the whole file, then the run succeeds with one event per cross", async () => {
    const r = await a.client.start({ script: "sma-cross", instrument: "SPY", timeframe: "1d", from: "1999-11-01T00:00:00Z", to: "2020-08-28T00:00:00Z", wait: 60 });
    expect(r.status).toBe(202);
    const run = r.json.status === "succeeded" ? r.json : await a.client.final(r.json.id);
    runId = run.id;
    expect(run.kind).toBe("definition");
    expect(run.status).toBe("succeeded");
    expect(run.window.from).toBe("1999-11-01T00:00:00Z");
    expect(run.window.to).toBe("2020-08-28T00:00:00Z");
    expect(run.window.bars).toBe(spyDailyRows());
    expect(run.summary.bars).toBe(spyDailyRows());
    expect(run.summary.events).toBe(EXPECTED_CROSS_COUNT);
    expect(run.summary.events_dropped).toBe(0);
    expect(run.summary.outputs).toBeUndefined();
    expect(run.summary.compute_units).toBe(Math.ceil(run.summary.bars_evaluated / 1000));
    expect(run.summary.bars_evaluated).toBeGreaterThanOrEqual(spyDailyRows());
  });

  it("when its results are read, then every event equals the independent cross: time, name, price and rendered message", async () => {
    events = await allEvents(a.client, `/runs/${runId}/results`, 3);
    const crosses = independentCrosses();
    expect(events).toHaveLength(crosses.length);
    events.forEach((e, i) => {
      const c = crosses[i]!;
      expect(e).toEqual({
        id: expect.stringMatching(/^\d+$/),
        time: `${c.date}T00:00:00Z`,
        name: c.name,
        message: c.name === "golden" ? `Golden cross on SPY at ${c.close}` : `Death cross on SPY at ${c.close}`,
        instrument: "SPY",
        timeframe: "1d",
        price: c.close,
        run_id: runId,
      });
    });
  });

  it("when the definition's events are listed, then they are the run's events", async () => {
    const listed = await allEvents(a.client, `/scripts/sma-cross/events?run_id=${runId}`);
    expect(listed).toEqual(events);
  });

  it("when the results are read as CSV, then the rows equal the JSON events in Event column order", async () => {
    const csv = await csvOf(h.api.url, a.client.key, `/runs/${runId}/results?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.rows[0]).toEqual(["id", "time", "name", "message", "instrument", "timeframe", "price", "run_id"]);
    expect(csv.rows.slice(1)).toEqual(events.map((e) => [e.id, e.time, e.name, e.message, e.instrument, e.timeframe, String(e.price), e.run_id]));
  });
});

describe("collect", () => {
  it("when a definition is collected without a window, then it answers 202 with a definition run over the latest 50,000 bars the plan reaches (the whole file)", async () => {
    const r = await a.client.call("POST", "/scripts/sma-cross/collect", { instrument: "SPY", timeframe: "1d", wait: 60 });
    expect(r.status).toBe(202);
    expect(r.json.kind).toBe("definition");
    expect(r.json.source).toBe("api");
    expect(r.json.script).toEqual({ owner: a.handle, slug: "sma-cross", version: 1 });
    const run = ["queued", "running"].includes(r.json.status) ? await a.client.final(r.json.id) : r.json;
    expect(run.status).toBe("succeeded");
    expect(run.window.bars).toBe(spyDailyRows());
    expect(run.window.requested_from).toBeNull();
    expect(run.summary.events).toBe(EXPECTED_CROSS_COUNT);
    const events = await allEvents(a.client, `/scripts/sma-cross/events?run_id=${run.id}`);
    expect(events.map((e) => [e.name, e.time.slice(0, 10)])).toEqual(independentCrosses().map((c) => [c.name, c.date]));
  });

  it("when collect names an indicator, then it answers 400 invalid_request; an unknown slug 404", async () => {
    await h.script(a, "an-indicator", `//@version=6\nindicator("i")\nplot(close, "c")\n`);
    const r = await a.client.call("POST", "/scripts/an-indicator/collect", { instrument: "SPY", timeframe: "1d" });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("invalid_request");
    expect(r.json.error.message).toBe('"an-indicator" is an indicator; collect runs a definition.');
    const missing = await a.client.call("POST", "/scripts/no-such-definition/collect", { instrument: "SPY", timeframe: "1d" });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
  });

  it("when collect carries a window, then the window rules of runs apply (from and to, bars with both is 400)", async () => {
    const r = await a.client.call("POST", "/scripts/sma-cross/collect", { instrument: "SPY", timeframe: "1d", from: "2019-01-01T00:00:00Z", to: "2019-12-31T00:00:00Z", wait: 30 });
    expect(r.status).toBe(202);
    const run = ["queued", "running"].includes(r.json.status) ? await a.client.final(r.json.id) : r.json;
    expect(run.status).toBe("succeeded");
    expect(run.window.from).toBe("2019-01-02T00:00:00Z");
    // The 2019 crosses with warmup before the window: the same as over the whole file.
    expect(run.summary.events).toBe(independentCrosses().filter((c) => c.date.startsWith("2019")).length);
    const bad = await a.client.call("POST", "/scripts/sma-cross/collect", { instrument: "SPY", timeframe: "1d", from: "2019-01-01T00:00:00Z", to: "2019-12-31T00:00:00Z", bars: 10 });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("invalid_request");
  });
});

describe("the 10,000-event cap", () => {
  it("when a definition fires on every 1m bar of both months, then 10,000 events are kept (the first ones, as produced) and the rest are counted as dropped", async () => {
    expect(minuteBars).toBeGreaterThan(10_000);
    const before = await usedEvents(a.client);
    const r = await a.client.start({ script: "every-bar", instrument: "SPY", timeframe: "1m", from: "2011-01-01T00:00:00Z", to: "2011-04-01T00:00:00Z", wait: 60 });
    expect(r.status).toBe(202);
    const run = ["queued", "running"].includes(r.json.status) ? await a.client.final(r.json.id) : r.json;
    expect(run.status).toBe("succeeded");
    expect(run.window.bars).toBe(minuteBars);
    expect(run.summary.events).toBe(10_000);
    expect(run.summary.events_dropped).toBe(minuteBars - 10_000);
    expect(run.summary.compute_units).toBe(Math.ceil(minuteBars / 1000));

    const events = await allEvents(a.client, `/runs/${run.id}/results`, 1000);
    expect(events).toHaveLength(10_000);
    // Kept as produced: the window's first 10,000 bars, in order, one event each.
    expect(events[0].time).toBe(run.window.from);
    const times = events.map((e) => Date.parse(e.time));
    for (let i = 1; i < times.length; i++) expect(times[i]! > times[i - 1]!).toBe(true);
    expect(events[9_999].time < run.window.to).toBe(true);
    expect(events[0].message).toBe(`bar closed at ${events[0].price}`);
    // Usage counts kept events, not dropped ones.
    expect((await usedEvents(a.client)) - before).toBe(10_000);
  });

  it("when a page asks for more than 1,000 events, then it gets 1,000; without a limit 100", async () => {
    const runs = await a.client.call("GET", "/runs?kind=definition&limit=200");
    const big = runs.json.data.find((r: { summary?: { events?: number } }) => r.summary?.events === 10_000);
    const most = await a.client.call("GET", `/runs/${big.id}/results?limit=5000`);
    expect(most.json.events).toHaveLength(1000);
    const dflt = await a.client.call("GET", `/runs/${big.id}/results`);
    expect(dflt.json.events).toHaveLength(100);
    expect(dflt.json.next_cursor).toEqual(expect.any(String));
  });
});

describe("the month's events budget", () => {
  it("when a run's events would pass the budget, then it fails plan_limit (not retryable), keeps none and uses none of the budget", async () => {
    const b = await h.account({ eventsPerMonth: 5_000 });
    await h.script(b, "every-bar", EVERY_BAR);
    await h.script(b, "never", NEVER);
    const r = await b.client.start({ script: "every-bar", instrument: "SPY", timeframe: "1m", from: "2011-01-01T00:00:00Z", to: "2011-04-01T00:00:00Z", wait: 60 });
    const run = ["queued", "running"].includes(r.json.status) ? await b.client.final(r.json.id) : r.json;
    expect(run.status).toBe("failed");
    expect(run.failure).toMatchObject({ kind: "plan_limit", retryable: false });
    expect(run.failure.message).toMatch(/events budget/);
    expect(run.summary.events).toBe(0); // events kept (docs/adr/0279); the message says how many were made
    expect(run.summary.compute_units).toBeGreaterThan(0);
    expect(await usedEvents(b.client)).toBe(0);
    expect(await h.env.db.event.count({ where: { runId: run.id } })).toBe(0);
    const results = await b.client.call("GET", `/runs/${run.id}/results`);
    expect(results.status).toBe(409);
    expect(results.json.error.code).toBe("run_not_finished");
    const listed = await b.client.call("GET", `/scripts/every-bar/events?run_id=${run.id}`);
    expect(listed.json.events).toEqual([]);

    // A run that fits the rest of the budget succeeds and uses exactly its events.
    const small = await b.client.start({ script: "every-bar", instrument: "SPY", timeframe: "1d", from: "2020-01-01T00:00:00Z", to: "2020-03-31T00:00:00Z", wait: 60 });
    const smallRun = ["queued", "running"].includes(small.json.status) ? await b.client.final(small.json.id) : small.json;
    expect(smallRun.status).toBe("succeeded");
    expect(await usedEvents(b.client)).toBe(smallRun.summary.events);
  });

  it("when the month already holds all but 10 of the budget, then a run with more fails plan_limit, one with 10 fits exactly, and one with no event succeeds", async () => {
    const c = await h.account();
    await h.script(c, "every-bar", EVERY_BAR);
    await h.script(c, "never", NEVER);
    // The month already holds all but 10 of the account's events.
    const plan = await h.env.db.account.findUniqueOrThrow({ where: { id: c.id }, include: { plan: true } });
    const now = new Date();
    await h.env.db.usageCounter.create({ data: { accountId: c.id, period: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), events: BigInt(plan.plan.eventsPerMonth - 10) } });
    const over = await c.client.start({ script: "every-bar", instrument: "SPY", timeframe: "1d", from: "2020-01-01T00:00:00Z", to: "2020-01-31T00:00:00Z", wait: 60 });
    const overRun = ["queued", "running"].includes(over.json.status) ? await c.client.final(over.json.id) : over.json;
    expect(overRun.summary.events).toBe(0); // none kept (docs/adr/0279)
    expect(overRun.failure.message).toMatch(/Keeping this run's (1[1-9]|[2-9]\d|\d{3,}) events/);
    expect(overRun.failure).toMatchObject({ kind: "plan_limit", retryable: false });
    const fits = await c.client.start({ script: "every-bar", instrument: "SPY", timeframe: "1d", from: "2020-01-01T00:00:00Z", bars: 10, wait: 60 });
    const fitsRun = ["queued", "running"].includes(fits.json.status) ? await c.client.final(fits.json.id) : fits.json;
    expect(fitsRun.status).toBe("succeeded");
    expect(fitsRun.summary.events).toBe(10);
    expect(await usedEvents(c.client)).toBe(plan.plan.eventsPerMonth);
    const none = await c.client.call("POST", "/scripts/never/collect", { instrument: "SPY", timeframe: "1d", wait: 60 });
    const noneRun = ["queued", "running"].includes(none.json.status) ? await c.client.final(none.json.id) : none.json;
    expect(noneRun.status).toBe("succeeded");
  });
});

describe("a definition with no event", () => {
  it("when no bar fires, then the run succeeds with 0 events, empty results and a header-only CSV", async () => {
    const r = await a.client.call("POST", "/scripts/never/collect", { instrument: "SPY", timeframe: "1d", wait: 60 });
    expect(r.status).toBe(202);
    const run = ["queued", "running"].includes(r.json.status) ? await a.client.final(r.json.id) : r.json;
    expect(run.status).toBe("succeeded");
    expect(run.failure).toBeUndefined();
    expect(run.summary.events).toBe(0);
    expect(run.summary.events_dropped).toBe(0);
    const results = await a.client.call("GET", `/runs/${run.id}/results`);
    expect(results.status).toBe(200);
    expect(results.json).toEqual({ events: [], next_cursor: null });
    const csv = await csvOf(h.api.url, a.client.key, `/runs/${run.id}/results?format=csv`);
    expect(csv.rows).toEqual([["id", "time", "name", "message", "instrument", "timeframe", "price", "run_id"]]);
  });
});

const SLOW_DEFINITION = `//@version=6
definition("slow")
float x = 0.0
for i = 0 to 1000000
    x += i
alertcondition(x < 0, "never", "never")
`;

describe("caps shared with POST /runs", () => {
  it("when two runs finish together and both would fit only alone, then exactly one keeps its events and the other fails plan_limit", async () => {
    const d = await h.account({ eventsPerMonth: 15_000 });
    await h.script(d, "every-bar", EVERY_BAR);
    const body = { script: "every-bar", instrument: "SPY", timeframe: "1m", from: "2011-01-01T00:00:00Z", to: "2011-04-01T00:00:00Z", wait: 60 };
    const started = await Promise.all([d.client.start(body), d.client.start(body)]);
    const runs = await Promise.all(started.map((r) => (["queued", "running"].includes(r.json.status) ? d.client.final(r.json.id) : r.json)));
    expect(runs.map((r) => r.status).sort()).toEqual(["failed", "succeeded"]);
    expect(runs.find((r) => r.status === "failed").failure.kind).toBe("plan_limit");
    expect(await usedEvents(d.client)).toBe(10_000);
    expect(await h.env.db.event.count({ where: { accountId: d.id } })).toBe(10_000);
  });

  it("when the queue holds runs at once + 4 API runs, then collect answers 429 busy with Retry-After 15, as POST /runs does", async () => {
    const e = await h.account({ concurrentRuns: 1 });
    await h.script(e, "slow", SLOW_DEFINITION);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await e.client.call("POST", "/scripts/slow/collect", { instrument: "SPY", timeframe: "1d" });
      expect(r.status).toBe(202);
      ids.push(r.json.id as string);
    }
    const full = await e.client.call("POST", "/scripts/slow/collect", { instrument: "SPY", timeframe: "1d" });
    expect(full.status).toBe(429);
    expect(full.json.error.code).toBe("busy");
    expect(full.headers.get("retry-after")).toBe("15");
    const viaRuns = await e.client.start({ script: "slow", instrument: "SPY", timeframe: "1d" });
    expect(viaRuns.status).toBe(429);
    await Promise.all(ids.map((id) => e.client.call("POST", `/runs/${id}/cancel`)));
  });

  it("when the month's compute units are used up, then collect answers 403 plan_limit", async () => {
    const f = await h.account({ computeUnitsPerMonth: 100 });
    await h.script(f, "never", NEVER);
    const now = new Date();
    await h.env.db.usageCounter.create({ data: { accountId: f.id, period: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), computeUnits: 100n } });
    const r = await f.client.call("POST", "/scripts/never/collect", { instrument: "SPY", timeframe: "1d" });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe("plan_limit");
  });
});
