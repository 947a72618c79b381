// Refusals of the accounts and keys service. Apps map them: the admin CLI prints the message
// and exits non-zero; the API turns them into ApiError codes.
export type AccountsErrorReason =
  | "invalid_email"
  | "invalid_password"
  | "invalid_handle"
  | "reserved_handle"
  | "email_taken"
  | "handle_taken"
  | "unknown_plan"
  | "unknown_account"
  | "not_on_waitlist"
  | "invalid_scopes"
  | "invalid_key_name"
  | "invalid_expiry"
  | "key_limit";

export class AccountsError extends Error {
  constructor(
    readonly reason: AccountsErrorReason,
    message: string,
  ) {
    super(message);
    this.name = "AccountsError";
  }
}

/** Prisma's unique-constraint failure (P2002), with the fields it names when it names them. */
export function uniqueViolation(error: unknown): string[] | null {
  if (typeof error !== "object" || error === null) return null;
  const e = error as { code?: unknown; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: unknown } } } }; message?: unknown };
  if (e.code !== "P2002") return null;
  const target = e.meta?.target;
  if (Array.isArray(target)) return target.map(String);
  if (typeof target === "string") return [target];
  const fields = e.meta?.driverAdapterError?.cause?.constraint?.fields;
  if (Array.isArray(fields)) return fields.map((f) => String(f).replace(/"/g, ""));
  return [];
}
