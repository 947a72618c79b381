// Conformance of request input and lists (docs/conformance/input-and-lists.md), as a strict client
// reads docs/reference/api.md. Each case was found over HTTP and fixed:
// - a request body names exactly its object's fields: an unknown one (a misspelt `bars`, a
//   `version` nested wrong) was silently ignored, so a run started over 5,000 bars or the latest
//   version; now 400 invalid_request naming the field (docs/adr/0186). Validate, which saves
//   nothing, still takes a script body as a client holds it (slug, message ignored);
// - GET /v1/sweeps had no `status` filter while GET /v1/runs has one (docs/adr/0187);
// - an empty `cursor=` was the first page on the runs, sweeps, events, results and logs lists but
//   400 on scripts, versions, keys, instruments and library (docs/adr/0187);
// - times: a body's `from`/`to` and the events filters read RFC 3339 differently (the filters took
//   29 February 2010 as 1 March, 24:00 as the next day and a space for `T`; bodies refused the
//   lower-case `t`/`z` RFC 3339 allows); one reading now (docs/adr/0187);
// - `wait=1e999` (a number past any double) answered at once instead of being cut to 60;
// - a run, collect or sweep naming a script that does not exist answered 404 before refusing its own
//   timeframe or instrument, though the request's values are checked before the resource (docs/adr/0187).
import { RunsHarness, SLOW, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const h = new RunsHarness();
let client: Client;

const CROSS = `//@version=6
definition("Cross")
len = input.int(20, "Length", minval = 2, maxval = 100)
alertcondition(ta.crossover(close, ta.sma(close, len)), "up", "cross up")
`;
const CLOSE = `//@version=6
indicator("Close")
plot(close, "c")
`;
const RUN = { script: "close", instrument: "AAPL", timeframe: "1d", bars: 10 };
const SWEEP = { definition: "cross", instruments: ["AAPL"], timeframe: "1d", bars: 300, grid: { len: [10] }, horizons: [1] };
const FILES = [{ path: "main.pine", content: CLOSE }];

beforeAll(async () => {
  client = await h.setupWithScripts({ cross: CROSS, close: CLOSE });
});
afterAll(() => h.teardown());

async function refusedNaming(method: string, path: string, body: unknown, field: string): Promise<void> {
  const r = await client.call(method, path, body);
  expect({ status: r.status, code: r.json?.error?.code }).toEqual({ status: 400, code: "invalid_request" });
  expect(r.json.error.message).toContain(`\`${field}\``);
}

describe("a request body names exactly the fields of its object", () => {
  it("when POST /runs carries `bar` for `bars`, then 400 invalid_request naming `bar`, and no run is started", async () => {
    const before = await client.call("GET", "/runs");
    await refusedNaming("POST", "/runs", { ...RUN, bars: undefined, bar: 10 }, "bar");
    const after = await client.call("GET", "/runs");
    expect(after.json.data).toHaveLength(before.json.data.length);
  });

  it("when the script object of a run misspells `version`, then 400 naming `script.versoin`", async () => {
    await refusedNaming("POST", "/runs", { ...RUN, script: { slug: "close", versoin: 1 } }, "script.versoin");
  });

  it("when collect, a sweep, a create or a save carry a field their body does not have, then 400 naming it", async () => {
    await refusedNaming("POST", "/scripts/cross/collect", { instrument: "AAPL", timeframe: "1d", script: "cross" }, "script");
    await refusedNaming("POST", "/sweeps", { ...SWEEP, horizon: 5 }, "horizon");
    await refusedNaming("POST", "/scripts", { slug: "other", files: FILES, visiblity: "public" }, "visiblity");
    await refusedNaming("PUT", "/scripts/close", { files: FILES, base_version: 1, messsage: "typo" }, "messsage");
    expect((await client.call("GET", "/scripts/other")).status).toBe(404);
  });

  it("when a sweep's grid lists a value twice, then 400 naming the input and the value, as an instrument listed twice is, and no sweep is started", async () => {
    const before = await client.call("GET", "/sweeps");
    const r = await client.call("POST", "/sweeps", { ...SWEEP, grid: { len: [10, 12, 10] } });
    expect({ status: r.status, code: r.json?.error?.code }).toEqual({ status: 400, code: "invalid_request" });
    expect(r.json.error.message).toBe("Input `len` lists the value 10 twice in `grid`.");
    expect((await client.call("GET", "/sweeps")).json.data).toHaveLength(before.json.data.length);
  });

  it("when a known Idempotency-Key is replayed with an unknown field, then 200 with the first run (the key is looked up before the body)", async () => {
    const first = await client.call("POST", "/runs", RUN, { "Idempotency-Key": "input-replay" });
    expect(first.status).toBe(202);
    const replay = await client.call("POST", "/runs", { ...RUN, bogus: 1 }, { "Idempotency-Key": "input-replay" });
    expect(replay.status).toBe(200);
    expect(replay.json.id).toBe(first.json.id);
  });

  it("when validate gets a whole script body (slug and message too), then it answers 200 as for its files alone", async () => {
    const r = await client.call("POST", "/scripts/validate", { slug: "close", message: "m", files: FILES });
    expect(r.status).toBe(200);
    expect(r.json.valid).toBe(true);
  });
});

async function finalSweep(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 12; i++) {
    const r = await client.call("GET", `/sweeps/${id}?wait=10`);
    if (!["queued", "running"].includes(r.json.status as string)) return r.json;
  }
  throw new Error(`sweep ${id} did not finish`);
}

describe("GET /v1/sweeps?status= filters as GET /v1/runs does", () => {
  it("when one sweep succeeded and one failed, then each status lists only its sweep, and an unknown status is 400", async () => {
    const ok = await client.call("POST", "/sweeps", SWEEP);
    expect(ok.status).toBe(202);
    expect((await finalSweep(ok.json.id as string)).status).toBe("succeeded");
    // AAPL is imported at 1d and larger: a 1m window has no bar, so the sweep fails at once
    const failed = await client.call("POST", "/sweeps", { ...SWEEP, bars: undefined, timeframe: "1m" });
    expect(failed.json.status).toBe("failed");

    const ids = async (query: string): Promise<string[]> => {
      const r = await client.call("GET", `/sweeps${query}`);
      expect(r.status).toBe(200);
      return (r.json.data as Array<{ id: string }>).map((s) => s.id);
    };
    expect(await ids("?status=succeeded")).toEqual([ok.json.id]);
    expect(await ids("?status=failed")).toEqual([failed.json.id]);
    expect(await ids("?status=cancelled")).toEqual([]);
    expect(await ids("")).toEqual([failed.json.id, ok.json.id]);
    const paged = await client.call("GET", "/sweeps?status=succeeded&limit=1");
    expect(paged.json.next_cursor).toBeNull();

    const bogus = await client.call("GET", "/sweeps?status=bogus");
    expect({ status: bogus.status, code: bogus.json.error.code }).toEqual({ status: 400, code: "invalid_request" });
    expect(bogus.json.error.message).toContain("`status`");
  });
});

describe("an empty cursor is no cursor on every list", () => {
  it.each(["/scripts", "/scripts/close/versions", "/keys", "/instruments", "/library", "/runs", "/sweeps", "/scripts/cross/events"])(
    "when %s is asked with cursor= (empty), then it answers its first page",
    async (path) => {
      const first = await client.call("GET", path);
      const empty = await client.call("GET", `${path}?cursor=`);
      expect(first.status).toBe(200);
      expect(empty.status).toBe(200);
      // rows compared by identity: a run's or sweep's status may move between the two calls
      const keys = (page: Record<string, unknown>): unknown[] =>
        ((page["data"] ?? page["events"]) as Array<Record<string, unknown>>).map((row) => row["id"] ?? row["slug"] ?? row["symbol"] ?? row["version"]);
      expect(keys(empty.json)).toEqual(keys(first.json));
      expect(empty.json.next_cursor === null).toBe(first.json.next_cursor === null);
    },
  );

  it("when a cursor is not one the service issued, then it is still 400 invalid_request", async () => {
    for (const path of ["/scripts", "/keys", "/instruments", "/library", "/sweeps"]) {
      const r = await client.call("GET", `${path}?cursor=not-a-cursor`);
      expect({ path, status: r.status, code: r.json.error.code }).toEqual({ path, status: 400, code: "invalid_request" });
    }
  });
});

describe("times a client sends are read as RFC 3339 alike in bodies and queries", () => {
  it("when from is written with a lower-case t and z (RFC 3339 allows them), then the run starts at that bar", async () => {
    const r = await client.call("POST", "/runs", { ...RUN, from: "2010-01-04t00:00:00z", bars: 2, wait: 30 });
    expect(r.status).toBe(202);
    // 2010-01-04 was a Monday and a trading day: the first bar of the window opens then
    expect(r.json.window.from).toBe("2010-01-04T00:00:00Z");
  });

  it.each([
    ["a day February 2010 does not have", "2010-02-29T00:00:00Z"],
    ["hour 24", "2010-01-04T24:00:00Z"],
    ["a space for T", "2010-01-04 00:00:00Z"],
    ["an offset without its colon", "2010-01-04T00:00:00+0000"],
    ["a date alone", "2010-01-04"],
  ])("when a time has %s, then a run's from and the events filter from both answer 400 naming `from`", async (_what, time) => {
    await refusedNaming("POST", "/runs", { ...RUN, from: time }, "from");
    const filter = await client.call("GET", `/scripts/cross/events?from=${encodeURIComponent(time)}`);
    expect({ status: filter.status, code: filter.json.error.code }).toEqual({ status: 400, code: "invalid_request" });
    expect(filter.json.error.message).toContain("`from`");
  });

  it("when the events filter gets an offset time, then it is the same instant as in UTC", async () => {
    const collect = await client.call("POST", "/scripts/cross/collect", { instrument: "AAPL", timeframe: "1d", wait: 30 });
    expect(collect.json.status).toBe("succeeded");
    const utc = await client.call("GET", "/scripts/cross/events?from=2010-01-04T00:00:00Z&limit=3");
    const offset = await client.call("GET", `/scripts/cross/events?from=${encodeURIComponent("2010-01-04T05:30:00+05:30")}&limit=3`);
    const lower = await client.call("GET", "/scripts/cross/events?from=2010-01-04t00:00:00z&limit=3");
    expect(utc.json.events.length).toBeGreaterThan(0);
    expect(offset.json.events).toEqual(utc.json.events);
    expect(lower.json.events).toEqual(utc.json.events);
  });
});

describe("wait past any number is cut to 60", () => {
  it("when a queued run is read with wait=1e999, then the call holds until the run is final", async () => {
    const one = await h.account({ concurrentRuns: 1 });
    await h.script(one, "slow", SLOW);
    const busy = await one.client.call("POST", "/runs", { script: "slow", instrument: "AAPL", timeframe: "1d" });
    const queued = await one.client.call("POST", "/runs", { script: "slow", instrument: "AAPL", timeframe: "1d" });
    expect(queued.json.status).toBe("queued");
    const started = Date.now();
    const held = one.client.call("GET", `/runs/${queued.json.id}?wait=1e999`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await one.client.call("POST", `/runs/${queued.json.id}/cancel`);
    const answer = await held;
    expect(answer.json.status).toBe("cancelled");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    await one.client.call("POST", `/runs/${busy.json.id}/cancel`);
  });
});

describe("the request's own values are refused before the script it names is looked up", () => {
  const expectCode = async (method: string, path: string, body: unknown, status: number, code: string): Promise<void> => {
    const r = await client.call(method, path, body);
    expect({ path, status: r.status, code: r.json?.error?.code }).toEqual({ path, status, code });
  };

  it("when a run names no script and a timeframe not among the nine, then 400 unsupported_timeframe; an unknown instrument, 400 unknown_instrument", async () => {
    await expectCode("POST", "/runs", { script: "no-such-script", instrument: "AAPL", timeframe: "3m" }, 400, "unsupported_timeframe");
    await expectCode("POST", "/runs", { script: "no-such-script", instrument: "NOPE", timeframe: "1d" }, 400, "unknown_instrument");
    await expectCode("POST", "/runs", { script: "no-such-script", instrument: "AAPL", timeframe: "1d" }, 404, "not_found");
  });

  it("when collect addresses no script, then its body's timeframe and instrument are refused first", async () => {
    await expectCode("POST", "/scripts/no-such-script/collect", { instrument: "AAPL", timeframe: "3m" }, 400, "unsupported_timeframe");
    await expectCode("POST", "/scripts/no-such-script/collect", { instrument: "NOPE", timeframe: "1d" }, 400, "unknown_instrument");
    await expectCode("POST", "/scripts/no-such-script/collect", { instrument: "AAPL", timeframe: "1d" }, 404, "not_found");
  });

  it("when a sweep names no definition, then its timeframe and instruments are refused first", async () => {
    await expectCode("POST", "/sweeps", { ...SWEEP, definition: "no-such-script", timeframe: "3m" }, 400, "unsupported_timeframe");
    await expectCode("POST", "/sweeps", { ...SWEEP, definition: "no-such-script", instruments: ["NOPE"] }, 400, "unknown_instrument");
    await expectCode("POST", "/sweeps", { ...SWEEP, definition: "no-such-script" }, 404, "not_found");
  });
});
