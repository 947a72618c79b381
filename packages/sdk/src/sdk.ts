// The SDK: every operation of /openapi.json by its operationId, typed from the generated file,
// over @barscript/client (which carries the service's retry rules), with cursor pagination.
import { BarscriptClient, type RetryPolicy } from "@barscript/client";
import type { operations } from "./generated/openapi";
import { OPERATIONS } from "./generated/operations";

export type OperationId = keyof typeof OPERATIONS & keyof operations;

type Op<K extends OperationId> = operations[K];
type Section<K extends OperationId, S extends string> = Op<K>["parameters"] extends { [P in S]?: infer V } ? NonNullable<V> : never;
type PathOf<K extends OperationId> = Section<K, "path">;
type QueryOf<K extends OperationId> = Section<K, "query">;
type RequestBodyOf<K extends OperationId> = NonNullable<Op<K> extends { requestBody?: infer R } ? R : never>;
type BodyOf<K extends OperationId> = [RequestBodyOf<K>] extends [never] ? never : RequestBodyOf<K> extends { content: { "application/json": infer B } } ? B : never;
type Responses<K extends OperationId> = Op<K>["responses"];
type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON an operation answers on success (`undefined` for 204). */
export type AnswerOf<K extends OperationId> = {
  [S in keyof Responses<K> & SuccessStatus]: Responses<K>[S] extends { content: { "application/json": infer J } } ? J : undefined;
}[keyof Responses<K> & SuccessStatus];

type QueryParams<K extends OperationId> = [QueryOf<K>] extends [never] ? { query?: undefined } : { query?: { [P in keyof QueryOf<K>]?: QueryOf<K>[P] | number } };
type PathParams<K extends OperationId> = [PathOf<K>] extends [never] ? { path?: undefined } : { path: PathOf<K> };
type BodyParams<K extends OperationId> = [BodyOf<K>] extends [never] ? { body?: undefined } : { body: BodyOf<K> };

/** What one call takes: path parameters, query, body, and an Idempotency-Key where it applies. */
export type ParamsOf<K extends OperationId> = PathParams<K> & QueryParams<K> & BodyParams<K> & { idempotencyKey?: string };

/** Operations whose params may be left out (no path parameter, no body). */
type Optional<K extends OperationId> = [PathOf<K>] extends [never] ? ([BodyOf<K>] extends [never] ? true : false) : false;
export type ArgsOf<K extends OperationId> = Optional<K> extends true ? [params?: ParamsOf<K>, options?: CallOptions] : [params: ParamsOf<K>, options?: CallOptions];

/** The item type of a paged operation's page. */
export type ItemOf<K extends OperationId> = AnswerOf<K> extends infer A
  ? A extends { data: Array<infer I> } ? I : A extends { outputs: Array<infer I> } ? I : A extends { events: Array<infer I> } ? I : never
  : never;
export type PagedOperationId = { [K in OperationId]: (typeof OPERATIONS)[K]["paged"] extends true ? K : never }[OperationId];

export interface CallOptions {
  /** Override the retry policy (default: `start-run` for calls that start work, else `default`). */
  retry?: RetryPolicy;
}

export interface SdkOptions {
  /** The API base URL, ending in /v1 (e.g. http://localhost:8080/v1). */
  baseUrl: string;
  apiKey?: string;
  userAgent?: string;
  /** Injected in tests so retries don't sleep for real. */
  sleep?: (ms: number) => Promise<void>;
}

/** Calls that start work take the longer retry rule of docs/reference/errors.md (3 minutes on 429/503/network). */
const STARTS_WORK = new Set<string>(["createRun", "collectEvents", "createSweep"]);
const PAGE_FIELDS = ["data", "outputs", "events"] as const;

interface Request {
  method: string;
  path: string;
  query: Record<string, string | number | boolean | undefined> | undefined;
  body: unknown;
  headers: Record<string, string>;
}

function requestOf(id: OperationId, params: { path?: object; query?: object; body?: unknown; idempotencyKey?: string } = {}): Request {
  const spec = OPERATIONS[id];
  const path = spec.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = (params.path as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === "") throw new TypeError(`${id}: path parameter \`${name}\` is required`);
    return encodeURIComponent(String(value));
  });
  return {
    method: spec.method,
    path,
    query: params.query as Request["query"],
    body: params.body,
    headers: params.idempotencyKey ? { "Idempotency-Key": params.idempotencyKey } : {},
  };
}

/** The array a page holds, whichever field it is under. */
export function pageItems(page: unknown): unknown[] {
  const record = page as Record<string, unknown>;
  for (const field of PAGE_FIELDS) if (Array.isArray(record[field])) return record[field] as unknown[];
  return [];
}

export class Barscript {
  readonly client: BarscriptClient;

  constructor(options: SdkOptions | BarscriptClient) {
    this.client = options instanceof BarscriptClient ? options : new BarscriptClient({ userAgent: "barscript-sdk", ...options });
  }

  /** One call; resolves to the JSON answer, rejects with a `ClientError` carrying the error code. */
  async call<K extends OperationId>(id: K, ...[params, options]: ArgsOf<K>): Promise<AnswerOf<K>> {
    return (await this.response(id, ...([params, options] as ArgsOf<K>))).body;
  }

  /** The same, with the status and headers (`RateLimit-*`, `Idempotent-Replayed`). */
  async response<K extends OperationId>(id: K, ...[params, options]: ArgsOf<K>): Promise<{ status: number; headers: Headers; body: AnswerOf<K> }> {
    const r = requestOf(id, params as Parameters<typeof requestOf>[1]);
    const retry = options?.retry ?? (STARTS_WORK.has(id) ? "start-run" : "default");
    return this.client.request<AnswerOf<K>>(r.method, r.path, { query: r.query, body: r.body, headers: r.headers, retry });
  }

  /** An operation's text answer: CSV (`query.format = "csv"`) or markdown (getDoc). */
  async text<K extends OperationId>(id: K, ...[params, options]: ArgsOf<K>): Promise<string> {
    const r = requestOf(id, params as Parameters<typeof requestOf>[1]);
    return (await this.client.request<string>(r.method, r.path, { query: r.query, headers: r.headers, text: true, retry: options?.retry ?? "default" })).body;
  }

  /** Every page of a paged operation, following `next_cursor` from the given query on. */
  async *pages<K extends PagedOperationId>(id: K, ...[params, options]: ArgsOf<K>): AsyncGenerator<Awaited<AnswerOf<K>>> {
    let cursor = (params?.query as { cursor?: string } | undefined)?.cursor;
    for (;;) {
      const query = { ...(params?.query ?? {}), ...(cursor ? { cursor } : {}) };
      const page = await this.call(id, ...([{ ...(params ?? {}), query }, options] as unknown as ArgsOf<K>));
      yield page;
      const next = (page as { next_cursor?: string | null }).next_cursor;
      if (!next) return;
      cursor = next;
    }
  }

  /** Every item of a paged operation, page after page. */
  async *items<K extends PagedOperationId>(id: K, ...args: ArgsOf<K>): AsyncGenerator<ItemOf<K>> {
    for await (const page of this.pages(id, ...args)) yield* pageItems(page) as Array<ItemOf<K>>;
  }

  /** Every item in one array (mind the size: a run's outputs can be 50,000 points). */
  async all<K extends PagedOperationId>(id: K, ...args: ArgsOf<K>): Promise<Array<ItemOf<K>>> {
    const out: Array<ItemOf<K>> = [];
    for await (const item of this.items(id, ...args)) out.push(item);
    return out;
  }
}
