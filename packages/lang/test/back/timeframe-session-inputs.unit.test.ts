// timeframe.from_seconds, in_seconds and the timeframe kinds (values as TradingView's reference gives them:
// 60 s is "1", 3600 "60", 86400 "1D", 604800 "1W"), and input.session feeding time(timeframe, session).
import { build, dailyBars, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const one: Bars = dailyBars("AAPL");

function strings(src: string, timeframe = "1d", inputs: Record<string, unknown> = {}): number[] {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${src}`), one, inputs, { symbol: { ...SYMBOL, timeframe }, windowStart: one.length - 1 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => o.values[0]!);
}

test("timeframe.from_seconds writes minutes, days and weeks as Pine does", () => {
  const cases: Array<[number, string]> = [[30, "30S"], [60, "1"], [3600, "60"], [7200, "120"], [86400, "1D"], [172800, "2D"], [604800, "1W"], [90, "2"]];
  const src = cases.map(([s, tf]) => `plot(timeframe.from_seconds(${s}) == "${tf}" ? 1 : 0)`).join("\n");
  expect(strings(src)).toEqual(cases.map(() => 1));
});

test("timeframe kinds on a daily and a minute run", () => {
  const src = ["isdwm", "isminutes", "isseconds", "isticks"].map((k) => `plot(timeframe.${k} ? 1 : 0)`).join("\n");
  expect(strings(src, "1d")).toEqual([1, 0, 0, 0]);
  expect(strings(src, "5m")).toEqual([0, 1, 0, 0]);
});

test("input.session is a string input whose value time(timeframe, session) reads", () => {
  // the last AAPL bar (2013-03-01, a Friday) at 00:00 UTC: inside 0000-2359 every day, outside Monday-only hours
  const src = `s = input.session("0000-2359", "Hours")\nplot(na(time("", s, "UTC")) ? 0 : 1)`;
  expect(strings(src)).toEqual([1]);
  expect(strings(src, "1d", { s: "0000-2359:2" })).toEqual([0]);
});

// Seconds timeframes, by TradingView's reference ("timeframe.from_seconds": the next larger valid
// timeframe, the larger unit when several are exact, "12M" above 366 days; seconds take the
// multipliers 1, 5, 10, 15, 30 and 45 only) and its user manual ("Timeframe string specifications").
test("timeframe.from_seconds rounds up to a valid timeframe", () => {
  const cases: Array<[number, string]> = [[0, "1S"], [1, "1S"], [2, "5S"], [5, "5S"], [6, "10S"], [11, "15S"], [20, "30S"], [31, "45S"], [46, "1"], [61, "2"], [86399, "1440"], [604799, "7D"], [1209600, "2W"], [691200, "8D"], [2628003, "1M"], [31536000, "365D"], [31622400, "12M"], [40000000, "12M"]];
  const src = cases.map(([s, tf]) => `plot(timeframe.from_seconds(${s}) == "${tf}" ? 1 : 0)`).join("\n");
  expect(strings(src)).toEqual(cases.map(() => 1));
});

test("timeframe.in_seconds of seconds strings, of a series string, and the kinds on a 30-second run", () => {
  expect(strings(`plot(timeframe.in_seconds("30S"))\nplot(timeframe.in_seconds("S"))\nplot(timeframe.in_seconds("45S"))\ntf = close > 0 ? "15S" : "D"\nplot(timeframe.in_seconds(tf))`)).toEqual([30, 1, 45, 15]);
  const kinds = `plot(timeframe.isseconds ? 1 : 0)\nplot(timeframe.isminutes ? 1 : 0)\nplot(timeframe.isintraday ? 1 : 0)\nplot(timeframe.multiplier)\nplot(timeframe.in_seconds())\nplot(timeframe.period == "30S" ? 1 : 0)`;
  expect(strings(kinds, "30S")).toEqual([1, 0, 1, 30, 30, 1]);
});

test("a seconds context cannot be served from stored bars: refused at validation when written, a runtime error of each bar when computed", () => {
  for (const tf of ["1S", "5S", "15S", "30S"]) expect(() => build(`//@version=6\nindicator("s")\nplot(request.security(syminfo.tickerid, "${tf}", close))`)).toThrow(/unsupported_feature.*second bars are not stored, the finest is 1 minute/);
  const r = evaluate(build(`//@version=6\nindicator("s")\ntf = timeframe.from_seconds(int(timeframe.in_seconds() / 2))\nplot(request.security(syminfo.tickerid, tf, close))\nplot(close)`), one, {}, { symbol: { ...SYMBOL, timeframe: "1m" }, windowStart: 0, contexts: [] });
  expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['timeframe "30S": second bars are not stored, the finest is 1 minute (available: any minutes under a day (1, 5, 15, 30, 60, 120, 240 stored, others built from them), D, W, M)', one.length]]);
  // nothing for the worker to fetch: no context is reported missing
  expect(r.missingContexts ?? []).toEqual([]);
  expect(Array.from(r.outputs[0]!.values).every((v) => Number.isNaN(v))).toBe(true);
});
