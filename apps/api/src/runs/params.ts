// Small parsing rules of the run endpoints.
import { ApiError } from "@barscript/contracts";

/** docs/reference/api.md "Long polls": at most 60; a larger value is cut to 60; negative or not a number is 0. */
export const MAX_WAIT_SECONDS = 60;

export function normalizeWait(raw: unknown): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string" && value.trim() !== "") n = Number(value);
  else return 0;
  // a number past any double (`1e999`, JSON's too) is larger than 60, so it is cut to 60 as `limit` is cut to the most
  if (Number.isNaN(n) || n <= 0) return 0;
  return Math.min(n, MAX_WAIT_SECONDS);
}

export const MAX_IDEMPOTENCY_KEY = 128;

/** The Idempotency-Key header: null when absent; 400 over 128 characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header.join(",") : header;
  if (key.length === 0) throw new ApiError("invalid_request", "Header `Idempotency-Key` is empty.");
  if ([...key].length > MAX_IDEMPOTENCY_KEY) throw new ApiError("invalid_request", "Header `Idempotency-Key` is longer than 128 characters.");
  return key;
}
