// Real public Pine v5/v6 scripts, stored unchanged under test/corpus (SOURCES.md says where each
// comes from and under which licence), run as a user would: validate() with no library
// resolver, then compile() + evaluate() over AAPL's daily bars with the default inputs.
//
// EXPECTED pins today's outcome of every script, honestly: "runs" (valid, evaluates with no
// runtime error), "refused" with the first error's diagnostic code (a script Pine refuses too,
// or a feature this dialect lacks), or "backend" with the compile error's text (the front end
// accepts the script but codegen or the runtime fails: a back-end gap, listed in the report with
// a minimal repro). Fixing a gap flips its row.
//
// For scripts that run with a finite warmup, the last 300 bars are evaluated again from only
// `warmup_bars` bars before them: LANGUAGE.md promises the same numbers whatever the window.
// Four scripts' plots are compared with independent computations written here (MACD, ATR,
// Stochastic, Supertrend, each from its textbook/Pine definition).

import { readdirSync, readFileSync } from "fs";
import { join } from "path";
import { compile, evaluate, validate, type EvaluationResult } from "../src/index";
import type { Bars, Resolver } from "../src/types";
import { dailyBars, SYMBOL, sliceBars } from "./back/harness";

const DIR = join(__dirname, "corpus");
const noLibraries: Resolver = { resolve: async () => null };
const bars = dailyBars("AAPL");

type Outcome = { runs: true } | { refused: string } | { backend: string };
const runs: Outcome = { runs: true };
const refused = (code: string): Outcome => ({ refused: code });
const backend = (message: string): Outcome => ({ backend: message });

const EXPECTED: Record<string, Outcome> = {
  // mihakralj/pinescript (MIT): hand-written indicators with var state, arrays, while loops.
  "mk_adx.pine": runs,
  "mk_aroon.pine": runs,
  "mk_bbands.pine": runs,
  "mk_cmo.pine": runs,
  "mk_ha.pine": runs,
  "mk_kchannel.pine": runs,
  "mk_macd.pine": runs,
  "mk_mfi.pine": runs,
  "mk_obv.pine": refused("wrong_argument"), // color.new(c, 0, color = ..., linewidth = 2): Pine refuses it too
  "mk_rsi.pine": runs,
  "mk_stoch.pine": runs,
  "mk_vortex.pine": runs,
  "mk_willr.pine": runs,
  // shubhamtaywade82/pinescripts-collections
  "st_bollinger_squeeze.pine": refused("syntax_error"), // `? \n` continuation indented by 16 spaces: a block in Pine too
  "st_supertrend_tuple.pine": refused("type_mismatch"), // trend = ta.supertrend(...) without destructuring: Pine refuses it too
  "st_vwap_basic.pine": runs,
  // TradingView's built-in indicators (v6 source)
  "tv_atr.pine": runs,
  "tv_awesome_oscillator.pine": runs,
  "tv_bull_bear_power.pine": runs,
  "tv_donchian.pine": runs,
  "tv_ema.pine": runs,
  "tv_macd.pine": runs,
  "tv_momentum.pine": runs,
  "tv_parabolic_sar.pine": runs,
  "tv_pmo.pine": refused("unresolved_import"), // import TradingView/ta/11: no public TradingView libraries here
  "tv_ppo.pine": runs,
  "tv_price_channel.pine": runs,
  "tv_pvo.pine": runs,
  "tv_pvt.pine": runs,
  "tv_roc.pine": runs,
  "tv_rsi.pine": runs, // _inRange() reads global variables
  "tv_smi.pine": runs,
  "tv_smi_ergodic_oscillator.pine": runs,
  "tv_smma.pine": runs,
  "tv_stoch_rsi.pine": runs,
  "tv_stochastic.pine": runs,
  "tv_supertrend.pine": runs,
  "tv_tema.pine": runs,
  "tv_trend_strength_index.pine": runs,
  "tv_trix.pine": runs,
  "tv_true_strength_index.pine": runs,
  "tv_ultimate_oscillator.pine": runs,
  "tv_volatility_stop.pine": runs,
  "tv_volume.pine": runs,
  "tv_vortex.pine": runs,
  "tv_williams_alligator.pine": runs,
  "tv_williams_r.pine": runs, // _pr() reads the global `src`
};

interface Outcomes {
  outcome: Outcome;
  result: EvaluationResult | null;
  warmup: number;
  program: ReturnType<typeof compile> | null;
}

async function runScript(file: string, on: Bars = bars, windowStart = 0): Promise<Outcomes> {
  const content = readFileSync(join(DIR, file), "utf8");
  const v = await validate([{ path: "main.pine", content }], { resolver: noLibraries });
  const firstError = v.diagnostics.find((d) => d.severity === "error");
  if (!v.valid || !v.checked || !v.interface) return { outcome: refused(firstError?.code ?? "invalid"), result: null, warmup: 0, program: null };
  let program;
  try {
    program = compile(v.checked, v.interface);
    const result = evaluate(program, on, {}, { symbol: SYMBOL, windowStart });
    if (result.runtimeErrors.length > 0) return { outcome: backend(`runtime: ${result.runtimeErrors.map((e) => e.message).join("; ")}`), result, warmup: v.interface.warmup_bars, program };
    return { outcome: runs, result, warmup: v.interface.warmup_bars, program };
  } catch (err) {
    return { outcome: backend((err as Error).message), result: null, warmup: v.interface.warmup_bars, program: program ?? null };
  }
}

const files = readdirSync(DIR).filter((f) => f.endsWith(".pine")).sort();
const cache = new Map<string, Promise<Outcomes>>();
const outcomeOf = (f: string): Promise<Outcomes> => {
  let p = cache.get(f);
  if (!p) cache.set(f, (p = runScript(f)));
  return p;
};

function column(r: EvaluationResult, name: string): Float64Array {
  const o = r.outputs.find((x) => x.name === name);
  if (!o) throw new Error(`no output ${name} (have ${r.outputs.map((x) => x.name).join(", ")})`);
  return o.values;
}

/** Same numbers to 1e-9 relative (both na counts as equal). */
function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, from: number, label: string): void {
  let bad = 0;
  let first = "";
  for (let i = from; i < expected.length; i++) {
    const a = actual[i]!;
    const e = expected[i]!;
    const ok = (Number.isNaN(a) && Number.isNaN(e)) || Math.abs(a - e) <= 1e-9 * Math.max(1, Math.abs(e));
    if (!ok) {
      if (bad === 0) first = `${label}[${i}]: got ${a}, expected ${e}`;
      bad++;
    }
  }
  expect(bad === 0 ? "" : `${bad} mismatches, first ${first}`).toBe("");
}

describe("corpus of real public Pine scripts", () => {
  it("has an expected outcome for every stored script, and a script for every row", () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)("%s: validate + compile + evaluate over AAPL daily gives the pinned outcome", async (f) => {
    const { outcome, result } = await outcomeOf(f);
    const expected = EXPECTED[f]!;
    if ("backend" in expected && "backend" in outcome) expect(outcome.backend).toContain(expected.backend);
    else expect(outcome).toEqual(expected);
    if (result && "runs" in outcome) {
      expect(result.windowBars).toBe(bars.length);
      expect(result.outputs.length).toBeGreaterThan(0);
      // Something was computed: at least one output has a finite value on the last bar.
      expect(result.outputs.some((o) => Number.isFinite(o.values[o.values.length - 1]!))).toBe(true);
    }
  });

  it.each(files)("%s: the last 300 bars are the same from warmup_bars bars before them", async (f) => {
    const full = await outcomeOf(f);
    if (!full.result || !full.program || !("runs" in full.outcome) || full.warmup >= 5000) return;
    const n = bars.length;
    const windowFrom = n - 300;
    const start = Math.max(0, windowFrom - full.warmup);
    const cut = evaluate(full.program, sliceBars(bars, start), {}, { symbol: SYMBOL, windowStart: windowFrom - start });
    for (const o of full.result.outputs) {
      const tail = o.values.subarray(windowFrom);
      expectClose(column(cut, o.name), tail, 0, `${f} ${o.name}`);
    }
  });
});

// ---- independent computations ------------------------------------------------------------------

function sma(x: ArrayLike<number>, n: number): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  for (let i = n - 1; i < x.length; i++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += x[i - k]!;
    out[i] = s / n;
  }
  return out;
}

/** Pine's EMA/RMA: na inputs skipped, seeded with the SMA of the first `n` values. */
function smoothed(x: ArrayLike<number>, alpha: number, n: number): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  let seen = 0;
  let sum = 0;
  let prev = NaN;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    if (Number.isNaN(v)) {
      out[i] = prev;
      continue;
    }
    if (seen < n) {
      sum += v;
      seen++;
      if (seen === n) prev = sum / n;
    } else prev = alpha * v + (1 - alpha) * prev;
    out[i] = prev;
  }
  return out;
}
const ema = (x: ArrayLike<number>, n: number) => smoothed(x, 2 / (n + 1), n);
const rma = (x: ArrayLike<number>, n: number) => smoothed(x, 1 / n, n);

function trueRange(b: Bars): Float64Array {
  return Float64Array.from({ length: b.length }, (_, i) =>
    i === 0 ? b.high[0]! - b.low[0]! : Math.max(b.high[i]! - b.low[i]!, Math.abs(b.high[i]! - b.close[i - 1]!), Math.abs(b.low[i]! - b.close[i - 1]!)),
  );
}

describe("corpus scripts against independent computations on AAPL daily", () => {
  it("TradingView MACD (12, 26, 9): macd, signal, histogram", async () => {
    const { result } = await outcomeOf("tv_macd.pine");
    const macd = new Float64Array(bars.length);
    const slow = ema(bars.close, 26);
    const fast = ema(bars.close, 12);
    for (let i = 0; i < macd.length; i++) macd[i] = fast[i]! - slow[i]!;
    const signal = ema(macd, 9);
    const hist = macd.map((m, i) => m - signal[i]!);
    expectClose(column(result!, "macd"), macd, 0, "macd");
    expectClose(column(result!, "signal"), signal, 0, "signal");
    expectClose(column(result!, "histogram"), hist, 0, "histogram");
  });

  it("TradingView ATR (14): Wilder's average of the true range, first true range high - low", async () => {
    const { result } = await outcomeOf("tv_atr.pine");
    expectClose(column(result!, "atr"), rma(trueRange(bars), 14), 0, "atr");
  });

  it("TradingView Stochastic (14, 1, 3): %K and its 3-bar SMA", async () => {
    const { result } = await outcomeOf("tv_stochastic.pine");
    const k = new Float64Array(bars.length).fill(NaN);
    for (let i = 13; i < bars.length; i++) {
      let hh = -Infinity;
      let ll = Infinity;
      for (let j = i - 13; j <= i; j++) {
        hh = Math.max(hh, bars.high[j]!);
        ll = Math.min(ll, bars.low[j]!);
      }
      k[i] = (100 * (bars.close[i]! - ll)) / (hh - ll);
    }
    expectClose(column(result!, "k"), k, 0, "k");
    expectClose(column(result!, "d"), sma(k, 3), 0, "d");
  });

  it("TradingView Supertrend (10, 3): up and down trend lines from Pine's ta.supertrend definition", async () => {
    const { result } = await outcomeOf("tv_supertrend.pine");
    const atr = rma(trueRange(bars), 10);
    const n = bars.length;
    const up = new Float64Array(n).fill(NaN);
    const down = new Float64Array(n).fill(NaN);
    let prevLower = NaN;
    let prevUpper = NaN;
    let prevSt = NaN;
    for (let i = 0; i < n; i++) {
      const src = (bars.high[i]! + bars.low[i]!) / 2;
      let lower = src - 3 * atr[i]!;
      let upper = src + 3 * atr[i]!;
      const pl = Number.isNaN(prevLower) ? 0 : prevLower;
      const pu = Number.isNaN(prevUpper) ? 0 : prevUpper;
      const c1 = i > 0 ? bars.close[i - 1]! : NaN;
      lower = lower > pl || c1 < pl ? lower : pl;
      upper = upper < pu || c1 > pu ? upper : pu;
      let dir: number;
      if (i === 0 || Number.isNaN(atr[i - 1]!)) dir = 1;
      else if (prevSt === prevUpper) dir = bars.close[i]! > upper ? -1 : 1;
      else dir = bars.close[i]! < lower ? 1 : -1;
      const st = dir === -1 ? lower : upper;
      // The script: supertrend := barstate.isfirst ? na : supertrend
      const shown = i === 0 ? NaN : st;
      if (dir < 0) up[i] = shown;
      else down[i] = shown;
      prevLower = lower;
      prevUpper = upper;
      prevSt = st;
    }
    expectClose(column(result!, "up_trend"), up, 0, "up_trend");
    expectClose(column(result!, "down_trend"), down, 0, "down_trend");
  });
});
