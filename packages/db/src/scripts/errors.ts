// Refusals of the scripts service. The API maps each reason to the error code of the same name
// (docs/reference/errors.md); the worker and seed treat them as failures.
import type { Diagnostic } from "./types";

export type ScriptsErrorReason =
  | "invalid_request"
  | "not_found"
  | "forbidden"
  | "conflict"
  | "version_conflict"
  | "plan_limit"
  | "script_invalid";

export class ScriptsError extends Error {
  constructor(
    readonly reason: ScriptsErrorReason,
    message: string,
    readonly extra: { latestVersion?: number; diagnostics?: Diagnostic[] } = {},
  ) {
    super(message);
    this.name = "ScriptsError";
  }
}
