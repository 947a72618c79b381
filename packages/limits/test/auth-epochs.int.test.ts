// auth-hit-4.lua and the auth epochs (docs/adr/0082-key-lookup-cache.md) against real Redis.
import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { createLimits, type Limits } from "@barscript/limits";
import { REDIS_URL } from "../../../test/support/env";

describe("auth epochs against real Redis", () => {
  let redis: Redis;
  let limits: Limits;
  const prefix = `bst:epochs:${randomBytes(4).toString("hex")}:`;
  const account = (id: string, requestsPerMinute = 100) => ({ id, plan: { requestsPerMinute } });

  beforeAll(() => {
    redis = new Redis(REDIS_URL);
    limits = createLimits({ redis, prefix });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it("when the generation is missing, then the call sets one and reports epochs no earlier value can match", async () => {
    expect(await redis.get(limits.authEpochs.generationKey())).toBeNull();
    const first = await limits.hitRequestForKey("1.1.1.1", account("acc_a"), null, false);
    expect(first.state).toBe("counted");
    const generation = await redis.get(limits.authEpochs.generationKey());
    expect(generation).not.toBeNull();
    expect(first.epochs).toBe(`0:${generation}`);
  });

  it("when a writer bumps the account, then a call expecting the old epochs is stale and counts nothing", async () => {
    const before = await limits.hitRequestForKey("1.1.1.2", account("acc_b", 5), null, false);
    expect(before).toMatchObject({ state: "counted", hit: { remaining: 4 } });
    await limits.authEpochs.accountChanged("acc_b");
    const stale = await limits.hitRequestForKey("1.1.1.2", account("acc_b", 5), before.epochs, true);
    expect(stale.state).toBe("stale");
    expect(stale.epochs).not.toBe(before.epochs);
    expect(await limits.requests.count("acc_b")).toBe(1);
    const again = await limits.hitRequestForKey("1.1.1.2", account("acc_b", 5), stale.epochs, true);
    expect(again).toMatchObject({ state: "counted", epochs: stale.epochs, hit: { allowed: true, remaining: 3 } });
  });

  it("when another account is bumped, then this account's epochs still match", async () => {
    const mine = await limits.hitRequestForKey("1.1.1.3", account("acc_c"), null, false);
    await limits.authEpochs.accountChanged("acc_other");
    expect((await limits.hitRequestForKey("1.1.1.3", account("acc_c"), mine.epochs, true)).state).toBe("counted");
  });

  it("when everything changed (key reload), then no account's old epochs match", async () => {
    const mine = await limits.hitRequestForKey("1.1.1.4", account("acc_d"), null, false);
    await limits.authEpochs.everythingChanged();
    expect((await limits.hitRequestForKey("1.1.1.4", account("acc_d"), mine.epochs, true)).state).toBe("stale");
  });

  it("when the IP has more than 30 failed checks, then the call is blocked and counts nothing", async () => {
    for (let i = 0; i < 31; i++) await limits.failedKeys.recordFailure("9.9.9.9");
    const blocked = await limits.hitRequestForKey("9.9.9.9", account("acc_e"), null, false);
    expect(blocked.state).toBe("blocked");
    expect(await limits.requests.count("acc_e")).toBe(0);
  });

  it("when two leases of different semaphores are released together, then both places are free", async () => {
    const heavy = await limits.tryAcquireHeavy({ id: "acc_f", plan: { concurrentHeavy: 1 } });
    const wait = await limits.tryAcquireWait({ id: "acc_f", plan: { concurrentWaits: 1 } });
    expect(heavy && wait).toBeTruthy();
    await limits.releaseTogether([heavy!, wait!]);
    expect(await limits.heavy.used("acc_f")).toBe(0);
    expect(await limits.waits.used("acc_f")).toBe(0);
    expect(heavy!.held || wait!.held).toBe(false);
  });
});
