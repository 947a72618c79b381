// request.security of a user function returning a tuple: na for every element before the first
// weekly value, then the week's values (read by hand from the demo CSVs, as request-security.unit.test.ts:
// weeks closing 547.06 (of 11-05), 527.68 (Fri 11-16), 571.50 (Fri 11-23), 585.28 (of 11-26)).
import { at, runOn } from "../support/request-contexts";

const DAYS = ["2012-11-12", "2012-11-16", "2012-11-19", "2012-11-23", "2012-11-30"];

test("[a, b] = request.security(..., f(close)) with f returning a tuple: na for both first, then the week's", () => {
  const r = runOn(`f(x) => [x, x * 2]\n[a, b] = request.security(syminfo.tickerid, "W", f(close))\nplot(a, "a")\nplot(b, "b")`);
  expect(r.runtimeErrors).toEqual([]);
  // the chart's first bars come before the first week's last bar
  expect([r.outputs[0]!.values[0], r.outputs[1]!.values[0]]).toEqual([NaN, NaN]);
  expect(DAYS.map((d) => at(r, d))).toEqual([547.06, 527.68, 527.68, 571.5, 585.28]);
  expect(DAYS.map((d) => at(r, d, 1))).toEqual([1094.12, 1055.36, 1055.36, 1143, 1170.56]);
});

// A block ending in a tuple declaration yields that tuple, as TradingView's Pivot Points Standard
// returns request.security's tuple from an if branch of its calculatePivots() function.
test("a function whose body, or whose if branch, ends in [a, b] = request.security(...) returns that tuple", () => {
  const src = `f() =>
    [a, b] = request.security(syminfo.tickerid, "W", [close, close * 2])
g(simple bool weekly) =>
    if weekly
        [a, b] = request.security(syminfo.tickerid, "W", [close, close * 2])
    else
        [open, 0.0]
[x, y] = f()
[u, v] = g(true)
plot(x, "x")
plot(y, "y")
plot(u, "u")
plot(v, "v")`;
  const r = runOn(src);
  expect(r.runtimeErrors).toEqual([]);
  for (const k of [0, 2]) expect(DAYS.map((d) => at(r, d, k))).toEqual([547.06, 527.68, 527.68, 571.5, 585.28]);
  for (const k of [1, 3]) expect(DAYS.map((d) => at(r, d, k))).toEqual([1094.12, 1055.36, 1055.36, 1143, 1170.56]);
});

test("an if branch ending in [a, b] = h() yields h's tuple (Fridays: the day's close is the week's)", () => {
  const r = runOn(`h() => [close, 1]
k(bool c) =>
    if c
        [a, b] = h()
    else
        [0.0, 0]
[x, y] = k(true)
plot(x, "x")
plot(y, "y")`);
  expect(r.runtimeErrors).toEqual([]);
  const FRIDAYS = ["2012-11-16", "2012-11-23", "2012-11-30"];
  expect(FRIDAYS.map((d) => at(r, d))).toEqual([527.68, 571.5, 585.28]);
  expect(FRIDAYS.map((d) => at(r, d, 1))).toEqual([1, 1, 1]);
});
