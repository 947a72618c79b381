// docs/reference/api.md "Long polls": a wait that ends without a final state seen on the run's channel answers
// the run as stored, never the snapshot read before the wait (issue 18 point 9: POST /runs with
// `wait` answered `queued` after holding the whole wait when the run had finished). No worker
// runs here: the test finishes the run in Postgres itself, without a message, as a worker whose
// publish was lost would.
import { RunsHarness, type Client } from "./runs-harness";

const SCRIPT = `//@version=6
indicator("one")
plot(close, "c")
`;

describe("a long poll whose run finished without a message", () => {
  const h = new RunsHarness();
  let client: Client;
  let accountId = "";

  beforeAll(async () => {
    await h.setup({ workers: 0 });
    const a = await h.account();
    accountId = a.id;
    client = a.client;
    await h.script(a, "one", SCRIPT);
  }, 120_000);
  afterAll(() => h.teardown());

  /** Marks the account's newest run succeeded in Postgres, publishing nothing. */
  async function finishSilently(): Promise<string> {
    for (;;) {
      const run = await h.env.db.run.findFirst({ where: { accountId, status: "queued" }, orderBy: { createdAt: "desc" } });
      if (run) {
        await h.env.db.run.update({ where: { id: run.id }, data: { status: "succeeded", startedAt: new Date(), finishedAt: new Date(), summary: { bars: 1, warmup_bars: 0, bars_evaluated: 1, compute_units: 1, runtime_errors: [], duration: 0 } } });
        return run.id;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("when POST /runs waits and the run finishes unannounced, then the answer is the finished run", async () => {
    const answer = client.start({ script: "one", instrument: "AAPL", timeframe: "1d", bars: 1, wait: 3 });
    const id = await finishSilently();
    const r = await answer;
    expect(r.json.id).toBe(id);
    expect(r.json.status).toBe("succeeded");
  });

  it("when GET /runs/{id}?wait holds and the run finishes unannounced, then the answer is the finished run", async () => {
    const started = await client.start({ script: "one", instrument: "AAPL", timeframe: "1d", bars: 1 });
    expect(started.json.status).toBe("queued");
    const answer = client.call("GET", `/runs/${started.json.id as string}?wait=3`);
    await new Promise((r) => setTimeout(r, 300));
    await finishSilently();
    expect((await answer).json.status).toBe("succeeded");
  });

  it("when the client of a long poll goes away, then its long-poll place is free at once for the next wait", async () => {
    const one = await h.account({ concurrentWaits: 1 });
    await h.script(one, "one", SCRIPT);
    const started = await one.client.start({ script: "one", instrument: "AAPL", timeframe: "1d", bars: 1 });
    expect(started.json.status).toBe("queued");
    const path = `/v1/runs/${started.json.id as string}`;
    const gone = new AbortController();
    const first = fetch(`${one.client.base}${path}?wait=30`, { headers: { authorization: `Bearer ${one.client.key}` }, signal: gone.signal }).catch(() => null);
    await new Promise((r) => setTimeout(r, 300));
    gone.abort();
    await first;
    await new Promise((r) => setTimeout(r, 200));
    // the plan's one long poll is free again: this call holds its 2 s instead of answering at once
    const t0 = Date.now();
    const second = await one.client.call("GET", `/runs/${started.json.id as string}?wait=2`);
    expect(second.json.status).toBe("queued");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_800);
  });
});
