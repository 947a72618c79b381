// Heavy calls at once (docs/reference/api.md "Heavy calls"): the five heavy endpoints take a leased place for the
// account before their work and give it back when the answer finishes (or the client goes away).
// Full: 429 busy, Retry-After 2.
import type { RequestHandler, Response } from "express";
import { ApiError } from "@barscript/contracts";
import type { Lease, Limits } from "@barscript/limits";
import type { Logger } from "pino";
import { callerOf } from "./caller";

export const BUSY_HEAVY_RETRY_AFTER = 2;

const HAND_OVER = "heavyHandOver";

/**
 * Hands another lease of this call (its long-poll place) to the heavy place's release, so both go
 * back in one round trip when the answer ends; false when the call holds no heavy place (any more).
 */
export function releaseWithHeavy(res: Response, lease: Lease): boolean {
  const handOver = res.locals[HAND_OVER] as ((lease: Lease) => boolean) | undefined;
  return handOver?.(lease) ?? false;
}

export function heavyCalls(limits: Pick<Limits, "tryAcquireHeavy" | "releaseTogether">, logger?: Pick<Logger, "warn">): RequestHandler {
  return async (_req, res, next) => {
    const caller = callerOf(res);
    const lease = await limits.tryAcquireHeavy({ id: caller.accountId, plan: { concurrentHeavy: caller.plan.concurrentHeavy } });
    if (!lease) {
      throw new ApiError("busy", `All ${caller.plan.concurrentHeavy} heavy-call places of the plan are taken; one frees when another call answers.`, { retryAfter: BUSY_HEAVY_RETRY_AFTER });
    }
    let released: Promise<void> | null = null;
    const others: Lease[] = [];
    const release = (): Promise<void> => {
      released ??= limits.releaseTogether([lease, ...others]).catch((error: unknown) => logger?.warn({ err: error }, "could not release a heavy-call lease; it expires on its own"));
      return released;
    };
    res.locals[HAND_OVER] = (other: Lease): boolean => {
      if (released) return false;
      others.push(other);
      return true;
    };
    // The place is given back before the answer's last bytes leave: a client that has its answer
    // can make its next heavy call at once (on any API instance) without meeting its own lease.
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      void release().finally(() => end(...args));
      return res;
    }) as Response["end"];
    res.once("close", () => void release());
    next();
  };
}
