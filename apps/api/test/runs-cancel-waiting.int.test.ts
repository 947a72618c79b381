// A run cancelled while it is `running` but waits for a sandbox thread (docs/reference/api.md, Run
// states: "it may still wait there for a sandbox thread"; docs/adr/0325) is stopped by the worker
// then and there, over HTTP with real API and worker processes: the worker has one sandbox thread
// (WORKER_CONCURRENCY 1) and another account's long script holds it. The cancelled run ends
// `cancelled` with nothing evaluated, and its runs-at-once slot is given back at once, so the
// account's next run starts while the thread is still busy (before, the cancel was heard only when
// the thread freed, and the account's next run stayed queued until then).
import { RunsHarness, SMA_RSI, type Client } from "./runs-harness";

jest.setTimeout(120_000);

/**
 * Nine million loop steps on every bar (under the 10,000,000 a bar the language allows,
 * packages/lang/src/docs/guides.ts "Budgets"): over AAPL's daily bars it holds its thread far
 * longer than this test; the test cancels it at the end.
 */
const BUSY = `//@version=6
indicator("busy")
float x = 0.0
for i = 1 to 9000000
    x += 1
plot(x, "x")
`;

const base = { instrument: "AAPL", timeframe: "1d" };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const h = new RunsHarness();

beforeAll(async () => {
  await h.setup({ workerEnv: { WORKER_CONCURRENCY: "1" } });
});
afterAll(async () => {
  await h.teardown();
});

/** The run's state once it is no longer `queued`; `queued` if it still is after `seconds`. */
async function pastQueued(client: Client, id: string, seconds: number): Promise<string> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const status = (await client.call("GET", `/runs/${id}`)).json.status as string;
    if (status !== "queued" || Date.now() > deadline) return status;
    await sleep(50);
  }
}

describe("a run cancelled while it waits for a sandbox thread", () => {
  it("when every sandbox thread is busy and a running run waiting for one is cancelled, then it ends cancelled unevaluated and the account's next run starts while the thread is still busy", async () => {
    const holder = await h.account({ runTimeLimitSeconds: 600 });
    await h.script(holder, "busy", BUSY);
    const user = await h.account({ concurrentRuns: 1, runTimeLimitSeconds: 600 });
    await h.script(user, "busy", BUSY);
    await h.script(user, "quick", SMA_RSI);

    const blocking = (await holder.client.start({ ...base, script: "busy" })).json;
    expect(await pastQueued(holder.client, blocking.id, 30)).toBe("running");
    // its evaluation is under way on the one thread before the user's run arrives
    await sleep(500);

    const waiting = (await user.client.start({ ...base, script: "busy" })).json;
    expect(await pastQueued(user.client, waiting.id, 30)).toBe("running");
    const cancelled = await user.client.call("POST", `/runs/${waiting.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    expect(cancelled.json.failure).toEqual({ kind: "cancelled", message: "The run was cancelled.", retryable: false });
    expect(cancelled.json.summary).toMatchObject({ bars_evaluated: 0, compute_units: 0 });

    // The account's one slot is free again: its next run starts (it waits for the thread in turn).
    const next = (await user.client.start({ ...base, script: "quick" })).json;
    expect(await pastQueued(user.client, next.id, 30)).toBe("running");
    expect((await holder.client.call("GET", `/runs/${blocking.id}`)).json.status).toBe("running");
    const second = await user.client.call("POST", `/runs/${next.id}/cancel`);
    expect(second.json.status).toBe("cancelled");
    expect(second.json.summary).toMatchObject({ bars_evaluated: 0, compute_units: 0 });

    // The thread freed, neither cancelled run is evaluated afterwards, and the worker runs on.
    expect((await holder.client.call("POST", `/runs/${blocking.id}/cancel`)).json.status).toBe("cancelled");
    const after = await user.client.start({ ...base, script: "quick", bars: 30, wait: 30 });
    expect(after.json.status).toBe("succeeded");
    for (const id of [waiting.id, next.id]) {
      const run = (await user.client.call("GET", `/runs/${id}`)).json;
      expect(run.status).toBe("cancelled");
      expect(run.summary).toMatchObject({ bars_evaluated: 0, compute_units: 0 });
    }
  });
});
