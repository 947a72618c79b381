// A definition's events over HTTP with real API and worker processes (#17, #18, #22): filters
// (instrument, timeframe, from, to, name, run_id), keyset pages (every event once, stable under
// inserts), signed cursors, CSV streamed equal to JSON, deletes with filters, `?owner=` on
// another account's public definition (only the caller's own runs' events), isolation (another
// account's events, runs and private definitions answer 404) and expiry (410, and hidden from #17).
import { allEvents, csvOf, importSpy, independentCrosses, SMA_CROSS } from "./definitions-harness";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const h = new RunsHarness();
type Account = { id: string; handle: string; client: Client };
let a: Account;
let b: Account;
let spyRun: string;
let aaplRun: string;
const ALL_CROSSES = independentCrosses();

async function finalOf(client: Client, r: { status: number; json: any }): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (r.status !== 202 && r.status !== 200) throw new Error(`start: ${r.status} ${JSON.stringify(r.json)}`);
  return ["queued", "running"].includes(r.json.status as string) ? client.final(r.json.id as string) : r.json;
}

beforeAll(async () => {
  // Two sandbox threads: the shared runs are the two collects below, made at once; a case's own
  // collect comes alone (docs/configuration.md, WORKER_CONCURRENCY).
  await h.setup({ workerEnv: { WORKER_CONCURRENCY: "2" } });
  // SPY's bars are imported while the accounts and their scripts are made (validated here).
  await Promise.all([
    importSpy(h.env.db, ["1d"]),
    (async () => {
      a = await h.account();
      b = await h.account();
      await h.script(a, "sma-cross", SMA_CROSS);
      await h.script(b, "sma-cross", SMA_CROSS);
    })(),
  ]);
  const [s, t] = await Promise.all(["SPY", "AAPL"].map(async (instrument) => finalOf(a.client, await a.client.call("POST", "/scripts/sma-cross/collect", { instrument, timeframe: "1d", wait: 60 }))));
  expect([s.status, t.status]).toEqual(["succeeded", "succeeded"]);
  spyRun = s.id;
  aaplRun = t.id;
});
afterAll(() => h.teardown());

describe("GET /scripts/{slug}/events", () => {
  it("when listed without filters, then every event of the caller's runs comes once, in time order, pages of 100 by default", async () => {
    const first = await a.client.call("GET", "/scripts/sma-cross/events");
    expect(first.status).toBe(200);
    expect(Object.keys(first.json).sort()).toEqual(["events", "next_cursor"]);
    const all = await allEvents(a.client, "/scripts/sma-cross/events", 7);
    const runs = await Promise.all([spyRun, aaplRun].map((id) => a.client.call("GET", `/runs/${id}`)));
    expect(all).toHaveLength(runs.reduce((n, r) => n + (r.json.summary.events as number), 0));
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    for (let i = 1; i < all.length; i++) expect(all[i].time >= all[i - 1].time).toBe(true);
    expect(first.json.events).toEqual(all.slice(0, Math.min(100, all.length)));
  });

  it("when filtered by instrument, timeframe, name, run_id and a time range, then only matching events come", async () => {
    const spy = await allEvents(a.client, "/scripts/sma-cross/events?instrument=spy&timeframe=1d");
    expect(spy.map((e) => [e.name, e.time.slice(0, 10)])).toEqual(ALL_CROSSES.map((c) => [c.name, c.date]));
    const golden = await allEvents(a.client, `/scripts/sma-cross/events?run_id=${spyRun}&name=golden`);
    expect(golden.map((e) => e.time.slice(0, 10))).toEqual(ALL_CROSSES.filter((c) => c.name === "golden").map((c) => c.date));
    const ranged = await allEvents(a.client, `/scripts/sma-cross/events?instrument=SPY&from=2010-01-01T00:00:00Z&to=2016-01-11T00:00:00Z`);
    expect(ranged.map((e) => e.time.slice(0, 10))).toEqual(ALL_CROSSES.filter((c) => c.date >= "2010-01-01" && c.date <= "2016-01-11").map((c) => c.date));
    const aapl = await allEvents(a.client, "/scripts/sma-cross/events?instrument=AAPL");
    expect(aapl.every((e) => e.instrument === "AAPL" && e.run_id === aaplRun)).toBe(true);
    expect(await allEvents(a.client, "/scripts/sma-cross/events?timeframe=1h")).toEqual([]);
  });

  it("when asked as CSV, then it streams the same events as JSON, columns in Event order", async () => {
    const json = await allEvents(a.client, "/scripts/sma-cross/events", 1000);
    const csv = await csvOf(h.api.url, a.client.key, "/scripts/sma-cross/events?format=csv");
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.rows[0]).toEqual(["id", "time", "name", "message", "instrument", "timeframe", "price", "run_id"]);
    expect(csv.rows.slice(1)).toEqual(json.map((e) => [e.id, e.time, e.name, e.message, e.instrument, e.timeframe, String(e.price), e.run_id]));
    const filtered = await csvOf(h.api.url, a.client.key, `/scripts/sma-cross/events?format=csv&name=death&run_id=${spyRun}`);
    expect(filtered.rows.slice(1).map((r) => r[1]?.slice(0, 10))).toEqual(ALL_CROSSES.filter((c) => c.name === "death").map((c) => c.date));
  });

  it("when messages hold commas and quotes, then the CSV quotes them and still equals the JSON; two events of one bar keep their order", async () => {
    await h.script(a, "quoted", `//@version=6
definition("Quoted")
alertcondition(bar_index % 5 == 0, "first, of two", 'said "up", at {{close}}')
alertcondition(bar_index % 5 == 0, "second", "plain")
`);
    const run = await finalOf(a.client, await a.client.call("POST", "/scripts/quoted/collect", { instrument: "SPY", timeframe: "1d", from: "2020-01-01T00:00:00Z", wait: 60 }));
    expect(run.status).toBe("succeeded");
    const json = await allEvents(a.client, "/scripts/quoted/events", 50);
    expect(json.length).toBe(run.summary.events);
    expect(json.length).toBeGreaterThan(10);
    for (let i = 0; i < json.length; i += 2) {
      expect([json[i].name, json[i + 1].name]).toEqual(["first, of two", "second"]);
      expect(json[i].time).toBe(json[i + 1].time);
      expect(json[i].message).toBe(`said "up", at ${json[i].price}`);
    }
    const csv = await csvOf(h.api.url, a.client.key, "/scripts/quoted/events?format=csv");
    expect(csv.rows.slice(1)).toEqual(json.map((e) => [e.id, e.time, e.name, e.message, e.instrument, e.timeframe, String(e.price), e.run_id]));
  });

  it("when a page is being read while another run adds events, then the next pages neither repeat nor skip (keyset)", async () => {
    const first = await a.client.call("GET", `/scripts/sma-cross/events?instrument=SPY&limit=5`);
    const seen = first.json.events.map((e: { id: string }) => e.id) as string[];
    const more = await finalOf(a.client, await a.client.call("POST", "/scripts/sma-cross/collect", { instrument: "SPY", timeframe: "1d", wait: 60 }));
    let cursor = first.json.next_cursor as string | null;
    const rest: Array<{ id: string; run_id: string; time: string }> = [];
    while (cursor) {
      const r = await a.client.call("GET", `/scripts/sma-cross/events?instrument=SPY&limit=5&cursor=${encodeURIComponent(cursor)}`);
      rest.push(...r.json.events);
      cursor = r.json.next_cursor;
    }
    const ids = [...seen, ...rest.map((e) => e.id)];
    expect(new Set(ids).size).toBe(ids.length);
    // Everything after the first page's last key comes: the new run's events too.
    expect(rest.filter((e) => e.run_id === spyRun)).toHaveLength(ALL_CROSSES.length - 5);
    expect(rest.filter((e) => e.run_id === more.id).length).toBeGreaterThan(0);
    const deleted = await a.client.call("DELETE", `/scripts/sma-cross/events?run_id=${more.id}`);
    expect(deleted.json).toEqual({ deleted: ALL_CROSSES.length });
  });

  it("when a parameter is wrong, then it answers 400 naming it (time, timeframe, run_id, format, cursor, cursor of another list)", async () => {
    const cases: Array<[string, string]> = [
      ["/scripts/sma-cross/events?from=2020-01-01", "invalid_request"],
      ["/scripts/sma-cross/events?to=yesterday", "invalid_request"],
      ["/scripts/sma-cross/events?timeframe=7m", "unsupported_timeframe"],
      ["/scripts/sma-cross/events?run_id=nope", "invalid_request"],
      ["/scripts/sma-cross/events?format=xml", "invalid_request"],
      ["/scripts/sma-cross/events?cursor=forged.cursor", "invalid_request"],
    ];
    for (const [path, code] of cases) {
      const r = await a.client.call("GET", path);
      expect([path, r.status, r.json.error.code]).toEqual([path, 400, code]);
    }
    const runsPage = await a.client.call("GET", "/runs?limit=1");
    const foreign = await a.client.call("GET", `/scripts/sma-cross/events?cursor=${encodeURIComponent(runsPage.json.next_cursor as string)}`);
    expect(foreign.status).toBe(400);
    const resultsPage = await a.client.call("GET", `/runs/${spyRun}/results?limit=1`);
    const crossList = await a.client.call("GET", `/scripts/sma-cross/events?cursor=${encodeURIComponent(resultsPage.json.next_cursor as string)}`);
    expect(crossList.status).toBe(400);
  });

  it("when the slug names another kind of script, then 400; no such slug 404", async () => {
    await h.script(a, "plain", `//@version=6\nindicator("p")\nplot(close, "c")\n`);
    const r = await a.client.call("GET", "/scripts/plain/events");
    expect(r.status).toBe(400);
    const missing = await a.client.call("GET", "/scripts/missing/events");
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
  });
});

describe("isolation and ?owner=", () => {
  it("when another account reads the events of its own same-named definition, then it sees none of the first account's events", async () => {
    const r = await b.client.call("GET", "/scripts/sma-cross/events");
    expect(r.status).toBe(200);
    expect(r.json.events).toEqual([]);
    const csv = await csvOf(h.api.url, b.client.key, "/scripts/sma-cross/events?format=csv");
    expect(csv.rows).toHaveLength(1);
  });

  it("when another account names a private definition with ?owner=, or reads another account's run results, then 404", async () => {
    for (const path of [`/scripts/sma-cross/events?owner=${a.handle}`, `/runs/${spyRun}/results`, `/runs/${spyRun}/results?format=csv`]) {
      const r = await b.client.call("GET", path);
      expect([path, r.status, r.json?.error?.code]).toEqual([path, 404, "not_found"]);
    }
    const del = await b.client.call("DELETE", `/scripts/sma-cross/events?owner=${a.handle}`);
    expect(del.status).toBe(404);
    const unknown = await b.client.call("GET", "/scripts/sma-cross/events?owner=nobody-here");
    expect(unknown.status).toBe(404);
    const c = await h.account();
    const none = await c.client.call("GET", "/scripts/sma-cross/events");
    expect(none.status).toBe(404);
  });

  it("when a public definition is collected with ?owner= by another account, then the run is the caller's and each account lists only its own runs' events", async () => {
    await h.script(a, "public-cross", SMA_CROSS);
    await h.env.db.script.updateMany({ where: { ownerId: a.id, slug: "public-cross" }, data: { visibility: "public" } });
    const run = await finalOf(b.client, await b.client.call("POST", `/scripts/public-cross/collect?owner=${a.handle}`, { instrument: "SPY", timeframe: "1d", wait: 60 }));
    expect(run.status).toBe("succeeded");
    expect(run.script).toEqual({ owner: a.handle, slug: "public-cross", version: 1 });
    expect((await b.client.call("GET", `/runs/${run.id}`)).status).toBe(200);
    expect((await a.client.call("GET", `/runs/${run.id}`)).status).toBe(404);

    const bList = await allEvents(b.client, `/scripts/public-cross/events?owner=${a.handle}`);
    expect(bList).toHaveLength(ALL_CROSSES.length);
    expect(bList.every((e) => e.run_id === run.id)).toBe(true);
    // The owner has run nothing of it: its own list is empty.
    expect(await allEvents(a.client, "/scripts/public-cross/events")).toEqual([]);
    // Deleting through ?owner= reaches only the caller's own runs' events.
    await finalOf(a.client, await a.client.call("POST", "/scripts/public-cross/collect", { instrument: "SPY", timeframe: "1d", wait: 60 }));
    const del = await b.client.call("DELETE", `/scripts/public-cross/events?owner=${a.handle}&name=death`);
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ deleted: ALL_CROSSES.filter((c) => c.name === "death").length });
    expect(await allEvents(a.client, "/scripts/public-cross/events")).toHaveLength(ALL_CROSSES.length);
    expect((await allEvents(b.client, `/scripts/public-cross/events?owner=${a.handle}`)).every((e) => e.name === "golden")).toBe(true);
  });

  it("when a key lacks scripts:write, then DELETE answers 403 forbidden_scope", async () => {
    const { createApiKey } = await import("@barscript/db");
    const key = await createApiKey(h.env.db, { accountId: a.id, name: "read only", scopes: ["read"], expiresAt: null });
    const readOnly = new (a.client.constructor as new (base: string, key: string) => Client)(h.api.url, key.secret);
    const r = await readOnly.call("DELETE", "/scripts/sma-cross/events");
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe("forbidden_scope");
    expect((await readOnly.call("GET", "/scripts/sma-cross/events?limit=1")).status).toBe(200);
  });
});

describe("DELETE /scripts/{slug}/events", () => {
  it("when deleting with filters, then only the matching events go and the answer counts them", async () => {
    const before = await allEvents(a.client, `/scripts/sma-cross/events?run_id=${spyRun}`);
    const r = await a.client.call("DELETE", `/scripts/sma-cross/events?run_id=${spyRun}&from=2015-01-01T00:00:00Z`);
    expect(r.status).toBe(200);
    const gone = ALL_CROSSES.filter((c) => c.date >= "2015-01-01").length;
    expect(r.json).toEqual({ deleted: gone });
    const after = await allEvents(a.client, `/scripts/sma-cross/events?run_id=${spyRun}`);
    expect(after).toEqual(before.filter((e) => e.time < "2015-01-01"));
    // The run's results are its events: the deleted ones are gone there too.
    expect(await allEvents(a.client, `/runs/${spyRun}/results`)).toEqual(after);
    const again = await a.client.call("DELETE", `/scripts/sma-cross/events?run_id=${spyRun}&from=2015-01-01T00:00:00Z`);
    expect(again.json).toEqual({ deleted: 0 });
  });

  it("when deleting without filters, then every event of the caller's runs of that definition goes, and nothing of another definition", async () => {
    const other = await allEvents(a.client, "/scripts/public-cross/events");
    const r = await a.client.call("DELETE", "/scripts/sma-cross/events");
    expect(r.status).toBe(200);
    expect(r.json.deleted).toBeGreaterThan(0);
    expect(await allEvents(a.client, "/scripts/sma-cross/events")).toEqual([]);
    expect(await allEvents(a.client, "/scripts/public-cross/events")).toEqual(other);
  });
});

describe("expiry", () => {
  it("when a run's results have expired, then its results answer 410 not_found and its events leave the definition's list", async () => {
    const run = await finalOf(a.client, await a.client.call("POST", "/scripts/public-cross/collect", { instrument: "AAPL", timeframe: "1d", wait: 60 }));
    const listed = await allEvents(a.client, `/scripts/public-cross/events?run_id=${run.id}`);
    expect(listed.length).toBe(run.summary.events);
    await h.env.db.run.update({ where: { id: run.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const results = await a.client.call("GET", `/runs/${run.id}/results`);
    expect(results.status).toBe(410);
    expect(results.json.error.code).toBe("not_found");
    expect(await allEvents(a.client, `/scripts/public-cross/events?run_id=${run.id}`)).toEqual([]);
    const csv = await csvOf(h.api.url, a.client.key, `/scripts/public-cross/events?format=csv&run_id=${run.id}`);
    expect(csv.rows).toHaveLength(1);
    // The run itself stays listed.
    expect((await a.client.call("GET", `/runs/${run.id}`)).json.status).toBe("succeeded");
  });
});
