// Unbiased base62 strings from the CSPRNG (rejection sampling: bytes >= 248 are dropped).
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Ids of our rows: `acc_…`, `key_…`: a type prefix and 24 base62 characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(24)}`;
}
