// Calls to the service from the browser: the public /v1 API and the app's own /app/api, with
// the sign-in session (cookie) and the page's CSRF token in a header (never an API key).
export interface ApiErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export class ApiFailure extends Error {
  /** `retryAfter`: the answer's Retry-After in seconds (a busy or rate-limited refusal), else null. */
  constructor(readonly status: number, readonly error: ApiErrorBody, readonly retryAfter: number | null = null) {
    super(error.message);
    this.name = "ApiFailure";
  }
}

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
}

export const session = { csrf: meta("csrf-token"), handle: meta("bs-handle") };

export interface CallOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The fetch, its failure to reach the service (offline, the server down) said in the app's words
 * with the code the typed client gives it (`network`, packages/client), not the browser's "Failed
 * to fetch" (docs/adr/0316-clients-used-from-outside-four.md). A cancelled call stays an AbortError.
 */
async function reach(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiFailure(0, { code: "network", message: "The service could not be reached: check the connection, then try again." });
  }
}

async function send(path: string, options: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { "X-CSRF-Token": session.csrf, Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const init: RequestInit = { method: options.method ?? "GET", headers, credentials: "same-origin" };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  const res = await reach(path, init);
  if (res.status === 401) {
    // The session ended: sign in again and come back here.
    window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
  if (!res.ok) {
    const text = await res.text();
    let error: ApiErrorBody = { code: "internal", message: `HTTP ${res.status}` };
    try {
      const parsed = JSON.parse(text) as { error?: ApiErrorBody };
      if (parsed.error) error = parsed.error;
    } catch {
      // not JSON: keep the generic message
    }
    throw new ApiFailure(res.status, error, retryAfterOf(res));
  }
  return res;
}

/** Retry-After in seconds, as the service sends it (whole seconds; docs/reference/errors.md). */
function retryAfterOf(res: Response): number | null {
  const value = res.headers.get("Retry-After");
  const seconds = value === null || value.trim() === "" ? NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

/** A JSON call; 204 answers undefined. */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const res = await send(path, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export async function apiText(path: string, options: CallOptions = {}): Promise<string> {
  return (await send(path, options)).text();
}

/** When to try again after a refusal that says (Retry-After): "Try again in 15 seconds." */
function retryHint(seconds: number | null): string {
  if (seconds === null) return "";
  if (seconds <= 1) return " Try again in a second.";
  return seconds < 120 ? ` Try again in ${seconds} seconds.` : ` Try again in ${Math.ceil(seconds / 60)} minutes.`;
}

export function errorText(error: unknown): string {
  if (error instanceof ApiFailure) return `${error.error.message} (${error.error.code})${retryHint(error.retryAfter)}`;
  return error instanceof Error ? error.message : String(error);
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiFailure && error.status === 404;
