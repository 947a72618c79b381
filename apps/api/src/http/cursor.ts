// Opaque keyset cursors, signed with APP_SECRET (docs/reference/api.md "Pages and cursors"): a client can neither
// forge nor edit one, and a cursor from another list is refused.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { ApiError } from "@barscript/contracts";

export type CursorValues = Array<string | number | null>;

export interface CursorCodec {
  encode(list: string, values: CursorValues): string;
  decode(list: string, cursor: string): CursorValues;
}

export function createCursorCodec(secret: string): CursorCodec {
  const sign = (payload: string): string => createHmac("sha256", `cursor:${secret}`).update(payload).digest("base64url").slice(0, 22);
  return {
    encode(list, values) {
      const payload = Buffer.from(JSON.stringify({ l: list, v: values })).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },
    decode(list, cursor) {
      const invalid = new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
      const [payload, signature, extra] = cursor.split(".");
      if (!payload || !signature || extra !== undefined) throw invalid;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        throw invalid;
      }
      const body = parsed as { l?: unknown; v?: unknown };
      if (body.l !== list || !Array.isArray(body.v)) throw invalid;
      return body.v as CursorValues;
    },
  };
}

/**
 * The list a filtered page belongs to: its name and, when filtered, a digest of the filters. A
 * cursor of `GET /runs?status=succeeded` is then refused by `?status=failed` as a cursor of
 * another list (docs/adr/0305), as a search's is by another `q` (docs/adr/0010).
 */
export function filteredList(name: string, filters: Record<string, string | undefined>): string {
  const given = Object.entries(filters).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (given.length === 0) return name;
  return `${name}:${createHash("sha256").update(JSON.stringify(given)).digest("base64url").slice(0, 16)}`;
}

export interface PageLimits {
  default: number;
  most: number;
}

/** docs/reference/limits-and-plans.md "Page sizes", keyed by list. */
export const PAGE_LIMITS = {
  scripts: { default: 50, most: 500 },
  instruments: { default: 50, most: 500 },
  keys: { default: 50, most: 500 },
  runs: { default: 50, most: 200 },
  library: { default: 50, most: 200 },
  versions: { default: 50, most: 200 },
  outputs: { default: 5_000, most: 50_000 },
  events: { default: 100, most: 1_000 },
  sweeps: { default: 50, most: 200 },
  sweepRows: { default: 100, most: 1_000 },
  logs: { default: 100, most: 1_000 },
} as const satisfies Record<string, PageLimits>;

/** docs/reference/api.md "Pages and cursors": 0, negative or not a number falls back to the default; above the most is cut. */
export function parseLimit(raw: unknown, limits: PageLimits): number {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text !== "string" || text.trim() === "") return limits.default;
  // A number however written (`20`, `20.0`, `1e3`, a value past 2^53) counts; its whole part is
  // the limit, and anything above the most, however large, is cut to the most.
  const value = Math.trunc(Number(text));
  if (Number.isNaN(value) || value <= 0) return limits.default;
  return Math.min(value, limits.most);
}
