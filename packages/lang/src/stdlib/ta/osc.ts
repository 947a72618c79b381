// Oscillators: rsi, macd, stoch, cci, mfi, cmo, cog, tsi, wpr, dmi.

import { BAR, lengthWindow, sourceLength, taFunction, update, type InlineEmitter } from "../../builtins/record";
import { Ring } from "../ring";
import { Ema, Rma, Sma, Sum, UNKNOWN_WINDOW, literalWindow, readsInPlace } from "./ma";
import { Extreme } from "./extremes";
import { Dev, Change } from "./stats";

function len(n: number): number {
  return n >= 1 ? Math.floor(n) : 0;
}

/**
 * Pine's `/`, which the reference's definitions of these functions use: a zero divisor gives na
 * (docs/adr/0109, 0145), where JavaScript would give an infinity.
 */
function div(a: number, b: number): number {
  return b === 0 ? NaN : a / b;
}

/**
 * A change within 1e-10 of 0 is no move: cmo and mfi put it in neither bucket, as TradingView's logged
 * values show (docs/adr/0304; the same tolerance as ta/stats.ts).
 */
function move(m: number): number {
  return m > 1e-10 || m < -1e-10 || m !== m ? m : 0;
}

/**
 * 100 - 100 / (1 + rma(up) / rma(down)), up/down from x - x[1] (na on the first bar: skipped).
 * The two rma run in one object (they see na on the same bars, so they seed together).
 * No down moves in the window (rma(down) 0, a flat window too) gives 100, no up moves 0: the
 * rule of TradingView's RSI indicator (`down == 0 ? 100 : up == 0 ? 0 : ...`), not the 0 / 0 of
 * the reference's plain-Pine example.
 */
export class Rsi {
  px = NaN;
  seen = 0;
  // doubles from the start (see Ema)
  su = -0;
  sd = -0;
  u = NaN;
  d = NaN;
  n = 0;
  a = NaN;
  update(x: number, length: number): number {
    const n = len(length);
    const p = this.px;
    this.px = x;
    if (n === 0) return NaN;
    const ch = x - p;
    if (ch !== ch) return rsiOf(this.u, this.d);
    const up = ch > 0 ? ch : 0;
    const dn = ch < 0 ? -ch : 0;
    if (this.seen < n) {
      this.su += up;
      this.sd += dn;
      if (++this.seen === n) {
        this.u = this.su / n;
        this.d = this.sd / n;
      }
    } else {
      if (n !== this.n) {
        this.n = n;
        this.a = 1 / n;
      }
      const a = this.a;
      this.u = a * up + (1 - a) * this.u;
      this.d = a * dn + (1 - a) * this.d;
    }
    return rsiOf(this.u, this.d);
  }
}

function rsiOf(u: number, d: number): number {
  return d === 0 ? 100 : u === 0 ? 0 : 100 - 100 / (1 + u / d);
}

/** Rsi written into the bar loop for a literal length (its update's arithmetic, fields in locals of the loop). */
const inlineRsi: InlineEmitter = (s) => {
  const n = literalWindow(s);
  if (n === null) return null;
  const x = s.a("source");
  if (!readsInPlace(x)) return null;
  const k = s.stateSlot(Rsi).k;
  const v = (f: string): string => `$m${k}${f}`;
  const fields: Array<[string, string]> = [["px", "q"], ["seen", "n"], ["su", "a"], ["sd", "b"], ["u", "u"], ["d", "d"]];
  s.runLocal(
    `var ${fields.map(([f, m]) => `${v(m)} = $s${k}.${f}`).join(", ")}, ${v("x")} = NaN, ${v("c")} = NaN, ${v("p")} = 0, ${v("m")} = 0;`,
    fields.map(([f, m]) => `$s${k}.${f} = ${v(m)};`).join(" "),
  );
  const a = String(1 / n);
  s.before(
    `${v("x")} = ${x}; ${v("c")} = ${v("x")} - ${v("q")}; ${v("q")} = ${v("x")};\n` +
      `if (${v("c")} === ${v("c")}) { ${v("p")} = ${v("c")} > 0 ? ${v("c")} : 0; ${v("m")} = ${v("c")} < 0 ? -${v("c")} : 0;\n` +
      `if (${v("n")} < ${n}) { ${v("a")} += ${v("p")}; ${v("b")} += ${v("m")}; if (++${v("n")} === ${n}) { ${v("u")} = ${v("a")} / ${n}; ${v("d")} = ${v("b")} / ${n}; } }\n` +
      `else { ${v("u")} = ${a} * ${v("p")} + (1 - ${a}) * ${v("u")}; ${v("d")} = ${a} * ${v("m")} + (1 - ${a}) * ${v("d")}; } }`,
  );
  return `(${v("d")} === 0 ? 100 : ${v("u")} === 0 ? 0 : 100 - 100 / (1 + ${v("u")} / ${v("d")}))`;
};

/** [macd, signal, hist]: update returns macd; `r1` signal, `r2` histogram. */
export class Macd {
  fast = new Ema();
  slow = new Ema();
  sig = new Ema();
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  update(x: number, fast: number, slow: number, signal: number): number {
    const m = this.fast.update(x, fast) - this.slow.update(x, slow);
    const s = this.sig.update(m, signal);
    this.r0 = m;
    this.r1 = s;
    this.r2 = m - s;
    return m;
  }
}

/** 100 * (x - lowest(low, n)) / (highest(high, n) - lowest(low, n)). */
export class Stoch {
  hi: Extreme;
  lo: Extreme;
  constructor(cap = UNKNOWN_WINDOW) {
    this.hi = new Extreme(true, cap);
    this.lo = new Extreme(false, cap);
  }
  update(x: number, high: number, low: number, length: number): number {
    const h = this.hi.update(high, length);
    const l = this.lo.update(low, length);
    return div(100 * (x - l), h - l);
  }
}

/** (x - sma(x, n)) / (0.015 * dev(x, n)). */
export class Cci {
  sma: Sma;
  dev: Dev;
  constructor(cap = UNKNOWN_WINDOW) {
    this.sma = new Sma(cap);
    this.dev = new Dev(cap);
  }
  update(x: number, length: number): number {
    const m = this.sma.update(x, length);
    const d = this.dev.update(x, length);
    return div(x - m, 0.015 * d);
  }
}

/**
 * Pine's reference: sums of volume * src on up (down) bars; na comparisons count as false. No down
 * flow in the window (lower 0) is na, the reference's `upper / lower` (docs/adr/0145).
 */
export class Mfi {
  ch = new Change(1);
  upper: Sum;
  lower: Sum;
  constructor(cap = UNKNOWN_WINDOW) {
    this.upper = new Sum(cap);
    this.lower = new Sum(cap);
  }
  update(x: number, volume: number, length: number): number {
    const c = move(this.ch.update(x, 1));
    const u = this.upper.update(volume * (c <= 0 ? 0 : x), length);
    const l = this.lower.update(volume * (c >= 0 ? 0 : x), length);
    // both buckets empty: TradingView gives 100 (its logged values, docs/adr/0304)
    if (u === 0 && l === 0) return 100;
    return 100 - 100 / (1 + div(u, l));
  }
}

/**
 * 100 * (sum(gains) - sum(losses)) / (sum(gains) + sum(losses)), read as the reference's Pine gives it:
 * `math.sum(mom >= 0 ? mom : 0.0)` and `math.sum(mom >= 0 ? 0.0 : -mom)`, so an na change (next to an na
 * bar) adds 0 to the gains and is skipped by the losses' sum (docs/adr/0330).
 */
export class Cmo {
  ch = new Change(1);
  s1: Sum;
  s2: Sum;
  constructor(cap = UNKNOWN_WINDOW) {
    this.s1 = new Sum(cap);
    this.s2 = new Sum(cap);
  }
  update(x: number, length: number): number {
    const m = move(this.ch.update(x, 1));
    const a = this.s1.update(m >= 0 ? m : 0, length);
    const b = this.s2.update(m >= 0 ? 0 : -m, length);
    return (100 * (a - b)) / (a + b);
  }
}

/**
 * -sum(x[i] * (i + 1)) / sum(x) over the last `length` non-na values: the reference's remark "na
 * values in the source series are ignored" (an na bar gives the previous result, as ta.sma).
 */
export class Cog {
  r: Ring;
  last = NaN;
  constructor(cap = UNKNOWN_WINDOW) {
    this.r = new Ring(cap);
  }
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    if (x !== x) return this.last;
    const r = this.r;
    if (!r.add(x, n)) return (this.last = NaN);
    let num = 0;
    for (let i = 0; i < n; i++) num += r.get(i) * (i + 1);
    return (this.last = div(-num, r.sumLast(n)));
  }
}

/** ema(ema(change, long), short) / ema(ema(|change|, long), short): a value in [-1, 1]. */
export class Tsi {
  ch = new Change(1);
  a1 = new Ema();
  a2 = new Ema();
  b1 = new Ema();
  b2 = new Ema();
  update(x: number, short: number, long: number): number {
    const m = this.ch.update(x, 1);
    const num = this.a2.update(this.a1.update(m, long), short);
    const den = this.b2.update(this.b1.update(Math.abs(m), long), short);
    return num / den;
  }
}

/** Williams %R: 100 * (close - highest(high)) / (highest(high) - lowest(low)). */
export class Wpr {
  hi: Extreme;
  lo: Extreme;
  constructor(cap = UNKNOWN_WINDOW) {
    this.hi = new Extreme(true, cap);
    this.lo = new Extreme(false, cap);
  }
  update(high: number, low: number, close: number, length: number): number {
    const h = this.hi.update(high, length);
    const l = this.lo.update(low, length);
    return div(100 * (close - h), h - l);
  }
}

/** [+DI, -DI, ADX] as TradingView's DMI: update returns +DI; `r1` -DI, `r2` ADX. */
export class Dmi {
  ph = NaN;
  pl = NaN;
  pc = NaN;
  tr = new Rma();
  plus = new Rma();
  minus = new Rma();
  adx = new Rma();
  fixPlus = NaN;
  fixMinus = NaN;
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  update(high: number, low: number, close: number, diLength: number, adxSmoothing: number): number {
    const up = high - this.ph;
    const down = -(low - this.pl);
    const tr = Math.max(Math.max(high - low, Math.abs(high - this.pc)), Math.abs(low - this.pc));
    this.ph = high;
    this.pl = low;
    this.pc = close;
    const plusDM = up !== up ? NaN : up > down && up > 0 ? up : 0;
    const minusDM = down !== down ? NaN : down > up && down > 0 ? down : 0;
    const trur = this.tr.update(tr, diLength);
    const p = (100 * this.plus.update(plusDM, diLength)) / trur;
    const m = (100 * this.minus.update(minusDM, diLength)) / trur;
    if (p === p) this.fixPlus = p;
    if (m === m) this.fixMinus = m;
    const plus = this.fixPlus;
    const minus = this.fixMinus;
    const sum = plus + minus;
    const adx = 100 * this.adx.update(Math.abs(plus - minus) / (sum === 0 ? 1 : sum), adxSmoothing);
    this.r0 = plus;
    this.r1 = minus;
    this.r2 = adx;
    return plus;
  }
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

const HLC = [BAR.high, BAR.low, BAR.close] as const;

// the change, then an rma of 23 n bars (1/n smoothing: (1 - 1/n)^(23 n) < 1e-10)
export const taRsi = taFunction({
  sig: "rsi(source: series float, length: simple int): series float",
  doc: "Relative strength index: 100 - 100 / (1 + rma(up) / rma(down)).",
  lookback: (a) => 23 * a("length") + 1,
  emit: update(Rsi, sourceLength),
  inline: inlineRsi,
  bounds: { length: ">0" },
});
export const taMacd = taFunction({
  sig: "macd(source: series float, fastlen: simple int, slowlen: simple int, siglen: simple int): series [float, float, float]",
  doc: "MACD: [macd line, signal line, histogram].",
  lookback: (a) => 12 * Math.max(a("fastlen"), a("slowlen")) + 12 * a("siglen"),
  emit: update(Macd, (b) => [b.a("source"), b.a("fastlen"), b.a("slowlen"), b.a("siglen")]),
  bounds: { fastlen: ">0", slowlen: ">0", siglen: ">0" },
});
export const taStoch = taFunction({
  sig: "stoch(source: series float, high: series float, low: series float, length: series int): series float",
  doc: "Stochastic: 100 * (source - lowest(low)) / (highest(high) - lowest(low)).",
  lookback: lengthWindow,
  emit: update(Stoch, (b) => [b.a("source"), b.a("high"), b.a("low"), b.a("length")]),
  bounds: { length: ">0" },
});
export const taCci = taFunction({
  sig: "cci(source: series float, length: series int): series float",
  doc: "Commodity channel index: (src - sma) / (0.015 * dev).",
  lookback: lengthWindow,
  emit: update(Cci, sourceLength),
  bounds: { length: ">0" },
});
// the typed price's change needs the previous bar
export const taMfi = taFunction({
  sig: "mfi(series: series float, length: series int): series float",
  doc: "Money flow index over `length` bars.",
  lookback: (a) => a("length") + 1,
  emit: update(Mfi, (b) => [b.a("series"), BAR.volume, b.a("length")]),
  bounds: { length: ">0" },
});
// sums of the last n changes
export const taCmo = taFunction({
  sig: "cmo(series: series float, length: series int): series float",
  doc: "Chande momentum oscillator: 100 * (sum of gains - sum of losses) / (sum of gains + sum of losses) over `length` bars.",
  lookback: (a) => a("length") + 1,
  emit: update(Cmo, (b) => [b.a("series", b.a("source", "NaN")), b.a("length")]),
  bounds: { length: ">0" },
});
export const taCog = taFunction({
  sig: "cog(source: series float, length: series int): series float",
  doc: "Center of gravity: -sum(source[i] * (i + 1)) / sum(source) over `length` bars.",
  lookback: lengthWindow,
  emit: update(Cog, sourceLength),
  bounds: { length: ">0" },
});
// the change, then ema(long), then ema(short)
export const taTsi = taFunction({
  sig: "tsi(source: series float, short_length: simple int, long_length: simple int): series float",
  doc: "True strength index, in [-1, 1]: double-smoothed (EMA of `long_length`, then of `short_length`) momentum over double-smoothed absolute momentum.",
  lookback: (a) => 12 * a("long_length") + 12 * a("short_length") + 1,
  emit: update(Tsi, (b) => [b.a("source"), b.a("short_length"), b.a("long_length")]),
  bounds: { short_length: ">0", long_length: ">0" },
});
export const taWpr = taFunction({
  sig: "wpr(length: series int): series float",
  doc: "Williams %R: 100 * (close - highest(high)) / (highest(high) - lowest(low)) over `length` bars.",
  lookback: lengthWindow,
  emit: update(Wpr, (b) => [...HLC, b.a("length")]),
  bounds: { length: ">0" },
});
export const taDmi = taFunction({
  sig: "dmi(diLength: simple int, adxSmoothing: simple int): series [float, float, float]",
  doc: "Directional movement index: [+DI, -DI, ADX].",
  lookback: (a) => 23 * a("diLength") + 23 * a("adxSmoothing") + 1,
  emit: update(Dmi, (b) => [...HLC, b.a("diLength"), b.a("adxSmoothing")]),
  bounds: { diLength: ">0", adxSmoothing: ">0" },
});
