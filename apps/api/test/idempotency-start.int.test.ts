// POST /v1/runs with an Idempotency-Key (docs/reference/api.md "Idempotency"): the key is looked up
// before the heavy check and the body, in one statement with the caller's script and the series
// the body names (apps/api/src/runs/service.ts lookUpKey); the run started is the one the validated
// body names, a known key answers its first run whatever the body, concurrent calls with one new
// key start one run. No worker runs here: every run stays queued.
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(60_000);

const ONE = `//@version=6
indicator("one")
plot(close, "c")
`;
const TWO = `//@version=6
indicator("two")
plot(open, "o")
`;
const RUN = { script: "one", instrument: "AAPL", timeframe: "1d", bars: 10 };

describe("POST /runs with an Idempotency-Key", () => {
  const h = new RunsHarness();
  let client: Client;
  let accountId = "";

  beforeAll(async () => {
    await h.setup({ workers: 0 });
    // six heavy calls at once fit (pro allows 5: the sixth of an exact overlap was refused busy under load)
    const a = await h.account({ requestsPerMinute: 10_000, concurrentRuns: 20, concurrentHeavy: 10 });
    accountId = a.id;
    client = a.client;
    await h.script(a, "one", ONE);
    await h.script(a, "two", TWO);
  }, 120_000);
  afterAll(() => h.teardown());

  let raceTries = 0;
  const runsWithKey = (key: string): Promise<number> => h.env.db.run.count({ where: { accountId, idempotencyKey: key } });

  it("when a new key starts a run, then the run is of the script, instrument and window the body names; the key again answers 200 with that run whatever the body", async () => {
    const first = await client.start({ ...RUN, script: "two", instrument: "aapl", bars: 7 }, { "Idempotency-Key": "k-first" });
    expect(first.status).toBe(202);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect([first.json.script.slug, first.json.instrument, first.json.window.bars]).toEqual(["two", "AAPL", 7]);
    const again = await client.start({ ...RUN, script: "one", bars: 3 }, { "Idempotency-Key": "k-first" });
    expect([again.status, again.headers.get("idempotent-replayed"), again.json.id]).toEqual([200, "true", first.json.id]);
    expect([again.json.script.slug, again.json.window.bars]).toEqual(["two", 7]);
    expect(await runsWithKey("k-first")).toBe(1);
  });

  it("when the script is named as an object with its version, then the run is of that version", async () => {
    const r = await client.start({ ...RUN, script: { slug: "one", version: 1 } }, { "Idempotency-Key": "k-object" });
    expect(r.status).toBe(202);
    expect([r.json.script.slug, r.json.script.version]).toEqual(["one", 1]);
    const missing = await client.start({ ...RUN, script: { slug: "one", version: 2 } }, { "Idempotency-Key": "k-object-2" });
    expect([missing.status, missing.json.error.code]).toEqual([404, "not_found"]);
  });

  it("when the first call with a key is refused (unknown script, unsupported timeframe), then the key holds no run and a later good call with it starts one", async () => {
    const unknown = await client.start({ ...RUN, script: "no-such-script" }, { "Idempotency-Key": "k-refused" });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, "not_found"]);
    const badTimeframe = await client.start({ ...RUN, timeframe: "7x" }, { "Idempotency-Key": "k-refused" });
    expect([badTimeframe.status, badTimeframe.json.error.code]).toEqual([400, "unsupported_timeframe"]);
    const unknownInstrument = await client.start({ ...RUN, instrument: "NOPE" }, { "Idempotency-Key": "k-refused" });
    expect([unknownInstrument.status, unknownInstrument.json.error.code]).toEqual([400, "unknown_instrument"]);
    expect(await runsWithKey("k-refused")).toBe(0);
    const good = await client.start(RUN, { "Idempotency-Key": "k-refused" });
    expect([good.status, good.json.script.slug]).toEqual([202, "one"]);
    expect(await runsWithKey("k-refused")).toBe(1);
  });

  it("when six calls race with one new key, then one run is started and every answer is that run", async () => {
    // a key of its own on each try: jest's retry would meet the first try's run under "k-race"
    const key = `k-race-${++raceTries}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.start(RUN, { "Idempotency-Key": key })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 202]);
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    expect(await runsWithKey(key)).toBe(1);
  });
});
