// Which answers carry an ETag (docs/adr/0287). Express tags every body it sends; the tag is kept
// only on 2xx and 304 answers to GET and HEAD, where it names the representation a later
// If-None-Match can revalidate. An error is no representation of the resource, and the answer of a
// change (PUT, PATCH, POST) is not what a GET of the resource returns: RFC 9110 section 9.3.4
// forbids a validator on a PUT's answer unless it is the stored representation's.
import { createHash } from "node:crypto";
import type { RequestHandler, Response } from "express";

function tagged(method: string, status: number): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  return (status >= 200 && status < 300) || status === 304;
}

/**
 * Set on an answer that will carry no ETag: Express computes none when one is set (a SHA-1 of
 * every POST /runs answer was work for nothing, docs/performance.md), and writeHead removes it.
 */
const NO_TAG = 'W/"none"';

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
