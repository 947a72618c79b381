// Conformance of the second batch (drawings #30, logs #31, sweeps #32-#36, the public docs pages)
// to docs/reference/api.md, as a strict client reads it. Each case is a deviation that was found
// over HTTP and fixed: bar times written with a fraction (`...T00:00:00.000Z`) in drawings and log
// lines while every other bar time is `...T00:00:00Z`; a sweep's `failure` and `summary` sent as
// null where a run leaves them out; a sweep naming an indicator answered "no script"; a missing
// docs topic answered a non-browser client with an HTML page instead of the JSON error envelope;
// a sweep over a window with no bars was refused 400 where a run is accepted and fails with kind
// out_of_coverage (docs/adr/0152-second-batch-conformance-readings.md).
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const h = new RunsHarness();
let client: Client;

// RFC 3339 in UTC with no fraction: the form of the reference's examples for bar times.
const BAR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const LABEL_AND_LOG = `//@version=6
indicator("Label and log", overlay = true)
if barstate.islast
    log.info("last")
    label.new(bar_index, high, "last")
    line.new(bar_index - 1, low, bar_index, high)
    box.new(bar_index - 2, high, bar_index, low)
`;
const CROSS = `//@version=6
definition("Cross")
len = input.int(20, "Length", minval = 2, maxval = 100)
alertcondition(ta.crossover(close, ta.sma(close, len)), "up", "cross up")
`;
const CLOSE = `//@version=6
indicator("Close")
plot(close, "c")
`;

beforeAll(async () => {
  const a = await h.setupWithScripts({ "label-and-log": LABEL_AND_LOG, cross: CROSS, close: CLOSE });
  client = a;
});
afterAll(() => h.teardown());

describe("bar times in drawings and log lines are written as every other bar time", () => {
  it("when an indicator labels, lines, boxes and logs its last bar, then their times carry no fraction and equal the window's bar times", async () => {
    const r = await client.start({ script: "label-and-log", instrument: "AAPL", timeframe: "1d", bars: 10, wait: 30 });
    const run = r.json.status === "succeeded" ? r.json : await client.final(r.json.id as string);
    expect(run.status).toBe("succeeded");
    expect(run.window.to).toMatch(BAR_TIME);

    const d = await client.call("GET", `/runs/${run.id}/drawings`);
    expect(d.status).toBe(200);
    expect(d.json.labels).toHaveLength(1);
    expect(d.json.labels[0].time).toBe(run.window.to);
    expect(d.json.lines[0].time2).toBe(run.window.to);
    expect(d.json.lines[0].time1).toMatch(BAR_TIME);
    expect(d.json.boxes[0].time2).toBe(run.window.to);
    expect(d.json.boxes[0].time1).toMatch(BAR_TIME);

    // one line, on the window's last bar
    const logs = await client.call("GET", `/runs/${run.id}/logs`);
    expect(logs.status).toBe(200);
    const lines = logs.json.data as Array<{ time: string }>;
    expect(lines).toHaveLength(1);
    expect(lines[lines.length - 1]?.time).toBe(run.window.to);
  });
});

describe("a sweep leaves out `failure` and `summary` as a run does", () => {
  it("when a sweep is started without waiting, then it is queued with no failure and no summary key (not null)", async () => {
    const r = await client.call("POST", "/sweeps", { definition: "cross", instruments: ["AAPL"], timeframe: "1d", bars: 300, grid: { len: [10, 20] }, horizons: [1] });
    expect(r.status).toBe(202);
    expect(r.json.status).toBe("queued");
    expect(r.json).not.toHaveProperty("failure");
    expect(r.json).not.toHaveProperty("summary");

    const final = await waitSweep(r.json.id as string);
    expect(final.status).toBe("succeeded");
    expect(final).not.toHaveProperty("failure");
    expect(final.summary).toMatchObject({ combinations: 2, evaluations: 2 });
    const listed = await client.call("GET", "/sweeps");
    const row = (listed.json.data as Array<Record<string, unknown>>).find((s) => s["id"] === r.json.id);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty("failure");
  });

  it("when a sweep is cancelled, then it carries failure kind cancelled, not retryable", async () => {
    const r = await client.call("POST", "/sweeps", { definition: "cross", instruments: ["AAPL"], timeframe: "1d", bars: 300, grid: { len: [10, 20, 30] }, horizons: [1] });
    const c = await client.call("POST", `/sweeps/${r.json.id}/cancel`);
    expect(c.status).toBe(200);
    if (c.json.status === "cancelled") expect(c.json.failure).toMatchObject({ kind: "cancelled", retryable: false });
    else expect(c.json).not.toHaveProperty("failure"); // it had already succeeded: its final state stays
  });
});

describe("a sweep over a window with no bars fails as a run does", () => {
  it("when an instrument has no bars at the timeframe, then 202 and the sweep is failed with kind out_of_coverage, not retryable, nothing evaluated", async () => {
    // AAPL is imported at 1d (and its larger timeframes): 1m has no bar
    const r = await client.call("POST", "/sweeps", { definition: "cross", instruments: ["AAPL"], timeframe: "1m", grid: { len: [10, 20] }, horizons: [1] });
    expect(r.status).toBe(202);
    expect(r.json.status).toBe("failed");
    expect(r.json.failure).toMatchObject({ kind: "out_of_coverage", retryable: false });
    expect(r.json.summary).toMatchObject({ combinations: 2, evaluations: 0, compute_units: 0 });
    const rows = await client.call("GET", `/sweeps/${r.json.id}/results`);
    expect(rows.status).toBe(409);
    expect(rows.json.error.code).toBe("run_not_finished");
  });

  it("when the window ends before the plan's history start (1990 on this plan), then 400 out_of_coverage", async () => {
    const r = await client.call("POST", "/sweeps", { definition: "cross", instruments: ["AAPL"], timeframe: "1d", to: "1980-01-01T00:00:00Z", grid: { len: [10] }, horizons: [1] });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("out_of_coverage");
  });
});

describe("a sweep names a definition", () => {
  it("when the slug names one of the caller's indicators, then 400 invalid_request (the script exists), as collect answers", async () => {
    const r = await client.call("POST", "/sweeps", { definition: "close", instruments: ["AAPL"], timeframe: "1d", grid: { len: [10] }, horizons: [1] });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("invalid_request");
    const collect = await client.call("POST", "/scripts/close/collect", { instrument: "AAPL", timeframe: "1d" });
    expect(collect.status).toBe(400);
    expect(collect.json.error.code).toBe("invalid_request");
  });

  it("when no script has the slug, then 404 not_found", async () => {
    const r = await client.call("POST", "/sweeps", { definition: "nothing-here", instruments: ["AAPL"], timeframe: "1d", grid: { len: [10] }, horizons: [1] });
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe("not_found");
  });
});

describe("every error outside /v1 uses the JSON error envelope", () => {
  it("when a client without an HTML preference asks for a docs topic that does not exist, then 404 with error.code not_found", async () => {
    for (const accept of [undefined, "*/*", "application/json"]) {
      const res = await fetch(`${h.api.url}/docs/no-such-topic`, { headers: accept ? { Accept: accept } : {} });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  it("when a browser asks for it, then the 404 is a page for people", async () => {
    const res = await fetch(`${h.api.url}/docs/no-such-topic`, { headers: { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are inspected freely
async function waitSweep(id: string): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await client.call("GET", `/sweeps/${id}?wait=10`);
    if (!["queued", "running"].includes(r.json.status as string)) return r.json;
    if (Date.now() > deadline) throw new Error(`sweep ${id} still ${r.json.status}`);
  }
}
