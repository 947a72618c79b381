// /admin/queues: the BullMQ dashboard for operators (bull-board), behind ADMIN_TOKEN.
// Unset token means the dashboard is off (404 like any unknown path).
import { timingSafeEqual, createHash } from "node:crypto";
import { Router, type RequestHandler } from "express";
import { Queue } from "bullmq";
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { ApiError } from "@barscript/contracts";
import { QUEUES, bullPrefix, createRedis } from "@barscript/queue";

const BASE_PATH = "/admin/queues";
const COOKIE = "bs_admin";

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** Accepts `Authorization: Bearer <ADMIN_TOKEN>`, or `?token=` once (then a cookie). */
function adminGuard(token: string): RequestHandler {
  const expected = digest(token);
  const matches = (given: string | undefined): boolean => given !== undefined && timingSafeEqual(digest(given), expected);
  return (req, res, next) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const query = typeof req.query["token"] === "string" ? req.query["token"] : undefined;
    if (matches(bearer) || matches(cookieValue(req.headers.cookie, COOKIE))) return next();
    if (matches(query)) {
      res.cookie(COOKIE, query, { httpOnly: true, sameSite: "strict", path: BASE_PATH });
      return next();
    }
    next(new ApiError("unauthorized", "The queue dashboard needs the operator's ADMIN_TOKEN."));
  };
}

export interface QueueDashboard {
  router: Router;
  close(): Promise<void>;
}

export function createQueueDashboard(options: { redisUrl: string; redisPrefix: string; adminToken: string | undefined }): QueueDashboard | null {
  if (!options.adminToken) return null;
  const connection = createRedis(options.redisUrl, "command");
  const queues = Object.values(QUEUES).map((name) => new Queue(name, { connection, prefix: bullPrefix(options.redisPrefix) }));
  for (const queue of queues) queue.on("error", () => undefined);
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BASE_PATH);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q, { readOnlyMode: false })), serverAdapter });
  const router = Router();
  router.use(BASE_PATH, adminGuard(options.adminToken), serverAdapter.getRouter() as RequestHandler);
  return {
    router,
    async close() {
      await Promise.all(queues.map((q) => q.close()));
      connection.disconnect();
    },
  };
}
