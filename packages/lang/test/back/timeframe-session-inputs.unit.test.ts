// timeframe.from_seconds and the timeframe kinds (values as TradingView's reference gives them:
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
