// Two APIs and three workers hold every limit of a plan together (issue 18 point 8): runs at
// once and the queue cap, heavy calls, long polls and requests a minute, with the calls spread
// over both APIs. What was lost: a limit passed (more running than the plan allows, a call
// admitted past a cap) or a run that never ends. It must be none.
import { call, Stack, STEADY, type Account } from "./support/stack";

const RUNS_AT_ONCE = 2;
/** Several seconds of work: a run still running while the test acts on the other API. */
const SLOWER = STEADY.replace("for i = 0 to 200000", "for i = 0 to 1500000");
const QUEUE_EXTRA = 4;

describe("two APIs and three workers hold every limit", () => {
  const s = new Stack();
  let runner: Account;

  beforeAll(async () => {
    await s.start({ apis: 2, workers: 3, workerConcurrency: 2 });
    runner = await s.account({ concurrentRuns: RUNS_AT_ONCE, concurrentHeavy: 1, concurrentWaits: 1, requestsPerMinute: 10_000, runTimeLimitSeconds: 60 });
    await s.script(runner, "steady", STEADY);
    await s.script(runner, "slower", SLOWER);
  }, 120_000);
  afterAll(() => s.stop());

  const api = (i: number): string => (s.apis[i % s.apis.length] as { url: string }).url;
  // The slower script: the queue cap is only seen while the runs started before are still in
  // flight, and a run of `steady` can end before the next start on a quiet machine.
  const start = (i: number): Promise<Awaited<ReturnType<typeof call>>> => call(api(i), runner.key, "POST", "/v1/runs", { script: "slower", instrument: "AAPL", timeframe: "1d", bars: 2000 });

  it("when runs are started through both APIs, then at most the plan's runs run at once on three workers, the queue cap refuses the next one, and all end", async () => {
    const ids: string[] = [];
    for (let i = 0; i < RUNS_AT_ONCE + QUEUE_EXTRA; i++) {
      const r = await start(i);
      expect(r.status).toBe(202);
      ids.push(r.json.id as string);
    }
    const over = await start(1);
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe("busy");
    expect(over.json.error.message).toMatch(/queue is full/);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    let most = 0;
    for (;;) {
      const statuses = [...(await s.statuses(ids)).values()];
      most = Math.max(most, statuses.filter((x) => x === "running").length);
      if (statuses.every((x) => ["succeeded", "failed", "cancelled"].includes(x))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(most).toBeLessThanOrEqual(RUNS_AT_ONCE);
    expect(most).toBeGreaterThan(0);
    expect([...(await s.statuses(ids)).values()]).toEqual(ids.map(() => "succeeded"));
  }, 180_000);

  it("when one API holds the plan's heavy place (POST /runs waiting), then a heavy call on the other API is refused 429 busy", async () => {
    const holding = call(api(0), runner.key, "POST", "/v1/runs", { script: "slower", instrument: "AAPL", timeframe: "1d", bars: 2000, wait: 30 });
    // The hold is on once the run exists (it was created under the heavy lease).
    const deadline = Date.now() + 20_000;
    while ((await s.env.db.run.count({ where: { accountId: runner.id, status: { in: ["queued", "running"] } } })) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const refused = await call(api(1), runner.key, "POST", "/v1/scripts/validate", { files: [{ path: "main.pine", content: STEADY }] });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("busy");
    const held = await holding;
    expect(held.status).toBe(202);
    const after = await call(api(1), runner.key, "POST", "/v1/scripts/validate", { files: [{ path: "main.pine", content: STEADY }] });
    expect(after.status).toBe(200);
    await s.untilFinal([held.json.id as string], 60_000);
  }, 120_000);

  it("when the plan's one long poll is held on one API, then a long poll on the other answers at once with the run as it is", async () => {
    const started = await call(api(0), runner.key, "POST", "/v1/runs", { script: "slower", instrument: "AAPL", timeframe: "1d", bars: 2000 });
    const id = started.json.id as string;
    let firstDone = false;
    const first = call(api(0), runner.key, "GET", `/v1/runs/${id}?wait=30`).then((r) => { firstDone = true; return r; });
    await new Promise((r) => setTimeout(r, 300));
    const second = await call(api(1), runner.key, "GET", `/v1/runs/${id}?wait=30`);
    expect(second.status).toBe(200);
    expect(["queued", "running"]).toContain(second.json.status);
    expect(firstDone).toBe(false);
    expect((await first).json.status).toBe("succeeded");
  }, 120_000);

  it("when calls a minute are spread over both APIs, then exactly the plan's figure pass and the rest are 429 rate_limited", async () => {
    const limited = await s.account({ requestsPerMinute: 20 });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await call(api(i), limited.key, "GET", "/v1/me"));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.json.error.code).toBe("rate_limited");
      expect(r.headers.get("retry-after")).toBe("10");
    }
  });
});
