// Which answers carry an ETag (docs/adr/0287). Express tags every body it sends; the tag is kept
// only on 2xx and 304 answers to GET and HEAD, where it names the representation a later
// If-None-Match can revalidate. An error is no representation of the resource, and the answer of a
// change (PUT, PATCH, POST) is not what a GET of the resource returns: RFC 9110 section 9.3.4
// forbids a validator on a PUT's answer unless it is the stored representation's.
import { createHash } from "node:crypto";
import type { Express, Request, RequestHandler, Response } from "express";

function tagged(method: string, status: number): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  return (status >= 200 && status < 300) || status === 304;
}

/**
 * Set on an answer that will carry no ETag: Express computes none when one is set (a SHA-1 of
 * every POST /runs answer was work for nothing, docs/performance.md), and writeHead removes it.
 */
const NO_TAG = 'W/"none"';

/**
 * Whether an If-None-Match header names `etag`, by the weak comparison (RFC 9110 section 13.1.2):
 * `*`, or a listed tag equal to it once `W/` is set aside.
 */
export function noneMatchHolds(header: string | undefined, etag: string | undefined): boolean {
  if (header === undefined || etag === undefined) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string): string => (tag.startsWith("W/") ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return header.split(",").some((tag) => opaque(tag.trim()) === wanted);
}

/**
 * The API is the origin server: it evaluates If-None-Match on every conditional GET and HEAD
 * (docs/adr/0338). Express's own `req.fresh` answers "stale" whenever the request says
 * `Cache-Control: no-cache`, a cache's rule, and fetch adds that header to every request that
 * carries If-None-Match, so no fetch client (browser or Node) could ever get a 304. No answer
 * carries Last-Modified, so If-Modified-Since alone never holds (as with Express's rule).
 */
export function evaluateConditionals(app: Express): void {
  Object.defineProperty(app.request, "fresh", {
    configurable: true,
    get(this: Request): boolean {
      if (this.method !== "GET" && this.method !== "HEAD") return false;
      const status = this.res?.statusCode ?? 0;
      if (!((status >= 200 && status < 300) || status === 304)) return false;
      const etag = this.res?.getHeader("ETag");
      return noneMatchHolds(this.headers["if-none-match"], typeof etag === "string" ? etag : undefined);
    },
  });
}

export const etagScope: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") res.setHeader("ETag", NO_TAG);
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (!tagged(req.method, typeof args[0] === "number" ? args[0] : this.statusCode)) this.removeHeader("ETag");
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
};

/**
 * A streamed answer (CSV) cannot be hashed before it is sent: its weak ETag names what identifies
 * its rows instead (docs/adr/0333, as docs/adr/0084 for results pages). Sets it, and answers 304
 * when the request's If-None-Match names it; true when the 304 was sent.
 */
export function notModifiedBy(res: Response, identity: string): boolean {
  res.setHeader("ETag", `W/"${createHash("sha1").update(identity).digest("base64").slice(0, 27)}"`);
  if (!res.req.fresh) return false;
  res.status(304).end();
  return true;
}
