// etagScope (docs/adr/0287): only 2xx and 304 answers to GET and HEAD carry an ETag, and Express's
// tag function is not run for an answer whose tag would be removed (docs/performance.md, helper P9).
import express from "express";
import request from "supertest";
import { etagScope, evaluateConditionals } from "../src/http/etag";

function appCountingTags(): { app: express.Express; tagged: () => number } {
  let calls = 0;
  const app = express();
  evaluateConditionals(app);
  // Express's default weak tag, counted: the same function it would otherwise use.
  app.set("etag", (body: Buffer | string) => {
    calls++;
    return `W/"${Buffer.byteLength(body)}"`;
  });
  app.use(etagScope);
  const answer: express.RequestHandler = (_req, res) => void res.json({ id: "run_1", values: "x".repeat(2_000) });
  app.get("/thing", answer);
  app.post("/thing", answer);
  app.put("/thing", answer);
  app.patch("/thing", answer);
  app.delete("/thing", answer);
  app.get("/missing", (_req, res) => void res.status(404).json({ error: { code: "not_found" } }));
  return { app, tagged: () => calls };
}

describe("etagScope", () => {
  it("tags a GET that succeeds, and answers 304 to its tag", async () => {
    const { app, tagged } = appCountingTags();
    const first = await request(app).get("/thing");
    expect(first.status).toBe(200);
    expect(first.headers["etag"]).toBe('W/"2026"');
    const again = await request(app).get("/thing").set("If-None-Match", 'W/"2026"');
    expect(again.status).toBe(304);
    expect(tagged()).toBe(2);
  });

  it.each(["post", "put", "patch", "delete"] as const)("computes no tag for %s and sends none", async (method) => {
    const { app, tagged } = appCountingTags();
    const res = await request(app)[method]("/thing");
    expect(res.status).toBe(200);
    expect(res.headers["etag"]).toBeUndefined();
    expect(res.body.id).toBe("run_1");
    expect(Number(res.headers["content-length"])).toBe(2026);
    expect(tagged()).toBe(0);
  });

  it("sends no tag with an error answer to a GET", async () => {
    const { app } = appCountingTags();
    const res = await request(app).get("/missing");
    expect(res.status).toBe(404);
    expect(res.headers["etag"]).toBeUndefined();
  });

  // fetch (browsers and Node) adds `Cache-Control: no-cache` and `Pragma: no-cache` to every request
  // carrying If-None-Match; the API is the origin and still answers 304 (docs/adr/0338).
  it.each([
    ['W/"2026"', 304],
    ['"2026"', 304],
    ['"a", W/"2026"', 304],
    ["*", 304],
    ['W/"2025"', 200],
  ])("evaluates If-None-Match %s beside Cache-Control: no-cache, as a fetch client sends it", async (tag, status) => {
    const { app } = appCountingTags();
    const res = await request(app).get("/thing").set({ "If-None-Match": tag, "Cache-Control": "no-cache", Pragma: "no-cache" });
    expect(res.status).toBe(status);
  });

  it("answers no 304 to a POST whatever its If-None-Match", async () => {
    const { app } = appCountingTags();
    const res = await request(app).post("/thing").set("If-None-Match", "*");
    expect(res.status).toBe(200);
  });
});
