// What every client-sent string must be before anything reads or stores it: well-formed
// percent-encoding in the path, no NUL (Postgres text cannot hold U+0000) and no lone surrogate
// (not Unicode, so not UTF-8), and JSON no deeper than MAX_DEPTH. One check for path, query and
// body, so validate and create refuse the same things with 400 invalid_request naming the field.
import type { RequestHandler } from "express";
import { ApiError, ENDPOINTS } from "@barscript/contracts";

export const MAX_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be taken, or null. */
export function stringProblem(text: string): string | null {
  if (text.includes("\u0000")) return "contains a NUL character (U+0000)";
  if (LONE_SURROGATE.test(text)) return "contains a lone surrogate (not valid Unicode)";
  return null;
}

/** A name as it can be shown in a message (NUL and surrogates replaced). */
function printable(name: string): string {
  return [...name].map((c) => (c === "\u0000" || /[\uD800-\uDFFF]/.test(c) ? "\uFFFD" : c)).join("");
}

function join(prefix: string, key: string | number): string {
  return prefix === "" ? String(key) : `${prefix}.${key}`;
}

/** The first field of a parsed JSON or query value that cannot be taken (iterative: any depth is safe). */
export function findProblem(value: unknown): { field: string; why: string } | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof v === "string") {
      const why = stringProblem(v);
      if (why) return { field: path, why };
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    if (depth >= MAX_DEPTH) return { field: path, why: `is nested more than ${MAX_DEPTH} levels deep` };
    const entries: Array<[string | number, unknown]> = Array.isArray(v) ? v.map((item, i) => [i, item]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string | number, unknown];
      if (typeof key === "string") {
        const why = stringProblem(key);
        if (why) return { field: join(path, printable(key)), why: `has a name that ${why}` };
      }
      stack.push({ value: item, path: join(path, key), depth: depth + 1 });
    }
  }
  return null;
}

/** 400 for the first bad field of the query or body (`where` names it as validation does). */
export function assertCleanInput(value: unknown, where: "query" | "body"): void {
  const problem = findProblem(value);
  if (!problem) return;
  const what = where === "query" ? "Parameter" : "Field";
  const message = problem.field === "" ? `Request ${where} ${problem.why}.` : `${what} \`${problem.field}\` ${problem.why}.`;
  throw new ApiError("invalid_request", message);
}

/**
 * 400 naming the first query parameter given more than once (`?status=a&status=b`): every
 * parameter takes one value, and the schema's own refusal ("expected string, received array",
 * or "Invalid option" for two valid values) did not say what was wrong (docs/adr/0317).
 */
export function assertSingleValues(query: unknown, taken: readonly string[]): void {
  if (typeof query !== "object" || query === null) return;
  for (const [name, value] of Object.entries(query)) {
    // a parameter the endpoint does not take is ignored however often it is given
    if (Array.isArray(value) && taken.includes(name)) throw new ApiError("invalid_request", `Parameter \`${printable(name)}\` is given ${value.length} times; give it once.`);
  }
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Whether the bytes a query component's `%XX` escapes stand for are UTF-8 (a `%` not followed by two hex digits is itself). */
function escapesAreUtf8(raw: string): boolean {
  if (!raw.includes("%")) return true;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const escape = raw[i] === "%" ? /^[0-9a-fA-F]{2}$/.exec(raw.slice(i + 1, i + 3)) : null;
    if (escape) {
      bytes.push(parseInt(escape[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(raw[i] as string, "utf8"));
    }
  }
  try {
    STRICT_UTF8.decode(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}

/**
 * 400 naming the first query parameter whose percent-escapes are not UTF-8: the query parser
 * would read them as U+FFFD, so `q=%FF` would search for a character nobody sent (docs/adr/0287).
 */
export function assertQueryEncoding(url: string): void {
  const at = url.indexOf("?");
  if (at < 0) return;
  for (const pair of url.slice(at + 1).split("&")) {
    const eq = pair.indexOf("=");
    const [name, value] = eq < 0 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
    if (!escapesAreUtf8(name)) throw new ApiError("invalid_request", "The query has a parameter name that is not valid percent-encoded UTF-8.");
    if (!escapesAreUtf8(value)) {
      let shown = name;
      try {
        shown = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // a name with a lone `%` is shown as sent
      }
      throw new ApiError("invalid_request", `Parameter \`${printable(shown)}\` is not valid percent-encoded UTF-8.`);
    }
  }
}

interface Template {
  segments: string[];
}

const TEMPLATES: Template[] = ENDPOINTS.map((e) => ({ segments: e.path.split("/").slice(1) }));

/** The name of the path parameter at segment `index` of a /v1 path, from the endpoint table. */
function paramAt(segments: string[], index: number): string | null {
  for (const t of TEMPLATES) {
    if (t.segments.length !== segments.length) continue;
    const fits = t.segments.every((s, i) => i === index || s.startsWith("{") || s === segments[i]);
    const name = t.segments[index];
    if (fits && name?.startsWith("{")) return name.slice(1, -1);
  }
  return null;
}

/** Why a raw path segment cannot be a parameter, or null. */
function segmentProblem(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return "is not valid percent-encoded UTF-8";
  }
  return stringProblem(decoded);
}

/**
 * Under /v1, before routing (the router would fail decoding the parameter): a bad segment is
 * 400 naming the parameter, after the check chain `guard` (docs/reference/api.md "Order of checks": the key is
 * checked before the request is validated).
 */
export function pathParams(guard: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const segments = req.path.split("/").slice(1);
    const index = segments.findIndex((s) => segmentProblem(s) !== null);
    if (index < 0) return next();
    const why = segmentProblem(segments[index] as string) as string;
    const name = paramAt(segments, index);
    const refusal = new ApiError("invalid_request", name ? `Path parameter \`${name}\` ${why}.` : `The path ${why}.`);
    Promise.resolve(guard(req, res, (error?: unknown) => next(error ?? refusal))).catch(next);
  };
}
