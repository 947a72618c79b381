// /openapi.json (OpenAPI 3.1), generated from the endpoint table and its zod schemas.
import { z } from "zod";
import { ENDPOINTS, type Endpoint } from "./endpoints";
import { ErrorEnvelopeSchema } from "./schemas";

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

function parameters(e: Endpoint): Json[] {
  const path = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  const query = e.query
    ? Object.entries(e.query.shape).map(([name, schema]) => ({ name, in: "query", required: false, schema: jsonSchema(schema as z.ZodType, "input") }))
    : [];
  const idempotency = e.id === 19 ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 128 } }] : [];
  return [...path, ...query, ...idempotency];
}

function operation(e: Endpoint): Json {
  const success: Json = { description: e.summary };
  if (e.success.schema) success["content"] = { "application/json": { schema: jsonSchema(e.success.schema, "output") } };
  if (e.success.contentType) success["content"] = { [e.success.contentType]: { schema: { type: "string" } } };
  const op: Json = {
    operationId: `e${e.id}`,
    summary: e.summary,
    parameters: parameters(e),
    responses: { [String(e.success.status)]: success, default: { $ref: "#/components/responses/Error" } },
    "x-heavy": e.heavy,
    "x-scope": e.guard,
  };
  if (e.guard !== "no-key") op["security"] = [{ bearer: [] }];
  if (e.body) op["requestBody"] = { required: e.id !== 26, content: { "application/json": { schema: jsonSchema(e.body, "input") } } };
  return op;
}

/**
 * `serverUrl` is the service's origin or its `/v1` base URL; either way the document's server is
 * the origin, because every path below already starts with `/v1` (a client joining the server
 * URL and a path must land on `/v1/me`, not `/v1/v1/me`).
 */
export function buildOpenApi(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const e of ENDPOINTS) {
    const path = `/v1${e.path}`;
    paths[path] = { ...(paths[path] ?? {}), [e.method]: operation(e) };
    if (e.id === 29) {
      const any: Json = {};
      for (const m of ["get", "post", "put", "patch", "delete"]) any[m] = { ...operation(e), operationId: `e29_${m}` };
      paths["/v1/webhooks"] = any;
      paths["/v1/webhooks/{rest}"] = Object.fromEntries(Object.entries(any).map(([m, op]) => [m, { ...(op as Json), operationId: `e29_${m}_sub`, parameters: [{ name: "rest", in: "path", required: true, schema: { type: "string" } }] }]));
    }
  }
  return {
    openapi: "3.1.0",
    info: { title: "Barscript API", version: "1" },
    servers: [{ url: serverUrl.replace(/\/+$/, "").replace(/\/v1$/, "") }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      responses: { Error: { description: "The error envelope", content: { "application/json": { schema: jsonSchema(ErrorEnvelopeSchema, "output") } } } },
    },
  };
}
