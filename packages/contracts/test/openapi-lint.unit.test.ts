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
    expect(Object.keys(create.responses["202"]?.headers ?? {})).toEqual(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Location"]);
    expect(Object.keys(create.responses["429"]?.headers ?? {})).toContain("Retry-After");
    const codes = JSON.stringify(create.responses["400"]);
    for (const code of ["invalid_request", "unknown_instrument", "unsupported_timeframe", "out_of_coverage"]) expect(codes).toContain(code);
    expect(JSON.stringify(op("/runs/{run_id}/results", "get").responses["409"])).toContain("run_not_finished");
    expect(op("/runs/{run_id}/results", "get").responses["410"]).toBeDefined();
  });

  // docs/reference/api.md and docs/adr/0287: the headers the service sends, as the document must say.
  it("when a POST makes a script, run or sweep, then its 201/202 declares Location and a replay's 200 does not", () => {
    const made = [["/scripts", "201"], ["/runs", "202"], ["/scripts/{slug}/collect", "202"], ["/sweeps", "202"]] as const;
    for (const [path, status] of made) expect(op(path, "post").responses[status]?.headers?.["Location"]).toEqual({ $ref: "#/components/headers/Location" });
    expect(op("/runs", "post").responses["200"]?.headers?.["Location"]).toBeUndefined();
    expect(op("/sweeps", "post").responses["200"]?.headers?.["Location"]).toBeUndefined();
    for (const [path, method, status] of [["/scripts/{slug}", "put", "200"], ["/runs/{run_id}/cancel", "post", "200"], ["/scripts/validate", "post", "200"]] as const) {
      expect(op(path, method).responses[status]?.headers?.["Location"]).toBeUndefined();
    }
  });

  it("when a GET is read, then its success declares ETag, it takes If-None-Match and answers 304; other methods do neither", () => {
    const gets = Object.values(doc.paths).flatMap((ops) => (ops["get"] && !ops["get"].operationId.startsWith("webhooks") ? [ops["get"]] : []));
    expect(gets.length).toBe(21);
    for (const get of gets) {
      expect(get.responses["200"]?.headers?.["ETag"]).toEqual({ $ref: "#/components/headers/ETag" });
      expect(get.parameters).toContainEqual({ $ref: "#/components/parameters/IfNoneMatch" });
      expect(get.responses["304"]).toMatchObject({ headers: { ETag: { $ref: "#/components/headers/ETag" } } });
      expect(get.responses["304"]).not.toHaveProperty("content");
    }
    for (const other of operations.filter((o) => !gets.includes(o))) {
      expect(Object.values(other.responses).some((r) => r.headers?.["ETag"])).toBe(false);
      expect(other.responses["304"]).toBeUndefined();
    }
    const components = (doc as unknown as { components: { headers: Record<string, unknown>; parameters: Record<string, { name: string; in: string }> } }).components;
    expect(Object.keys(components.headers)).toEqual(expect.arrayContaining(["ETag", "Location"]));
    expect(components.parameters["IfNoneMatch"]).toMatchObject({ name: "If-None-Match", in: "header" });
  });
});
