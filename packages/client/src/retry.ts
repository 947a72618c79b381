// Client retry behaviour (docs/reference/errors.md):
// - starting a run: 429, 503 and network failures retried for up to 3 minutes, waiting
//   Retry-After each time or 15 s when absent;
// - anything else: up to 3 retries, waiting Retry-After (at most 60 s) or 1, 2, then 4 s.
// `not_implemented` and other answers are never retried.

export type RetryPolicy = "start-run" | "default" | "none";

export interface RetryDecision {
  retry: boolean;
  waitMs: number;
}

export function isRetryable(status: number | null, code: string | null): boolean {
  if (status === null) return true; // network failure
  if (code === "not_implemented") return false;
  return status === 429 || status === 503;
}

export function decideRetry(
  policy: RetryPolicy,
  attempt: number,
  elapsedMs: number,
  status: number | null,
  code: string | null,
  retryAfterSeconds: number | null,
): RetryDecision {
  if (policy === "none" || !isRetryable(status, code)) return { retry: false, waitMs: 0 };
  if (policy === "start-run") {
    const waitMs = (retryAfterSeconds ?? 15) * 1000;
    return { retry: elapsedMs + waitMs <= 180_000, waitMs };
  }
  if (attempt >= 3) return { retry: false, waitMs: 0 };
  const waitMs = retryAfterSeconds !== null ? Math.min(retryAfterSeconds, 60) * 1000 : 1000 * 2 ** attempt;
  return { retry: true, waitMs };
}

export function parseRetryAfter(value: string | null): number | null {
  if (value === null) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}
