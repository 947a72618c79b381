// /openapi.json as an SDK generator and a linter see it: `@redocly/cli lint` (the repository's
// redocly.yaml, recommended rules) finds no problem, and every operation is named and tagged.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { buildOpenApi, ENDPOINTS } from "../src";

const ROOT = resolve(__dirname, "../../..");

interface Operation {
  operationId: string;
  tags: string[];
  security: unknown[];
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
  parameters: Array<{ $ref?: string; name?: string }>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string }> };

const doc = buildOpenApi("https://api.barscript.test/v1") as unknown as Doc;
const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
const op = (path: string, method: string): Operation => {
  const found = doc.paths[`/v1${path}`]?.[method];
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
};

describe("OpenAPI document", () => {
  it("when @redocly/cli lints it, then it reports no error and no warning", () => {
    const dir = mkdtempSync(join(tmpdir(), "bs-openapi-"));
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    const cli = join(dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");
    const result = spawnSync(process.execPath, [cli, "lint", file, "--config", join(ROOT, "redocly.yaml"), "--format", "stylish"], { encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } });
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\b(error|warning)\b.*\bopenapi\.json\b|You have \d+ (error|warning)/i);
    expect(result.status).toBe(0);
  });

  it("when operations are listed, then each has a unique camelCase id (never e<number>), a known tag and a security entry", () => {
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of operations) {
      expect(o.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(o.operationId).not.toMatch(/^e\d+/);
      expect(doc.tags.map((t) => t.name)).toContain(o.tags[0]);
      expect(Array.isArray(o.security)).toBe(true);
    }
    expect(ENDPOINTS.every((e) => e.name && e.tag)).toBe(true);
  });

  it("when the sign-in calls are read, then they need no key (security: [])", () => {
    expect(op("/auth/device", "post").security).toEqual([]);
    expect(op("/auth/token", "post").security).toEqual([]);
    expect(op("/runs", "post").security).toEqual([{ bearer: [] }]);
  });

  it("when results and events are read, then CSV is declared; docs topics are markdown", () => {
    expect(Object.keys(op("/runs/{run_id}/results", "get").responses["200"]?.content ?? {})).toEqual(["application/json", "text/csv"]);
    expect(Object.keys(op("/scripts/{slug}/events", "get").responses["200"]?.content ?? {})).toContain("text/csv");
    expect(Object.keys(op("/docs/{topic}", "get").responses["200"]?.content ?? {})).toEqual(["text/markdown"]);
  });

  it("when createRun is read, then it documents Idempotency-Key, the replay header, rate-limit headers, Retry-After and its error codes", () => {
    const create = op("/runs", "post");
    expect(create.operationId).toBe("createRun");
    expect(create.parameters).toContainEqual({ $ref: "#/components/parameters/IdempotencyKey" });
    expect(Object.keys(create.responses["200"]?.headers ?? {})).toContain("Idempotent-Replayed");
    expect(Object.keys(create.responses["202"]?.headers ?? {})).toEqual(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
    expect(Object.keys(create.responses["429"]?.headers ?? {})).toContain("Retry-After");
    const codes = JSON.stringify(create.responses["400"]);
    for (const code of ["invalid_request", "unknown_instrument", "unsupported_timeframe", "out_of_coverage"]) expect(codes).toContain(code);
    expect(JSON.stringify(op("/runs/{run_id}/results", "get").responses["409"])).toContain("run_not_finished");
    expect(op("/runs/{run_id}/results", "get").responses["410"]).toBeDefined();
  });
});
