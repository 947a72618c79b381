// Typed HTTP client of the /v1 API, used by the CLI, the MCP connector and tests.
import { ClientError } from "./errors";
import { decideRetry, parseRetryAfter, type RetryPolicy } from "./retry";

export interface ClientOptions {
  /** Ends in /v1, e.g. http://localhost:8080/v1 */
  baseUrl: string;
  apiKey?: string;
  /** Injected in tests so retries don't sleep for real. */
  sleep?: (ms: number) => Promise<void>;
  userAgent?: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  retry?: RetryPolicy;
  /** Return the raw text (CSV, markdown) instead of parsing JSON. */
  text?: boolean;
}

/** An answer as it came: any status, the body as text. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Envelope {
  error?: { code?: string; message?: string; details?: Record<string, unknown>; diagnostics?: unknown[] };
}

export class BarscriptClient {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: ClientOptions) {
    this.sleep = options.sleep ?? realSleep;
  }

  withKey(apiKey: string): BarscriptClient {
    return new BarscriptClient({ ...this.options, apiKey });
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.once<T>(method, path, options);
      if (outcome.ok) return outcome.answer;
      const { error, retryAfter } = outcome;
      const decision = decideRetry(options.retry ?? "default", attempt, Date.now() - started, error.code === "network" ? null : error.status, error.code, retryAfter);
      if (!decision.retry) throw error;
      await this.sleep(decision.waitMs);
    }
  }

  /**
   * One request as is: no retry, and a refusal is an answer like any other (for callers that
   * inspect every status, such as the API's tests). `accept` is only sent when given.
   */
  async raw(method: string, path: string, options: Pick<RequestOptions, "query" | "body" | "headers"> = {}): Promise<RawAnswer> {
    const response = await fetch(this.url(path, options.query), { method, headers: this.headers(options, null), body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  private headers(options: Pick<RequestOptions, "body" | "headers">, accept: string | null): Record<string, string> {
    const headers: Record<string, string> = accept ? { accept } : {};
    if (this.options.apiKey) headers["authorization"] = `Bearer ${this.options.apiKey}`;
    if (this.options.userAgent) headers["user-agent"] = this.options.userAgent;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    return { ...headers, ...(options.headers ?? {}) };
  }

  private url(path: string, query: RequestOptions["query"]): string {
    const url = new URL(this.options.baseUrl.replace(/\/$/, "") + path);
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  private async once<T>(method: string, path: string, options: RequestOptions): Promise<{ ok: true; answer: Answer<T> } | { ok: false; error: ClientError; retryAfter: number | null }> {
    const headers = this.headers(options, options.text ? "*/*" : "application/json");
    let response: Response;
    try {
      response = await fetch(this.url(path, options.query), { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    } catch (error) {
      return { ok: false, error: new ClientError("network", `Could not reach ${this.options.baseUrl}: ${(error as Error).message}`, 0), retryAfter: null };
    }
    const text = await response.text();
    if (response.ok) {
      const body = (options.text || text === "" ? text : JSON.parse(text)) as T;
      return { ok: true, answer: { status: response.status, headers: response.headers, body } };
    }
    let envelope: Envelope = {};
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      // Not our envelope (a proxy's page): keep the status.
    }
    const code = envelope.error?.code ?? (response.status === 503 ? "busy" : response.status >= 500 ? "internal" : "invalid_request");
    const error = new ClientError(code, envelope.error?.message ?? `HTTP ${response.status}`, response.status, envelope.error?.details, envelope.error?.diagnostics);
    return { ok: false, error, retryAfter: parseRetryAfter(response.headers.get("retry-after")) };
  }
}
