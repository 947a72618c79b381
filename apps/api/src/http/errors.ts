// One error handler for every refusal: the JSON error envelope, never a stack trace. Every
// error that is not already an ApiError is translated here, once: the domain's refusals
// (ScriptsError) to their code, outages of Postgres or Redis to 503 busy, anything else 500.
import type { ErrorRequestHandler, Response } from "express";
import { ApiError, errorEnvelope } from "@barscript/contracts";
import { DatabaseUnavailableError, Prisma, ScriptsError } from "@barscript/db";
import { RedisUnavailableError } from "@barscript/queue";
import type { Logger } from "pino";

export const OUTAGE_RETRY_AFTER = 5;

export function sendError(res: Response, error: ApiError): void {
  if (error.retryAfter !== undefined) res.setHeader("Retry-After", String(Math.ceil(error.retryAfter)));
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  // HTTP's 401 names the scheme it takes (RFC 9110 section 11.6.1; docs/adr/0279)
  if (error.status === 401 && !res.hasHeader("WWW-Authenticate")) res.setHeader("WWW-Authenticate", 'Bearer realm="barscript"');
  res.status(error.status).json(errorEnvelope(error));
}

/** Node's socket failures (BullMQ's own connections, a driver that passed one through). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ECONNABORTED"]);
/** Prisma: server unreachable or timed out (P1001, P1002, P1008), connection closed (P1017), pool timeout (P2024), transaction could not start (P2028). */
const PRISMA_OUTAGE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
/** What Prisma's pg adapter reports for a socket failure. */
const ADAPTER_OUTAGE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/** Postgres SQLSTATE of an outage: connection exception (08), insufficient resources (53), shutdown (57P01-57P03). */
function isOutageSqlState(code: string): boolean {
  return code.startsWith("08") || code.startsWith("53") || /^57P0[123]$/.test(code);
}

function adapterKind(error: Prisma.PrismaClientKnownRequestError): string | undefined {
  const meta = error.meta as { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } } | undefined;
  const cause = meta?.driverAdapterError?.cause;
  if (typeof cause?.originalCode === "string" && isOutageSqlState(cause.originalCode)) return "postgres-outage";
  return typeof cause?.kind === "string" ? cause.kind : undefined;
}

/** Postgres or Redis unreachable, refusing, cut off or silent: decided by class and code, never by message. */
export function isOutage(error: unknown, depth = 0): boolean {
  if (error instanceof DatabaseUnavailableError || error instanceof RedisUnavailableError) return true;
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    const kind = adapterKind(error);
    if (PRISMA_OUTAGE_CODES.has(error.code) || kind === "postgres-outage" || (kind !== undefined && ADAPTER_OUTAGE_KINDS.has(kind))) return true;
  }
  if (typeof error !== "object" || error === null) return false;
  const e = error as { name?: unknown; code?: unknown; severity?: unknown; cause?: unknown };
  if (e.name === "MaxRetriesPerRequestError") return true;
  if (typeof e.code === "string" && (NETWORK_CODES.has(e.code) || (typeof e.severity === "string" && isOutageSqlState(e.code)))) return true;
  // Prisma and BullMQ sometimes wrap the driver's error: look one or two levels down.
  return depth < 3 && e.cause !== undefined && isOutage(e.cause, depth + 1);
}

function fromScripts(error: ScriptsError): ApiError {
  const options: ConstructorParameters<typeof ApiError>[2] = {};
  if (error.extra.latestVersion !== undefined) options.details = { latest_version: error.extra.latestVersion };
  if (error.extra.diagnostics) options.diagnostics = error.extra.diagnostics;
  return new ApiError(error.reason, error.message, options);
}

/** The one translation of any error into the API's: refusals keep their code, outages are 503, the rest 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ScriptsError) return fromScripts(error);
  // The router decoding a parameter outside /v1 (under /v1 http/input.ts names it first).
  if (error instanceof URIError) return new ApiError("invalid_request", "The path is not valid percent-encoded UTF-8.");
  if (isOutage(error)) {
    return new ApiError("busy", "A service the API depends on is briefly unavailable; try again shortly.", { status: 503, retryAfter: OUTAGE_RETRY_AFTER });
  }
  return new ApiError("internal", "Something went wrong on our side; try again.");
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const apiError = toApiError(error);
    // A 5xx the code answers on purpose (501 webhooks, a full queue, not ready) is an answer, not a
    // failure: logging it at error level would let any client fill the error log at will.
    if (apiError.status >= 500 && !(error instanceof ApiError)) {
      logger.error({ err: error, requestId: res.locals["requestId"], path: req.path }, "request failed");
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(res, apiError);
  };
}
