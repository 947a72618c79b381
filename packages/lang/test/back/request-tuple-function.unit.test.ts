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
