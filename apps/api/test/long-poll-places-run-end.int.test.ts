// docs/adr/0308: POST /v1/runs with `wait` hands its heavy-call place and long-poll place to the
// run's job, whose end gives them back in the call that publishes the final state and names them
// there (`releasedPlaces`); the waiting call then gives back only what that message did not name.
// No worker runs here: the test plays the run's end (the run moved to succeeded, its message
// published), so what the API gives back itself is seen alone.
import { finishRun } from "@barscript/db";
import { createLimits, type Limits } from "@barscript/limits";
import { bullPrefix, createRedis, QUEUES, runChannel, runsQueue, type RunJobData } from "@barscript/queue";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { RunsHarness } from "./runs-harness";

jest.setTimeout(60_000);

const SCRIPT = `//@version=6
indicator("one")
plot(close, "c")
`;
const RUN = { script: "one", instrument: "AAPL", timeframe: "1d", bars: 10 };

describe("a waiting start's places given back by its run's end", () => {
  const h = new RunsHarness();
  let redis: Redis;
  let limits: Limits;
  let queue: Queue<RunJobData>;

  beforeAll(async () => {
    await h.setup({ workers: 0 });
    redis = createRedis(h.env.redisUrl, "command");
    limits = createLimits({ redis, prefix: h.env.redisPrefix });
    queue = runsQueue(redis, h.env.redisPrefix);
  }, 120_000);
  afterAll(async () => {
    await queue?.close();
    redis?.disconnect();
    await h.teardown();
  });

  /** The account's run job once queued (up to 5 s). */
  async function jobOf(accountId: string): Promise<RunJobData> {
    for (let i = 0; i < 100; i++) {
      const run = await h.env.db.run.findFirst({ where: { accountId }, select: { id: true } });
      const job = run ? await queue.getJob(run.id) : undefined;
      if (job) return job.data;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no run job of ${accountId} in ${bullPrefix(h.env.redisPrefix)}:${QUEUES.runs}`);
  }

  /** The run's end as a worker makes it: the run succeeded, then its final message published. */
  async function endRun(runId: string, extra: Record<string, unknown>): Promise<void> {
    const summary = { bars: 10, warmup_bars: 0, bars_evaluated: 10, compute_units: 1, runtime_errors: [], duration: 0 };
    expect(await finishRun(h.env.db, runId, ["queued", "running"], { status: "succeeded", summary }, new Date())).toBeTruthy();
    await redis.publish(runChannel(h.env.redisPrefix, runId), JSON.stringify({ type: "status", status: "succeeded", ...extra }));
  }

  it("when the run's end names the call's places as given back, then the call's answer gives back neither again", async () => {
    const a = await h.account({ concurrentHeavy: 2, concurrentWaits: 2, requestsPerMinute: 10_000 });
    await h.script(a, "one", SCRIPT);
    const call = a.client.start({ ...RUN, wait: 20 });
    const data = await jobOf(a.id);
    expect(data.accountId).toBe(a.id);
    const places = data.places;
    if (!places) throw new Error("the job carries no places");
    expect(await redis.zscore(limits.heavy.key(a.id), places.heavy)).not.toBeNull();
    expect(await redis.zscore(limits.waits.key(a.id), places.wait)).not.toBeNull();
    // This run's end names both places but (unlike the worker's one Lua call) leaves them in
    // their sets: what is still held after the answer is what the API did not give back.
    await endRun(data.runId, { releasedPlaces: [places.heavy, places.wait] });
    const answer = await call;
    expect([answer.status, answer.json.status]).toEqual([202, "succeeded"]);
    expect([await limits.heavy.used(a.id), await limits.waits.used(a.id)]).toEqual([1, 1]);
    await redis.zrem(limits.heavy.key(a.id), places.heavy);
    await redis.zrem(limits.waits.key(a.id), places.wait);
  });

  it("when the run's final message names no places (a cancel, a worker of an earlier version), then the call gives both back with its answer", async () => {
    const a = await h.account({ concurrentHeavy: 2, concurrentWaits: 2, requestsPerMinute: 10_000 });
    await h.script(a, "one", SCRIPT);
    const call = a.client.start({ ...RUN, wait: 20 });
    const data = await jobOf(a.id);
    expect(data.places).toBeDefined();
    await endRun(data.runId, {});
    const answer = await call;
    expect([answer.status, answer.json.status]).toEqual([202, "succeeded"]);
    expect([await limits.heavy.used(a.id), await limits.waits.used(a.id)]).toEqual([0, 0]);
  });

  it("when a call does not wait, then its job carries no places", async () => {
    const a = await h.account({ concurrentHeavy: 2, concurrentWaits: 2, requestsPerMinute: 10_000 });
    await h.script(a, "one", SCRIPT);
    const answer = await a.client.start({ ...RUN });
    expect(answer.status).toBe(202);
    const data = await jobOf(a.id);
    expect(data).toEqual({ runId: answer.json.id, accountId: a.id });
  });
});
