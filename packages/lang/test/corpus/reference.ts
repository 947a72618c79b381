// Independent computations of the corpus scripts' outputs: plain loops over the bars, written
// from each indicator's published definition (TradingView's reference manual for the ta.*
// functions, the authors' papers for the others), sharing no code with packages/lang/src.
// NaN stands for na throughout; a window that holds an na gives na, as Pine's windowed
// functions do; comparisons with na are false, as in Pine.
import type { Bars } from "../../src/types";

export type Series = Float64Array;

const nan = (n: number): Series => new Float64Array(n).fill(NaN);

export function map(n: number, f: (i: number) => number): Series {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = f(i);
  return out;
}

export const at = (x: ArrayLike<number>, i: number): number => (i < 0 ? NaN : x[i]!);

/**
 * Pine's comparison operators on floats: values within 1e-10 are equal (docs/adr/0315, from
 * TradingView probes recorded by PyneCore); na gives false. For a script's own `<`, `==`, ... of
 * floats; the ta.* built-ins compare as their definitions say.
 */
export const pine = {
  lt: (a: number, b: number): boolean => a - b < -1e-10,
  le: (a: number, b: number): boolean => a - b <= 1e-10,
  gt: (a: number, b: number): boolean => a - b > 1e-10,
  ge: (a: number, b: number): boolean => a - b >= -1e-10,
  eq: (a: number, b: number): boolean => Math.abs(a - b) <= 1e-10,
  ne: (a: number, b: number): boolean => Math.abs(a - b) > 1e-10,
};

/** A window of `n` values ending at `i`, or null when it reaches before the first bar or holds na. */
function window(x: ArrayLike<number>, i: number, n: number): number[] | null {
  if (i - n + 1 < 0) return null;
  const w: number[] = [];
  for (let k = i - n + 1; k <= i; k++) {
    if (Number.isNaN(x[k]!)) return null;
    w.push(x[k]!);
  }
  return w;
}

function windowed(x: ArrayLike<number>, n: number, f: (w: number[]) => number): Series {
  return map(x.length, (i) => {
    const w = window(x, i, n);
    return w ? f(w) : NaN;
  });
}

export const sum = (x: ArrayLike<number>, n: number): Series => windowed(x, n, (w) => w.reduce((a, b) => a + b, 0));
export const sma = (x: ArrayLike<number>, n: number): Series => windowed(x, n, (w) => w.reduce((a, b) => a + b, 0) / n);
export const highest = (x: ArrayLike<number>, n: number): Series => windowed(x, n, (w) => Math.max(...w));
export const lowest = (x: ArrayLike<number>, n: number): Series => windowed(x, n, (w) => Math.min(...w));

/** Population standard deviation (Pine's ta.stdev with biased = true). */
export const stdev = (x: ArrayLike<number>, n: number): Series =>
  windowed(x, n, (w) => {
    const m = w.reduce((a, b) => a + b, 0) / n;
    return Math.sqrt(w.reduce((a, v) => a + (v - m) * (v - m), 0) / n);
  });

/** Mean absolute deviation from the window's mean (ta.dev, used by ta.cci). */
export const meanDev = (x: ArrayLike<number>, n: number): Series =>
  windowed(x, n, (w) => {
    const m = w.reduce((a, b) => a + b, 0) / n;
    return w.reduce((a, v) => a + Math.abs(v - m), 0) / n;
  });

/** Weights n (newest) down to 1 (oldest). */
export const wma = (x: ArrayLike<number>, n: number): Series =>
  windowed(x, n, (w) => {
    let s = 0;
    for (let k = 0; k < n; k++) s += w[k]! * (k + 1);
    return s / ((n * (n + 1)) / 2);
  });

/**
 * ta.ema and ta.rma: leading na values are skipped, the first `n` values seed the average with
 * their plain mean, then `alpha * x + (1 - alpha) * previous`.
 */
function smoothed(x: ArrayLike<number>, alpha: number, n: number): Series {
  const out = nan(x.length);
  let seen = 0;
  let total = 0;
  let prev = NaN;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    if (Number.isNaN(v)) {
      out[i] = NaN; // no na reaches these scripts' averages after their first values
      continue;
    }
    if (seen < n) {
      total += v;
      seen++;
      if (seen === n) prev = total / n;
    } else prev = alpha * v + (1 - alpha) * prev;
    out[i] = prev;
  }
  return out;
}
export const ema = (x: ArrayLike<number>, n: number): Series => smoothed(x, 2 / (n + 1), n);
export const rma = (x: ArrayLike<number>, n: number): Series => smoothed(x, 1 / n, n);

export const vwma = (x: ArrayLike<number>, v: ArrayLike<number>, n: number): Series => {
  const xv = map(x.length, (i) => x[i]! * v[i]!);
  const a = sma(xv, n);
  const b = sma(v, n);
  return map(x.length, (i) => a[i]! / b[i]!);
};

export function hma(x: ArrayLike<number>, n: number): Series {
  const half = wma(x, Math.floor(n / 2));
  const full = wma(x, n);
  return wma(map(x.length, (i) => 2 * half[i]! - full[i]!), Math.floor(Math.sqrt(n)));
}

/** Arnaud Legoux moving average: Gaussian weights centred at offset * (n - 1), width n / sigma. */
export function alma(x: ArrayLike<number>, n: number, offset: number, sigma: number): Series {
  const m = offset * (n - 1);
  const s = n / sigma;
  return windowed(x, n, (w) => {
    let norm = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const weight = Math.exp(-((i - m) ** 2) / (2 * s * s));
      norm += weight;
      total += w[i]! * weight;
    }
    return total / norm;
  });
}

/** Least-squares line over the window (x = 0 oldest .. n - 1 newest), read at n - 1 - offset. */
export const linreg = (x: ArrayLike<number>, n: number, offset: number): Series =>
  windowed(x, n, (w) => {
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    for (let k = 0; k < n; k++) {
      sx += k;
      sy += w[k]!;
      sxx += k * k;
      sxy += k * w[k]!;
    }
    const slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    const intercept = (sy - slope * sx) / n;
    return intercept + slope * (n - 1 - offset);
  });

export const change = (x: ArrayLike<number>, n = 1): Series => map(x.length, (i) => x[i]! - at(x, i - n));

/** True range; the first bar's is high - low when `firstBar`, else na (ta.tr(true) / ta.tr). */
export const trueRange = (b: Bars, firstBar: boolean): Series =>
  map(b.length, (i) =>
    i === 0 ? (firstBar ? b.high[0]! - b.low[0]! : NaN) : Math.max(b.high[i]! - b.low[i]!, Math.abs(b.high[i]! - b.close[i - 1]!), Math.abs(b.low[i]! - b.close[i - 1]!)),
  );
export const atr = (b: Bars, n: number): Series => rma(trueRange(b, true), n);

export function rsi(x: ArrayLike<number>, n: number): Series {
  const d = change(x);
  const up = rma(map(x.length, (i) => (Number.isNaN(d[i]!) ? NaN : Math.max(d[i]!, 0))), n);
  const dn = rma(map(x.length, (i) => (Number.isNaN(d[i]!) ? NaN : Math.max(-d[i]!, 0))), n);
  return map(x.length, (i) => (Number.isNaN(up[i]!) || Number.isNaN(dn[i]!) ? NaN : dn[i] === 0 ? 100 : up[i] === 0 ? 0 : 100 - 100 / (1 + up[i]! / dn[i]!)));
}

export function stoch(c: ArrayLike<number>, h: ArrayLike<number>, l: ArrayLike<number>, n: number): Series {
  const hh = highest(h, n);
  const ll = lowest(l, n);
  return map(c.length, (i) => (100 * (c[i]! - ll[i]!)) / (hh[i]! - ll[i]!));
}

/** Welles Wilder's directional movement as TradingView's ta.dmi defines it: [+DI, -DI, ADX]. */
export function dmi(b: Bars, diLen: number, adxLen: number): [Series, Series, Series] {
  const n = b.length;
  const up = change(b.high);
  const lowChange = change(b.low);
  const down = map(n, (i) => -lowChange[i]!);
  const plusDM = map(n, (i) => (Number.isNaN(up[i]!) ? NaN : up[i]! > down[i]! && up[i]! > 0 ? up[i]! : 0));
  const minusDM = map(n, (i) => (Number.isNaN(down[i]!) ? NaN : down[i]! > up[i]! && down[i]! > 0 ? down[i]! : 0));
  const tr = rma(trueRange(b, false), diLen);
  const fix = (x: Series): Series => {
    let last = NaN;
    return map(n, (i) => (Number.isNaN(x[i]!) ? last : (last = x[i]!)));
  };
  const rp = rma(plusDM, diLen);
  const rm = rma(minusDM, diLen);
  const plus = fix(map(n, (i) => (100 * rp[i]!) / tr[i]!));
  const minus = fix(map(n, (i) => (100 * rm[i]!) / tr[i]!));
  const adx = rma(
    map(n, (i) => {
      const s = plus[i]! + minus[i]!;
      return Math.abs(plus[i]! - minus[i]!) / (s === 0 ? 1 : s);
    }),
    adxLen,
  ).map((v) => 100 * v);
  return [plus, minus, adx];
}

/** Pine's ta.sar: Wilder's parabolic stop and reverse, the trend chosen on the second bar. */
export function sar(b: Bars, start: number, inc: number, max: number): Series {
  const out = nan(b.length);
  let result = NaN;
  let maxMin = NaN;
  let accel = NaN;
  let isBelow = false;
  for (let i = 1; i < b.length; i++) {
    let firstTrendBar = false;
    if (i === 1) {
      isBelow = b.close[1]! > b.close[0]!;
      maxMin = isBelow ? b.high[1]! : b.low[1]!;
      result = isBelow ? b.low[0]! : b.high[0]!;
      firstTrendBar = true;
      accel = start;
    }
    result = result + accel * (maxMin - result);
    if (isBelow && result > b.low[i]!) {
      firstTrendBar = true;
      isBelow = false;
      result = Math.max(b.high[i]!, maxMin);
      maxMin = b.low[i]!;
      accel = start;
    } else if (!isBelow && result < b.high[i]!) {
      firstTrendBar = true;
      isBelow = true;
      result = Math.min(b.low[i]!, maxMin);
      maxMin = b.high[i]!;
      accel = start;
    }
    if (!firstTrendBar) {
      if (isBelow && b.high[i]! > maxMin) {
        maxMin = b.high[i]!;
        accel = Math.min(accel + inc, max);
      } else if (!isBelow && b.low[i]! < maxMin) {
        maxMin = b.low[i]!;
        accel = Math.min(accel + inc, max);
      }
    }
    if (isBelow) {
      result = Math.min(result, b.low[i - 1]!);
      if (i > 1) result = Math.min(result, b.low[i - 2]!);
    } else {
      result = Math.max(result, b.high[i - 1]!);
      if (i > 1) result = Math.max(result, b.high[i - 2]!);
    }
    out[i] = result;
  }
  return out;
}

/** Pine's ta.supertrend(factor, atrLength): [line, direction] (direction -1 up, 1 down). */
export function supertrend(b: Bars, factor: number, len: number): [Series, Series] {
  const a = atr(b, len);
  const line = nan(b.length);
  const dirs = nan(b.length);
  let prevLower = NaN;
  let prevUpper = NaN;
  let prevSt = NaN;
  for (let i = 0; i < b.length; i++) {
    const src = (b.high[i]! + b.low[i]!) / 2;
    let lower = src - factor * a[i]!;
    let upper = src + factor * a[i]!;
    const pl = Number.isNaN(prevLower) ? 0 : prevLower;
    const pu = Number.isNaN(prevUpper) ? 0 : prevUpper;
    const c1 = i > 0 ? b.close[i - 1]! : NaN;
    lower = lower > pl || c1 < pl ? lower : pl;
    upper = upper < pu || c1 > pu ? upper : pu;
    let dir: number;
    if (i === 0 || Number.isNaN(a[i - 1]!)) dir = 1;
    else if (prevSt === prevUpper) dir = b.close[i]! > upper ? -1 : 1;
    else dir = b.close[i]! < lower ? 1 : -1;
    const st = dir === -1 ? lower : upper;
    line[i] = st;
    dirs[i] = dir;
    prevLower = lower;
    prevUpper = upper;
    prevSt = st;
  }
  return [line, dirs];
}

export const crossover = (a: ArrayLike<number>, b: ArrayLike<number>, i: number): boolean => a[i]! > b[i]! && at(a, i - 1) <= at(b, i - 1);
export const crossunder = (a: ArrayLike<number>, b: ArrayLike<number>, i: number): boolean => a[i]! < b[i]! && at(a, i - 1) >= at(b, i - 1);

/** Days from 00:00 UTC. */
export const dayOf = (t: number): number => Math.floor(t / 86400);
/** Weeks from Monday 00:00 UTC (1970-01-01 was a Thursday). */
export const weekOf = (t: number): number => Math.floor((Math.floor(t / 86400) + 3) / 7);
export const monthOf = (t: number): number => {
  const d = new Date(t * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
