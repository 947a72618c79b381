// Conformance of the runs and scripts surface to docs/reference (api.md, errors.md), as a strict client
// reads them (docs/conformance/runs-and-scripts.md lists what was checked). Each case here is a
// deviation that was found and fixed: page limits written any way a number can be written, the
// Summary's fields on runs that did not succeed, a `bars` window from before the plan's history
// start (ADR 0014), and the version_conflict of a save based on a version that does not exist.
import { parseLimit, PAGE_LIMITS } from "../src/http/cursor";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;
let starter: Client;

const EVERY_BAR = `//@version=6
definition("Every bar")
alertcondition(true, "tick", "bar {{close}}")
`;
const ALWAYS_FAILS = `//@version=6
indicator("Always fails")
runtime.error("always")
plot(close, "c")
`;
const CLOSE = `//@version=6
indicator("Close")
plot(close, "c")
`;

beforeAll(async () => {
  await h.setup();
  const a = await h.account();
  client = a.client;
  await h.script(a, "every-bar", EVERY_BAR);
  await h.script(a, "always-fails", ALWAYS_FAILS);
  await h.script(a, "close", CLOSE);
  const s = await h.account({ historyStart: new Date("2010-01-01T00:00:00Z") });
  starter = s.client;
  await h.script(s, "close", CLOSE);
});
afterAll(() => h.teardown());

describe("limit: 0, negative or not a number falls back to the default; above the most is cut to the most", () => {
  it("when limit is written as any number, then its whole part counts and a huge one is cut to the most", () => {
    const events = PAGE_LIMITS.events;
    expect(parseLimit("0", events)).toBe(100);
    expect(parseLimit("-3", events)).toBe(100);
    expect(parseLimit("abc", events)).toBe(100);
    expect(parseLimit("", events)).toBe(100);
    expect(parseLimit(undefined, events)).toBe(100);
    expect(parseLimit("0.5", events)).toBe(100);
    expect(parseLimit("7", events)).toBe(7);
    expect(parseLimit("7.9", events)).toBe(7);
    expect(parseLimit("2.5e2", events)).toBe(250);
    expect(parseLimit("1001", events)).toBe(1000);
    expect(parseLimit("99999999999999999999999", events)).toBe(1000);
    expect(parseLimit("1e999", events)).toBe(1000);
  });

  it("when a definition run's events are paged with a huge limit, then the page holds the most (1,000)", async () => {
    const r = await client.start({ script: "every-bar", instrument: "AAPL", timeframe: "1d", bars: 2000, wait: 30 });
    const run = r.json.status === "succeeded" ? r.json : await client.final(r.json.id as string);
    expect(run.summary.events).toBe(2000);
    const huge = await client.call("GET", `/runs/${run.id}/results?limit=99999999999999999999`);
    expect(huge.status).toBe(200);
    expect(huge.json.events).toHaveLength(1000);
    const written = await client.call("GET", `/runs/${run.id}/results?limit=2.5e2`);
    expect(written.json.events).toHaveLength(250);
  });
});

describe("Summary: present once final, with every field, on runs that did not succeed too", () => {
  it("when an indicator fails with kind script, then its summary carries outputs 0 and its failure is present", async () => {
    const r = await client.start({ script: "always-fails", instrument: "AAPL", timeframe: "1d", bars: 20, wait: 30 });
    const run = r.json.status === "failed" ? r.json : await client.final(r.json.id as string);
    expect(run.status).toBe("failed");
    expect(run.failure).toMatchObject({ kind: "script", retryable: false });
    expect(run.summary).toMatchObject({ bars: 20, outputs: 0, bars_evaluated: 20, compute_units: 1 });
    expect(run.summary.runtime_errors).toEqual([{ message: "always", count: 20, first_time: run.window.from, last_time: run.window.to }]);
    expect(run.summary).not.toHaveProperty("events");
  });

  it("when a run fails out_of_coverage, then its summary has every field (outputs 0) and failure is not retryable", async () => {
    const r = await client.start({ script: "close", instrument: "AAPL", timeframe: "1m", wait: 30 });
    const run = ["queued", "running"].includes(r.json.status as string) ? await client.final(r.json.id as string) : r.json;
    expect(run.status).toBe("failed");
    expect(run.failure).toMatchObject({ kind: "out_of_coverage", retryable: false });
    expect(Object.keys(run.summary).sort()).toEqual(["bars", "bars_evaluated", "compute_units", "duration", "logs", "logs_dropped", "outputs", "runtime_errors", "warmup_bars"]);
    expect(run.summary.outputs).toBe(0);
    expect([run.summary.logs, run.summary.logs_dropped]).toEqual([0, 0]);
  });

  it("when a definition run is cancelled, then it shows failure kind cancelled and a summary with events 0 and events_dropped 0", async () => {
    const r = await client.start({ script: "every-bar", instrument: "AAPL", timeframe: "1d", bars: 3000, wait: 0 });
    const cancelled = await client.call("POST", `/runs/${r.json.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const run = cancelled.json;
    if (run.status === "cancelled") {
      expect(run.failure).toEqual({ kind: "cancelled", message: expect.any(String), retryable: false });
      expect(run.summary).toMatchObject({ events: 0, events_dropped: 0 });
    } else {
      // It finished before the cancel landed: the final state it had already reached, no failure.
      expect(run.status).toBe("succeeded");
      expect(run).not.toHaveProperty("failure");
      expect(run.summary.events).toBe(3000);
    }
    const listed = (await client.call("GET", "/runs?kind=definition&limit=200")).json.data as Array<Record<string, unknown>>;
    for (const each of listed) {
      const final = ["succeeded", "failed", "cancelled"].includes(each["status"] as string);
      expect("summary" in each).toBe(final);
      expect("failure" in each).toBe(each["status"] === "failed" || each["status"] === "cancelled");
      if (final) expect(each["summary"]).toHaveProperty("events_dropped");
    }
  });
});

describe("window: `bars` with `from` before the plan's history start (ADR 0014)", () => {
  it("when from is before the history start, then the first `bars` bars are taken from the history start", async () => {
    const r = await starter.start({ script: "close", instrument: "AAPL", timeframe: "1d", from: "2005-01-01T00:00:00Z", bars: 10, wait: 30 });
    expect(r.status).toBe(202);
    expect(r.json.window).toEqual({ from: "2010-01-04T00:00:00Z", to: "2010-01-15T00:00:00Z", requested_from: "2005-01-01T00:00:00Z", requested_to: null, bars: 10 });
  });

  it("when the window ends before the history start, then it is still 400 out_of_coverage", async () => {
    const r = await starter.start({ script: "close", instrument: "AAPL", timeframe: "1d", from: "2005-01-01T00:00:00Z", to: "2009-01-01T00:00:00Z" });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("out_of_coverage");
  });
});

describe("PUT /scripts/{slug} based on a version that does not exist", () => {
  it("when base_version is above the latest, then 409 version_conflict names the latest without claiming a later save", async () => {
    const files = [{ path: "main.pine", content: CLOSE }];
    expect((await client.call("POST", "/scripts", { slug: "based", files })).status).toBe(201);
    const r = await client.call("PUT", "/scripts/based", { base_version: 5, files: [{ path: "main.pine", content: `${CLOSE}// edited\n` }] });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe("version_conflict");
    expect(r.json.error.details).toEqual({ latest_version: 1 });
    expect(r.json.error.message).not.toMatch(/saved after/);
  });
});
