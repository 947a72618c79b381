// Which failed requests reach the error log: a 5xx the code answers on purpose (501 webhooks, a full
// queue) is an answer a client can ask for at will, so it must not write an error line; an
// unexpected error (answered 500 internal) must, with its request id.
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import request from "supertest";
import { ApiError } from "@barscript/contracts";
import { errorHandler } from "../src/http/errors";

function appLogging(thrown: () => unknown): { app: express.Express; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>); done(); } });
  const logger = pino({ level: "info" }, sink);
  const app = express();
  app.use((_req, res, next) => { res.locals["requestId"] = "req-1"; next(); });
  app.get("/x", () => { throw thrown(); });
  app.use(errorHandler(logger));
  return { app, lines };
}

describe("the error log", () => {
  it("gets no line for a 501 the code answers on purpose", async () => {
    const { app, lines } = appLogging(() => new ApiError("not_implemented", "Webhooks are announced but not implemented."));
    const res = await request(app).get("/x");
    expect(res.status).toBe(501);
    expect(res.body.error.code).toBe("not_implemented");
    expect(lines.filter((l) => l["level"] === 50)).toEqual([]);
  });

  it("gets no line for a deliberate 503 busy", async () => {
    const { app, lines } = appLogging(() => new ApiError("busy", "The run queue is full.", { status: 503, retryAfter: 5 }));
    expect((await request(app).get("/x")).status).toBe(503);
    expect(lines.filter((l) => l["level"] === 50)).toEqual([]);
  });

  it("gets one line, with the request id, for an unexpected error answered 500", async () => {
    const { app, lines } = appLogging(() => new Error("boom"));
    const res = await request(app).get("/x");
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain("boom");
    const errors = lines.filter((l) => l["level"] === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!["requestId"]).toBe("req-1");
  });
});
