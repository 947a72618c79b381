// Exact rolling-window logs in Redis sorted sets (one member per call, scored by the Redis
// clock): requests a minute per account, failed key checks per IP. Not fixed windows.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { SCRIPTS, toNumbers } from "./lua";

export interface WindowHit {
  allowed: boolean;
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** Seconds until the window has room again; 0 when it has room. */
  resetSeconds: number;
}

export class RollingWindow {
  constructor(
    private readonly redis: Redis,
    /** Full key prefix; the subject (account id, IP) is appended. */
    private readonly keyPrefix: string,
    readonly windowMs: number,
  ) {}

  key(subject: string): string {
    return `${this.keyPrefix}${subject}`;
  }

  /** Counts one call unless `limit` calls are already in the window (then it is refused and not counted). */
  async hit(subject: string, limit: number): Promise<WindowHit> {
    const [allowed, count, resetMs] = toNumbers(
      await SCRIPTS.windowHit.run(this.redis, [this.key(subject)], [limit, this.windowMs, randomUUID()]),
    );
    return {
      allowed: allowed === 1,
      limit,
      remaining: Math.max(0, limit - (count ?? 0)),
      resetSeconds: Math.ceil((resetMs ?? 0) / 1000),
    };
  }

  /** Entries in the window now. */
  async count(subject: string): Promise<number> {
    return Number(await SCRIPTS.windowCount.run(this.redis, [this.key(subject)], [this.windowMs]));
  }

  /** Records one entry whatever the count; returns the count after. */
  async add(subject: string): Promise<number> {
    return Number(await SCRIPTS.windowAdd.run(this.redis, [this.key(subject)], [this.windowMs, randomUUID()]));
  }
}
