// POST /v1/runs with `wait` takes its long-poll place together with its heavy place, in one Redis
// call at the heavy check (docs/adr/0234-long-poll-place-taken-with-the-heavy-place.md): the
// plan's heavy calls at once and long polls at once still bind exactly (docs/reference/
// limits-and-plans.md "Limits a call meets"), a call refused its heavy place takes no long-poll
// place, and a call refused after its heavy check gives both back. No worker runs here, so every
// run stays queued and a call with `wait` holds its whole wait.
import { createLimits, type Limits } from "@barscript/limits";
import { createRedis } from "@barscript/queue";
import type { Redis } from "ioredis";
import { RunsHarness, type Answer, type Client } from "./runs-harness";

jest.setTimeout(60_000);

const SCRIPT = `//@version=6
indicator("one")
plot(close, "c")
`;
const RUN = { script: "one", instrument: "AAPL", timeframe: "1d", bars: 10 };

describe("the long-poll place of POST /runs, taken with its heavy place", () => {
  const h = new RunsHarness();
  let redis: Redis;
  let limits: Limits;

  beforeAll(async () => {
    await h.setup({ workers: 0 });
    redis = createRedis(h.env.redisUrl, "command");
    limits = createLimits({ redis, prefix: h.env.redisPrefix });
  }, 120_000);
  afterAll(async () => {
    redis?.disconnect();
    await h.teardown();
  });

  async function accountWith(figures: { concurrentHeavy: number; concurrentWaits: number }): Promise<{ id: string; client: Client }> {
    const a = await h.account({ ...figures, requestsPerMinute: 10_000 });
    await h.script(a, "one", SCRIPT);
    return a;
  }

  /** The call's answer and how long it took. */
  async function timed(call: Promise<Answer>): Promise<Answer & { ms: number }> {
    const t0 = Date.now();
    const answer = await call;
    return { ...answer, ms: Date.now() - t0 };
  }

  /** Waits (up to 3 s) until the account holds `heavy` heavy places and `waits` long-poll places. */
  async function held(accountId: string, heavy: number, waits: number): Promise<[number, number]> {
    let now: [number, number] = [-1, -1];
    for (let i = 0; i < 60; i++) {
      now = [await limits.heavy.used(accountId), await limits.waits.used(accountId)];
      if (now[0] === heavy && now[1] === waits) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return now;
  }

  it("when a POST /runs with wait holds, then it holds one heavy and one long-poll place; the next waiting call answers at once; both come back at its answer", async () => {
    const { id, client } = await accountWith({ concurrentHeavy: 2, concurrentWaits: 1 });
    // "At once" against a wait of 10 s: an answer under half of it did not wait (no worker takes
    // the run, so a call that waits runs its whole wait), whatever the machine's load.
    const first = timed(client.start({ ...RUN, wait: 10 }));
    expect(await held(id, 1, 1)).toEqual([1, 1]);

    // The plan's only long poll is taken: admitted (a heavy place is free), answered at once.
    const second = await timed(client.start({ ...RUN, wait: 10 }));
    expect([second.status, second.json.status]).toEqual([202, "queued"]);
    expect(second.ms).toBeLessThan(5_000);
    // Its heavy place is back with its answer; the first call's places are still held.
    expect(await held(id, 1, 1)).toEqual([1, 1]);
    const poll = await timed(client.call("GET", `/runs/${second.json.id as string}?wait=10`));
    expect([poll.status, poll.json.status]).toEqual([200, "queued"]);
    expect(poll.ms).toBeLessThan(5_000);

    const answered = await first;
    expect([answered.status, answered.json.status]).toEqual([202, "queued"]);
    expect(answered.ms).toBeGreaterThanOrEqual(9_800);
    expect(await held(id, 0, 0)).toEqual([0, 0]);
  });

  it("when the run of a waiting POST /runs is no longer stored when its wait ends (a start whose commit a Postgres crash lost, docs/adr/0266), then the call answers 503 busy, not the run", async () => {
    const { id, client } = await accountWith({ concurrentHeavy: 2, concurrentWaits: 2 });
    const call = client.start({ ...RUN, wait: 2 });
    let run: { id: string } | null = null;
    for (let i = 0; i < 60 && !run; i++) {
      run = await h.env.db.run.findFirst({ where: { accountId: id }, select: { id: true } });
      if (!run) await new Promise((r) => setTimeout(r, 50));
    }
    expect(run).not.toBeNull();
    await h.env.db.run.delete({ where: { id: (run as { id: string }).id } });
    const answered = await call;
    expect([answered.status, answered.json?.error?.code]).toEqual([503, "busy"]);
    expect(await held(id, 0, 0)).toEqual([0, 0]);
  });

  it("when the heavy places are taken, then a POST /runs with wait is refused 429 busy and takes no long-poll place", async () => {
    const { id, client } = await accountWith({ concurrentHeavy: 1, concurrentWaits: 1 });
    const lease = await limits.tryAcquireHeavy({ id, plan: { concurrentHeavy: 1 } });
    expect(lease).not.toBeNull();
    const refused = await timed(client.start({ ...RUN, wait: 10 }));
    expect([refused.status, refused.json.error.code, refused.headers.get("retry-after")]).toEqual([429, "busy", "2"]);
    expect(refused.ms).toBeLessThan(5_000);
    expect(await held(id, 1, 0)).toEqual([1, 0]);
    await lease?.release();

    // The one long-poll place is free: a long poll on a run holds its 2 s.
    const started = await client.start(RUN);
    expect(started.status).toBe(202);
    const poll = await timed(client.call("GET", `/runs/${started.json.id as string}?wait=2`));
    expect(poll.json.status).toBe("queued");
    expect(poll.ms).toBeGreaterThanOrEqual(1_800);
  });

  it("when a POST /runs with wait is refused after its heavy check, then both its places are back", async () => {
    const { id, client } = await accountWith({ concurrentHeavy: 1, concurrentWaits: 1 });
    const unknown = await client.start({ ...RUN, script: "no-such-script", wait: 5 });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, "not_found"]);
    expect(await held(id, 0, 0)).toEqual([0, 0]);
    const badTimeframe = await client.start({ ...RUN, timeframe: "7x", wait: 5 });
    expect([badTimeframe.status, badTimeframe.json.error.code]).toEqual([400, "unsupported_timeframe"]);
    expect(await held(id, 0, 0)).toEqual([0, 0]);
    // With one place of each, the next call is admitted and holds its wait.
    const holding = await timed(client.start({ ...RUN, wait: 2 }));
    expect([holding.status, holding.json.status]).toEqual([202, "queued"]);
    expect(holding.ms).toBeGreaterThanOrEqual(1_800);
  });

  it("when six POST /runs with wait race on a plan of two heavy calls and two long polls, then exactly two are admitted and hold, four are refused", async () => {
    const { id, client } = await accountWith({ concurrentHeavy: 2, concurrentWaits: 2 });
    const calls = Array.from({ length: 6 }, () => timed(client.start({ ...RUN, wait: 2 })));
    expect(await held(id, 2, 2)).toEqual([2, 2]);
    const answers = await Promise.all(calls);
    const admitted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status === 429);
    expect([admitted.length, refused.length]).toEqual([2, 4]);
    for (const a of admitted) {
      expect(a.json.status).toBe("queued");
      expect(a.ms).toBeGreaterThanOrEqual(1_800);
    }
    for (const r of refused) expect([r.json.error.code, r.headers.get("retry-after")]).toEqual(["busy", "2"]);
    expect(await held(id, 0, 0)).toEqual([0, 0]);
    expect(await h.env.db.run.count({ where: { accountId: id } })).toBe(2);
  });
});
