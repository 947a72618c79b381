// One log line per answered request: request id, method, route pattern, status, duration and
// the calling account. Built from named fields only, never from the request's headers, query or
// body, so no key, cookie, device code or password can reach the log (docs/operations.md "Logs").
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { routeLabel } from "./metrics";

export interface RequestLine {
  req_id: string | undefined;
  method: string;
  /** The matched pattern (`/v1/runs/:run_id`), never the raw path with its ids and query. */
  route: string;
  status: number;
  duration_ms: number;
  account_id: string | undefined;
}

function accountOf(res: Response): string | undefined {
  const auth = res.locals["auth"] as { accountId?: unknown } | undefined;
  return typeof auth?.accountId === "string" ? auth.accountId : undefined;
}

/**
 * Mounted after the request id and before the metrics middleware (which records the matched
 * route on `res.locals`). Server errors log at `error`; refusals at `info` like successes.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const line: RequestLine = {
        req_id: res.locals["requestId"] as string | undefined,
        method: req.method,
        route: routeLabel(res),
        status: res.statusCode,
        duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        account_id: accountOf(res),
      };
      if (res.statusCode >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    });
    next();
  };
}
