// Lookback rules of the built-ins: the bars of history a call needs beyond those
// its inputs need, so that its value matches evaluation from the first bar to 1e-10. Each rule is
// written in the built-in's record (builtins/record.ts `lookback`); a call without one adds 0.
//
// The length arguments must be known at compile time (constants or input defaults); a length
// that is a series makes the call unbounded.

import { builtinFunction, builtinVariable } from "../builtins";
import { UNBOUNDED, type LookbackRule } from "../builtins/record";

export { UNBOUNDED, type LookbackRule };

/** Warmup is capped at 5,000 bars: a deeper need is served as far as the cap allows. */
export const WARMUP_CAP = 5000;

/** A built-in function's lookback rule, or null (it adds 0 bars). */
export function lookbackRule(name: string): LookbackRule | null {
  return builtinFunction(name)?.lookback ?? null;
}

/** A built-in variable's lookback (`bar_index` and cumulative ones are unbounded). */
export function variableLookback(name: string): number {
  return builtinVariable(name)?.lookback ?? 0;
}

/** Constant folding of a built-in over numbers (`math.round(len / 2)`), or null. */
export function foldBuiltin(name: string, args: ReadonlyArray<number | string | boolean | null>): number | null {
  const fold = builtinFunction(name)?.fold;
  const ns = args.filter((a): a is number => typeof a === "number");
  if (!fold || ns.length !== args.length || ns.length === 0) return null;
  return fold(ns);
}
