// The arguments a built-in refuses at run time, as TradingView's runtime does (docs/adr/0158): a
// length that is not > 0 or is na, an occurrence or a bar count below 0, a percentage outside
// 0..100 end the bar with TradingView's own message (a runtime error of that bar, docs/reference/
// language.md). A record names its bounded parameters (`bounds` in builtins/record.ts); the
// emitter then passes such an argument through the check below, unless it is a literal within
// its bound (no cost on the bar loop).

import { fail } from "../runtime/errors";

/**
 * `>0`: a length (na refused too); `>0 or na`: a factor whose na the built-in takes as na;
 * `>=0`: an occurrence or bar count; `0..100`: a percentage.
 */
export type Bound = ">0" | ">0 or na" | ">=0" | "0..100";

/** The function as TradingView's messages name it: `ta.sma` and `math.sum` as `sma` and `sum`. */
export function shownName(name: string): string {
  return name.replace(/^(ta|math)\./, "");
}

/** Whether a literal argument is within its bound (then it is not checked on each bar). */
export function literalWithin(bound: Bound, v: number): boolean {
  if (!Number.isFinite(v)) return false;
  return bound === ">0" || bound === ">0 or na" ? v > 0 : bound === ">=0" ? v >= 0 : v >= 0 && v <= 100;
}

function invalid(fn: string, arg: string, v: number, must: string): never {
  return fail(`Invalid value of the '${arg}' argument (${v}) in the '${fn}' function. It must be ${must}`);
}

/** A length argument: itself when > 0; na or below 1 is the bar's runtime error. */
export function positiveArgument(v: number, fn: string, arg: string): number {
  if (v > 0) return v;
  if (v !== v) fail(`Invalid value of the '${arg}' argument in the '${fn}' function. It must not be na`);
  return invalid(fn, arg, v, "> 0.");
}

/** A factor: itself when > 0 or na. */
export function positiveOrNaArgument(v: number, fn: string, arg: string): number {
  return v <= 0 ? invalid(fn, arg, v, "> 0.") : v;
}

/** An occurrence or bar count: itself when >= 0 or na (na keeps the built-in's own answer). */
export function nonNegativeArgument(v: number, fn: string, arg: string): number {
  return v < 0 ? invalid(fn, arg, v, ">= 0.") : v;
}

/** A percentage: itself when within 0..100 or na. */
export function percentageArgument(v: number, fn: string, arg: string): number {
  return v < 0 || v > 100 ? invalid(fn, arg, v, "in the range [0..100].") : v;
}

/** The runtime check of each bound. */
export const BOUND_CHECKS: Readonly<Record<Bound, (v: number, fn: string, arg: string) => number>> = {
  ">0": positiveArgument,
  ">0 or na": positiveOrNaArgument,
  ">=0": nonNegativeArgument,
  "0..100": percentageArgument,
};
