// math.* and na helpers. Pure functions take and return numbers (NaN = na); math.random and
// math.sum keep state per call site.

import { builtinFunction, builtinVariable, call, UNBOUNDED, update, type FunctionRecord } from "../builtins/record";

export function nz(x: number, replacement = 0): number {
  return x === x ? x : replacement;
}

export function isNa(x: unknown): boolean {
  return x === null || x === undefined || (typeof x === "number" && x !== x);
}

/** fixnan: the last non-na value; one state per call site. */
export class FixNan {
  v = NaN;
  update(x: number): number {
    if (x === x) this.v = x;
    return this.v;
  }
}

export function round(x: number, precision?: number): number {
  if (precision === undefined || precision !== precision) return Math.round(x);
  const p = Math.max(0, Math.floor(precision));
  const f = Math.pow(10, p);
  return Math.round(x * f) / f;
}

/** Pine's round_to_mintick. */
export function roundToMintick(x: number, mintick: number): number {
  if (!(mintick > 0)) return x;
  return Math.round(x / mintick) * mintick;
}

/** plotarrow's output: the series where an arrow shows (up when positive, down when negative), na on 0 and na. */
export function arrowValue(x: number): number {
  return x === 0 ? NaN : x;
}

/**
 * plotcandle's and plotbar's output: the close, but na where any of the four prices is na, since
 * TradingView draws no candle or bar there (user manual, Bar plotting).
 */
export function candleClose(open: number, high: number, low: number, close: number): number {
  return Number.isNaN(open) || Number.isNaN(high) || Number.isNaN(low) ? NaN : close;
}

/**
 * plotshape's and plotchar's output for a number series: at `location.absolute` the series is the
 * shape's price (TradingView reads it as a bool at every other location), so the output is that
 * price, 0 included, na where nothing shows; elsewhere 1 where it shows (not na, not 0), else na
 * (docs/adr/0162-plotshape-absolute-value.md).
 */
export function shapeValue(x: number, location: string): number {
  // a location constant's value is its name (`absolute`); `location.absolute` is accepted alike
  if (location === "absolute" || location === "location.absolute") return x;
  return x === x && x !== 0 ? 1 : NaN;
}

export function sign(x: number): number {
  return x !== x ? NaN : x > 0 ? 1 : x < 0 ? -1 : 0;
}

export function avg(values: number[]): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s / values.length;
}

export function max(values: number[]): number {
  let m = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v) return NaN;
    if (v > m) m = v;
  }
  return m;
}

export function min(values: number[]): number {
  let m = Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v) return NaN;
    if (v < m) m = v;
  }
  return m;
}

export function log10(x: number): number {
  return Math.log10(x);
}

export function todegrees(x: number): number {
  return (x * 180) / Math.PI;
}

export function toradians(x: number): number {
  return (x * Math.PI) / 180;
}

/** Each seed's sequence kept per call site: past that, the seed used longest ago starts again (docs/adr/0163-random-series-seed.md). */
const RANDOM_SEEDS_KEPT = 4096;

/** One mulberry32 step: the next state and its number in [0, 1). */
function mulberry32(state: number): [number, number] {
  const s = (state + 0x6d2b79f5) | 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [s, ((t ^ (t >>> 14)) >>> 0) / 4294967296];
}

/** The state of an evaluation's unseeded math.random stream, shared by its call sites (docs/adr/0318). */
export interface UnseededRandom {
  s: number;
}

/** The unseeded stream's first state. */
export const UNSEEDED_START = 0x9e3779b9 | 0;

const TWO24 = 16777216;
/** java.util.Random's multiplier 0x5DEECE66D in 24-bit halves (its state is 48 bits: hi * 2^24 + lo). */
const JAVA_MUL_HI = 0x5de;
const JAVA_MUL_LO = 0xece66d;

/** java.util.Random's first state for a seed: (seed ^ 0x5DEECE66D) mod 2^48, the seed read as a Java long. */
function javaState(seed: number): number {
  const s = ((seed % 2 ** 48) + 2 ** 48) % 2 ** 48;
  const hi = Math.floor(s / TWO24);
  return (hi ^ JAVA_MUL_HI) * TWO24 + ((s - hi * TWO24) ^ JAVA_MUL_LO);
}

/** One java.util.Random step, state * 0x5DEECE66D + 11 mod 2^48, in halves every product of which is exact. */
function javaStep(state: number): number {
  const hi = Math.floor(state / TWO24);
  const lo = state - hi * TWO24;
  const p = lo * JAVA_MUL_LO + 11;
  const carry = Math.floor(p / TWO24);
  return ((hi * JAVA_MUL_LO + lo * JAVA_MUL_HI + carry) % TWO24) * TWO24 + (p - carry * TWO24);
}

/** java.util.Random's nextDouble: the next state and (next(26) * 2^27 + next(27)) / 2^53. */
function javaNextDouble(state: number): [number, number] {
  const first = javaStep(state);
  const second = javaStep(first);
  return [second, (Math.floor(first / 2 ** 22) * 2 ** 27 + Math.floor(second / 2 ** 21)) / 2 ** 53];
}

/**
 * math.random(min, max, seed). With a seed it draws java.util.Random(seed)'s nextDouble sequence, as
 * TradingView's recorded values show (docs/adr/0311); the seed is a series (TradingView's reference):
 * each seed has its own sequence at the call site, started from the seed, so calls with the same seed
 * give a repeatable set of values whatever other seeds the site sees in between (docs/adr/0163).
 * Without a seed a call draws the next number of the evaluation's one unseeded stream (`unseeded`,
 * the runtime's), started from a fixed mulberry32 state: every run of a script gives the same numbers
 * (TradingView's are random then), and two call sites draw different ones (docs/adr/0318).
 */
export class Random {
  private readonly bySeed = new Map<number, number>();
  next(min = 0, max = 1, seed: number | undefined, unseeded: UnseededRandom): number {
    let u: number;
    if (seed === undefined || seed !== seed) [unseeded.s, u] = mulberry32(unseeded.s);
    else {
      const key = Math.floor(seed);
      let state: number;
      [state, u] = javaNextDouble(this.bySeed.get(key) ?? javaState(key));
      this.bySeed.delete(key);
      if (this.bySeed.size >= RANDOM_SEEDS_KEPT) this.bySeed.delete(this.bySeed.keys().next().value!);
      this.bySeed.set(key, state);
    }
    return min + u * (max - min);
  }
}

// ---- records (builtins/record.ts) ----------------------------------------------------------
// Pure functions: a result keeps the strongest qualifier of its arguments (`math.max(1, 2)` is
// const, `math.max(close, 1)` is series).

export const fixnan = builtinFunction({
  sig: "fixnan(source: series T): series T",
  doc: "`source`, with na replaced by the last value that was not na.",
  stateful: true,
  lookback: () => UNBOUNDED,
  emit: update(FixNan, (b) => [b.a("source")]),
});
export const mathRandom = builtinFunction({
  sig: "math.random(min: series float = 0, max: series float = 1, seed: series int = na): series float",
  doc: "A pseudo-random number in [min, max), reproducible with `seed` (a series: each seed has its own sequence at the call site).",
  emit: (b) => `${b.state(Random)}.next(${b.a("min", "0")}, ${b.a("max", "1")}, ${b.a("seed", "undefined")}, $rt.unseededRandom)`,
});
export const mathAbs = builtinFunction({
  sig: "math.abs(number: series N): N",
  doc: "Absolute value.",
  fold: ([x = 0]) => Math.abs(x),
  emit: (b) => `Math.abs(${b.a("number")})`,
});
export const mathSign = builtinFunction({ sig: "math.sign(number: series float): float", doc: "-1, 0 or 1 by the sign of `number`.", emit: call(sign, (b) => [b.a("number")]) });
export const mathCeil = builtinFunction({ sig: "math.ceil(number: series float): int", doc: "Rounds up to an integer.", fold: ([x = 0]) => Math.ceil(x), emit: (b) => `Math.ceil(${b.a("number")})` });
export const mathFloor = builtinFunction({ sig: "math.floor(number: series float): int", doc: "Rounds down to an integer.", fold: ([x = 0]) => Math.floor(x), emit: (b) => `Math.floor(${b.a("number")})` });
export const mathRound = builtinFunction({
  sig: ["math.round(number: series float): int", "math.round(number: series float, precision: series int): float"],
  doc: "Rounds to the nearest integer, with ties rounding up (-2.5 is -2); with `precision`, to that many decimal places.",
  // constant folding rounds as a run does
  fold: ([x = 0, y]) => round(x, y),
  emit: (b) => (b.has("precision") ? `${b.fn(round)}(${b.a("number")}, ${b.a("precision")})` : `${b.fn(round)}(${b.a("number")})`),
});
export const mathRoundToMintick = builtinFunction({ sig: "math.round_to_mintick(number: series float): float", doc: "Rounds to the instrument's mintick.", emit: (b) => `${b.fn(roundToMintick)}(${b.a("number")}, $rt.mintick)` });
export const mathMax = builtinFunction({ sig: "math.max(...number: N): N", doc: "The largest of its arguments.", fold: (ns) => Math.max(...ns), emit: (b) => `Math.max(${b.rest().join(", ")})` });
export const mathMin = builtinFunction({ sig: "math.min(...number: N): N", doc: "The smallest of its arguments.", fold: (ns) => Math.min(...ns), emit: (b) => `Math.min(${b.rest().join(", ")})` });
export const mathAvg = builtinFunction({ sig: "math.avg(...number: float): float", doc: "The mean of its arguments.", emit: (b) => `((${b.rest().join(") + (")})) / ${b.rest().length}` });
export const mathPow = builtinFunction({ sig: "math.pow(base: series float, exponent: series float): float", doc: "`base` raised to `exponent`.", emit: (b) => `Math.pow(${b.a("base")}, ${b.a("exponent")})` });
export const mathSqrt = builtinFunction({ sig: "math.sqrt(number: series float): float", doc: "Square root.", fold: ([x = 0]) => Math.sqrt(x), emit: (b) => `Math.sqrt(${b.a("number")})` });

// The parameter as TradingView's reference names it (`math.sin(angle)`), for named arguments.
const UNARY: ReadonlyArray<[string, string, string, string]> = [
  ["log", "Natural logarithm.", "Math.log", "number"],
  ["log10", "Base-10 logarithm.", "Math.log10", "number"],
  ["exp", "e raised to `number`.", "Math.exp", "number"],
  ["sin", "Sine (radians).", "Math.sin", "angle"],
  ["cos", "Cosine (radians).", "Math.cos", "angle"],
  ["tan", "Tangent (radians).", "Math.tan", "angle"],
  ["asin", "Arcsine, in radians.", "Math.asin", "angle"],
  ["acos", "Arccosine, in radians.", "Math.acos", "angle"],
  ["atan", "Arctangent, in radians.", "Math.atan", "angle"],
  ["sinh", "Hyperbolic sine.", "Math.sinh", "number"],
  ["cosh", "Hyperbolic cosine.", "Math.cosh", "number"],
  ["tanh", "Hyperbolic tangent.", "Math.tanh", "number"],
];
export const mathUnary: FunctionRecord[] = UNARY.map(([n, doc, js, p]) => builtinFunction({ sig: `math.${n}(${p}: series float): float`, doc, emit: (b) => `${js}(${b.a(p)})` }));
export const mathTodegrees = builtinFunction({ sig: "math.todegrees(radians: series float): float", doc: "Radians to degrees.", emit: call(todegrees, (b) => [b.a("radians")]) });
export const mathToradians = builtinFunction({ sig: "math.toradians(degrees: series float): float", doc: "Degrees to radians.", emit: call(toradians, (b) => [b.a("degrees")]) });

export const mathPi = builtinVariable({ name: "math.pi", type: "const float", doc: "π.", value: Math.PI, emit: "Math.PI" });
export const mathE = builtinVariable({ name: "math.e", type: "const float", doc: "Euler's number.", value: Math.E, emit: "Math.E" });
export const mathPhi = builtinVariable({ name: "math.phi", type: "const float", doc: "The golden ratio.", value: (1 + Math.sqrt(5)) / 2, emit: "1.618033988749895" });
export const mathRphi = builtinVariable({ name: "math.rphi", type: "const float", doc: "The golden ratio's reciprocal.", value: (Math.sqrt(5) - 1) / 2, emit: "0.618033988749895" });
