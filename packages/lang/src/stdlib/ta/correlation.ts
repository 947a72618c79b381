// ta.correlation: Pearson's coefficient of two series over a window, as TradingView computes it
// when a source has na bars (docs/adr/0330).

import { lengthWindow, taFunction, update } from "../../builtins/record";
import { Ring } from "../ring";
import { UNKNOWN_WINDOW } from "./ma";

// Local helper: calls through another module's exports cost a getter call on the hot path.
function len(n: number): number {
  return n >= 1 ? Math.floor(n) : 0;
}

/** Sum and sum of squares of the newest `n` values of `r` (n <= count), in a fixed order. */
function sums(r: Ring, n: number): [number, number] {
  const b = r.buf;
  let s = 0;
  let q = 0;
  for (let j = r.top - n + 1, end = r.top; j <= end; j++) {
    const v = b[j]!;
    s += v;
    q += v * v;
  }
  return [s, q];
}

/**
 * Pearson correlation as five averages, each over its own last `length` non-na values:
 * (sma(x*y) - sma(x)*sma(y)) / sqrt((sma(x*x) - sma(x)^2) * (sma(y*y) - sma(y)^2)). With an na in one
 * source the averages cover different bars and the value can leave [-1, 1], as TradingView's
 * recorded values show (docs/adr/0330). When the last `length` bars all have both values the five
 * cover the same bars and the coefficient is taken from the deviations (the same number, without the
 * cancellation of the averages' form on a nearly flat window).
 */
export class Correlation {
  /** Non-na x, non-na y, and x*y where both are non-na. */
  a: Ring;
  b: Ring;
  p: Ring;
  /** Bars in a row, up to this one, where both values are non-na. */
  both = 0;
  constructor(cap = UNKNOWN_WINDOW) {
    this.a = new Ring(cap);
    this.b = new Ring(cap);
    this.p = new Ring(cap);
  }
  update(x: number, y: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    const a = this.a;
    const b = this.b;
    const p = this.p;
    if (x === x) a.add(x, n);
    else a.ensure(n);
    if (y === y) b.add(y, n);
    else b.ensure(n);
    if (x === x && y === y) {
      p.add(x * y, n);
      this.both++;
    } else {
      p.ensure(n);
      this.both = 0;
    }
    if (a.count < n || b.count < n || p.count < n) return NaN;
    return this.both >= n ? pearson(a, b, n) : fromAverages(a, b, p, n);
  }
}

/** The coefficient of the newest n pairs of two aligned rings, from their deviations. */
function pearson(a: Ring, b: Ring, n: number): number {
  const ma = a.sumLast(n) / n;
  const mb = b.sumLast(n) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a.get(i) - ma;
    const db = b.get(i) - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return sab / Math.sqrt(saa * sbb);
}

/** The five averages' form, each ring over its own newest n values. */
function fromAverages(a: Ring, b: Ring, p: Ring, n: number): number {
  const [sx, sxx] = sums(a, n);
  const [sy, syy] = sums(b, n);
  const mx = sx / n;
  const my = sy / n;
  const vv = (sxx / n - mx * mx) * (syy / n - my * my);
  return vv > 0 ? (p.sumLast(n) / n - mx * my) / Math.sqrt(vv) : NaN;
}

// ---- record (builtins/record.ts) -----------------------------------------------------------

export const taCorrelation = taFunction({
  sig: "correlation(source1: series float, source2: series float, length: series int): series float",
  doc: "Pearson correlation of the two series over `length` bars.",
  lookback: lengthWindow,
  emit: update(Correlation, (b) => [b.a("source1"), b.a("source2"), b.a("length")]),
  bounds: { length: ">0" },
});
