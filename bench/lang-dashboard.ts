// lang: a public-style multi-timeframe dashboard (a list of six timeframes from a string input,
// request.security of a tuple called in a `for` loop whose timeframe changes every iteration, a
// table written on the last bar) over the demo SPY minute bars, against a hand-written loop
// computing its two plots from the same context bars (EMA, VWAP per context bar, each chart bar
// seeing the context bar closed by its close). Medians of 5 runs after 1 untimed.
// Line: `lang request_dashboard compiled_ms=<x> handwritten_ms=<y> ratio=<x/y> chart_bars=<n> context_bars=<m> maxdiff=<d>`.
import { evaluate, type EvaluationResult } from "../packages/lang/src/evaluate";
import { buildProgram as build, maxDiff, timeInTurns } from "./_lang-program";
import type { ContextBars } from "../packages/lang/src/stdlib/request";
import type { Bars } from "../packages/lang/src/types";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseBarFile, rowsToBars } from "../packages/marketdata/src/formats";
import { resample } from "../packages/marketdata/src/resample";
import type { Timeframe } from "../packages/marketdata/src/timeframes";

const DASHBOARD = `//@version=6
indicator("mtf dashboard", overlay = true)
tfList = input.string("1,5,15,30,60,240", "Timeframes (comma-separated)")
emaLen = input.int(21, "EMA length")
var string[] tfs = array.new_string()
if barstate.isfirst
    for tf in str.split(tfList, ",")
        array.push(tfs, str.trim(tf))
var table dash = table.new(position.top_right, 4, 7, border_width = 1)
tfData() =>
    [close, ta.ema(close, emaLen), ta.vwap]
bulls = 0
float spread = 0.0
for i = 0 to array.size(tfs) - 1
    tf = array.get(tfs, i)
    [c, e, vw] = request.security(syminfo.tickerid, tf, tfData(), lookahead = barmerge.lookahead_off)
    bull = c > e
    if bull
        bulls += 1
    spread += (c - vw) / vw * 100
    if barstate.islast
        table.cell(dash, 0, i + 1, tf, text_color = color.white, bgcolor = color.new(color.black, 0))
        table.cell(dash, 1, i + 1, bull ? "UP" : "DN", bgcolor = bull ? color.new(color.lime, 20) : color.new(color.red, 20))
        table.cell(dash, 2, i + 1, str.tostring(e, format.mintick))
        table.cell(dash, 3, i + 1, str.tostring((c - vw) / vw * 100, "#.##") + "%")
plot(bulls, "bulls")
plot(spread, "vwap spread")
`;

const DASH_TFS: Array<[string, Timeframe, number]> = [["5", "5m", 300], ["15", "15m", 900], ["30", "30m", 1800], ["60", "1h", 3600], ["240", "4h", 14400]];

/** The demo SPY minute bars of the regular session, 09:30 to 16:00 New York time (both files, the later one's bar where they overlap). */
function spyMinutes(): Bars {
  const dir = join(__dirname, "..", "packages", "marketdata", "demo");
  const rows = new Map<number, number[]>();
  for (const f of ["nt-spy-minute-2011.csv", "nt-spy-minute-2011-03.csv"]) {
    const b = rowsToBars(parseBarFile(readFileSync(join(dir, f), "utf8"), "ninjatrader").rows);
    for (let i = 0; i < b.length; i++) if (regular(b.time[i]!)) rows.set(b.time[i]!, [b.time[i]!, b.open[i]!, b.high[i]!, b.low[i]!, b.close[i]!, b.volume[i]!]);
  }
  const sorted = [...rows.values()].sort((a, b) => a[0]! - b[0]!);
  const col = (k: number) => Float64Array.from(sorted, (r) => r[k]!);
  return { length: sorted.length, time: col(0), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5) };
}

const NY_CLOCK = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hourCycle: "h23", hour: "numeric", minute: "numeric" });

/** Whether a minute bar opening at Unix seconds `t` is in New York's 09:30-16:00. */
function regular(t: number): boolean {
  const [h, m] = NY_CLOCK.format(new Date(t * 1000)).split(":").map(Number) as [number, number];
  const minute = h * 60 + m;
  return minute >= 570 && minute < 960;
}

/** The dashboard's two plots by hand: per context, EMA (seeded by the SMA of its first bars) and the day's VWAP per context bar, read at the context bar closed by each chart bar's close. */
function dashboardByHand(chart: Bars, ctxs: Array<{ bars: Bars; seconds: number }>, emaLen: number): Float64Array[] {
  const n = chart.length;
  // a day's session ends with its last minute bar
  const dayEnd = new Map<number, number>();
  for (let i = 0; i < n; i++) dayEnd.set(Math.floor(chart.time[i]! / 86400), chart.time[i]! + 60);
  const bulls = new Float64Array(n);
  const spread = new Float64Array(n);
  for (const { bars, seconds } of ctxs) {
    const m = bars.length;
    const ema = new Float64Array(m).fill(NaN);
    const vwap = new Float64Array(m);
    const closeAt = new Float64Array(m);
    const alpha = 2 / (emaLen + 1);
    let sum = 0;
    let pv = 0;
    let vol = 0;
    let day = -1;
    for (let j = 0; j < m; j++) {
      const c = bars.close[j]!;
      if (j < emaLen) {
        sum += c;
        if (j === emaLen - 1) ema[j] = sum / emaLen;
      } else ema[j] = alpha * c + (1 - alpha) * ema[j - 1]!;
      const d = Math.floor(bars.time[j]! / 86400);
      if (d !== day) {
        day = d;
        pv = 0;
        vol = 0;
      }
      pv += ((bars.high[j]! + bars.low[j]! + c) / 3) * bars.volume[j]!;
      vol += bars.volume[j]!;
      vwap[j] = pv / vol;
      closeAt[j] = Math.min(bars.time[j]! + seconds, dayEnd.get(d)!);
    }
    let j = -1;
    for (let i = 0; i < n; i++) {
      while (j + 1 < m && closeAt[j + 1]! <= chart.time[i]! + 60) j++;
      const c = j >= 0 ? bars.close[j]! : NaN;
      const e = j >= 0 ? ema[j]! : NaN;
      const vw = j >= 0 ? vwap[j]! : NaN;
      if (c > e) bulls[i]! += 1;
      spread[i]! += ((c - vw) / vw) * 100;
    }
  }
  return [bulls, spread];
}

/** The dashboard's evaluation and its hand-written counterpart, built once (a profile or a bench drives them). */
export function dashboardCase(): { compiled: () => EvaluationResult; byHand: () => Float64Array[]; chartBars: number } {
  const chart = spyMinutes();
  const info = (tf: string) => ({ ticker: "SPY", timezone: "America/New_York", session: "0930-1600", mintick: 0.01, timeframe: tf });
  const contexts: ContextBars[] = DASH_TFS.map(([, tf]) => ({ symbol: "SPY", timeframe: tf, bars: resample(chart, "1m", tf) as Bars, info: info(tf) }));
  const prog = build(DASHBOARD);
  const hand = [{ bars: chart, seconds: 60 }, ...contexts.map((c, k) => ({ bars: c.bars, seconds: DASH_TFS[k]![2] }))];
  return {
    compiled: () => evaluate(prog, chart, {}, { symbol: info("1m"), windowStart: 0, contexts }),
    byHand: () => dashboardByHand(chart, hand, 21),
    chartBars: chart.length,
  };
}

export async function run(): Promise<string[]> {
  const { compiled, byHand, chartBars } = dashboardCase();
  const [c, h] = timeInTurns([compiled, byHand], 1, 5) as [number, number];
  const result = compiled();
  if (result.runtimeErrors.length > 0) throw new Error(`request_dashboard: ${result.runtimeErrors[0]!.message}`);
  const diff = maxDiff(result.outputs.map((o) => o.values), byHand());
  return [`lang request_dashboard compiled_ms=${c.toFixed(2)} handwritten_ms=${h.toFixed(2)} ratio=${(c / h).toFixed(2)} chart_bars=${chartBars} context_bars=${result.barsEvaluated - chartBars} maxdiff=${diff.toExponential(1)}`];
}
