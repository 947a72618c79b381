// Failed-key guard (docs/reference/api.md "Order of checks", row 1; docs/reference/limits-and-plans.md "Limits a call meets"): when more than 30
// failed key checks are recorded for an IP in the last 60 s, every keyed call from it is refused.
// The 31st wrong key still answers 401 (it is recorded), the next call is refused; a refused call
// is not recorded.
import type { Redis } from "ioredis";
import { RollingWindow } from "./window";

export const FAILED_KEY_THRESHOLD = 30;
export const FAILED_KEY_WINDOW_MS = 60_000;
export const FAILED_KEY_RETRY_AFTER = 60;

export class FailedKeyGuard {
  /** The IP's log of failed checks (its key, for a script that reads it with another). */
  readonly log: RollingWindow;

  constructor(redis: Redis, keyPrefix: string, windowMs = FAILED_KEY_WINDOW_MS) {
    this.log = new RollingWindow(redis, keyPrefix, windowMs);
  }

  async isBlocked(ip: string): Promise<boolean> {
    return (await this.log.count(ip)) > FAILED_KEY_THRESHOLD;
  }

  async recordFailure(ip: string): Promise<number> {
    return this.log.add(ip);
  }
}
