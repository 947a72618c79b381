// ta.supertrend(factor, atrPeriod) given a series factor keeps the factor of its first bar, as the
// relation recorded on TradingView in a public test of an independent implementation shows
// (docs/adr/0313 gives the address): a factor of 3 on bar 0 and 2 after gives the supertrend of 3
// on every bar, not that of 2. TradingView's ta library's form, supertrend(factor, atrLength, wicks),
// is Pine computing the bands from the factor of each bar, and keeps doing so. Survey S39.
import { dailyBars, run } from "./harness";

const AAPL = dailyBars("AAPL");

const columns = (body: string): Record<string, number[]> => {
  const r = run(`//@version=6\nindicator("st")\n${body}`, AAPL);
  expect(r.runtimeErrors).toEqual([]);
  return Object.fromEntries(r.outputs.map((o) => [o.title, Array.from(o.values)]));
};

describe("ta.supertrend keeps its first bar's factor (docs/adr/0313)", () => {
  const v = columns(`f = bar_index == 0 ? 3.0 : 2.0
[st, dir] = ta.supertrend(f, 10)
[st3, dir3] = ta.supertrend(3.0, 10)
[st2, dir2] = ta.supertrend(2.0, 10)
plot(st, "st")
plot(dir, "dir")
plot(st3, "st3")
plot(dir3, "dir3")
plot(st2, "st2")`);

  test("a factor of 3 on bar 0 and 2 after gives the supertrend of 3 on every bar", () => {
    expect(v["st"]).toEqual(v["st3"]);
    expect(v["dir"]).toEqual(v["dir3"]);
    // the two constant factors do differ on these bars, so the comparison above says something
    expect(v["st3"]!.some((x, i) => x !== v["st2"]![i])).toBe(true);
  });
});
