// Handling order, step 2 (docs/reference/api.md "Conventions"): the body's size is counted as it streams (not only from
// Content-Length), then JSON is parsed. Over 2,359,296 bytes: 413 invalid_request.
import type { Request, RequestHandler } from "express";
import { ApiError } from "@barscript/contracts";
import { assertCleanInput } from "./input";

export const MAX_BODY_BYTES = 2_359_296;
const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function tooLarge(): ApiError {
  return new ApiError("invalid_request", `Request body is larger than ${MAX_BODY_BYTES} bytes (2.25 MB).`, { status: 413 });
}

function readBody(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => { if (!failed) resolve(Buffer.concat(chunks)); });
    req.on("error", (error) => { if (!failed) reject(error); });
  });
}

/** How long, and how many bytes, a refused body is read and dropped before the answer. */
const DRAIN_MS = 5_000;
const DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused body, then calls `answer`: the answer closes the
 * connection, and closing it while the client still sends would reset it, and a reset can drop
 * the answer from the client's receive buffer before the client reads it. A client that keeps
 * sending past the bounds gets the answer then.
 */
function drainThen(req: Request, answer: () => void): void {
  let done = false;
  let dropped = 0;
  const finish = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    answer();
  };
  const timer = setTimeout(finish, DRAIN_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_BYTES) finish();
  });
  req.once("end", finish);
  req.once("close", finish);
  req.once("error", finish);
  if (req.readableEnded) finish();
  req.resume();
}

/** JSON text is UTF-8 (RFC 8259 section 8.1): other bytes are refused, not read as U+FFFD and stored (docs/adr/0287). */
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function isJson(req: Request): boolean {
  const type = req.headers["content-type"] ?? "";
  return /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(type);
}

function isForm(req: Request): boolean {
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers["content-type"] ?? "");
}

/**
 * The content coding a body says it has, other than `identity`, or null. The service decodes none:
 * a gzip body was read as its compressed bytes ("not UTF-8"), and a body labelled gzip but sent
 * plain was taken as if unlabelled (RFC 9110 section 8.4: the coding is part of what was sent), so
 * both are refused, saying why (docs/adr/0317).
 */
function contentCoding(req: Request): string | null {
  const codings = (req.headers["content-encoding"] ?? "").split(",").map((c) => c.trim().toLowerCase()).filter((c) => c !== "" && c !== "identity");
  return codings.length > 0 ? codings.join(", ") : null;
}

/**
 * Reads and parses the body. Under `/v1` a body must be JSON; the browser pages also take
 * url-encoded forms. A bodyless POST (revoke, cancel) is fine.
 */
function hasBody(req: Request): boolean {
  return Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
}

/**
 * Outside /v1 (the sign-in forms, the web app's /app/api) a body holding what no stored text can
 * (NUL, a lone surrogate: input.ts) is 400 naming the field here: those routes have no validation
 * step of their own, and such a value reached Postgres and answered 500 (docs/adr/0317). Under
 * /v1 the same check runs after the check chain (define-route.ts), as the order of checks says.
 */
function nextUnlessUnstorable(req: Request, next: (error?: unknown) => void): void {
  if (req.path.startsWith("/v1")) return next();
  try {
    assertCleanInput(req.body, "body");
  } catch (error) {
    return next(error);
  }
  next();
}

export const bodyParser: RequestHandler = async (req, res, next) => {
  if (!METHODS_WITH_BODY.has(req.method)) {
    if (!hasBody(req)) return next();
    // A body where none is taken (GET, TRACE, ...) is read and dropped, under the same size
    // bound: answering while the client still sends would reset the connection under the answer.
    try {
      await readBody(req, MAX_BODY_BYTES);
    } catch (error) {
      res.setHeader("Connection", "close");
      return drainThen(req, () => next(error));
    }
    return next();
  }
  let raw: Buffer;
  try {
    raw = await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    res.setHeader("Connection", "close");
    return drainThen(req, () => next(error));
  }
  (req as Request & { rawBody?: Buffer }).rawBody = raw;
  if (raw.length === 0) {
    req.body = undefined;
    return next();
  }
  const coding = contentCoding(req);
  if (coding !== null) {
    return next(new ApiError("invalid_request", `Request body is sent with Content-Encoding \`${coding}\`, which the service does not decode: send it uncompressed.`));
  }
  if (isJson(req)) {
    let text: string;
    try {
      text = STRICT_UTF8.decode(raw);
    } catch {
      return next(new ApiError("invalid_request", "Request body is not valid JSON: it is not UTF-8."));
    }
    try {
      // One leading UTF-8 byte order mark (editors and PowerShell write one) is ignored, as
      // RFC 8259 section 8.1 lets a parser do (docs/reference/api.md "Conventions").
      req.body = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
    } catch {
      return next(new ApiError("invalid_request", "Request body is not valid JSON."));
    }
    return nextUnlessUnstorable(req, next);
  }
  if (isForm(req) && !req.path.startsWith("/v1")) {
    req.body = Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
    return nextUnlessUnstorable(req, next);
  }
  return next(new ApiError("invalid_request", "Request body must be JSON with Content-Type: application/json."));
};
