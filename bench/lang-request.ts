// lang: a 190-line public-style dashboard that requests another symbol and a higher timeframe
// (request.security) beside UDTs with methods, arrays (floats, bools, a ring), maps (int and
// string keys, UDT values) and user functions, evaluated over 50,000 synthetic minute bars,
// against a hand-written typed-array loop computing the same 16 columns (maxdiff compares them).
// Line: `lang request_mtf compiled_ms=<x> handwritten_ms=<y> ratio=<x/y> context_bars=<n> maxdiff=<d>`.
// The compiled time includes the script's runs over both contexts (the other symbol's 50,000 minute
// bars and the 834 hourly bars): the work TradingView's model does. Medians of 15 runs after 3 untimed,
// taking turns.
import { evaluate } from "../packages/lang/src/evaluate";
import { buildProgram as build, maxDiff, timeInTurns } from "./_lang-program";
import type { ContextBars } from "../packages/lang/src/stdlib/request";
import type { Bars } from "../packages/lang/src/types";

const N = 50_000;
const RUNS = 15;
const WARMUP = 3;

const SCRIPT = `//@version=6
indicator("mtf spread dashboard", overlay = false)

// ---- inputs -----------------------------------------------------------------
lenAvg = input.int(20, "Spread average length", minval = 2)
lenRing = input.int(10, "Momentum length", minval = 1)
lenHourly = input.int(5, "Hourly SMA length", minval = 1)
alpha = input.float(0.1, "EMA weight", minval = 0.0, maxval = 1.0)
otherSymbol = input.symbol("OTH", "Other symbol")

// ---- types ------------------------------------------------------------------
// Running moments of a series: sum, sum of squares and count.
type Stat
    float sum = 0.0
    float sumsq = 0.0
    int n = 0

method add(Stat this, float x) =>
    this.sum += x
    this.sumsq += x * x
    this.n += 1
    this

method mean(Stat this) =>
    this.n > 0 ? this.sum / this.n : na

method dev(Stat this) =>
    float m = this.mean()
    this.n > 0 ? math.sqrt(math.max(this.sumsq / this.n - m * m, 0.0)) : na

// Up and down bar runs.
type Streak
    int up = 0
    int down = 0
    int longestUp = 0
    int longestDown = 0

method step(Streak this, float change) =>
    if change > 0
        this.up += 1
        this.down := 0
    else if change < 0
        this.down += 1
        this.up := 0
    if this.up > this.longestUp
        this.longestUp := this.up
    if this.down > this.longestDown
        this.longestDown := this.down
    this.up - this.down

// High and low of the current UTC day.
type DayRange
    float hi = na
    float lo = na
    int day = -1

method track(DayRange this, int d, float hi, float lo) =>
    if d != this.day
        this.day := d
        this.hi := hi
        this.lo := lo
    else
        this.hi := math.max(this.hi, hi)
        this.lo := math.min(this.lo, lo)
    this.hi - this.lo

// ---- helpers ----------------------------------------------------------------
// Mean of the array's values that are not na.
arrayMean(array<float> xs) =>
    float s = 0.0
    int k = 0
    for x in xs
        if not na(x)
            s += x
            k += 1
    k > 0 ? s / k : na

// Population standard deviation around a given mean.
arrayDev(array<float> xs, float m) =>
    float ss = 0.0
    int k = 0
    for x in xs
        if not na(x)
            ss += (x - m) * (x - m)
            k += 1
    k > 0 ? math.sqrt(ss / k) : na

// Percentage distance of a value from a reference.
pctFrom(float value, float ref) =>
    ref != 0 ? (value - ref) / ref * 100 : na

// Exponential smoothing kept by the caller.
smooth(float prev, float x, float w) =>
    na(prev) ? x : prev + w * (x - prev)

// ---- requested series -------------------------------------------------------
other = request.security(otherSymbol, "1", close)
hourly = request.security("", "60", ta.sma(close, lenHourly))

// ---- state ------------------------------------------------------------------
var Stat total = Stat.new()
var Streak streak = Streak.new()
var spreads = array.new<float>()
var ring = array.new<float>(lenRing, na)
var byHour = map.new<int, Stat>()
var counts = map.new<string, int>()
var DayRange today = DayRange.new()
var byWeekday = map.new<int, int>()
var signs = array.new<bool>()
var float ema = na

// ---- per bar ----------------------------------------------------------------
spread = close - other

// rolling window of spreads
spreads.push(spread)
if spreads.size() > lenAvg
    spreads.shift()
avgSpread = arrayMean(spreads)
devSpread = arrayDev(spreads, avgSpread)
z = devSpread > 0 ? (spread - avgSpread) / devSpread : na

// moments of every spread so far
total.add(spread)

// momentum through a ring of past closes
slot = bar_index % lenRing
past = ring.get(slot)
momentum = na(past) ? na : close - past
ring.set(slot, close)

// spread by hour of the day
h = hour(time, "UTC")
if not byHour.contains(h)
    byHour.put(h, Stat.new())
Stat bucket = byHour.get(h)
bucket.add(spread)
hourMean = bucket.mean()

// up and down bars in a map of counts
change = close - open
key = change > 0 ? "up" : change < 0 ? "down" : "flat"
counts.put(key, nz(counts.get(key)) + 1)
ups = nz(counts.get("up"))
downs = nz(counts.get("down"))
upShare = ups + downs > 0 ? float(ups) / (ups + downs) : na

// where the close sits in the day's range
dayRange = today.track(dayofmonth(time, "UTC"), high, low)
dayPos = dayRange > 0 ? (close - today.lo) / dayRange : na

// bars seen on this weekday so far
wd = dayofweek(time, "UTC")
byWeekday.put(wd, nz(byWeekday.get(wd)) + 1)
weekdayBars = byWeekday.get(wd)

// how many of the last spreads were positive
signs.push(spread > 0)
if signs.size() > lenAvg
    signs.shift()
int positives = 0
for s in signs
    if s
        positives += 1
positiveShare = positives / signs.size()

// width of the spread window
spreadWidth = spreads.max() - spreads.min()

// streaks
run = streak.step(change)

// smoothed spread and the distance from the hourly average
ema := smooth(ema, spread, alpha)
dist = pctFrom(close, hourly)

// ---- outputs ----------------------------------------------------------------
plot(avgSpread, "avg")
plot(hourly, "hourly")
plot(total.mean(), "mean")
plot(total.dev(), "dev")
plot(z, "z")
plot(momentum, "momentum")
plot(hourMean, "hour mean")
plot(upShare, "up share")
plot(run, "run")
plot(streak.longestUp - streak.longestDown, "longest")
plot(ema, "ema")
plot(dist, "dist")
plot(dayPos, "day position")
plot(spreadWidth, "spread width")
plot(weekdayBars, "weekday bars")
plot(positiveShare, "positive share")
`;

function minuteBars(n: number, seed0: number): Bars {
  let seed = seed0;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const b: Bars = { length: n, time: new Float64Array(n), open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n) };
  let p = 100;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(1, p * (1 + (rnd() - 0.5) * 0.004));
    b.time[i] = 1.5e9 - (1.5e9 % 3600) + i * 60;
    b.open[i] = o;
    b.close[i] = p;
    b.high[i] = Math.max(o, p);
    b.low[i] = Math.min(o, p);
    b.volume[i] = 1000;
  }
  return b;
}

/** Hourly bars of minute bars (hour-aligned): the close is the hour's last minute's. */
function hourly(m: Bars): Bars {
  const rows: number[][] = [];
  for (let i = 0; i < m.length; i++) {
    const h = m.time[i]! - (m.time[i]! % 3600);
    const last = rows[rows.length - 1];
    if (last && last[0] === h) {
      last[2] = Math.max(last[2]!, m.high[i]!);
      last[3] = Math.min(last[3]!, m.low[i]!);
      last[4] = m.close[i]!;
    } else rows.push([h, m.open[i]!, m.high[i]!, m.low[i]!, m.close[i]!, m.volume[i]!]);
  }
  const col = (k: number) => Float64Array.from(rows, (r) => r[k]!);
  return { length: rows.length, time: col(0), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5) };
}

function handwritten(chart: Bars, other: Bars, hours: Bars): Float64Array[] {
  const n = chart.length;
  const cols = Array.from({ length: 16 }, () => new Float64Array(n));
  const [avgC, hourlyC, meanC, devC, zC, momC, hourMeanC, upShareC, runC, longestC, emaC, distC, dayPosC, widthC, weekdayC, positiveC] = cols as [
    Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array,
    Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array,
  ];
  // hourly SMA(5) over the hours, then each minute sees the last hour closed by its own close
  const sma = new Float64Array(hours.length).fill(NaN);
  let s = 0;
  for (let j = 0; j < hours.length; j++) {
    s += hours.close[j]!;
    if (j >= 5) s -= hours.close[j - 5]!;
    if (j >= 4) sma[j] = s / 5;
  }
  const win = new Float64Array(20);
  const past = new Float64Array(10).fill(NaN);
  const hourSum = new Float64Array(24);
  const hourN = new Float64Array(24);
  const weekdayN = new Float64Array(7);
  let count = 0;
  let sum = 0;
  let sumsq = 0;
  let p = -1;
  let ups = 0;
  let downs = 0;
  let up = 0;
  let down = 0;
  let longestUp = 0;
  let longestDown = 0;
  let ema = NaN;
  let day = -1;
  let hi = NaN;
  let lo = NaN;
  for (let i = 0; i < n; i++) {
    const t = chart.time[i]!;
    const c = chart.close[i]!;
    const spread = c - other.close[i]!;
    // the last 20 spreads: mean, population deviation, width
    win[i % 20] = spread;
    if (count < 20) count++;
    let ws = 0;
    let wmax = -Infinity;
    let wmin = Infinity;
    let positives = 0;
    for (let k = 0; k < count; k++) {
      const x = win[(i - k) % 20]!;
      if (x > 0) positives++;
      ws += x;
      if (x > wmax) wmax = x;
      if (x < wmin) wmin = x;
    }
    const wm = ws / count;
    let wss = 0;
    for (let k = 0; k < count; k++) wss += (win[(i - k) % 20]! - wm) ** 2;
    const wd = Math.sqrt(wss / count);
    avgC[i] = wm;
    zC[i] = wd > 0 ? (spread - wm) / wd : NaN;
    widthC[i] = wmax - wmin;
    positiveC[i] = positives / count;
    // bars on this UTC weekday (1970-01-01 was a Thursday)
    const w = (Math.floor(t / 86400) + 4) % 7;
    const wn = weekdayN[w]! + 1;
    weekdayN[w] = wn;
    weekdayC[i] = wn;
    // every spread so far
    sum += spread;
    sumsq += spread * spread;
    const m = sum / (i + 1);
    meanC[i] = m;
    devC[i] = Math.sqrt(Math.max(sumsq / (i + 1) - m * m, 0));
    // hourly SMA, lookahead off
    while (p + 1 < hours.length && hours.time[p + 1]! <= t) p++;
    const j = t + 60 >= hours.time[p]! + 3600 ? p : p - 1;
    const hv = j >= 0 ? sma[j]! : NaN;
    hourlyC[i] = hv;
    distC[i] = (c - hv) / hv * 100;
    // close 10 bars ago
    const old = past[i % 10]!;
    momC[i] = c - old;
    past[i % 10] = c;
    // spread by hour of the day
    const h = Math.floor(t / 3600) % 24;
    const hs = hourSum[h]! + spread;
    const hn = hourN[h]! + 1;
    hourSum[h] = hs;
    hourN[h] = hn;
    hourMeanC[i] = hs / hn;
    // up and down bars, runs
    const change = c - chart.open[i]!;
    if (change > 0) {
      ups++;
      up++;
      down = 0;
    } else if (change < 0) {
      downs++;
      down++;
      up = 0;
    }
    if (up > longestUp) longestUp = up;
    if (down > longestDown) longestDown = down;
    upShareC[i] = ups + downs > 0 ? ups / (ups + downs) : NaN;
    runC[i] = up - down;
    longestC[i] = longestUp - longestDown;
    ema = ema !== ema ? spread : ema + 0.1 * (spread - ema);
    emaC[i] = ema;
    // the UTC day's range
    const d = Math.floor(t / 86400);
    if (d !== day) {
      day = d;
      hi = chart.high[i]!;
      lo = chart.low[i]!;
    } else {
      hi = Math.max(hi, chart.high[i]!);
      lo = Math.min(lo, chart.low[i]!);
    }
    dayPosC[i] = hi - lo > 0 ? (c - lo) / (hi - lo) : NaN;
  }
  return cols;
}

export async function run(): Promise<string[]> {
  const chart = minuteBars(N, 12345);
  const other = minuteBars(N, 777);
  const hours = hourly(chart);
  const contexts: ContextBars[] = [
    { symbol: "OTH", timeframe: "1m", bars: other, info: { ticker: "OTH", timezone: "UTC", mintick: 0.01, timeframe: "1m" } },
    { symbol: "SYN", timeframe: "1h", bars: hours, info: { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1h" } },
  ];
  const symbol = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1m" };
  const prog = build(SCRIPT);
  const fs: Array<() => unknown> = [() => evaluate(prog, chart, {}, { symbol, windowStart: 0, contexts }), () => handwritten(chart, other, hours)];
  const [c, h] = timeInTurns(fs, WARMUP, RUNS) as [number, number];
  const result = evaluate(prog, chart, {}, { symbol, windowStart: 0, contexts });
  const diff = maxDiff(result.outputs.map((o) => o.values), handwritten(chart, other, hours));
  return [`lang request_mtf compiled_ms=${c.toFixed(2)} handwritten_ms=${h.toFixed(2)} ratio=${(c / h).toFixed(2)} context_bars=${result.barsEvaluated - N} maxdiff=${diff.toExponential(1)}`];
}
