// Every per-account limit the API and workers share, all keys under the configured REDIS_PREFIX.
import type { Redis } from "ioredis";
import { randomUUID } from "node:crypto";
import { AuthEpochs } from "./auth-epochs";
import { FAILED_KEY_THRESHOLD, FailedKeyGuard } from "./failed-keys";
import { SCRIPTS, toNumbers } from "./lua";
import { acquireBoth, type Lease, type LeaseOptions, LeaseSemaphore, releaseTogether } from "./semaphore";
import { RollingWindow, type WindowHit } from "./window";

export const REQUESTS_WINDOW_MS = 60_000;

export interface LimitsOptions {
  redis: Redis;
  /** REDIS_PREFIX, e.g. `bs:`. */
  prefix: string;
  /** Lease timing; tests shorten them. Defaults: 30 s TTL renewed every 10 s. */
  leaseTtlMs?: number;
  leaseRenewMs?: number;
}

export interface HeavyAccount { id: string; plan: { concurrentHeavy: number } }
export interface WaitAccount { id: string; plan: { concurrentWaits: number } }
export interface RunAccount { id: string; plan: { concurrentRuns: number } }
export interface RateAccount { id: string; plan: { requestsPerMinute: number } }

/** hitRequestForKey's answer: `stale` when the expected epochs differed and `mustMatch` was set (nothing counted). */
export type KeyedHit =
  | { state: "counted"; hit: WindowHit; epochs: string }
  | { state: "blocked"; epochs: string }
  | { state: "stale"; epochs: string };

export interface Limits {
  readonly failedKeys: FailedKeyGuard;
  readonly authEpochs: AuthEpochs;
  readonly requests: RollingWindow;
  readonly heavy: LeaseSemaphore;
  readonly waits: LeaseSemaphore;
  readonly runs: LeaseSemaphore;
  /** Counts one call toward requests a minute unless the window is full (refused calls are not counted). */
  hitRequest(account: RateAccount): Promise<WindowHit>;
  /**
   * Rows 1 and 6 of the check chain in one round trip: `failedKeys.isBlocked(ip)`, then (only when
   * not blocked) `hitRequest(account)`; it also reads the account's auth epochs
   * (docs/adr/0082-key-lookup-cache.md). With `mustMatch`, epochs other than `expected` answer
   * `stale` and nothing is counted or checked.
   */
  hitRequestForKey(ip: string, account: RateAccount, expected: string | null, mustMatch: boolean): Promise<KeyedHit>;
  /** A heavy-call place, or null when the plan's heavy calls at once are taken. */
  tryAcquireHeavy(account: HeavyAccount): Promise<Lease | null>;
  /**
   * A heavy-call place and a long-poll place in one round trip, for a call that will long-poll
   * (docs/adr/0234): null when the heavy places are taken (no long-poll place is then taken);
   * else the heavy lease and the long-poll lease, or null for it when the long polls are taken.
   */
  tryAcquireHeavyAndWait(account: HeavyAccount & WaitAccount): Promise<{ heavy: Lease; wait: Lease | null } | null>;
  /** A long-poll place, or null when the plan's long polls at once are taken (the call answers at once). */
  tryAcquireWait(account: WaitAccount): Promise<Lease | null>;
  /** A runs-at-once slot for a worker, leased under the run id (acquiring it again renews it). */
  tryAcquireRun(account: RunAccount, runId: string, options?: Omit<LeaseOptions, "leaseId">): Promise<Lease | null>;
  /** Runs executing for the account now. */
  runsInUse(accountId: string): Promise<number>;
  /** Releases these leases (of any of the semaphores) in one round trip. */
  releaseTogether(leases: readonly Lease[]): Promise<void>;
}

export function createLimits(options: LimitsOptions): Limits {
  const { redis, prefix } = options;
  const timing = { ttlMs: options.leaseTtlMs, renewMs: options.leaseRenewMs };
  const semaphore = (name: string): LeaseSemaphore => new LeaseSemaphore(redis, { keyPrefix: `${prefix}limits:${name}:`, ...timing });
  const heavy = semaphore("heavy");
  const waits = semaphore("waits");
  const runs = semaphore("runs");
  const requests = new RollingWindow(redis, `${prefix}limits:rpm:`, REQUESTS_WINDOW_MS);
  const failedKeys = new FailedKeyGuard(redis, `${prefix}limits:failed-keys:`);
  const authEpochs = new AuthEpochs(redis, prefix);
  return {
    failedKeys,
    authEpochs,
    requests,
    heavy,
    waits,
    runs,
    hitRequest: (account) => requests.hit(account.id, account.plan.requestsPerMinute),
    async hitRequestForKey(ip, account, expected, mustMatch) {
      const limit = account.plan.requestsPerMinute;
      const reply = await SCRIPTS.authHit.run(
        redis,
        [failedKeys.log.key(ip), requests.key(account.id), authEpochs.accountKey(account.id), authEpochs.generationKey()],
        [failedKeys.log.windowMs, FAILED_KEY_THRESHOLD, limit, requests.windowMs, randomUUID(), expected ?? "", mustMatch ? 1 : 0, randomUUID()],
      );
      if (!Array.isArray(reply) || reply.length !== 5) throw new Error("unexpected Redis reply");
      const [state, allowed, count, resetMs] = toNumbers(reply.slice(0, 4));
      const epochs = String(reply[4]);
      if (state === 2) return { state: "stale", epochs };
      if (state === 1) return { state: "blocked", epochs };
      return { state: "counted", epochs, hit: { allowed: allowed === 1, limit, remaining: Math.max(0, limit - (count ?? 0)), resetSeconds: Math.ceil((resetMs ?? 0) / 1000) } };
    },
    tryAcquireHeavy: (account) => heavy.acquire(account.id, account.plan.concurrentHeavy),
    async tryAcquireHeavyAndWait(account) {
      const both = await acquireBoth(redis, account.id, { semaphore: heavy, limit: account.plan.concurrentHeavy }, { semaphore: waits, limit: account.plan.concurrentWaits });
      return both && { heavy: both.first, wait: both.second };
    },
    tryAcquireWait: (account) => waits.acquire(account.id, account.plan.concurrentWaits),
    tryAcquireRun: (account, runId, leaseOptions = {}) => runs.acquire(account.id, account.plan.concurrentRuns, { ...leaseOptions, leaseId: runId }),
    runsInUse: (accountId) => runs.used(accountId),
    releaseTogether: (leases) => releaseTogether(redis, leases),
  };
}
