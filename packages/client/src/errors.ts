// What a call can end in besides success: the API's error envelope, or no answer at all.
export class ClientError extends Error {
  constructor(
    /** The envelope's `error.code`, or `network` when no answer came. */
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: Record<string, unknown>,
    readonly diagnostics?: unknown[],
  ) {
    super(message);
    this.name = "ClientError";
  }
}
