// str.match: the first substring matching a regular expression, "" when none (Pine's reference
// example finds the ticker "NASDAQ:AAPL" in "It's time to sell some NASDAQ:AAPL!" with "[\\w]+:[\\w]+").
import { run } from "./harness";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(10), high: Float64Array.of(11), low: Float64Array.of(9), close: Float64Array.of(10), volume: Float64Array.of(100) };

function texts(exprs: string[]): string[] {
  const r = run(`//@version=6\nindicator("m")\n${exprs.map((e, k) => `log.info(${e})\nplot(${k})`).join("\n")}`, bars);
  expect(r.runtimeErrors).toEqual([]);
  return r.logs.map((l) => l.message);
}

test("the first match, an empty string when none, (?i) for any case", () => {
  expect(
    texts([
      `str.match("It's time to sell some NASDAQ:AAPL!", "[\\\\w]+:[\\\\w]+")`,
      `str.match("close 123.45 up", "[0-9]+\\\\.[0-9]+")`,
      `"[" + str.match("abc", "x") + "]"`,
      `str.match("Buy SIGNAL now", "(?i)signal")`,
    ]),
  ).toEqual(["NASDAQ:AAPL", "123.45", "[]", "SIGNAL"]);
});

test("an invalid expression is a runtime error", () => {
  const r = run(`//@version=6\nindicator("m")\nplot(str.length(str.match("abc", "(")))`, bars);
  expect(r.runtimeErrors.map((e) => e.message)).toEqual([expect.stringContaining("invalid regular expression")]);
});
