// A sandbox thread's warm-up (docs/adr/0349-sandbox-threads-warmed-at-start.md): before it takes
// its first task, a fresh thread evaluates a task of our own, a script of ours over synthetic bars,
// through the same steps as a run's task (thread.ts's run: validate, compile, the output limit,
// evaluate with the pool's controls, the result and the portable program), so that V8 has compiled
// the language's compiler and runtime in this isolate when the first user's run arrives. Nothing
// of it is kept: its answers are dropped in the thread, its program leaves the thread's cache, and
// it never reaches the main thread's database, queue or metrics.
import type { Bars, ScriptInterface, SourceFile } from "@barscript/lang";
import type { ThreadTask } from "./protocol";

/** The warm-up's program cache key (no run's: theirs start with the owner's id). */
export const WARM_UP_KEY = "warm-up";

/** The warm-up's script: the indicators, operators and statements most scripts use. */
export const WARM_UP_SOURCE = `//@version=6
indicator("sandbox warm-up", overlay = true)
length = input.int(14, "Length")
fast = ta.ema(close, 12)
slow = ta.sma(close, 26)
[macdLine, signalLine, histLine] = ta.macd(close, 12, 26, 9)
strength = ta.rsi(close, length)
[middle, upper, lower] = ta.bb(close, 20, 2)
range = ta.atr(length)
top = ta.highest(high, 20)
bottom = ta.lowest(low, 20)
var float crosses = 0
if ta.crossover(fast, slow) or ta.crossunder(fast, slow)
    crosses += 1
plot(fast, "fast")
plot(slow, "slow")
plot(histLine, "hist")
plot(strength, "rsi")
plot(upper - lower, "band")
plot(range, "atr")
plot(top - bottom, "channel")
plot(crosses, "crosses")
plot(math.max(nz(strength[1]), 50) + math.abs(ta.change(close)), "misc")
`;

/**
 * Bars the warm-up evaluates: enough calls for V8 to compile the runtime's hot functions past its
 * interpreter (docs/performance.md, "Issue 22, twenty-first session": 2,000 and 5,000 cut a
 * user's first run alike), few enough that a thread is warm about as soon as it has loaded.
 */
export const WARM_UP_BARS = 2000;

/** A deterministic random walk of `n` one-minute bars (times in Unix ms). */
export function warmUpBars(n: number): Bars {
  const cols = { time: new Float64Array(n), open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n) };
  let seed = 7;
  let price = 100;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const open = price;
    price = Math.max(1, price * (1 + (seed / 2147483648 - 0.5) * 0.004));
    cols.time[i] = Date.UTC(2024, 0, 2) + i * 60_000;
    cols.open[i] = open;
    cols.close[i] = price;
    cols.high[i] = Math.max(open, price) * 1.0005;
    cols.low[i] = Math.min(open, price) * 0.9995;
    cols.volume[i] = 1000 + (i % 17) * 10;
  }
  return { length: n, ...cols };
}

/** The warm-up's task, as the pool would post a run's (a control buffer, an output limit, no streaming). */
export function warmUpTask(bars = WARM_UP_BARS): ThreadTask {
  const files: SourceFile[] = [{ path: "main.pine", content: WARM_UP_SOURCE }];
  // validate derives the script's interface; this one is only compileScript's fallback
  const iface: ScriptInterface = { inputs: [], outputs: [], events: [], warmup_bars: 0 };
  return {
    cacheKey: WARM_UP_KEY,
    kind: "indicator",
    files,
    interface: iface,
    bars: warmUpBars(bars),
    windowStart: 0,
    inputs: {},
    symbol: { ticker: "WARMUP", timezone: "UTC", mintick: 0.01, timeframe: "1m" },
    timeBudgetMs: 60_000,
    maxEvents: 100,
    outputLimitBytes: 64 * 1024 * 1024,
    control: new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT),
  };
}
