// Password sign-in throttle (docs/reference/api.md "Sign-in"): more than 5 failures for one email or
// 20 for one IP in 15 minutes, and the form answers 429 saying when to try again. Failures are
// exact rolling logs in Redis (packages/limits); like the failed-key guard, the failure that
// passes the threshold still answers as a wrong password and the next attempt is refused.
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { RollingWindow } from "@barscript/limits";

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FAILURES_PER_EMAIL = 5;
export const LOGIN_FAILURES_PER_IP = 20;

export interface LoginThrottle {
  /** Seconds until an attempt is allowed again, or 0 when it is allowed now. */
  blockedFor(email: string, ip: string): Promise<number>;
  recordFailure(email: string, ip: string): Promise<void>;
}

function emailSubject(email: string): string {
  // No addresses in Redis keys.
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

export function createLoginThrottle(redis: Redis, prefix: string): LoginThrottle {
  const byEmail = new RollingWindow(redis, `${prefix}limits:login-email:`, LOGIN_WINDOW_MS);
  const byIp = new RollingWindow(redis, `${prefix}limits:login-ip:`, LOGIN_WINDOW_MS);

  /** Seconds until `log` holds at most `max` entries for `subject` (0 when it already does). */
  async function wait(log: RollingWindow, subject: string, max: number): Promise<number> {
    const count = await log.count(subject);
    if (count <= max) return 0;
    // Entries are scored by the Redis clock (ms); room returns when the (count - max) oldest have left.
    const [entry, [seconds, micros]] = await Promise.all([
      redis.zrange(log.key(subject), count - max - 1, count - max - 1, "WITHSCORES"),
      redis.time(),
    ]);
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const leaves = Number(entry[1] ?? now) + log.windowMs;
    return Math.max(1, Math.ceil((leaves - now) / 1000));
  }

  return {
    async blockedFor(email, ip) {
      const [e, i] = await Promise.all([wait(byEmail, emailSubject(email), LOGIN_FAILURES_PER_EMAIL), wait(byIp, ip, LOGIN_FAILURES_PER_IP)]);
      return Math.max(e, i);
    },
    async recordFailure(email, ip) {
      await Promise.all([byEmail.add(emailSubject(email)), byIp.add(ip)]);
    },
  };
}
