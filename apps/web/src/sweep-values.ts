// What the sweep form's text fields mean as a POST /v1/sweeps body (docs/reference/endpoints.md),
// and which field an answer's error is about, so it is shown in place. Pure: unit-tested.
import type { ApiErrorBody } from "./api";

export type GridValue = number | string | boolean;

/** A range longer than this is cut: the API takes at most 50 values an input and names the excess. */
const RANGE_MOST = 1_000;

/** `start:end:step` (step 1 when left out), both ends included; null when the token is not a range. */
function range(token: string): number[] | null {
  const m = /^(-?[\d.]+)\s*:\s*(-?[\d.]+)(?:\s*:\s*([\d.]+))?$/.exec(token);
  if (!m) return null;
  const [start, end, step] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 1 : Number(m[3])];
  if (![start, end, step].every(Number.isFinite) || step <= 0 || end < start) return null;
  const out: number[] = [];
  // Each value from the start (not by adding steps up) so 0.1 steps do not drift.
  for (let i = 0; out.length < RANGE_MOST; i++) {
    const v = Number((start + i * step).toFixed(10));
    if (v > end + step * 1e-9) break;
    out.push(v);
  }
  return out;
}

/**
 * The values to try for one input, comma-separated: numbers (and `start:end:step` ranges) for int
 * and float inputs, `true`/`false` for bool, text otherwise. A token that is not of the input's
 * type is sent as it is, so the API's own refusal names it.
 */
export function parseValues(text: string, type: string): GridValue[] {
  const tokens = text.split(",").map((t) => t.trim()).filter((t) => t !== "");
  const out: GridValue[] = [];
  for (const t of tokens) {
    if (type === "int" || type === "float") {
      const r = range(t);
      if (r) out.push(...r);
      else out.push(t !== "" && Number.isFinite(Number(t)) ? Number(t) : t);
    } else if (type === "bool") {
      out.push(t === "true" ? true : t === "false" ? false : t);
    } else {
      out.push(t);
    }
  }
  return out;
}

/** The number of combinations of a grid: the product of its lists' lengths. */
export function combinationsOf(grid: Record<string, GridValue[]>): number {
  const lists = Object.values(grid);
  return lists.length === 0 ? 0 : lists.reduce((n, l) => n * l.length, 1);
}

/** Symbols separated by commas or spaces, upper-cased as the service reads them. */
export function parseSymbols(text: string): string[] {
  return text.split(/[\s,]+/).map((s) => s.trim().toUpperCase()).filter((s) => s !== "");
}

/** Whole numbers separated by commas or spaces; a token that is not one is sent as it is for the API to name. */
export function parseHorizons(text: string): Array<number | string> {
  return text.split(/[\s,]+/).filter((t) => t !== "").map((t) => (/^\d+$/.test(t) ? Number(t) : t));
}

/** The form's fields an error can be shown beside; `input:<name>` is one input's values. */
export type SweepField = "instruments" | "timeframe" | "window" | "grid" | "horizons" | "events" | "cooldown" | `input:${string}`;

const BODY_FIELDS: Record<string, SweepField> = { instruments: "instruments", timeframe: "timeframe", bars: "window", from: "window", to: "window", horizons: "horizons", events: "events", cooldown: "cooldown", grid: "grid", inputs: "grid" };

/**
 * The field an answer's error is about, read from its code and the field it names
 * (docs/reference/errors.md: a 400 names the field or the input); null when it is about none.
 */
export function errorField(error: ApiErrorBody, inputs: readonly string[]): SweepField | null {
  if (error.code === "unknown_instrument") return "instruments";
  if (error.code === "unsupported_timeframe") return "timeframe";
  if (error.code === "out_of_coverage") return "window";
  if (error.code !== "invalid_request") return null;
  const input = /Input `([^`]+)`/.exec(error.message) ?? /Field `(?:grid|inputs)[.[]([^`.[\]]+)/.exec(error.message);
  if (input && inputs.includes(input[1]!)) return `input:${input[1]!}`;
  const field = /(?:Field|Parameter) `([a-z_]+)/.exec(error.message)?.[1];
  if (field && BODY_FIELDS[field]) return BODY_FIELDS[field];
  if (/^Instrument /.test(error.message)) return "instruments";
  if (/^Event /.test(error.message)) return "events";
  if (/grid/i.test(error.message)) return "grid";
  return null;
}
