// docs/adr/0308: a run job that carries the places of the call waiting for it (POST /v1/runs
// with `wait`: its heavy-call place and long-poll place) has them given back by the run's end, in
// the Redis call that publishes its final state, which names them; a job without them leaves the
// account's places as they were. Real Postgres and Redis; daily bars close = 100 + i.
import Redis from "ioredis";
import { newRunId, type Run } from "@barscript/db";
import { createLimits } from "@barscript/limits";
import { runChannel, type RunJobData } from "@barscript/queue";
import { writeFlatSeries } from "../../../test/support/bars";
import { admittedAccount, createRunQueue, createWorkerRig, saveScript, type RunQueue, type WorkerRig } from "./support/run-processor";

jest.setTimeout(120_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;

let rig: WorkerRig;
let f: RunQueue;
let sub: Redis;
let accounts = 0;

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  await writeFlatSeries(rig.env.db, { id: "ins_syn", symbol: "SYN", name: "Synthetic", timeframe: "1d", t0: T0, step: DAY, count: 100, value: (i) => 100 + i });
  f = await createRunQueue(rig, { concurrency: 2 });
  sub = new Redis(rig.env.redisUrl);
});

afterAll(async () => {
  sub.disconnect();
  await f.close();
  await rig.close();
});

async function queuedRun(): Promise<Run> {
  const n = ++accounts;
  const account = await admittedAccount(rig.env.db, `places-${n}`);
  const script = await saveScript(rig.env.db, account, "s", `//@version=6\nindicator("t")\nplot(close * 2, "t")\n`);
  return rig.env.db.run.create({
    data: { id: newRunId(), accountId: account.id, kind: script.kind as Run["kind"], scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1, instrument: "SYN", timeframe: "1d", windowFrom: new Date((T0 + 50 * DAY) * 1000), windowTo: new Date((T0 + 99 * DAY) * 1000), windowBars: 50, inputs: {} },
  });
}

/**
 * Runs `data`'s job to its end: the final message on the run's channel, and the places held in
 * the account's heavy-call and long-poll sets when that message was heard (asked on hearing it;
 * the run's end is one Lua call, so nothing it gives back can still be held then).
 */
async function runHearing(run: Run, places: RunJobData["places"]): Promise<{ message: Record<string, unknown>; heldWhenHeard: [number, number] }> {
  const limits = createLimits({ redis: rig.redis, prefix: rig.env.redisPrefix });
  const channel = runChannel(rig.env.redisPrefix, run.id);
  const heard = new Promise<{ message: Record<string, unknown>; heldWhenHeard: [number, number] }>((resolve) => {
    const onMessage = (c: string, text: string): void => {
      if (c !== channel) return;
      sub.off("message", onMessage);
      void Promise.all([rig.redis.zcard(limits.heavy.key(run.accountId)), rig.redis.zcard(limits.waits.key(run.accountId))]).then(([heavy, waits]) => resolve({ message: JSON.parse(text) as Record<string, unknown>, heldWhenHeard: [heavy, waits] }));
    };
    sub.on("message", onMessage);
  });
  await sub.subscribe(channel);
  const data: RunJobData = { runId: run.id, accountId: run.accountId, ...(places ? { places } : {}) };
  const job = await f.queue.add("run", data, { jobId: run.id });
  await job.waitUntilFinished(f.events, 60_000);
  const result = await heard;
  await sub.unsubscribe(channel);
  return result;
}

describe("a waiting start's places and the run's end", () => {
  it("when the job carries the call's places, then the run's end gives both back before its final message, which names them", async () => {
    const run = await queuedRun();
    const limits = createLimits({ redis: rig.redis, prefix: rig.env.redisPrefix });
    const held = await limits.tryAcquireHeavyAndWait({ id: run.accountId, plan: { concurrentHeavy: 3, concurrentWaits: 2 } });
    if (!held?.wait) throw new Error("places not taken");
    // another call's long-poll place of the same account stays held
    const other = await limits.tryAcquireWait({ id: run.accountId, plan: { concurrentWaits: 2 } });
    const { message, heldWhenHeard } = await runHearing(run, { heavy: held.heavy.id, wait: held.wait.id });
    expect(message).toMatchObject({ type: "status", status: "succeeded", releasedPlaces: [held.heavy.id, held.wait.id] });
    expect(heldWhenHeard).toEqual([0, 1]);
    expect((await rig.env.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("succeeded");
    for (const lease of [held.heavy, held.wait, other]) lease?.handOver();
  });

  it("when the job carries no places, then the run's end leaves the account's places held and names none", async () => {
    const run = await queuedRun();
    const limits = createLimits({ redis: rig.redis, prefix: rig.env.redisPrefix });
    const held = await limits.tryAcquireHeavyAndWait({ id: run.accountId, plan: { concurrentHeavy: 3, concurrentWaits: 2 } });
    if (!held?.wait) throw new Error("places not taken");
    const { message, heldWhenHeard } = await runHearing(run, undefined);
    expect(message).toMatchObject({ type: "status", status: "succeeded" });
    expect(message).not.toHaveProperty("releasedPlaces");
    expect(heldWhenHeard).toEqual([1, 1]);
    await limits.releaseTogether([held.heavy, held.wait]);
  });
});
