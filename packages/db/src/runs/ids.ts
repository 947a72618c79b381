// Run ids: `run_` + 24 base62 characters (docs/reference/endpoints.md "Run"), from rejection-sampled random bytes.
import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function base62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: bytes at or above it would bias the alphabet.
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function newRunId(): string {
  return `run_${base62(24)}`;
}

export const RUN_ID_PATTERN = /^run_[0-9A-Za-z]{24}$/;
