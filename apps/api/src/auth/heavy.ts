// Heavy calls at once (docs/reference/api.md "Heavy calls"): the five heavy endpoints take a leased place for the
// account before their work and give it back when the answer finishes (or the client goes away).
// Full: 429 busy, Retry-After 2.
import type { RequestHandler, Response } from "express";
import { ApiError } from "@barscript/contracts";
import type { Lease, Limits } from "@barscript/limits";
import type { Logger } from "pino";
import { callerOf } from "./caller";

export const BUSY_HEAVY_RETRY_AFTER = 2;

const WAIT_PLACE = "heavyWaitPlace";
const CALL_PLACES = "heavyCallPlaces";
const ASKED = "asked";

/**
 * The heavy place and long-poll place a waiting call holds, by lease id, for the run it starts
 * to give back with its end (docs/adr/0308); `givenBack` marks them returned, so the answer's end
 * does not return them again.
 */
export interface CallPlaces {
  heavy: string;
  wait: string;
  givenBack(): void;
}

/** The places of this call when it holds both a heavy place and a long-poll place; else null. */
export function callPlacesOf(res: Response): CallPlaces | null {
  return (res.locals[CALL_PLACES] as CallPlaces | undefined) ?? null;
}

/**
 * Asks the heavy check of this call to take a long-poll place with its heavy place, in one
 * round trip (docs/adr/0234): POST /runs with `wait` above 0, set before the heavy check.
 */
export function takeWaitPlaceWithHeavy(res: Response): void {
  res.locals[WAIT_PLACE] = ASKED;
}

/**
 * The long-poll place the heavy check took for this call: a lease, null when the plan's long
 * polls were all taken, undefined when none was asked for. It goes back with the heavy place when
 * the answer ends.
 */
export function waitPlaceOf(res: Response): Lease | null | undefined {
  const place = res.locals[WAIT_PLACE] as Lease | null | typeof ASKED | undefined;
  return place === ASKED ? undefined : place;
}

export function heavyCalls(limits: Pick<Limits, "tryAcquireHeavy" | "tryAcquireHeavyAndWait" | "releaseTogether">, logger?: Pick<Logger, "warn">): RequestHandler {
  return async (_req, res, next) => {
    const caller = callerOf(res);
    const withWait = res.locals[WAIT_PLACE] === ASKED;
    let lease: Lease | null;
    let wait: Lease | null = null;
    if (withWait) {
      const both = await limits.tryAcquireHeavyAndWait({ id: caller.accountId, plan: { concurrentHeavy: caller.plan.concurrentHeavy, concurrentWaits: caller.plan.concurrentWaits } });
      lease = both?.heavy ?? null;
      wait = both?.wait ?? null;
    } else {
      lease = await limits.tryAcquireHeavy({ id: caller.accountId, plan: { concurrentHeavy: caller.plan.concurrentHeavy } });
    }
    if (!lease) {
      throw new ApiError("busy", `All ${caller.plan.concurrentHeavy} heavy-call places of the plan are taken; one frees when another call answers.`, { retryAfter: BUSY_HEAVY_RETRY_AFTER });
    }
    if (withWait) res.locals[WAIT_PLACE] = wait;
    if (wait) {
      const places: CallPlaces = { heavy: lease.id, wait: wait.id, givenBack: () => void [lease, wait].forEach((l) => l.handOver()) };
      res.locals[CALL_PLACES] = places;
    }
    let released: Promise<void> | null = null;
    const leases = wait ? [lease, wait] : [lease];
    const release = (): Promise<void> => {
      released ??= limits.releaseTogether(leases).catch((error: unknown) => logger?.warn({ err: error }, "could not release a heavy-call lease; it expires on its own"));
      return released;
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
