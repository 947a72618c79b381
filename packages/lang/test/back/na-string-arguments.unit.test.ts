// An na string given to a built-in (a bare `na`, or a string variable holding na) is the na that
// strings hold, as every string function takes it (docs/adr/0172-na-string-arguments.md). Before,
// such an na compiled as the number NaN and the call stopped every bar with a JavaScript TypeError
// ("s.toUpperCase is not a function", "tf.trim is not a function"). Expected values are worked by
// hand from risingBars (daily bars at 00:00 UTC from 2024-01-01, close = 10 + i on bar i).
import { risingBars, run } from "./harness";

const V6 = `//@version=6\nindicator("x")\n`;

function outputs(body: string, n = 3): { values: number[][]; errors: string[] } {
  const r = run(`${V6}${body}`, risingBars(n));
  return { values: r.outputs.map((o) => Array.from(o.values)), errors: r.runtimeErrors.map((e) => e.message) };
}

test("string functions given na, bare or in a variable, answer na instead of stopping the bar", () => {
  const r = outputs(`string s = na
plot(na(str.upper(na)) ? 1 : 0)
plot(na(str.lower(s)) ? 1 : 0)
plot(na(syminfo.prefix(s)) ? 1 : 0)
plot(na(syminfo.ticker(na)) ? 1 : 0)
plot(na(ticker.new(na, na)) ? 1 : 0)
plot(str.split(s, ":").size())`, 2);
  expect(r.errors).toEqual([]);
  expect(r.values).toEqual([[1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [0, 0]]);
});

test("an na timeframe is the chart's, an na session none, an na time zone UTC, an na separator none", () => {
  // bar i opens at 2024-01-01 + i days, 00:00 UTC: 19:00 of the day before in New York
  const r = outputs(`string s = na
plot(time(s) == time ? 1 : 0)
plot(time_close(na, na) == time_close ? 1 : 0)
plot(hour(time, na))
plot(hour(time, "America/New_York"))
plot(str.length(str.repeat("ab", 3, na)))`);
  expect(r.errors).toEqual([]);
  expect(r.values).toEqual([[1, 1, 1], [1, 1, 1], [0, 0, 0], [19, 19, 19], [6, 6, 6]]);
});

test("runtime.error with an na message stops the bar with the message na", () => {
  // ('x' + na is 'x': an na string concatenates as an empty one, docs/adr/0326)
  expect(outputs(`string s = na\nruntime.error(s)\nplot(1)`, 1).errors).toEqual(["na"]);
});

test("a tuple element that is na, passed on to a string function, is na too", () => {
  const r = outputs(`f() => ["a", na]\n[p, q] = f()\nplot(na(str.upper(q)) ? 1 : 0)\nplot(str.length(str.upper(p)))`, 1);
  expect(r.errors).toEqual([]);
  expect(r.values).toEqual([[1], [1]]);
});

test("array.join writes an na string element as str.tostring of the array does", () => {
  const r = outputs(`a = array.from("x", na)\nplot(a.join(",") == "x,NaN" ? 1 : 0)\nplot(str.tostring(a) == "[x, NaN]" ? 1 : 0)`, 1);
  expect(r.errors).toEqual([]);
  expect(r.values).toEqual([[1], [1]]);
});
