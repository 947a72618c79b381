// str.format takes arguments of different types in one call, as Pine's reference example does
// ("Number {0} is not {1} to {2}" with 1, "equal", 4 gives "Number 1 is not equal to 4").
import { run } from "./harness";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(10), high: Float64Array.of(11), low: Float64Array.of(9), close: Float64Array.of(10), volume: Float64Array.of(100) };

test("str.format: an int, a string and a float in one call", () => {
  const r = run(
    `//@version=6\nindicator("f")\ns = str.format("Number {0} is not {1} to {2}", 1, "equal", 4)\nt = str.format("{0} at {1,number,#.#}: {2}", "close", close + 0.31, close > open)\nplot(s == "Number 1 is not equal to 4" ? 1 : 0)\nplot(t == "close at 10.3: false" ? 1 : 0)`,
    bars,
  );
  expect(r.runtimeErrors).toEqual([]);
  expect(r.outputs.map((o) => o.values[0])).toEqual([1, 1]);
});

// TradingView's user manual (Time, "Formatting dates and time") formats timestamps with
// `{0,date,<pattern>}` and `{0,time,<pattern>}`; read in UTC here. The bar opens at 1.6e9 s:
// 2020-09-13 12:26:40 UTC, a Sunday.
test("str.format: {n,date,...} and {n,time,...} of a timestamp (a pattern with a comma, the named styles)", () => {
  const cases: Array<[string, string]> = [
    ["{0,date,yyyy.MM.dd}", "2020.09.13"],
    ["{0,date,MMM d, yyyy}", "Sep 13, 2020"],
    ["{0,date}", "Sep 13, 2020"],
    ["{0,date,short}", "9/13/20"],
    ["{0,date,full}", "Sunday, September 13, 2020"],
    ["{0,time,HH:mm:ss}", "12:26:40"],
    ["{0,time,short}", "12:26 PM"],
  ];
  const src = cases.map(([f, want]) => `plot(str.format("${f}", time) == "${want}" ? 1 : 0)`).join("\n");
  const r = run(`//@version=6\nindicator("f")\n${src}`, bars);
  expect(r.runtimeErrors).toEqual([]);
  expect(r.outputs.map((o) => o.values[0])).toEqual(cases.map(() => 1));
});
