// /admin/queues: the BullMQ dashboard for operators (bull-board), behind ADMIN_TOKEN.
// Unset token means the dashboard is off (404 like any unknown path).
//
// Sign-in: `Authorization: Bearer <ADMIN_TOKEN>` on each request, or once `?token=<ADMIN_TOKEN>`,
// answered by a redirect to the same address without the token and an HttpOnly cookie, so the
// token stays neither in the address bar, the history nor a Referer. The cookie holds an HMAC
// of the token, not the token.
import { createHmac, timingSafeEqual, createHash } from "node:crypto";
import type { Request, RequestHandler, Router } from "express";
import { pathRouter } from "../http/router";
import { Queue } from "bullmq";
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { ApiError } from "@barscript/contracts";
import type { Db } from "@barscript/db";
import { QUEUES, bullPrefix, createRedis } from "@barscript/queue";
import { NamedRunsAdapter, runLabelsFromDb } from "./run-job-names";

export const DASHBOARD_PATH = "/admin/queues";
export const DASHBOARD_COOKIE = "bs_admin";
/** The cookie lasts a working day; the token itself never expires until it is rotated. */
const COOKIE_MAX_AGE_MS = 12 * 3600 * 1000;

const digest = (value: string): Buffer => createHash("sha256").update(value).digest();

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The request's address without `token`, relative to the host (never an open redirect). */
function withoutToken(req: Request): string {
  const url = new URL(req.originalUrl, "http://x");
  url.searchParams.delete("token");
  return `${url.pathname}${url.search}`;
}

function adminGuard(token: string): RequestHandler {
  const expected = digest(token);
  const cookieOfToken = createHmac("sha256", token).update("barscript admin dashboard cookie").digest("base64url");
  const cookieExpected = digest(cookieOfToken);
  const matches = (given: string | undefined, wanted: Buffer): boolean => given !== undefined && timingSafeEqual(digest(given), wanted);
  return (req, res, next) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const query = typeof req.query["token"] === "string" ? req.query["token"] : undefined;
    if (query !== undefined) {
      if (!matches(query, expected)) return next(new ApiError("unauthorized", "The queue dashboard needs the operator's ADMIN_TOKEN."));
      res.cookie(DASHBOARD_COOKIE, cookieOfToken, { httpOnly: true, sameSite: "strict", secure: req.secure, path: DASHBOARD_PATH, maxAge: COOKIE_MAX_AGE_MS });
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Referrer-Policy", "no-referrer");
      return res.redirect(303, withoutToken(req));
    }
    if (matches(bearer, expected) || matches(cookieValue(req.headers.cookie, DASHBOARD_COOKIE), cookieExpected)) return next();
    next(new ApiError("unauthorized", "The queue dashboard needs the operator's ADMIN_TOKEN."));
  };
}

export interface QueueDashboard {
  router: Router;
  close(): Promise<void>;
}

export interface QueueDashboardOptions {
  db: Db;
  redisUrl: string;
  redisPrefix: string;
  adminToken: string | undefined;
}

export function createQueueDashboard(options: QueueDashboardOptions): QueueDashboard | null {
  if (!options.adminToken) return null;
  const connection = createRedis(options.redisUrl, "command");
  const queues = Object.values(QUEUES).map((name) => new Queue(name, { connection, prefix: bullPrefix(options.redisPrefix) }));
  for (const queue of queues) queue.on("error", () => undefined);
  const labels = runLabelsFromDb(options.db);
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => (q.name === QUEUES.runs ? new NamedRunsAdapter(q, labels) : new BullMQAdapter(q, { readOnlyMode: false }))),
    serverAdapter,
  });
  const router = pathRouter();
  router.use(DASHBOARD_PATH, adminGuard(options.adminToken), serverAdapter.getRouter() as RequestHandler);
  return {
    router,
    async close() {
      await Promise.all(queues.map((q) => q.close()));
      connection.disconnect();
    },
  };
}
