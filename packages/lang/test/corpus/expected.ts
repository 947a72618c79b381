// What each corpus script must give over a series of bars, computed here by reference.ts's
// loops from each indicator's published definition, never by packages/lang. A script's entry
// lists every output it has (the test checks the names match) or, for a definition, its events.
import type { Bars } from "../../src/types";
import * as r from "./reference";
import { BREADTH } from "./expected-breadth";
import { CLASSICS } from "./expected-classics";
import { MORE } from "./expected-more";
import { TREND } from "./expected-trend";
import { COLLECTIONS } from "./expected-collections";
import { SIMPLE } from "./expected-simple";
import { RATIOS } from "./expected-ratios";
import { MTF } from "./expected-mtf";
import { SESSIONS, SESSION_SCRIPTS } from "./expected-sessions";
import { DRAWINGS } from "./expected-drawings";
import { PUBLIC_IDIOMS } from "./expected-public-idioms";
import { STRUCTURES } from "./expected-structures";
import { LIBRARY_MEMBERS } from "./expected-library-members";
import { INTRABARS, INTRABAR_SCRIPTS } from "./expected-intrabars";
import { AUDIT } from "./expected-audit";
import { weekly } from "./bar-groups";

type Series = r.Series;
export interface Expected {
  outputs?: Record<string, Series>;
  /** A definition's events: [bar index, event name], in bar order. */
  events?: Array<[number, string]>;
  /** Labels left after the last bar, in the order drawn: [bar index, price, text]. */
  labels?: Array<[number, number, string]>;
  /** Lines left after the last bar: [bar 1, price 1, bar 2, price 2]. */
  lines?: Array<[number, number, number, number]>;
  /** Boxes left after the last bar: [left bar, top, right bar, bottom, text]. */
  boxes?: Array<[number, number, number, number, string]>;
  /** log.* lines: [bar index, level, message]. */
  logs?: Array<[number, string, string]>;
}
export type Check = (b: Bars) => Expected;

const { map, at } = r;
const flag = (n: number, f: (i: number) => boolean): Series => map(n, (i) => (f(i) ? 1 : 0));
const hl2 = (b: Bars): Series => map(b.length, (i) => (b.high[i]! + b.low[i]!) / 2);
const hlc3 = (b: Bars): Series => map(b.length, (i) => (b.high[i]! + b.low[i]! + b.close[i]!) / 3);
const minus = (a: Series, c: Series): Series => map(a.length, (i) => a[i]! - c[i]!);
const scale = (a: Series, k: number): Series => a.map((v) => v * k);
const avg2 = (a: Series, c: Series): Series => map(a.length, (i) => (a[i]! + c[i]!) / 2);
/** A value kept only where `keep` holds (plot.style_linebr lines, plotshape marks). */
const where = (a: ArrayLike<number>, keep: (i: number) => boolean): Series => map(a.length, (i) => (keep(i) ? a[i]! : NaN));

function macd(b: Bars, signalOf: (m: Series) => Series): [Series, Series, Series] {
  const m = minus(r.ema(b.close, 12), r.ema(b.close, 26));
  const s = signalOf(m);
  return [m, s, minus(m, s)];
}

function bollinger(b: Bars, n: number, k: number): [Series, Series, Series] {
  const basis = r.sma(b.close, n);
  const sd = r.stdev(b.close, n);
  return [basis, map(b.length, (i) => basis[i]! + k * sd[i]!), map(b.length, (i) => basis[i]! - k * sd[i]!)];
}

/** Midpoint of the highest high and lowest low (Donchian), the Ichimoku lines' building block. */
const donchianMid = (b: Bars, n: number): Series => avg2(r.lowest(b.low, n), r.highest(b.high, n));

function anchoredVwap(b: Bars, periodOf: (t: number) => number, price: (i: number) => number): [Series, Series] {
  const vwap = new Float64Array(b.length);
  const dev = new Float64Array(b.length);
  let pv = 0;
  let v = 0;
  let p2v = 0;
  for (let i = 0; i < b.length; i++) {
    if (i > 0 && periodOf(b.time[i]!) !== periodOf(b.time[i - 1]!)) pv = v = p2v = 0;
    const p = price(i);
    pv += p * b.volume[i]!;
    v += b.volume[i]!;
    p2v += p * p * b.volume[i]!;
    vwap[i] = pv / v;
    dev[i] = Math.sqrt(Math.max(p2v / v - vwap[i]! * vwap[i]!, 0));
  }
  return [vwap, dev];
}

function weeklyPivots(b: Bars): Record<string, Series> {
  const names = ["pivot", "r1", "s1", "r2", "s2"];
  const out = Object.fromEntries(names.map((k) => [k, new Float64Array(b.length).fill(NaN)]));
  let hi = NaN;
  let lo = NaN;
  let last = [NaN, NaN, NaN, NaN, NaN];
  for (let i = 0; i < b.length; i++) {
    const newWeek = i > 0 && r.weekOf(b.time[i]!) !== r.weekOf(b.time[i - 1]!);
    if (newWeek) {
      // The finished week: its high, low and last close.
      const c = b.close[i - 1]!;
      const p = (hi + lo + c) / 3;
      last = [p, 2 * p - lo, 2 * p - hi, p + (hi - lo), p - (hi - lo)];
      hi = b.high[i]!;
      lo = b.low[i]!;
    } else {
      hi = Number.isNaN(hi) ? b.high[i]! : Math.max(hi, b.high[i]!);
      lo = Number.isNaN(lo) ? b.low[i]! : Math.min(lo, b.low[i]!);
    }
    names.forEach((k, j) => (out[k]![i] = last[j]!));
  }
  return out;
}

function volumeProfile(b: Bars, lookback: number, rows: number): [Series, Series] {
  const hi = r.highest(b.high, lookback);
  const lo = r.lowest(b.low, lookback);
  const price = hlc3(b);
  const poc = new Float64Array(b.length).fill(NaN);
  const share = new Float64Array(b.length).fill(NaN);
  for (let i = lookback - 1; i < b.length; i++) {
    if (!(hi[i]! > lo[i]!)) continue;
    const bins = new Array<number>(rows).fill(0);
    const step = (hi[i]! - lo[i]!) / rows;
    let total = 0;
    for (let k = 0; k < lookback; k++) {
      const idx = Math.min(Math.floor((price[i - k]! - lo[i]!) / step), rows - 1);
      bins[idx]! += b.volume[i - k]!;
      total += b.volume[i - k]!;
    }
    let best = 0;
    for (let j = 1; j < rows; j++) if (bins[j]! > bins[best]!) best = j;
    poc[i] = lo[i]! + step * (best + 0.5);
    share[i] = (100 * bins[best]!) / total;
  }
  return [poc, share];
}

function heikinAshi(b: Bars): Record<string, Series> {
  const n = b.length;
  const c = map(n, (i) => (b.open[i]! + b.high[i]! + b.low[i]! + b.close[i]!) / 4);
  const o = new Float64Array(n);
  for (let i = 0; i < n; i++) o[i] = i === 0 ? (b.open[0]! + b.close[0]!) / 2 : (o[i - 1]! + c[i - 1]!) / 2;
  const h = map(n, (i) => Math.max(b.high[i]!, o[i]!, c[i]!));
  const l = map(n, (i) => Math.min(b.low[i]!, o[i]!, c[i]!));
  return { ha: c, ha_open: o, ha_close: c, ha_high: h, ha_low: l };
}

/** The "SuperTrend" as popular public scripts write it with nz() and var state. */
function supertrendByHand(b: Bars, len: number, mult: number): Record<string, Series> {
  const n = b.length;
  const a = r.atr(b, len);
  const up = new Float64Array(n);
  const dn = new Float64Array(n);
  const trend = new Float64Array(n);
  let t = 1;
  for (let i = 0; i < n; i++) {
    const mid = (b.high[i]! + b.low[i]!) / 2;
    let u = mid - mult * a[i]!;
    const u1 = i > 0 && !Number.isNaN(up[i - 1]!) ? up[i - 1]! : u;
    u = at(b.close, i - 1) > u1 ? Math.max(u, u1) : u;
    let d = mid + mult * a[i]!;
    const d1 = i > 0 && !Number.isNaN(dn[i - 1]!) ? dn[i - 1]! : d;
    d = at(b.close, i - 1) < d1 ? Math.min(d, d1) : d;
    t = t === -1 && b.close[i]! > d1 ? 1 : t === 1 && b.close[i]! < u1 ? -1 : t;
    up[i] = u;
    dn[i] = d;
    trend[i] = t;
  }
  return { up_line: where(up, (i) => trend[i] === 1), down_line: where(dn, (i) => trend[i] !== 1), trend };
}

function swingPoints(b: Bars, len: number): Record<string, Series> {
  const hh = r.highest(b.high, len);
  const ll = r.lowest(b.low, len);
  const swings: Array<{ price: number; high: boolean }> = [];
  const out = { swing_high: new Float64Array(b.length), swing_low: new Float64Array(b.length), kept: new Float64Array(b.length) };
  for (let i = 0; i < b.length; i++) {
    if (b.high[i] === hh[i] && at(b.high, i - 1) < at(hh, i - 1)) swings.push({ price: b.high[i]!, high: true });
    if (b.low[i] === ll[i] && at(b.low, i - 1) > at(ll, i - 1)) swings.push({ price: b.low[i]!, high: false });
    while (swings.length > 50) swings.shift();
    const lastHigh = swings.filter((s) => s.high).at(-1);
    const lastLow = swings.filter((s) => !s.high).at(-1);
    out.swing_high[i] = lastHigh ? lastHigh.price : NaN;
    out.swing_low[i] = lastLow ? lastLow.price : NaN;
    out.kept[i] = swings.length;
  }
  return out;
}

/** Mean and sample deviation of all daily returns so far, from running sums of r and r² (not Welford's update the script uses). */
function runningReturnStats(b: Bars): Record<string, Series> {
  const mean = new Float64Array(b.length);
  const sd = new Float64Array(b.length);
  const count = new Float64Array(b.length);
  let n = 0;
  let s = 0;
  let q = 0;
  for (let i = 0; i < b.length; i++) {
    if (i > 0) {
      const x = b.close[i]! / b.close[i - 1]! - 1;
      n++;
      s += x;
      q += x * x;
    }
    mean[i] = n > 0 ? (s / n) * 100 : 0;
    sd[i] = n > 1 ? Math.sqrt((q - (s * s) / n) / (n - 1)) * 100 : NaN;
    count[i] = n;
  }
  return { mean_return: mean, stdev: sd, count };
}

function zscore(x: ArrayLike<number>, n: number): Series {
  const m = r.sma(x, n);
  const sd = r.stdev(x, n);
  return map(x.length, (i) => (x[i]! - m[i]!) / sd[i]!);
}

function rangePosition(x: ArrayLike<number>, n: number): Series {
  const hi = r.highest(x, n);
  const lo = r.lowest(x, n);
  return map(x.length, (i) => (hi[i] === lo[i] ? 50 : (100 * (x[i]! - lo[i]!)) / (hi[i]! - lo[i]!)));
}

function mfi(b: Bars, n: number): Series {
  const src = hlc3(b);
  // a change within 1e-10 is no move (TradingView's tolerance, docs/adr/0304)
  const d = r.change(src).map((v) => (Math.abs(v) <= 1e-10 ? 0 : v));
  // Pine: a comparison with na is false, so the first bar's flow counts as positive.
  const pos = map(b.length, (i) => b.volume[i]! * (d[i]! <= 0 ? 0 : src[i]!));
  const neg = map(b.length, (i) => b.volume[i]! * (d[i]! >= 0 ? 0 : src[i]!));
  const up = r.sum(pos, n);
  const dn = r.sum(neg, n);
  // the reference's `upper / lower` is Pine's division: no down flow in the window (0) gives na;
  // both empty is 100, as TradingView's logged values show (docs/adr/0304)
  return map(b.length, (i) => (up[i] === 0 && dn[i] === 0 ? 100 : 100 - 100 / (1 + (dn[i] === 0 ? NaN : up[i]! / dn[i]!))));
}

function tsi(x: ArrayLike<number>, short: number, long: number): Series {
  const pc = r.change(x);
  const num = r.ema(r.ema(pc, long), short);
  const den = r.ema(r.ema(pc.map(Math.abs), long), short);
  return map(x.length, (i) => (100 * num[i]!) / den[i]!);
}

function cumulative(x: ArrayLike<number>): Series {
  let s = 0;
  return map(x.length, (i) => (s += Number.isNaN(x[i]!) ? 0 : x[i]!));
}

function ultimate(b: Bars): Series {
  const n = b.length;
  const pc = map(n, (i) => (i === 0 ? b.close[0]! : b.close[i - 1]!));
  const bp = map(n, (i) => b.close[i]! - Math.min(b.low[i]!, pc[i]!));
  const tr = map(n, (i) => Math.max(b.high[i]!, pc[i]!) - Math.min(b.low[i]!, pc[i]!));
  const a = (k: number): Series => {
    const s1 = r.sum(bp, k);
    const s2 = r.sum(tr, k);
    return map(n, (i) => s1[i]! / s2[i]!);
  };
  const [a7, a14, a28] = [a(7), a(14), a(28)];
  return map(n, (i) => (100 * (4 * a7[i]! + 2 * a14[i]! + a28[i]!)) / 7);
}

function envelopeAndChandelier(b: Bars): Record<string, Series> {
  const mid = r.sma(b.close, 20);
  const a = r.atr(b, 22);
  const hh = r.highest(b.high, 22);
  const ll = r.lowest(b.low, 22);
  return {
    envelope_mid: mid,
    envelope_up: mid.map((v) => v * (1 + 2.5 / 100)),
    envelope_down: mid.map((v) => v * (1 - 2.5 / 100)),
    long_stop: map(b.length, (i) => hh[i]! - 3 * a[i]!),
    short_stop: map(b.length, (i) => ll[i]! + 3 * a[i]!),
  };
}

function streaks(b: Bars): Record<string, Series> {
  const n = b.length;
  const streak = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const prev = at(b.close, i - 1);
    k = b.close[i]! > prev ? (k > 0 ? k + 1 : 1) : b.close[i]! < prev ? (k < 0 ? k - 1 : -1) : 0;
    streak[i] = k;
  }
  // Rising: the close rose on each of the last 3 bars (falling: fell), as TradingView's recorded values
  // show (docs/adr/0330); false until 3 changes exist.
  const beats = (i: number, sign: number): boolean => i >= 3 && [0, 1, 2].every((j) => sign * (b.close[i - j]! - b.close[i - j - 1]!) > 0);
  const fast = r.sma(b.close, 10);
  const slow = r.sma(b.close, 30);
  const since = new Float64Array(n);
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (r.crossover(fast, slow, i)) last = i;
    since[i] = last < 0 ? NaN : i - last;
  }
  return { streak, three_bars: map(n, (i) => (beats(i, 1) ? 1 : beats(i, -1) ? -1 : 0)), bars_since_cross: since };
}

function crossValues(b: Bars): Record<string, Series> {
  const fast = r.ema(b.close, 9);
  const slow = r.ema(b.close, 21);
  const crosses: number[] = [];
  const last = new Float64Array(b.length);
  const prev = new Float64Array(b.length);
  const between = new Float64Array(b.length);
  for (let i = 0; i < b.length; i++) {
    if (r.crossover(fast, slow, i) || r.crossunder(fast, slow, i)) crosses.push(i);
    const a = crosses.at(-1);
    const c = crosses.at(-2);
    last[i] = a === undefined ? NaN : b.close[a]!;
    prev[i] = c === undefined ? NaN : b.close[c]!;
    between[i] = a === undefined || c === undefined ? NaN : a - c;
  }
  return { last_cross_price: last, previous_cross_price: prev, bars_between: between };
}

/** Pearson's correlation coefficient over each window. */
function correlation(x: ArrayLike<number>, y: ArrayLike<number>, n: number): Series {
  return map(x.length, (i) => {
    if (i < n - 1) return NaN;
    let mx = 0;
    let my = 0;
    for (let k = i - n + 1; k <= i; k++) {
      mx += x[k]! / n;
      my += y[k]! / n;
    }
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let k = i - n + 1; k <= i; k++) {
      sxy += (x[k]! - mx) * (y[k]! - my);
      sxx += (x[k]! - mx) ** 2;
      syy += (y[k]! - my) ** 2;
    }
    return sxy / Math.sqrt(sxx * syy);
  });
}

/** Share (in %) of the previous `n` values at or below the current one. */
function percentRank(x: ArrayLike<number>, n: number): Series {
  return map(x.length, (i) => {
    if (i < n) return NaN;
    let c = 0;
    // at or below within TradingView's 1e-10 tolerance (docs/adr/0304)
    for (let k = 1; k <= n; k++) if (x[i - k]! - x[i]! <= 1e-10) c++;
    return (100 * c) / n;
  });
}

function fibLevels(b: Bars, len: number): Record<string, Series> {
  const hi = r.highest(b.high, len);
  const lo = r.lowest(b.low, len);
  const level = (i: number, ratio: number): number => hi[i]! - (hi[i]! - lo[i]!) * ratio;
  const nearest = map(b.length, (i) => {
    let best = NaN;
    let out = NaN;
    for (const ratio of [0.236, 0.382, 0.5, 0.618, 0.786]) {
      const d = Math.abs(b.close[i]! - level(i, ratio));
      if (Number.isNaN(best) || d < best) {
        best = d;
        out = level(i, ratio);
      }
    }
    return out;
  });
  return { fib_38_2: map(b.length, (i) => level(i, 0.382)), fib_61_8: map(b.length, (i) => level(i, 0.618)), nearest_level: nearest };
}

function quartiles(x: ArrayLike<number>, n: number): Record<string, Series> {
  const pick = (k: number): Series => map(x.length, (i) => (i < n - 1 ? NaN : Array.from({ length: n }, (_, j) => x[i - j]!).sort((p, q) => p - q)[k]!));
  const q1 = pick(5);
  const q3 = pick(15);
  return { q1, median: pick(10), q3, iqr: minus(q3, q1) };
}

/** DonovanWall-style range filter: a smoothed average move and a line that follows price by it. */
function rangeFilter(b: Bars, per: number, mult: number): Record<string, Series> {
  const n = b.length;
  const avgMove = r.ema(map(n, (i) => Math.abs(b.close[i]! - at(b.close, i - 1))), per);
  const rng = r.ema(avgMove, per * 2 - 1).map((v) => v * mult);
  const filt = new Float64Array(n);
  const up = new Float64Array(n);
  const down = new Float64Array(n);
  let rf = NaN;
  let u = 0;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const x = b.close[i]!;
    const prev = Number.isNaN(rf) ? x : rf;
    rf = x > prev ? (x - rng[i]! < prev ? prev : x - rng[i]!) : x + rng[i]! > prev ? prev : x + rng[i]!;
    filt[i] = rf;
    const before = at(filt, i - 1);
    u = rf > before ? u + 1 : rf < before ? 0 : u;
    d = rf < before ? d + 1 : rf > before ? 0 : d;
    up[i] = u;
    down[i] = d;
  }
  return { filter: filt, high_band: map(n, (i) => filt[i]! + rng[i]!), low_band: map(n, (i) => filt[i]! - rng[i]!), up_count: up, down_count: down };
}

/** QQE: an EMA of RSI with bands that trail it by a double-smoothed average of its moves. */
function qqe(b: Bars, rsiLen: number, sf: number, factor: number): Record<string, Series> {
  const n = b.length;
  const wilders = rsiLen * 2 - 1;
  const rsiMa = r.ema(r.rsi(b.close, rsiLen), sf);
  const move = map(n, (i) => Math.abs(at(rsiMa, i - 1) - rsiMa[i]!));
  const dar = r.ema(r.ema(move, wilders), wilders).map((v) => v * factor);
  const long = new Float64Array(n);
  const short = new Float64Array(n);
  const trend = new Float64Array(n);
  // a crosses b on bar i: above now and at or below before, or the reverse (na compares false).
  const crosses = (a: (i: number) => number, c: (i: number) => number, i: number): boolean =>
    (a(i) > c(i) && a(i - 1) <= c(i - 1)) || (a(i) < c(i) && a(i - 1) >= c(i - 1));
  const longPrev = (i: number): number => at(long, i - 1);
  const shortPrev = (i: number): number => at(short, i - 1);
  const ma = (i: number): number => at(rsiMa, i);
  for (let i = 0; i < n; i++) {
    const newLong = rsiMa[i]! - dar[i]!;
    const newShort = rsiMa[i]! + dar[i]!;
    long[i] = ma(i - 1) > longPrev(i) && ma(i) > longPrev(i) ? Math.max(longPrev(i), newLong) : newLong;
    short[i] = ma(i - 1) < shortPrev(i) && ma(i) < shortPrev(i) ? Math.min(shortPrev(i), newShort) : newShort;
    const down = crosses(longPrev, ma, i);
    const up = crosses(ma, shortPrev, i);
    trend[i] = up ? 1 : down ? -1 : i === 0 ? 1 : trend[i - 1]!;
  }
  return { rsi_ma: rsiMa, trailing_line: map(n, (i) => (trend[i] === 1 ? long[i]! : short[i]!)), trend };
}

/** The ATR trailing stop of "UT Bot"-style scripts, and the side it puts price on. */
function atrTrailingStop(b: Bars, key: number, len: number): Record<string, Series> {
  const n = b.length;
  const loss = r.atr(b, len).map((v) => v * key);
  const stop = new Float64Array(n);
  const pos = new Float64Array(n);
  let side = 0;
  for (let i = 0; i < n; i++) {
    const prev = i === 0 || Number.isNaN(stop[i - 1]!) ? 0 : stop[i - 1]!;
    const c = b.close[i]!;
    const c1 = at(b.close, i - 1);
    stop[i] = c > prev && c1 > prev ? Math.max(prev, c - loss[i]!) : c < prev && c1 < prev ? Math.min(prev, c + loss[i]!) : c > prev ? c - loss[i]! : c + loss[i]!;
    side = c1 < prev && c > prev ? 1 : c1 > prev && c < prev ? -1 : side;
    pos[i] = side;
  }
  return { stop, position: pos };
}

function indexStats(b: Bars, n: number): Record<string, Series> {
  const out = { linear_weighted: new Float64Array(b.length).fill(NaN), largest_step: new Float64Array(b.length).fill(NaN), variance: new Float64Array(b.length).fill(NaN), sum: new Float64Array(b.length).fill(NaN) };
  for (let i = n - 1; i < b.length; i++) {
    const w = Array.from({ length: n }, (_, k) => b.close[i - n + 1 + k]!);
    let num = 0;
    let gap = 0;
    w.forEach((x, k) => {
      num += x * (k + 1);
      if (k > 0) gap = Math.max(gap, Math.abs(x - w[k - 1]!));
    });
    const mean = w.reduce((a, x) => a + x, 0) / n;
    out.linear_weighted[i] = num / ((n * (n + 1)) / 2);
    out.largest_step[i] = gap;
    out.variance[i] = w.reduce((a, x) => a + (x - mean) ** 2, 0) / n;
    out.sum[i] = w.reduce((a, x) => a + x, 0);
  }
  return out;
}

/** Turtle-style breakout state: in on a 20-bar breakout, out on a 10-bar one the other way. */
function turtle(b: Bars): Record<string, Series> {
  const prevOf = (x: Series): Series => map(b.length, (i) => at(x, i - 1));
  const upper = prevOf(r.highest(b.high, 20));
  const lower = prevOf(r.lowest(b.low, 20));
  const exitLong = prevOf(r.lowest(b.low, 10));
  const exitShort = prevOf(r.highest(b.high, 10));
  const state = new Float64Array(b.length);
  let s = 0;
  for (let i = 0; i < b.length; i++) {
    if (s === 0) s = b.high[i]! > upper[i]! ? 1 : b.low[i]! < lower[i]! ? -1 : 0;
    else if (s === 1 && b.low[i]! < exitLong[i]!) s = 0;
    else if (s === -1 && b.high[i]! > exitShort[i]!) s = 0;
    state[i] = s;
  }
  return { state, stop: map(b.length, (i) => (state[i] === 1 ? exitLong[i]! : state[i] === -1 ? exitShort[i]! : NaN)) };
}

/**
 * A weekly series on daily bars, lookahead off, as TradingView shows it on history: the week's
 * value on the last daily bar of the week, the previous week's on the others (and on the last
 * bar of the data, whose week is still open).
 */
function onDaily(d: Bars, w: Bars, values: Series): Series {
  const index = new Map(Array.from(w.time, (t, k) => [t, k]));
  return map(d.length, (i) => {
    const k = index.get(r.weekOf(d.time[i]!) * 7 * 86400 - 3 * 86400)!;
    const closes = i + 1 < d.length && r.weekOf(d.time[i + 1]!) !== r.weekOf(d.time[i]!);
    return closes ? values[k]! : at(values, k - 1);
  });
}

function crossEvents(b: Bars, fast: Series, slow: Series, up: string, down: string): Array<[number, string]> {
  const events: Array<[number, string]> = [];
  for (let i = 0; i < b.length; i++) {
    if (r.crossover(fast, slow, i)) events.push([i, up]);
    if (r.crossunder(fast, slow, i)) events.push([i, down]);
  }
  return events;
}

/**
 * Entries also checked over a month of SPY minute bars. Not the session VWAP: TradingView starts
 * an intraday day in the exchange's time zone, and which reading this dialect follows is still
 * open (its daily-bar check holds under both).
 */
export const INTRADAY = ["bollinger_bands.pine", "macd_histogram.pine", "rsi_classic.pine", "supertrend_builtin.pine", "udt_ring_buffer.pine"];

/** Session scripts, checked over SPY one-minute bars only (expected-sessions.ts). */
export const INTRADAY_ONLY: string[] = SESSION_SCRIPTS;
/** Scripts reading one-minute intrabars, checked over SPY five-minute bars only (expected-intrabars.ts). */
export const FIVE_MINUTE: string[] = INTRABAR_SCRIPTS;

export const EXPECTED: Record<string, Check> = {
  ...AUDIT,
  ...MTF,
  ...SESSIONS,
  ...DRAWINGS,
  ...PUBLIC_IDIOMS,
  ...STRUCTURES,
  ...LIBRARY_MEMBERS,
  ...INTRABARS,
  ...BREADTH,
  ...CLASSICS,
  ...MORE,
  ...TREND,
  ...COLLECTIONS,
  ...SIMPLE,
  ...RATIOS,
  "accumulation_distribution.pine": (b) => {
    const ad = cumulative(map(b.length, (i) => (b.high[i] === b.low[i] ? 0 : ((2 * b.close[i]! - b.low[i]! - b.high[i]!) / (b.high[i]! - b.low[i]!)) * b.volume[i]!)));
    return { outputs: { ad, chaikin_oscillator: minus(r.ema(ad, 3), r.ema(ad, 10)) } };
  },
  "adx_dmi.pine": (b) => {
    const [plus, minusDi, adx] = r.dmi(b, 14, 14);
    return { outputs: { adx, di: plus, di_2: minusDi, trend: map(b.length, (i) => (adx[i]! > 25 ? (plus[i]! > minusDi[i]! ? 1 : -1) : 0)) } };
  },
  "alma_cross.pine": (b) => ({ outputs: { alma_9: r.alma(b.close, 9, 0.85, 6), alma_21: r.alma(b.close, 21, 0.85, 6) } }),
  "atr_bands.pine": (b) => {
    const a = r.atr(b, 14);
    return { outputs: { upper: map(b.length, (i) => b.close[i]! + 2 * a[i]!), lower: map(b.length, (i) => b.close[i]! - 2 * a[i]!), atr: map(b.length, (i) => (100 * a[i]!) / b.close[i]!) } };
  },
  "awesome_oscillator.pine": (b) => {
    const ao = minus(r.sma(hl2(b), 5), r.sma(hl2(b), 34));
    return { outputs: { ao, rising: flag(b.length, (i) => ao[i]! - at(ao, i - 1) > 0) } };
  },
  "array_index_stats.pine": (b) => ({ outputs: indexStats(b, 10) }),
  "bb_keltner_squeeze.pine": (b) => {
    const [basis, upper, lower] = bollinger(b, 20, 2);
    const kcMid = r.ema(b.close, 20);
    const kcRange = scale(r.ema(r.trueRange(b, true), 20), 1.5);
    const mid = avg2(donchianMid(b, 20), basis);
    return {
      outputs: {
        momentum: minus(b.close, mid),
        squeeze: flag(b.length, (i) => lower[i]! > kcMid[i]! - kcRange[i]! && upper[i]! < kcMid[i]! + kcRange[i]!),
      },
    };
  },
  "bollinger_bands.pine": (b) => {
    const [basis, upper, lower] = bollinger(b, 20, 2);
    return {
      outputs: { basis, upper, lower, percent_b: map(b.length, (i) => (b.close[i]! - lower[i]!) / (upper[i]! - lower[i]!)), bandwidth: map(b.length, (i) => ((upper[i]! - lower[i]!) / basis[i]!) * 100) },
    };
  },
  "cci_trend.pine": (b) => {
    const src = hlc3(b);
    const m = r.sma(src, 20);
    const dev = r.meanDev(src, 20);
    const cci = map(b.length, (i) => (src[i]! - m[i]!) / (0.015 * dev[i]!));
    return { outputs: { cci, cci_ma: r.sma(cci, 14) } };
  },
  "chaikin_money_flow.pine": (b) => {
    const mfv = map(b.length, (i) => (b.high[i] === b.low[i] ? 0 : (b.close[i]! - b.low[i]! - (b.high[i]! - b.close[i]!)) / (b.high[i]! - b.low[i]!)) * b.volume[i]!);
    const s = r.sum(mfv, 20);
    const v = r.sum(b.volume, 20);
    return { outputs: { cmf: map(b.length, (i) => s[i]! / v[i]!) } };
  },
  "dashboard_table.pine": (b) => {
    const slow = r.sma(b.close, 200);
    const a = r.atr(b, 14);
    return { outputs: { rsi: r.rsi(b.close, 14), atr_pct: map(b.length, (i) => (100 * a[i]!) / b.close[i]!), trend: map(b.length, (i) => (b.close[i]! > slow[i]! ? 1 : -1)) } };
  },
  "def_golden_cross.pine": (b) => ({ events: crossEvents(b, r.sma(b.close, 50), r.sma(b.close, 200), "golden", "death") }),
  "def_rsi_extremes.pine": (b) => {
    const rsi = r.rsi(b.close, 14);
    const events: Array<[number, string]> = [];
    const low = new Float64Array(b.length).fill(30);
    const high = new Float64Array(b.length).fill(70);
    for (let i = 0; i < b.length; i++) {
      if (r.crossunder(rsi, low, i)) events.push([i, "alert"]);
      if (r.crossover(rsi, high, i)) events.push([i, "overbought"]);
    }
    return { events };
  },
  "donchian_breakout.pine": (b) => {
    const hi = r.highest(b.high, 20);
    const lo = r.lowest(b.low, 20);
    const breakout = map(b.length, (i) => (b.close[i]! > at(hi, i - 1) ? 1 : b.close[i]! < at(lo, i - 1) ? -1 : 0));
    return { outputs: { upper: hi, lower: lo, middle: avg2(hi, lo), breakout, break_up: where(new Float64Array(b.length).fill(1), (i) => breakout[i] === 1) } };
  },
  "elder_ray.pine": (b) => {
    const e = r.ema(b.close, 13);
    return { outputs: { bull_power: minus(b.high, e), bear_power: minus(b.low, e) } };
  },
  "heikin_ashi.pine": (b) => ({ outputs: heikinAshi(b) }),
  "hull_trend.pine": (b) => {
    const h = r.hma(b.close, 55);
    return { outputs: { hma: h, trend: map(b.length, (i) => (h[i]! > at(h, i - 2) ? 1 : -1)) } };
  },
  "ichimoku_lines.pine": (b) => {
    const conv = donchianMid(b, 9);
    const base = donchianMid(b, 26);
    const spanA = avg2(conv, base);
    const spanB = donchianMid(b, 52);
    const a = map(b.length, (i) => at(spanA, i - 25));
    const bb = map(b.length, (i) => at(spanB, i - 25));
    return {
      outputs: {
        conversion: conv,
        base,
        cloud_a_now: a,
        cloud_b_now: bb,
        above_cloud: map(b.length, (i) => (b.close[i]! > Math.max(a[i]!, bb[i]!) ? 1 : b.close[i]! < Math.min(a[i]!, bb[i]!) ? -1 : 0)),
      },
    };
  },
  "keltner_channels.pine": (b) => {
    const mid = r.ema(b.close, 20);
    const a = r.atr(b, 10);
    return { outputs: { middle: mid, upper: map(b.length, (i) => mid[i]! + 2 * a[i]!), lower: map(b.length, (i) => mid[i]! - 2 * a[i]!) } };
  },
  "keltner_builtin.pine": (b) => {
    // TradingView's ta.kc: EMA of the source, bands at mult x EMA of ta.tr (na on the first bar),
    // or of high - low when useTrueRange is false.
    const mid = r.ema(b.close, 20);
    const rng = r.ema(r.trueRange(b, false), 20);
    const hl = r.ema(minus(b.high, b.low), 20);
    const upper = map(b.length, (i) => mid[i]! + 2 * rng[i]!);
    const lower = map(b.length, (i) => mid[i]! - 2 * rng[i]!);
    return { outputs: { basis: mid, upper, lower, width: map(b.length, (i) => (upper[i]! - lower[i]!) / mid[i]!), width_high_low: scale(hl, 4) } };
  },
  "library_bands/": (b) => ({ outputs: envelopeAndChandelier(b) }),
  "library_zscore/": (b) => ({ outputs: { z_close: zscore(b.close, 20), z_volume: zscore(b.volume, 50), range_position: rangePosition(b.close, 52) } }),
  "linreg_channel.pine": (b) => {
    const mid = r.linreg(b.close, 100, 0);
    const sd = r.stdev(b.close, 100);
    return { outputs: { regression: mid, upper: map(b.length, (i) => mid[i]! + 2 * sd[i]!), lower: map(b.length, (i) => mid[i]! - 2 * sd[i]!), slope: minus(mid, r.linreg(b.close, 100, 1)) } };
  },
  "ma_cross_golden.pine": (b) => {
    const fast = r.sma(b.close, 50);
    const slow = r.sma(b.close, 200);
    return { outputs: { fast, slow, signal: map(b.length, (i) => (r.crossover(fast, slow, i) ? 1 : r.crossunder(fast, slow, i) ? -1 : 0)) } };
  },
  "ma_ema_ribbon.pine": (b) => {
    const lens = [8, 13, 21, 34, 55];
    const e = lens.map((n) => r.ema(b.close, n));
    const spread = map(b.length, (i) => ((Math.max(...e.map((x) => x[i]!)) - Math.min(...e.map((x) => x[i]!))) / b.close[i]!) * 100);
    const outputs: Record<string, Series> = Object.fromEntries(lens.map((n, k) => [`ema_${n}`, e[k]!]));
    outputs.spread = spread;
    outputs.bull_stack = flag(b.length, (i) => e.every((x, k) => k === 0 || e[k - 1]![i]! > x[i]!));
    return { outputs };
  },
  "ma_type_switch.pine": (b) => ({ outputs: { chosen: r.hma(b.close, 21), wma: r.wma(b.close, 21), vwma: r.vwma(b.close, b.volume, 21), rma_of_hl2: r.rma(hl2(b), 21) } }),
  "macd_histogram.pine": (b) => {
    const [m, s, h] = macd(b, (x) => r.ema(x, 9));
    return { outputs: { histogram: h, macd: m, signal: s } };
  },
  "macd_sma_signal.pine": (b) => {
    const [m, s, h] = macd(b, (x) => r.sma(x, 9));
    return { outputs: { macd: m, signal: s, hist: h } };
  },
  "mfi_zones.pine": (b) => {
    const m = mfi(b, 14);
    return { outputs: { mfi: m, zone: map(b.length, (i) => (m[i]! > 80 ? 1 : m[i]! < 20 ? -1 : 0)) } };
  },
  "momentum_cmo_cog.pine": (b) => {
    const n = b.length;
    const mom = r.change(b.close);
    // A comparison with na is false, so the first bar's change falls in the second sum (as na).
    const up = r.sum(map(n, (i) => (mom[i]! >= 0 ? mom[i]! : 0)), 9);
    const down = r.sum(map(n, (i) => (mom[i]! >= 0 ? 0 : -mom[i]!)), 9);
    const total = r.sum(b.close, 10);
    const cog = map(n, (i) => {
      if (i < 9) return NaN;
      let num = 0;
      for (let k = 0; k < 10; k++) num += b.close[i - k]! * (k + 1);
      return -num / total[i]!;
    });
    const logRet = map(n, (i) => Math.log(b.close[i]! / at(b.close, i - 1)));
    let hi = -Infinity;
    let lo = Infinity;
    const fromHigh = map(n, (i) => 100 * (b.close[i]! / (hi = Math.max(hi, b.high[i]!)) - 1));
    const fromLow = map(n, (i) => 100 * (b.close[i]! / (lo = Math.min(lo, b.low[i]!)) - 1));
    return {
      outputs: {
        cmo: map(n, (i) => (100 * (up[i]! - down[i]!)) / (up[i]! + down[i]!)),
        cog,
        volatility: r.stdev(logRet, 20).map((v) => v * Math.sqrt(252) * 100),
        from_record_high: fromHigh,
        from_record_low: fromLow,
      },
    };
  },
  "mtf_weekly_trend.pine": (b) => {
    const w = weekly(b);
    const ema = onDaily(b, w, r.ema(w.close, 10));
    return { outputs: { weekly_ema: ema, last_weekly_close: onDaily(b, w, w.close), above_weekly_ema: map(b.length, (i) => (b.close[i]! > ema[i]! ? 1 : -1)) } };
  },
  "obv_signal.pine": (b) => {
    const d = r.change(b.close);
    const obv = cumulative(map(b.length, (i) => Math.sign(d[i]!) * b.volume[i]!));
    return { outputs: { obv, signal: r.ema(obv, 20) } };
  },
  "parabolic_sar.pine": (b) => {
    const s = r.sar(b, 0.02, 0.02, 0.2);
    return { outputs: { sar: s, side: map(b.length, (i) => (b.close[i]! > s[i]! ? 1 : -1)) } };
  },
  "pivots_weekly_floor.pine": (b) => ({ outputs: weeklyPivots(b) }),
  "plot_marks.pine": (b) => {
    const fast = r.sma(b.close, 5);
    const slow = r.sma(b.close, 20);
    const avgVolume = r.sma(b.volume, 20);
    return {
      outputs: {
        cross_up: map(b.length, (i) => (r.crossover(fast, slow, i) ? 1 : NaN)),
        up_bar: map(b.length, (i) => (b.close[i]! > b.open[i]! ? 1 : NaN)),
        bars: Float64Array.from(b.close),
        volume_spike: map(b.length, (i) => (b.volume[i]! > avgVolume[i]! * 2 ? b.volume[i]! : NaN)),
      },
    };
  },
  "roc_momentum.pine": (b) => ({
    outputs: { roc: map(b.length, (i) => (100 * (b.close[i]! - at(b.close, i - 12))) / at(b.close, i - 12)), momentum: r.change(b.close, 10), change_5: r.change(b.close, 5) },
  }),
  "rsi_classic.pine": (b) => {
    const x = r.rsi(b.close, 14);
    return { outputs: { rsi: x, zone: map(b.length, (i) => (x[i]! > 70 ? 1 : x[i]! < 30 ? -1 : 0)) } };
  },
  "rsi_wilder_by_hand.pine": (b) => ({ outputs: { rsi: r.rsi(b.close, 14) } }),
  "squeeze_momentum_linreg.pine": (b) => {
    const mid = avg2(donchianMid(b, 20), r.sma(b.close, 20));
    const val = r.linreg(minus(b.close, mid), 20, 0);
    const prev = (i: number): number => (Number.isNaN(at(val, i - 1)) ? 0 : val[i - 1]!);
    return { outputs: { momentum: val, state: map(b.length, (i) => (val[i]! > 0 ? (val[i]! > prev(i) ? 2 : 1) : val[i]! > prev(i) ? -1 : -2)) } };
  },
  "stoch_rsi.pine": (b) => {
    const x = r.rsi(b.close, 14);
    const k = r.sma(r.stoch(x, x, x, 14), 3);
    return { outputs: { k, d: r.sma(k, 3) } };
  },
  "stoch_slow.pine": (b) => {
    const k = r.sma(r.stoch(b.close, b.high, b.low, 14), 3);
    return { outputs: { k, d: r.sma(k, 3) } };
  },
  "supertrend_builtin.pine": (b) => {
    const [line, dir] = r.supertrend(b, 3, 10);
    return { outputs: { up: where(line, (i) => dir[i]! < 0), down: where(line, (i) => dir[i]! > 0), direction: dir } };
  },
  "supertrend_by_hand.pine": (b) => ({ outputs: supertrendByHand(b, 10, 3) }),
  "trix.pine": (b) => {
    const e3 = r.ema(r.ema(r.ema(b.close.map(Math.log), 18), 18), 18);
    return { outputs: { trix: scale(r.change(e3), 10000) } };
  },
  "switch_regime.pine": (b) => {
    const [, , adx] = r.dmi(b, 14, 14);
    const ma = r.sma(b.close, 50);
    const slope = map(b.length, (i) => ma[i]! - at(ma, i - 5));
    const regime = map(b.length, (i) => {
      const { gt, lt, le } = r.pine;
      if (gt(adx[i]!, 25) && gt(slope[i]!, 0)) return 2;
      if (gt(adx[i]!, 25) && lt(slope[i]!, 0)) return -2;
      if (le(adx[i]!, 20)) return 0;
      return gt(slope[i]!, 0) ? 1 : -1;
    });
    return { outputs: { regime, slope } };
  },
  "tsi_signal.pine": (b) => {
    const t = tsi(b.close, 13, 25);
    return { outputs: { tsi: t, signal: r.ema(t, 13) } };
  },
  "turtle_state.pine": (b) => ({ outputs: turtle(b) }),
  "udt_ring_buffer.pine": (b) => ({
    outputs: { average: r.sma(b.close, 20), range: minus(r.highest(b.close, 20), r.lowest(b.close, 20)), stdev: r.stdev(b.close, 20) },
  }),
  "udt_running_stats.pine": (b) => ({ outputs: runningReturnStats(b) }),
  "udt_swing_points.pine": (b) => ({ outputs: swingPoints(b, 10) }),
  "ultimate_oscillator.pine": (b) => ({ outputs: { uo: ultimate(b) } }),
  "volume_profile_lite.pine": (b) => {
    const [poc, share] = volumeProfile(b, 50, 12);
    return { outputs: { poc, poc_share: share } };
  },
  "array_quartiles.pine": (b) => ({ outputs: quartiles(b.close, 21) }),
  "correlation_price_volume.pine": (b) => ({
    outputs: { close_vs_volume: correlation(b.close, b.volume, 20), trend_strength: correlation(b.close, map(b.length, (i) => i), 20) },
  }),
  "enum_ma_mode.pine": (b) => ({ outputs: { simple: r.sma(b.close, 30), exponential: r.ema(b.close, 30), weighted: r.wma(b.close, 30) } }),
  "fib_retracement_while.pine": (b) => ({ outputs: fibLevels(b, 100) }),
  "percentrank_close.pine": (b) => ({ outputs: { close_rank: percentRank(b.close, 50), range_rank: percentRank(minus(b.high, b.low), 100) } }),
  "qqe_bands.pine": (b) => ({ outputs: qqe(b, 6, 5, 3) }),
  "range_filter.pine": (b) => ({ outputs: rangeFilter(b, 100, 3) }),
  "rising_falling_streak.pine": (b) => ({ outputs: streaks(b) }),
  "swma_cum_variance.pine": (b) => {
    const sd = r.stdev(b.close, 20);
    const median = map(b.length, (i) => (i < 20 ? NaN : Array.from({ length: 21 }, (_, j) => b.close[i - j]!).sort((p, q) => p - q)[10]!));
    return {
      outputs: {
        swma: map(b.length, (i) => (at(b.close, i - 3) + 2 * at(b.close, i - 2) + 2 * at(b.close, i - 1) + b.close[i]!) / 6),
        total_volume_m: cumulative(b.volume).map((v) => v / 1e6),
        variance: sd.map((v) => v * v),
        mean_deviation: r.meanDev(b.close, 20),
        range: minus(r.highest(b.close, 20), r.lowest(b.close, 20)),
        median,
      },
    };
  },
  "ut_bot_trailing_stop.pine": (b) => ({ outputs: atrTrailingStop(b, 2, 10) }),
  "valuewhen_last_cross.pine": (b) => ({ outputs: crossValues(b) }),
  "vortex.pine": (b) => {
    const n = b.length;
    const vmp = r.sum(map(n, (i) => Math.abs(b.high[i]! - at(b.low, i - 1))), 14);
    const vmm = r.sum(map(n, (i) => Math.abs(b.low[i]! - at(b.high, i - 1))), 14);
    const str = r.sum(r.trueRange(b, true), 14);
    return { outputs: { vi_plus: map(n, (i) => vmp[i]! / str[i]!), vi_minus: map(n, (i) => vmm[i]! / str[i]!) } };
  },
  "vwap_monthly_anchor.pine": (b) => {
    const [v] = anchoredVwap(b, r.monthOf, (i) => b.close[i]!);
    return { outputs: { monthly_vwap: v, distance: map(b.length, (i) => (100 * (b.close[i]! - v[i]!)) / v[i]!) } };
  },
  "vwap_session_bands.pine": (b) => {
    const price = hlc3(b);
    const [v, dev] = anchoredVwap(b, r.dayOf, (i) => price[i]!);
    const band = (k: number): Series => map(b.length, (i) => v[i]! + k * dev[i]!);
    return {
      outputs: { vwap: v, upper_1: band(1), lower_1: band(-1), upper_2: band(2), lower_2: band(-2), above: map(b.length, (i) => (r.pine.gt(b.close[i]!, v[i]!) ? 1 : -1)) },
    };
  },
  "vwap_weekly_bands.pine": (b) => {
    const price = hlc3(b);
    const [v, dev] = anchoredVwap(b, r.weekOf, (i) => price[i]!);
    return { outputs: { vwap: v, upper_band: map(b.length, (i) => v[i]! + dev[i]!), lower_band: map(b.length, (i) => v[i]! - dev[i]!) } };
  },
  "wavetrend.pine": (b) => {
    const ap = hlc3(b);
    const esa = r.ema(ap, 10);
    const d = r.ema(map(b.length, (i) => Math.abs(ap[i]! - esa[i]!)), 10);
    const wt1 = r.ema(map(b.length, (i) => (ap[i]! - esa[i]!) / (0.015 * d[i]!)), 21);
    const wt2 = r.sma(wt1, 4);
    return { outputs: { wt1, wt2, spread: minus(wt1, wt2) } };
  },
  "williams_r.pine": (b) => {
    const wpr = (n: number): Series => {
      const hh = r.highest(b.high, n);
      const ll = r.lowest(b.low, n);
      return map(b.length, (i) => (100 * (b.close[i]! - hh[i]!)) / (hh[i]! - ll[i]!));
    };
    return { outputs: { percent_r: wpr(14), percent_r_slow: wpr(28) } };
  },
  "zscore_mean_reversion.pine": (b) => {
    const z = zscore(b.close, 20);
    return { outputs: { z, signal: map(b.length, (i) => (z[i]! > 2 ? -1 : z[i]! < -2 ? 1 : 0)) } };
  },
};
