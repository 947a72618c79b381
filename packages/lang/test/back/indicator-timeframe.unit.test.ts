// indicator(timeframe = "W", timeframe_gaps = ...): the script runs on the chart symbol's weeks and
// its values show on the daily bars as request.security with lookahead off shows them (TradingView's
// reference, `indicator`: timeframe_gaps true by default, a value only on the bar where it arrives).
// Expected values: a plain loop over weeks built from AAPL's daily rows (harness weeklyBarsOf).
import { build, dailyBars, SYMBOL, weeklyBarsOf } from "./harness";
import { evaluate } from "../../src/evaluate";
import { scriptRequests } from "../../src/derive/requests";

const AAPL = dailyBars("AAPL");
const { bars: WEEKS, weekOf } = weeklyBarsOf(AAPL);
const CONTEXTS = [{ symbol: "AAPL", timeframe: "1w", bars: WEEKS, info: { ...SYMBOL, timeframe: "1w" } }];

/** The 5-week SMA of weekly closes, by hand. */
const sma5 = Array.from(WEEKS.close, (_, w) => (w < 4 ? NaN : (WEEKS.close[w]! + WEEKS.close[w - 1]! + WEEKS.close[w - 2]! + WEEKS.close[w - 3]! + WEEKS.close[w - 4]!) / 5));

/** The week a daily bar sees: its own once it is the week's last trading day (the next day opens another week), else the one before. */
const seen = Array.from(AAPL.time, (_, i) => (i + 1 < AAPL.length && weekOf[i + 1] !== weekOf[i] ? weekOf[i]! : weekOf[i]! - 1));

/** Values rounded to 1e-9 (the SMA's running sum and the plain sum differ in the last bits), na as null. */
const round = (xs: ArrayLike<number>): Array<number | null> => Array.from(xs, (x) => (Number.isNaN(x) ? null : Math.round(x * 1e9) / 1e9));

function run(decl: string, windowStart = 0) {
  return evaluate(build(`//@version=6\nindicator("w"${decl})\nplot(ta.sma(close, 5), "sma")`), AAPL, {}, { symbol: SYMBOL, windowStart, contexts: CONTEXTS });
}

describe("indicator(timeframe = \"W\") on a daily chart", () => {
  test("timeframe_gaps = false: each daily bar shows the last finished week's SMA", () => {
    const r = run(`, timeframe = "W", timeframe_gaps = false`);
    expect(r.runtimeErrors).toEqual([]);
    const want = seen.map((w) => (w < 0 ? NaN : sma5[w]!));
    expect(round(r.outputs[0]!.values)).toEqual(round(want));
    // 2012-11-23 (Friday, the week's last trading day) shows that week's value; the Monday after keeps it
    const at = (d: string): number => r.outputs[0]!.values[r.times.indexOf(Date.parse(`${d}T00:00:00Z`) / 1000)]!;
    const w = weekOf[r.times.indexOf(Date.parse("2012-11-23T00:00:00Z") / 1000)]!;
    expect(round([at("2012-11-23"), at("2012-11-26")])).toEqual(round([sma5[w]!, sma5[w]!]));
  });

  test("timeframe_gaps by default: the value only on the bar where the week closes, na on the others", () => {
    const r = run(`, timeframe = "W"`);
    const want = seen.map((w, i) => (w < 0 || (i > 0 && seen[i - 1] === w) ? NaN : sma5[w]!));
    expect(round(r.outputs[0]!.values)).toEqual(round(want));
  });

  test("a window's values equal the full run's", () => {
    const full = run(`, timeframe = "W", timeframe_gaps = false`);
    const part = run(`, timeframe = "W", timeframe_gaps = false`, AAPL.length - 300);
    expect(Array.from(part.outputs[0]!.values)).toEqual(Array.from(full.outputs[0]!.values).slice(-300));
  });

  test("the weeks are a context the worker fetches before the run; without them the run names them missing", () => {
    const src = `//@version=6\nindicator("w", timeframe = "W")\nplot(close)`;
    expect(scriptRequests([{ path: "main.pine", content: src }], { ticker: "AAPL", timeframe: "1d" }).contexts).toEqual([{ symbol: "AAPL", timeframe: "1w" }]);
    const r = evaluate(build(src), AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: [] });
    expect(r.missingContexts).toEqual([{ symbol: "AAPL", timeframe: "1w" }]);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['no 1w bars of "AAPL"', AAPL.length]]);
  });

  test("the chart's own timeframe, or none, is an ordinary run", () => {
    const own = run(`, timeframe = "D"`);
    const plain = run("");
    expect(Array.from(own.outputs[0]!.values)).toEqual(Array.from(plain.outputs[0]!.values));
  });

  test("a timeframe the store cannot serve is refused at validation", () => {
    expect(() => build(`//@version=6\nindicator("w", timeframe = "30S")\nplot(close)`)).toThrow(/unsupported_feature.*second bars are not stored/);
  });
});
