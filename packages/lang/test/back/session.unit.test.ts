// Sessions, time(timeframe, session), session.* and ta.vwap's trading day, on bars whose times are
// worked by hand: New York is UTC-5 until 2011-03-13 (EST), UTC-4 after (EDT); so 09:30 ET is
// 14:30 UTC on 2011-03-01 and 13:30 UTC on 2011-03-14. Days: 2011-03-01 is a Tuesday, 03-05 a Saturday.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

const NY: SymbolInfo = { ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: "1m", session: "0930-1600" };
const utc = (s: string): number => Date.parse(`${s}Z`) / 1000;

function bars(times: string[], hlc3: number[] = times.map(() => 1)): Bars {
  const t = Float64Array.from(times, utc);
  const p = Float64Array.from(hlc3);
  return { length: t.length, time: t, open: p, high: p.slice(), low: p.slice(), close: p.slice(), volume: new Float64Array(t.length).fill(1) };
}

function outputs(src: string, b: Bars, symbol: SymbolInfo = NY): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("s")\n${src}`), b, {}, { symbol, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

const DAY1 = ["2011-03-01T14:29:00", "2011-03-01T14:30:00", "2011-03-01T20:59:00", "2011-03-01T21:00:00"];

test("time(timeframe, session): the bar's time inside the session (start included, end excluded), na outside", () => {
  const [t] = outputs(`plot(time("", "0930-1600"))`, bars(DAY1));
  expect(t).toEqual([NaN, utc("2011-03-01T14:30:00") * 1000, utc("2011-03-01T20:59:00") * 1000, NaN]);
});

test("the session is read in the exchange's zone across the DST change, and in a zone given", () => {
  const b = bars(["2011-03-14T13:29:00", "2011-03-14T13:30:00"]);
  expect(outputs(`plot(time("", "0930-1600"))`, b)[0]!.map((x) => x === x)).toEqual([false, true]);
  expect(outputs(`plot(time("", "1330-1400", "UTC"))`, b)[0]!.map((x) => x === x)).toEqual([false, true]);
});

test("days: 23456 is Monday to Friday; an overnight range belongs to the day it starts", () => {
  const sat = bars(["2011-03-05T15:00:00", "2011-03-04T15:00:00"]);
  expect(outputs(`plot(time("", "0930-1600:23456"))`, sat)[0]!.map((x) => x === x)).toEqual([false, true]);
  const night = bars(["2011-03-01T23:00:00", "2011-03-01T13:00:00", "2011-03-01T15:00:00"]);
  expect(outputs(`plot(time("", "1700-0900"))`, night)[0]!.map((x) => x === x)).toEqual([true, true, false]);
});

test("time and time_close of a higher timeframe: the period holding the bar", () => {
  // 09:45 EST: the hour that opened with the session at 09:30 closes at 10:30 EST (15:30 UTC); the
  // day opens with the session at 09:30 EST, 14:30 UTC, as TradingView's daily bar (docs/adr/0200)
  const [d, h] = outputs(`plot(time("D"))\nplot(time_close("60"))`, bars(["2011-03-01T14:45:00"]));
  expect(d).toEqual([utc("2011-03-01T14:30:00") * 1000]);
  expect(h).toEqual([utc("2011-03-01T15:30:00") * 1000]);
});

test("session.* on the instrument's session 0930-1600 New York", () => {
  const b = bars(["2011-03-01T13:00:00", "2011-03-01T14:30:00", "2011-03-01T20:59:00", "2011-03-01T22:00:00", "2011-03-02T13:00:00"]);
  const src = ["ismarket", "ispremarket", "ispostmarket", "isfirstbar", "islastbar", "isfirstbar_regular", "islastbar_regular"].map((n) => `plot(session.${n} ? 1 : 0)`).join("\n");
  const [market, pre, post, first, last, firstReg, lastReg] = outputs(src, b);
  expect(market).toEqual([0, 1, 1, 0, 0]);
  expect(pre).toEqual([1, 0, 0, 0, 1]);
  expect(post).toEqual([0, 0, 0, 1, 0]);
  expect(first).toEqual([1, 0, 0, 0, 1]);
  expect(last).toEqual([0, 0, 0, 1, 1]);
  expect(firstReg).toEqual([0, 1, 0, 0, 0]);
  expect(lastReg).toEqual([0, 0, 1, 0, 0]);
});

test("ta.vwap starts again at midnight in the exchange's zone, not at midnight UTC", () => {
  // 18:00 and 19:00 ET on 03-01 (23:00 and 00:00 UTC), then 00:00 ET on 03-02 (05:00 UTC)
  const b = bars(["2011-03-01T23:00:00", "2011-03-02T00:00:00", "2011-03-02T05:00:00"], [10, 20, 40]);
  expect(outputs(`plot(ta.vwap)\nplot(ta.vwap(hlc3))`, b)).toEqual([[10, 15, 40], [10, 15, 40]]);
});

test("syminfo.session is the session type of the bars, session.regular", () => {
  const r = evaluate(build(`//@version=6\nindicator("s")\nplot(syminfo.session == session.regular ? 1 : 0)`), bars(DAY1), {}, { symbol: NY, windowStart: 0 });
  expect(Array.from(r.outputs[0]!.values)).toEqual([1, 1, 1, 1]);
});
