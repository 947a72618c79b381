// Every error code (docs/reference/errors.md), mapped once to its HTTP status.
// Code anywhere raises `ApiError(code, message)`; the API's error handler renders the envelope.

export const ERROR_STATUS = {
  unauthorized: 401,
  forbidden_scope: 403,
  plan_limit: 403,
  forbidden: 403,
  not_found: 404,
  invalid_request: 400,
  unknown_instrument: 400,
  unsupported_timeframe: 400,
  out_of_coverage: 400,
  script_invalid: 422,
  version_conflict: 409,
  conflict: 409,
  run_not_finished: 409,
  rate_limited: 429,
  busy: 429,
  internal: 500,
  not_implemented: 501,
  // Sign-in codes of POST /auth/token (docs/reference/api.md "Sign-in"): 400 with the error envelope.
  authorization_pending: 400,
  slow_down: 400,
  access_denied: 400,
  expired_token: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface DiagnosticLike {
  severity: string;
  stage: string;
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
}

export interface ErrorOptions {
  /** Overrides the code's usual status (413 invalid_request, 503 busy, 410 not_found, 404 unknown_instrument). */
  status?: number;
  details?: Record<string, unknown>;
  diagnostics?: DiagnosticLike[];
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly diagnostics: DiagnosticLike[] | undefined;
  readonly retryAfter: number | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ErrorOptions = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = options.status ?? ERROR_STATUS[code];
    this.details = options.details;
    this.diagnostics = options.diagnostics;
    this.retryAfter = options.retryAfter;
    this.headers = options.headers ?? {};
  }
}

export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    message: string;
    details?: Record<string, unknown>;
    diagnostics?: DiagnosticLike[];
  };
}

export function errorEnvelope(error: ApiError): ErrorEnvelope {
  const body: ErrorEnvelope = { error: { code: error.code, message: error.message } };
  if (error.details) body.error.details = error.details;
  if (error.diagnostics) body.error.diagnostics = error.diagnostics;
  return body;
}
