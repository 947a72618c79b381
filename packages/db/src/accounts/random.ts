// Unbiased base62 strings from the CSPRNG (rejection sampling: bytes >= 248 are dropped), for every
// id and secret the service makes. Bytes are drawn 4 KiB at a time, as Node's own randomUUID
// caches its random data: one system call serves dozens of ids instead of one.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const POOL_BYTES = 4096;

let pool = Buffer.alloc(0);
let next = 0;

function randomByte(): number {
  if (next === pool.length) {
    pool = randomBytes(POOL_BYTES);
    next = 0;
  }
  const byte = pool[next]!;
  // each byte is used once: cleared as it is taken
  pool[next++] = 0;
  return byte;
}

export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    // 248 = 4 * 62: bytes at or above it would bias the alphabet.
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** Ids of our rows: `acc_…`, `key_…`: a type prefix and 24 base62 characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(24)}`;
}
