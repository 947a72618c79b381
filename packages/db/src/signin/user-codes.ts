// User codes of the browser sign-in (docs/reference/endpoints.md "DeviceAuthorization"): 8 letters from an alphabet
// without look-alikes (no vowels, so no words; no I/O/U/Y), stored bare and shown `ABCD-EFGH`.
// People may type them in any case, with or without the dash or spaces.
import { randomInt } from "node:crypto";

export const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
export const USER_CODE_LENGTH = 8;

export function generateUserCode(): string {
  let code = "";
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** `abcd-efgh`, ` ABCDEFGH ` -> `ABCDEFGH`; null when it cannot be a user code. */
export function normalizeUserCode(input: string): string | null {
  const bare = input.toUpperCase().replace(/[\s-]/g, "");
  if (bare.length !== USER_CODE_LENGTH) return null;
  for (const ch of bare) if (!USER_CODE_ALPHABET.includes(ch)) return null;
  return bare;
}

/** `ABCDEFGH` -> `ABCD-EFGH`. */
export function formatUserCode(bare: string): string {
  return `${bare.slice(0, 4)}-${bare.slice(4)}`;
}
