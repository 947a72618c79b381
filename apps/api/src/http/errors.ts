// One error handler for every refusal: the JSON error envelope, never a stack trace.
import type { ErrorRequestHandler, Response } from "express";
import { ApiError, errorEnvelope } from "@barscript/contracts";
import type { Logger } from "pino";

export function sendError(res: Response, error: ApiError): void {
  if (error.retryAfter !== undefined) res.setHeader("Retry-After", String(Math.ceil(error.retryAfter)));
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(error.status).json(errorEnvelope(error));
}

/** Errors that are not ours: infrastructure outages become 503 busy, everything else 500. */
function translate(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/ECONNREFUSED|ENOTFOUND|Connection is closed|connect ETIMEDOUT|Can't reach database|Stream isn't writeable|max retries|terminating connection/i.test(message)) {
    return new ApiError("busy", "A service the API depends on is briefly unavailable; try again shortly.", { status: 503, retryAfter: 5 });
  }
  return new ApiError("internal", "Something went wrong on our side; try again.");
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const apiError = translate(error);
    if (apiError.status >= 500) {
      logger.error({ err: error, requestId: res.locals["requestId"], path: req.path }, "request failed");
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(res, apiError);
  };
}
