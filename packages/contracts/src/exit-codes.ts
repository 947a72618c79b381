// Client exit codes (docs/reference/errors.md): one table shared by the CLI and its tests.
import type { ErrorCode } from "./errors";

export const EXIT = { ok: 0, scriptInvalid: 1, runFailed: 2, auth: 3, usage: 4, retryable: 5 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

const BY_ERROR: Partial<Record<ErrorCode, ExitCode>> = {
  script_invalid: 1,
  unauthorized: 3, forbidden_scope: 3, plan_limit: 3, forbidden: 3,
  not_found: 4, invalid_request: 4, unknown_instrument: 4, unsupported_timeframe: 4, out_of_coverage: 4,
  version_conflict: 4, conflict: 4,
  run_not_finished: 5, rate_limited: 5, busy: 5, internal: 5, not_implemented: 5,
  // Sign-in codes (docs/adr/0343): still deciding is worth polling again; a sign-in denied or
  // expired leaves the client not signed in, which is exit 3 as `unauthorized` is.
  authorization_pending: 5, slow_down: 5,
  access_denied: 3, expired_token: 3,
};

export function exitCodeForError(code: string): ExitCode {
  return BY_ERROR[code as ErrorCode] ?? EXIT.retryable;
}

export function exitCodeForFailureKind(kind: string): ExitCode {
  return kind === "script" || kind === "out_of_coverage" || kind === "cancelled" ? EXIT.runFailed
    : kind === "plan_limit" ? EXIT.auth
    : EXIT.retryable;
}
