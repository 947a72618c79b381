// /openapi.json (OpenAPI 3.1), generated from the endpoint table and its zod schemas: an entry's
// name, tag, guard, heaviness, parameters, body and answer are all the document needs, so a new
// table entry is documented (operation, errors, headers, security) without touching this file.
import { z } from "zod";
import { ENDPOINTS, type Endpoint, type EndpointError } from "./endpoints";
import { ERROR_STATUS, type ErrorCode } from "./errors";
import { INPUT_COMPONENTS, OUTPUT_COMPONENTS, registryOf, type ComponentMeta } from "./openapi-components";

type Json = Record<string, unknown>;

/** Tag descriptions; a tag missing here is still listed, described by its name. */
const TAGS: Record<string, string> = {
  Account: "The caller's account, usage against its plan, and its API keys.",
  Instruments: "Markets with stored bars, and their coverage per timeframe.",
  Docs: "The language documentation: topics as markdown.",
  Scripts: "The caller's scripts: validate, create, save versions, rename, delete.",
  Events: "A definition's events: collect them over history, read and delete them.",
  Runs: "Runs of a script over an instrument and timeframe, and their results.",
  Sweeps: "A definition over a grid of inputs, ranked by what follows its events.",
  Library: "Public scripts of every account, the built-in `core` library included.",
  "Sign-in": "The browser sign-in of a device (RFC 8628) and revoking the key in use.",
  Webhooks: "Reserved: every call answers 501 `not_implemented`.",
};

const OUTPUTS = registryOf(OUTPUT_COMPONENTS);
const INPUTS = registryOf(INPUT_COMPONENTS);
const REF = "#/components/schemas/";

/** A zod schema as JSON Schema whose named parts are `$ref`s into components/schemas. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const registry = io === "output" ? OUTPUTS : INPUTS;
  const meta = registry.get(schema);
  if (meta) return { $ref: `${REF}${meta.id}` };
  const { $schema: _s, $defs: _d, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", metadata: registry }) as Json;
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', `"${REF}`)) as Json;
}

function componentSchemas(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [entries, io] of [[OUTPUT_COMPONENTS, "output"], [INPUT_COMPONENTS, "input"]] as const) {
    const registry = io === "output" ? OUTPUTS : INPUTS;
    const { schemas } = z.toJSONSchema(registry, { io, unrepresentable: "any", uri: (id) => `${REF}${id}` }) as { schemas: Record<string, Json> };
    for (const [, meta] of entries as ReadonlyArray<[z.ZodType, ComponentMeta]>) {
      const { $schema: _s, $id: _i, id: _id, ...rest } = schemas[meta.id] ?? {};
      out[meta.id] = rest;
    }
  }
  return out;
}

function pathParams(e: Endpoint): string[] {
  return [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
}

/** Calls that honour Idempotency-Key: starting a run or a sweep. */
const idempotent = (e: Endpoint): boolean => e.name === "createRun" || (e.tag === "Sweeps" && e.method === "post" && pathParams(e).length === 0);

/** A POST answering 201 or 202 made a script, run or sweep: its answer carries `Location` (docs/adr/0287). */
const creates = (e: Endpoint): boolean => e.method === "post" && (e.success.status === 201 || e.success.status === 202);

/** A GET that succeeds carries an `ETag`; `If-None-Match` with it answers 304 (docs/adr/0287). */
const validated = (e: Endpoint): boolean => e.method === "get" && e.success.status >= 200 && e.success.status < 300;

/** Parameters by name, wherever they appear: what they mean and an example. */
const PARAMETER_DOCS: Record<string, [string, string]> = {
  slug: ["A script's slug (unique among the owner's scripts of a kind)", "my-rsi"],
  run_id: ["A run's id", "run_4fV2kQ9mXb1LzT8cR3sW0aJe"],
  sweep_id: ["A sweep's id", "swp_4fV2kQ9mXb1LzT8cR3sW0aJe"],
  symbol: ["An instrument's symbol", "AAPL"],
  topic: ["A documentation topic from GET /v1/docs", "tour"],
  owner: ["The owner's handle (`core` for the built-in library)", "core"],
  limit: ["Items in the page (each list has its default and most)", "50"],
  cursor: ["The `next_cursor` of the previous page", "eyJsIjoicnVucyIsInYiOlsxXX0.sig"],
  q: ["Text to search for", "rsi"],
  kind: ["Only scripts (or the script) of this kind", "indicator"],
  run_kind: ["Only runs of this kind (the kind of the script each ran)", "study"],
  version: ["An older version of the script", "2"],
  wait: ["Seconds to long-poll until the run is final (at most 60)", "30"],
  format: ["`csv` for a CSV of every row instead of JSON pages", "csv"],
  status: ["Only items in this status", "succeeded"],
  script: ["Only runs of this script: a slug (of any owner), or owner/slug as a run names it", "core/rsi"],
  instrument: ["Only events on this instrument", "AAPL"],
  timeframe: ["Only events on this timeframe", "1d"],
  from: ["From this time (RFC 3339)", "2010-01-01T00:00:00Z"],
  to: ["Until this time (RFC 3339)", "2013-03-01T00:00:00Z"],
  name: ["Only events with this name", "golden_cross"],
  run_id_filter: ["Only events of this run", "run_4fV2kQ9mXb1LzT8cR3sW0aJe"],
  sort: ["Order of the rows", "h5:t_stat"],
};

function documented(name: string, where: "path" | "query", e: Endpoint): Json {
  const key = where === "query" && name === "run_id" ? "run_id_filter" : e.name === "listRuns" && name === "kind" ? "run_kind" : name;
  const docs = PARAMETER_DOCS[key];
  return docs ? { description: docs[0], example: docs[1] } : {};
}

function parameters(e: Endpoint): Json[] {
  const path = pathParams(e).map((name) => ({ name, in: "path", required: true, ...documented(name, "path", e), schema: { type: "string" } }));
  const query = e.query
    ? Object.entries(e.query.shape).map(([name, schema]) => ({ name, in: "query", required: false, ...documented(name, "query", e), schema: jsonSchema(schema as z.ZodType, "input") }))
    : [];
  const idempotency = idempotent(e) ? [{ $ref: "#/components/parameters/IdempotencyKey" }] : [];
  const revalidation = validated(e) ? [{ $ref: "#/components/parameters/IfNoneMatch" }] : [];
  return [...path, ...query, ...idempotency, ...revalidation];
}

function errorList(e: Endpoint): Array<{ code: ErrorCode; status: number }> {
  const list: EndpointError[] = [];
  if (e.guard !== "no-key") list.push("unauthorized", "rate_limited");
  if (e.guard !== "no-key" && e.guard !== "any-key") list.push("forbidden", "plan_limit", "forbidden_scope");
  // Every call's query is read (a parameter whose escapes are not UTF-8, or that holds NUL, is 400
  // naming it, docs/adr/0287 and 0317), and a body sent where none is taken is 400 (docs/adr/0352);
  // a body is counted as it streams whatever the method, a GET's included (413 past 2.25 MB,
  // step 2 of the handling order, docs/adr/0363).
  list.push("invalid_request", { code: "invalid_request", status: 413 });
  if (pathParams(e).length > 0) list.push("not_found");
  if (e.heavy) list.push("busy");
  // every call needs Postgres or Redis: while one is briefly unreachable, 503 `busy` with
  // Retry-After (docs/reference/errors.md "busy")
  list.push(...(e.errors ?? []), "internal", { code: "busy", status: 503 });
  const seen = new Set<string>();
  return list
    .map((item) => (typeof item === "string" ? { code: item, status: ERROR_STATUS[item] } : item))
    .filter((item) => !seen.has(`${item.status}:${item.code}`) && seen.add(`${item.status}:${item.code}`))
    .filter((item) => item.status !== e.success.status);
}

const RATE_HEADERS = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimitLimit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimitRemaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimitReset" },
};

/** One response per status, its schema the envelope with `error.code` narrowed to that status's codes. */
function errorResponses(e: Endpoint): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const { code, status } of errorList(e)) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  const out: Record<string, Json> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Json = e.guard !== "no-key" && status !== 401 ? { ...RATE_HEADERS } : {};
    if (status === 429 || status === 503) headers["Retry-After"] = { $ref: "#/components/headers/RetryAfter" };
    const schema = { allOf: [{ $ref: `${REF}ErrorEnvelope` }, { type: "object", properties: { error: { type: "object", properties: { code: { type: "string", enum: codes } } } } }] };
    out[String(status)] = {
      description: `Error ${codes.map((c) => `\`${c}\``).join(", ")}`,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { "application/json": { schema } },
    };
  }
  return out;
}

function successResponse(e: Endpoint): Json {
  const answer: Json = { description: e.summary };
  const headers: Json = e.guard !== "no-key" ? { ...RATE_HEADERS } : {};
  if (creates(e)) headers["Location"] = { $ref: "#/components/headers/Location" };
  if (validated(e)) headers["ETag"] = { $ref: "#/components/headers/ETag" };
  if (Object.keys(headers).length > 0) answer["headers"] = headers;
  const content: Json = {};
  if (e.success.schema) content["application/json"] = { schema: jsonSchema(e.success.schema, "output") };
  if (e.success.contentType) content[e.success.contentType.split(";")[0] ?? e.success.contentType] = { schema: { type: "string" } };
  const format = e.query?.shape["format"];
  if (format instanceof z.ZodOptional && format.unwrap() instanceof z.ZodEnum && (format.unwrap() as z.ZodEnum).options.includes("csv")) {
    content["text/csv"] = { schema: { type: "string", description: "With `format=csv`: a header row, then one row per item." } };
  }
  if (Object.keys(content).length > 0) answer["content"] = content;
  return answer;
}

/** The answer to `If-None-Match` naming the current tag: no body, the tag again. */
function notModified(e: Endpoint): Json {
  const headers: Json = { ...(e.guard !== "no-key" ? RATE_HEADERS : {}), ETag: { $ref: "#/components/headers/ETag" } };
  return { description: "Not modified: `If-None-Match` named the answer's current `ETag`; no body", headers };
}

function responses(e: Endpoint): Json {
  const out: Json = { [String(e.success.status)]: successResponse(e) };
  if (idempotent(e)) {
    // A replay made nothing: the first answer, without `Location`.
    const { Location: _made, ...headers } = successResponse(e)["headers"] as Json;
    out["200"] = { ...successResponse(e), description: "A replayed Idempotency-Key: the first answer", headers: { ...headers, "Idempotent-Replayed": { $ref: "#/components/headers/IdempotentReplayed" } } };
  }
  if (validated(e)) out["304"] = notModified(e);
  return { ...out, ...errorResponses(e) };
}

function description(e: Endpoint): string {
  const access = e.guard === "no-key" ? "No key." : e.guard === "any-key" ? "Any valid key." : `Scope \`${e.guard}\`.`;
  const heavy = e.heavy ? " A heavy call: it holds one of the plan's concurrent heavy places while it runs (429 `busy` when none is free)." : "";
  return `${e.description ?? e.summary}\n\n${access}${heavy}`;
}

function operation(e: Endpoint, operationId = e.name): Json {
  const op: Json = {
    operationId,
    summary: e.summary,
    description: description(e),
    tags: [e.tag],
    parameters: parameters(e),
    responses: responses(e),
    security: e.guard === "no-key" ? [] : [{ bearer: [] }],
    "x-heavy": e.heavy,
    "x-scope": e.guard,
  };
  if (e.body) {
    op["requestBody"] = { required: e.name !== "startDeviceAuthorization", content: { "application/json": { schema: jsonSchema(e.body, "input") } } };
  }
  return op;
}

const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

function paths(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const e of ENDPOINTS) {
    const path = `/v1${e.path}`;
    if (e.tag === "Webhooks") {
      // Any method, on the path and below it: one operation per method and path.
      const methods = ["get", "post", "put", "patch", "delete"];
      out[path] = Object.fromEntries(methods.map((m) => [m, operation(e, `${e.name}${capitalized(m)}`)]));
      out[`${path}/{rest}`] = Object.fromEntries(methods.map((m) => {
        const op = operation(e, `${e.name}${capitalized(m)}Subpath`);
        return [m, { ...op, parameters: [{ name: "rest", in: "path", required: true, schema: { type: "string" }, description: "Any path below /webhooks." }] }];
      }));
      continue;
    }
    out[path] = { ...(out[path] ?? {}), [e.method]: operation(e) };
  }
  return out;
}

const components = (): Json => ({
  securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API key (`bsk_...`) from `barscript login` or the /account page." } },
  schemas: componentSchemas(),
  parameters: {
    IdempotencyKey: { name: "Idempotency-Key", in: "header", required: false, description: "Replays the first answer for the same key (at most 128 characters) instead of starting again.", schema: { type: "string", maxLength: 128 }, example: "3f1c9a4e-run-aapl-2026-11-25" },
    IfNoneMatch: { name: "If-None-Match", in: "header", required: false, description: "The `ETag` of an earlier answer: 304 without a body while the answer is the same.", schema: { type: "string" }, example: 'W/"1f4-Qm9vYmFy"' },
  },
  headers: {
    RateLimitLimit: { description: "The plan's requests a minute.", schema: { type: "integer" } },
    RateLimitRemaining: { description: "Requests left in the rolling minute, this call counted.", schema: { type: "integer" } },
    RateLimitReset: { description: "Seconds until the window has room again (0 when it has room).", schema: { type: "integer" } },
    RetryAfter: { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
    Location: { description: "The address of what the call made, under the service's PUBLIC_URL (a script's with `?kind=` when a script of another kind shares its slug).", schema: { type: "string", format: "uri" }, example: "https://barscript.example/v1/runs/run_4fV2kQ9mXb1LzT8cR3sW0aJe" },
    ETag: { description: "A weak validator of the answer, for `If-None-Match`. A streamed `format=csv` answer carries none.", schema: { type: "string" }, example: 'W/"1f4-Qm9vYmFy"' },
    IdempotentReplayed: { description: "`true` when the answer replays an earlier call with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } },
  },
});

/**
 * `serverUrl` is the service's origin or its `/v1` base URL; either way the document's server is
 * the origin, because every path below already starts with `/v1` (a client joining the server
 * URL and a path must land on `/v1/me`, not `/v1/v1/me`). A second server with an `origin`
 * variable lets a generated client point at another deployment.
 */
export function buildOpenApi(serverUrl: string): Json {
  const origin = serverUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
  const used = [...new Set(ENDPOINTS.map((e) => e.tag))];
  return {
    openapi: "3.1.0",
    info: {
      title: "Barscript API",
      version: "1",
      description: "Run trading scripts (a Pine Script v6 dialect) over market data: scripts, runs, results, events and the public library. Errors use one envelope, `{ \"error\": { \"code\", \"message\" } }`.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [
      { url: origin, description: "This deployment (its PUBLIC_URL)" },
      { url: "{origin}", description: "Another deployment", variables: { origin: { default: origin, description: "The service's origin, without /v1" } } },
    ],
    tags: used.map((name) => ({ name, description: TAGS[name] ?? name })),
    paths: paths(),
    components: components(),
  };
}
