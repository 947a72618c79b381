// Run inputs against the script's Interface (docs/reference/api.md "Run windows"): unknown names or values of
// the wrong type are 400 invalid_request naming the input. Values omitted keep their default.
import { ApiError } from "@barscript/contracts";
import type { InputSpec } from "@barscript/lang";
import { lookupName, nameEntries, nameRecord } from "../http/names";

export type InputValue = number | string | boolean;

const SOURCES = new Set(["open", "high", "low", "close", "volume", "hl2", "hlc3", "ohlc4", "hlcc4"]);
const TIMEFRAME_TEXT = /^(\d+[SDWM]?|[DWM])$/;

function bad(name: string, why: string): ApiError {
  return new ApiError("invalid_request", `Input \`${name}\` ${why}.`);
}

function checkOne(spec: InputSpec, value: InputValue): void {
  const name = spec.name;
  switch (spec.type) {
    case "int":
      if (typeof value !== "number" || !Number.isInteger(value)) throw bad(name, "must be an integer");
      break;
    case "float":
      if (typeof value !== "number" || !Number.isFinite(value)) throw bad(name, "must be a number");
      break;
    case "bool":
      if (typeof value !== "boolean") throw bad(name, "must be true or false");
      break;
    case "source":
      if (typeof value !== "string" || !SOURCES.has(value)) throw bad(name, `must be one of ${[...SOURCES].join(", ")}`);
      break;
    case "timeframe":
      // a value the script lists among its options is taken as written, as TradingView offers
      // them ("Auto", "1m", "1H": the script reads the text itself, docs/adr/0204)
      if (typeof value !== "string" || (value !== "" && !TIMEFRAME_TEXT.test(value) && !(spec.options ?? []).includes(value))) throw bad(name, "must be a timeframe such as \"60\" or \"D\"");
      break;
    case "string":
    case "color":
      if (typeof value !== "string") throw bad(name, "must be a string");
      break;
  }
  if (typeof value === "number") {
    if (spec.min !== null && value < spec.min) throw bad(name, `must be at least ${spec.min}`);
    if (spec.max !== null && value > spec.max) throw bad(name, `must be at most ${spec.max}`);
  }
  if (spec.options && spec.options.length > 0 && !spec.options.some((o) => o === value)) {
    throw bad(name, `must be one of ${spec.options.map((o) => JSON.stringify(o)).join(", ")}`);
  }
}

export function checkInputs(specs: readonly InputSpec[], given: Record<string, InputValue> | undefined): Record<string, InputValue> {
  const out = nameRecord<InputValue>();
  const byName = new Map(specs.map((s) => [s.name, s]));
  for (const [name, value] of nameEntries(given)) {
    const spec = byName.get(name);
    if (!spec) throw new ApiError("invalid_request", `Input \`${name}\` is not an input of this script${specs.length ? ` (inputs: ${specs.map((s) => s.name).join(", ")})` : ""}.`);
    checkOne(spec, value);
    out[name] = value;
  }
  return out;
}

/** The script's inputs with their defaults, then the given values over them (no prototype: any name is a key). */
export function inputsWithDefaults(specs: readonly InputSpec[], given: Record<string, InputValue>): Record<string, InputValue> {
  const out = nameRecord<InputValue>();
  for (const spec of specs) if (spec.default !== null) out[spec.name] = spec.default;
  for (const [name, value] of nameEntries(given)) out[name] = value;
  return out;
}

/**
 * The `inputs` object exactly as the client sent it. Schema validation rebuilds objects and drops
 * a `__proto__` key, so the run routes take the names from the raw body (each value checked
 * here) and every user-chosen name is an ordinary key.
 */
export function rawInputs(body: unknown): Record<string, InputValue> | undefined {
  const inputs = lookupName(body as Record<string, unknown> | undefined, "inputs");
  if (inputs === undefined) return undefined;
  if (typeof inputs !== "object" || inputs === null || Array.isArray(inputs)) throw new ApiError("invalid_request", "Field `inputs`: must be an object.");
  const out = nameRecord<InputValue>();
  for (const [name, value] of nameEntries(inputs as Record<string, unknown>)) {
    if (typeof value !== "number" && typeof value !== "string" && typeof value !== "boolean") {
      throw new ApiError("invalid_request", `Field \`inputs.${name}\`: must be a number, a string or a boolean.`);
    }
    out[name] = value;
  }
  return out;
}
