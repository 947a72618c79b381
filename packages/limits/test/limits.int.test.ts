import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { createLimits, FailedKeyGuard, LeaseSemaphore, releaseAndPop, RollingWindow } from "@barscript/limits";
import { REDIS_URL } from "../../../test/support/env";

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe("limits against real Redis", () => {
  let redis: Redis;
  const prefix = `bst:limits:${randomBytes(4).toString("hex")}:`;

  beforeAll(() => { redis = new Redis(REDIS_URL); });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  describe("leased semaphore", () => {
    it("when places are taken up to the limit, then the next acquire is refused until one is released", async () => {
      const sem = new LeaseSemaphore(redis, { keyPrefix: `${prefix}sem1:` });
      const a = await sem.acquire("acct", 2);
      const b = await sem.acquire("acct", 2);
      expect(a).not.toBeNull();
      expect(b).not.toBeNull();
      expect(await sem.acquire("acct", 2)).toBeNull();
      expect(await sem.used("acct")).toBe(2);
      await a?.release();
      await a?.release();
      expect(await sem.used("acct")).toBe(1);
      const c = await sem.acquire("acct", 2);
      expect(c).not.toBeNull();
      await b?.release();
      await c?.release();
      expect(await sem.used("acct")).toBe(0);
    });

    it("when another owner is full, then this owner is untouched", async () => {
      const sem = new LeaseSemaphore(redis, { keyPrefix: `${prefix}sem2:` });
      const a = await sem.acquire("one", 1);
      expect(await sem.acquire("one", 1)).toBeNull();
      const b = await sem.acquire("two", 1);
      expect(b).not.toBeNull();
      await a?.release();
      await b?.release();
    });

    it("when 50 acquires race for 5 places, then exactly 5 win", async () => {
      const sem = new LeaseSemaphore(redis, { keyPrefix: `${prefix}sem3:` });
      const clients = Array.from({ length: 5 }, () => new Redis(REDIS_URL));
      const sems = clients.map((c) => new LeaseSemaphore(c, { keyPrefix: `${prefix}sem3:` }));
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => sems[i % 5]!.acquire("acct", 5)));
      const won = results.filter((r) => r !== null);
      expect(won).toHaveLength(5);
      expect(await sem.used("acct")).toBe(5);
      await Promise.all(won.map((l) => l?.release()));
      clients.forEach((c) => c.disconnect());
    });

    it("when a lease is held, then renewals keep it past its TTL", async () => {
      const sem = new LeaseSemaphore(redis, { keyPrefix: `${prefix}sem4:`, ttlMs: 400, renewMs: 100 });
      const lease = await sem.acquire("acct", 1);
      await sleep(1000);
      expect(lease?.held).toBe(true);
      expect(await sem.used("acct")).toBe(1);
      expect(await sem.acquire("acct", 1)).toBeNull();
      await lease?.release();
      expect(await sem.used("acct")).toBe(0);
    });

    it("when its holder stops renewing (a dead process), then the place comes back within the TTL", async () => {
      const dying = new Redis(REDIS_URL);
      const deadSem = new LeaseSemaphore(dying, { keyPrefix: `${prefix}sem5:`, ttlMs: 400, renewMs: 100 });
      const sem = new LeaseSemaphore(redis, { keyPrefix: `${prefix}sem5:`, ttlMs: 400, renewMs: 100 });
      expect(await deadSem.acquire("acct", 1)).not.toBeNull();
      dying.disconnect();
      expect(await sem.acquire("acct", 1)).toBeNull();
      await sleep(500);
      const lease = await sem.acquire("acct", 1);
      expect(lease).not.toBeNull();
      await lease?.release();
    });

    it("when a renewal finds the lease gone, then the holder is told once", async () => {
      const sem = new LeaseSemaphore(redis, { keyPrefix: `${prefix}sem6:`, ttlMs: 400, renewMs: 100 });
      const lost = jest.fn();
      const lease = await sem.acquire("acct", 1, { onLost: lost });
      await redis.del(sem.key("acct"));
      await sleep(250);
      expect(lost).toHaveBeenCalledTimes(1);
      expect(lease?.lost).toBe(true);
    });

    it("when a caller-chosen lease id is acquired twice, then it holds one place", async () => {
      const sem = new LeaseSemaphore(redis, { keyPrefix: `${prefix}sem7:` });
      const a = await sem.acquire("acct", 1, { leaseId: "run_1" });
      const again = await sem.acquire("acct", 1, { leaseId: "run_1" });
      expect(again).not.toBeNull();
      expect(await sem.used("acct")).toBe(1);
      await a?.release();
      await again?.release();
    });

    it("when the limit is 0, then nothing is taken", async () => {
      const sem = new LeaseSemaphore(redis, { keyPrefix: `${prefix}sem8:` });
      expect(await sem.acquire("acct", 0)).toBeNull();
    });

    it("when a run's place is released with releaseAndPop, then its message is published first, the place is free and the oldest waiter is taken", async () => {
      const sem = new LeaseSemaphore(redis, { keyPrefix: `${prefix}sem9:` });
      const waiting = `${prefix}waiting9`;
      const channel = `${prefix}channel9`;
      await redis.zadd(waiting, 2000, "run_late", 1000, "run_early");
      const sub = new Redis(REDIS_URL);
      const heard: string[] = [];
      sub.on("message", (_c: string, m: string) => heard.push(m));
      await sub.subscribe(channel);
      const lease = await sem.acquire("acct", 1, { leaseId: "run_9" });
      const place = lease?.handOver();
      if (!place) throw new Error("no place");
      expect(await releaseAndPop(redis, place, waiting, { channel, text: "done" })).toBe("run_early");
      expect(await sem.used("acct")).toBe(0);
      // no message given: nothing published; the next waiter taken, then none
      expect(await releaseAndPop(redis, place, waiting, null)).toBe("run_late");
      expect(await releaseAndPop(redis, place, waiting, null)).toBeNull();
      await sleep(50);
      expect(heard).toEqual(["done"]);
      sub.disconnect();
    });
  });

  describe("rolling window", () => {
    it("when the window is full, then the call is refused, not counted, and told when room comes back", async () => {
      const w = new RollingWindow(redis, `${prefix}w1:`, 60_000);
      const hits = [];
      for (let i = 0; i < 3; i++) hits.push(await w.hit("acct", 3));
      expect(hits.map((h) => [h.allowed, h.remaining, h.resetSeconds > 0])).toEqual([[true, 2, false], [true, 1, false], [true, 0, true]]);
      const refused = await w.hit("acct", 3);
      expect(refused.allowed).toBe(false);
      expect(refused.remaining).toBe(0);
      expect(refused.resetSeconds).toBeGreaterThan(55);
      expect(refused.resetSeconds).toBeLessThanOrEqual(60);
      expect(await w.count("acct")).toBe(3);
    });

    it("when the oldest call leaves the window, then there is room again (rolling, not fixed)", async () => {
      const w = new RollingWindow(redis, `${prefix}w2:`, 1000);
      expect((await w.hit("acct", 2)).allowed).toBe(true);
      await sleep(500);
      expect((await w.hit("acct", 2)).allowed).toBe(true);
      expect((await w.hit("acct", 2)).allowed).toBe(false);
      await sleep(600);
      // the first left, the second is still inside: one place
      expect((await w.hit("acct", 2)).allowed).toBe(true);
      expect((await w.hit("acct", 2)).allowed).toBe(false);
    });

    it("when 100 calls race for 10 places across connections, then exactly 10 pass", async () => {
      const clients = Array.from({ length: 4 }, () => new Redis(REDIS_URL));
      const windows = clients.map((c) => new RollingWindow(c, `${prefix}w3:`, 60_000));
      const hits = await Promise.all(Array.from({ length: 100 }, (_, i) => windows[i % 4]!.hit("acct", 10)));
      expect(hits.filter((h) => h.allowed)).toHaveLength(10);
      clients.forEach((c) => c.disconnect());
    });
  });

  describe("failed-key guard", () => {
    it("when 30 failures are recorded, then the IP is not blocked; at 31 it is", async () => {
      const guard = new FailedKeyGuard(redis, `${prefix}fk:`);
      for (let i = 0; i < 30; i++) await guard.recordFailure("10.0.0.1");
      expect(await guard.isBlocked("10.0.0.1")).toBe(false);
      await guard.recordFailure("10.0.0.1");
      expect(await guard.isBlocked("10.0.0.1")).toBe(true);
      expect(await guard.isBlocked("10.0.0.2")).toBe(false);
    });
  });

  describe("createLimits", () => {
    it("when used, then every key it writes starts with the prefix", async () => {
      const p = `${prefix}cl:`;
      const limits = createLimits({ redis, prefix: p });
      const account = { id: "acc_1", plan: { requestsPerMinute: 5, concurrentHeavy: 1, concurrentWaits: 1, concurrentRuns: 1 } };
      const heavy = await limits.tryAcquireHeavy(account);
      const wait = await limits.tryAcquireWait(account);
      expect(await limits.tryAcquireWait(account)).toBeNull();
      const run = await limits.tryAcquireRun(account, "run_x");
      expect(await limits.runsInUse("acc_1")).toBe(1);
      await limits.hitRequest(account);
      await limits.failedKeys.recordFailure("1.2.3.4");
      const keys = await redis.keys(`${prefix}*`);
      const mine = keys.filter((k) => k.startsWith(p));
      expect(mine.sort()).toEqual([`${p}limits:failed-keys:1.2.3.4`, `${p}limits:heavy:acc_1`, `${p}limits:rpm:acc_1`, `${p}limits:runs:acc_1`, `${p}limits:waits:acc_1`]);
      await Promise.all([heavy?.release(), wait?.release(), run?.release()]);
    });

    it("when a heavy place and a long-poll place are taken in one call, then each plan figure binds exactly and a refused heavy place takes nothing", async () => {
      const limits = createLimits({ redis, prefix: `${prefix}hw:`, leaseTtlMs: 1_000, leaseRenewMs: 400 });
      const account = { id: "acc_hw", plan: { concurrentHeavy: 3, concurrentWaits: 2 } };
      const used = async (): Promise<[number, number]> => [await limits.heavy.used("acc_hw"), await limits.waits.used("acc_hw")];
      const taken = [];
      for (let i = 0; i < 3; i++) taken.push(await limits.tryAcquireHeavyAndWait(account));
      // three heavy places (the plan's 3), long-poll places for the first two only (the plan's 2)
      expect(taken.map((t) => t && [t.heavy.held, t.wait !== null])).toEqual([[true, true], [true, true], [true, false]]);
      expect(await used()).toEqual([3, 2]);
      // heavy places full: nothing taken, not even a free long-poll place
      await taken[0]?.wait?.release();
      expect(await used()).toEqual([3, 1]);
      expect(await limits.tryAcquireHeavyAndWait(account)).toBeNull();
      expect(await used()).toEqual([3, 1]);
      // both given back in one call
      await limits.releaseTogether([taken[1]!.heavy, taken[1]!.wait!]);
      expect(await used()).toEqual([2, 0]);
      // a plan of no long polls: the heavy place alone
      const none = await limits.tryAcquireHeavyAndWait({ id: "acc_hw", plan: { concurrentHeavy: 3, concurrentWaits: 0 } });
      expect(none && [none.heavy.held, none.wait]).toEqual([true, null]);
      expect(await used()).toEqual([3, 0]);
      // leases taken together are renewed like any other: still held past their 1 s TTL
      await sleep(1_300);
      expect(await used()).toEqual([3, 0]);
      await limits.releaseTogether([taken[0]!.heavy, taken[2]!.heavy, none!.heavy]);
      expect(await used()).toEqual([0, 0]);
    });

    it("when rows 1 and 6 are checked in one round trip, then they answer as isBlocked then hitRequest, and a blocked IP counts nothing", async () => {
      const p = `${prefix}gh:`;
      const limits = createLimits({ redis, prefix: p });
      const account = { id: "acc_g", plan: { requestsPerMinute: 3 } };
      const hits = [];
      const hit = async (ip: string, a: typeof account) => {
        const r = await limits.hitRequestForKey(ip, a, null, false);
        return r.state === "counted" ? r.hit : null;
      };
      for (let i = 0; i < 4; i++) hits.push(await hit("9.9.9.9", account));
      expect(hits.map((h) => h && { allowed: h.allowed, remaining: h.remaining, limit: h.limit })).toEqual([
        { allowed: true, remaining: 2, limit: 3 },
        { allowed: true, remaining: 1, limit: 3 },
        { allowed: true, remaining: 0, limit: 3 },
        { allowed: false, remaining: 0, limit: 3 },
      ]);
      expect(hits[3]?.resetSeconds).toBeGreaterThan(0);
      expect(await limits.requests.count("acc_g")).toBe(3);
      // 31 failed checks block the IP: nothing more is counted for the account from it.
      const other = { id: "acc_h", plan: { requestsPerMinute: 3 } };
      for (let i = 0; i < 31; i++) await limits.failedKeys.recordFailure("8.8.8.8");
      expect(await limits.failedKeys.isBlocked("8.8.8.8")).toBe(true);
      expect(await hit("8.8.8.8", other)).toBeNull();
      expect(await limits.requests.count("acc_h")).toBe(0);
      expect(await hit("7.7.7.7", other)).toMatchObject({ allowed: true, remaining: 2 });
    });
  });
});
