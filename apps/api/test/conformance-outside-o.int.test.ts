// Conformance to docs/reference/ (api.md, endpoints.md, errors.md), checked over HTTP as an outside
// client written from the reference would check it. Each case is a deviation found against the
// running service and fixed (docs/adr/0279-outside-conformance-readings.md):
// - a save whose files equal the latest version's dropped the title, description and visibility
//   the body gave (docs/adr/0010: a save keeps them "unless the body gives them");
// - a sweep over an instrument whose data is being backfilled was evaluated and succeeded, where a
//   run over it fails with kind data_not_ready, retryable;
// - a 401 named no authentication scheme (no WWW-Authenticate);
// - a definition run refused by the month's events budget kept no event but its summary said
//   `events: N` (the reference: `events`, the events kept);
// - the library search found nothing for a whole dashed slug (`q=rsi-oversold`) or a dashed part
//   of one;
// - the instrument search found nothing for a symbol written with its exchange (`NASDAQ:AAPL`),
//   which GET /v1/instruments/{symbol} and a run accept.
import { setBackfillStatus } from "@barscript/marketdata";
import { writeFlatSeries } from "../../../test/support/bars";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;

const CROSS = `//@version=6
definition("Cross")
len = input.int(5, "Length", minval = 2, maxval = 100)
alertcondition(ta.crossover(close, ta.sma(close, len)), "up", "cross up")
`;
const EVERY = `//@version=6
definition("Every bar")
alertcondition(true, "tick", "t")
`;
const CLOSE = `//@version=6
indicator("Close")
plot(close, "c")
`;

beforeAll(async () => {
  client = await h.setupWithScripts({ cross: CROSS });
  // a series of its own, marked as being backfilled (as `barscript-admin instruments backfill-status` does)
  await writeFlatSeries(h.env.db, { id: "ins_obf", symbol: "OBF", timeframe: "1d", t0: Date.UTC(2020, 0, 1) / 1000, step: 86_400, count: 60, value: (i) => 100 + (i % 7) });
  await setBackfillStatus(h.env.db, "OBF", "backfilling");
});
afterAll(() => h.teardown());

describe("PUT /v1/scripts/{slug} with the latest version's files", () => {
  it("when the body gives a title, description and visibility, then the script takes them and no version is made", async () => {
    const files = [{ path: "main.pine", content: CLOSE }];
    const created = await client.call("POST", "/scripts", { slug: "same-files", files });
    expect(created.status).toBe(201);
    expect(created.json.title).toBe("Close");

    const saved = await client.call("PUT", "/scripts/same-files", { slug: "same-files", base_version: 1, files, title: "Closing price", description: "the close", visibility: "public" });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ latest_version: 1, title: "Closing price", description: "the close", visibility: "public" });

    const read = await client.call("GET", "/scripts/same-files");
    expect(read.json).toMatchObject({ latest_version: 1, title: "Closing price", description: "the close", visibility: "public" });
    const versions = await client.call("GET", "/scripts/same-files/versions");
    expect(versions.json.data).toHaveLength(1);

    // a retried save on a stale base is still a conflict and changes nothing
    const second = await client.call("PUT", "/scripts/same-files", { slug: "same-files", base_version: 1, files: [{ path: "main.pine", content: `${CLOSE}// 2\n` }] });
    expect(second.json.latest_version).toBe(2);
    const retried = await client.call("PUT", "/scripts/same-files", { slug: "same-files", base_version: 1, files, title: "Stale" });
    expect(retried.status).toBe(409);
    expect(retried.json.error).toMatchObject({ code: "version_conflict", details: { latest_version: 2 } });
    // the second save gave no title, so it took its declaration's (docs/adr/0305); the stale one changed nothing
    expect((await client.call("GET", "/scripts/same-files")).json.title).toBe("Close");
  });
});

describe("a sweep over data that is not ready fails as a run over it does", () => {
  it("when the instrument is being backfilled, then the run and the sweep both fail with kind data_not_ready, retryable, nothing evaluated", async () => {
    const run = await client.call("POST", "/scripts/cross/collect", { instrument: "OBF", timeframe: "1d", wait: 30 });
    expect(run.status).toBe(202);
    const finalRun = run.json.status === "failed" ? run.json : await client.final(run.json.id as string);
    expect(finalRun.failure).toMatchObject({ kind: "data_not_ready", retryable: true });

    const r = await client.call("POST", "/sweeps", { definition: "cross", instruments: ["OBF"], timeframe: "1d", grid: { len: [3, 5] }, horizons: [1], wait: 30 });
    expect(r.status).toBe(202);
    let sweep = r.json;
    for (let i = 0; i < 6 && ["queued", "running"].includes(sweep.status as string); i++) sweep = (await client.call("GET", `/sweeps/${sweep.id}?wait=10`)).json;
    expect(sweep.status).toBe("failed");
    expect(sweep.failure).toMatchObject({ kind: "data_not_ready", retryable: true });
    expect(sweep.summary).toMatchObject({ evaluations: 0, compute_units: 0 });
    const rows = await client.call("GET", `/sweeps/${sweep.id}/results`);
    expect(rows.status).toBe(409);
    expect(rows.json.error.code).toBe("run_not_finished");
  });
});

describe("401 names the scheme", () => {
  it("when a call has no key or a wrong key, then 401 unauthorized carries WWW-Authenticate: Bearer", async () => {
    const none = await fetch(`${h.api.url}/v1/me`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    const wrong = await fetch(`${h.api.url}/v1/me`, { headers: { authorization: "Bearer bsk_not-a-key" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });
});

describe("summary.events counts the events kept", () => {
  it("when the month's events budget refuses a run's events, then it fails plan_limit with summary.events 0, and usage counts none", async () => {
    const b = await h.account({ eventsPerMonth: 5 });
    await h.script(b, "every", EVERY);
    const r = await b.client.call("POST", "/scripts/every/collect", { instrument: "AAPL", timeframe: "1d", bars: 10, wait: 30 });
    expect(r.status).toBe(202);
    const run = r.json.status === "failed" ? r.json : await b.client.final(r.json.id as string);
    expect(run.status).toBe("failed");
    expect(run.failure).toMatchObject({ kind: "plan_limit", retryable: false });
    expect(run.failure.message).toContain("10 events");
    expect(run.summary).toMatchObject({ bars: 10, events: 0, events_dropped: 0 });
    const usage = await b.client.call("GET", "/usage");
    expect(usage.json.caps.events_per_month).toEqual({ limit: 5, used: 0 });
    const listed = await b.client.call("GET", `/scripts/every/events?run_id=${run.id}`);
    expect(listed.json.events).toEqual([]);
  });
});

describe("GET /v1/library?q= matches the slug", () => {
  it("when q is a public script's whole dashed slug, a dashed run of its words or one word, then the script is found", async () => {
    const files = [{ path: "main.pine", content: CLOSE }];
    const created = await client.call("POST", "/scripts", { slug: "zq-close-line", title: "Plain", description: "nothing else", visibility: "public", files });
    expect(created.status).toBe(201);
    const found = (q: string) => client.call("GET", `/library?q=${encodeURIComponent(q)}`).then((r) => (r.json.data as Array<{ slug: string }>).map((s) => s.slug));
    expect(await found("zq-close-line")).toContain("zq-close-line");
    expect(await found("close-line")).toContain("zq-close-line");
    expect(await found("zq")).toContain("zq-close-line");
    expect(await found("line")).toContain("zq-close-line");
    // a dash that starts a word still excludes it (websearch syntax)
    expect(await found("zq -line")).not.toContain("zq-close-line");
  });
});

describe("GET /v1/instruments?q= takes a symbol with its exchange as the rest of the API does", () => {
  it("when q is NASDAQ:AAPL, then AAPL is listed, as GET /v1/instruments/NASDAQ:AAPL answers it", async () => {
    const one = await client.call("GET", "/instruments/NASDAQ:AAPL");
    expect(one.status).toBe(200);
    expect(one.json.symbol).toBe("AAPL");
    const listed = await client.call("GET", `/instruments?q=${encodeURIComponent("NASDAQ:AAPL")}`);
    expect(listed.status).toBe(200);
    expect((listed.json.data as Array<{ symbol: string }>).map((i) => i.symbol)).toEqual(["AAPL"]);
    const unknown = await client.call("GET", `/instruments?q=${encodeURIComponent("NYSE:NOPE")}`);
    expect(unknown.json.data).toEqual([]);
  });
});
