// Every /v1 endpoint is wired here from the contracts table: guard (rows of 5.4), heavy
// lease, then parameters and body validated by the endpoint's zod schemas, then the handler.
import type { Request, Response, Router, RequestHandler } from "express";
import { ZodObject, type z } from "zod";
import { ApiError, endpoint, parseInput, type Endpoint } from "@barscript/contracts";
import type { AuthPlugin } from "./auth-plugin";
import { assertCleanInput, assertQueryEncoding, assertSingleValues } from "./input";

export interface Parsed<Q, B> {
  query: Q;
  body: B;
  params: Record<string, string>;
}

type QueryOf<E extends Endpoint> = E["query"] extends z.ZodType ? z.infer<E["query"]> : Record<string, never>;

export type Handler<Q = Record<string, unknown>, B = unknown> = (req: Request, res: Response, input: Parsed<Q, B>) => Promise<void> | void;

/**
 * An endpoint that takes no body (cancel, revoke, the deletes) refuses one that names a field, as
 * the endpoints with a body refuse a field they do not take (docs/adr/0186, 0352): a client's
 * `{"reason": ...}` is not silently dropped. No body, `{}` and `null` say nothing and are taken.
 */
function assertNoFields(body: unknown): void {
  if (body === undefined || body === null) return;
  if (typeof body !== "object" || Array.isArray(body)) throw new ApiError("invalid_request", "Request body: this request takes no body; send none or {}.");
  const [field] = Object.keys(body);
  if (field !== undefined) throw new ApiError("invalid_request", `Field \`${field}\` is not a field of this request (it takes no body).`);
}

function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

export interface RouteOptions {
  /**
   * Runs after the check chain and before the heavy lease and validation: POST /runs answers a
   * known Idempotency-Key here (docs/reference/api.md "Idempotency"). It answers, or calls next().
   */
  beforeHeavy?: RequestHandler;
}

export function defineRoute<Q = Record<string, unknown>, B = unknown>(
  router: Router,
  auth: AuthPlugin,
  id: number,
  handler: Handler<Q, B>,
  options: RouteOptions = {},
): void {
  const e = endpoint(id);
  const queryNames = e.query instanceof ZodObject ? Object.keys(e.query.shape) : [];
  const chain: RequestHandler[] = [];
  if (e.guard !== "no-key") chain.push(auth.guard(e.guard));
  if (options.beforeHeavy) chain.push(options.beforeHeavy);
  if (e.heavy) chain.push(auth.heavy());
  chain.push(async (req, res) => {
    assertQueryEncoding(req.originalUrl);
    assertCleanInput(req.query, "query");
    assertSingleValues(req.query, queryNames);
    assertCleanInput(req.body, "body");
    const query = (e.query ? parseInput(e.query, req.query, "query") : {}) as QueryOf<typeof e> as Q;
    if (!e.body) assertNoFields(req.body);
    const body = (e.body ? parseInput(e.body, req.body, "body") : req.body) as B;
    await handler(req, res, { query, body, params: req.params as Record<string, string> });
  });
  router[e.method](expressPath(e.path), ...chain);
}
