// request.security of another symbol on the chart's timeframe, whose bars open when the chart's do:
// each chart bar sees the other symbol's bar of the same time (the alignment is the identity and
// a numeric site reads the column as it is, stdlib/request/align.ts sameBars). Bars that do not
// open together still take the general rule. Minute bars worked by hand.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";

const T0 = Date.UTC(2021, 2, 1) / 1000;
const M1: SymbolInfo = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1m" };

function minutes(offsets: number[], closes: number[]): Bars {
  const c = Float64Array.from(closes);
  return { length: c.length, time: Float64Array.from(offsets, (k) => T0 + k * 60), open: c, high: c.slice(), low: c.slice(), close: c.slice(), volume: new Float64Array(c.length).fill(1) };
}

const chart = minutes([0, 1, 2, 3, 4], [10, 11, 12, 13, 14]);
const other = (b: Bars): ContextBars => ({ symbol: "OTH", timeframe: "1m", bars: b, info: { ...M1, ticker: "OTH" } });

function outputs(src: string, ctx: ContextBars): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("o")\n${src}`), chart, {}, { symbol: M1, windowStart: 0, contexts: [ctx] });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

const SCRIPT = `plot(request.security("OTH", "1", close))
plot(request.security("OTH", "1", close, barmerge.gaps_on))
plot(request.security("OTH", "1", close, lookahead = barmerge.lookahead_on))
plot(request.security("OTH", "1", close * 2 + close[1]))`;

test("bars opening with the chart's: each chart bar sees the other symbol's bar of its minute, in every mode", () => {
  const same = other(minutes([0, 1, 2, 3, 4], [5, 7, 6, 9, 8]));
  const [off, gaps, on, expr] = outputs(SCRIPT, same);
  expect(off).toEqual([5, 7, 6, 9, 8]);
  expect(gaps).toEqual([5, 7, 6, 9, 8]);
  expect(on).toEqual([5, 7, 6, 9, 8]);
  // close * 2 + close[1] on the other symbol's bars: na, 14 + 5, 12 + 7, 18 + 6, 16 + 9
  expect(expr).toEqual([NaN, 19, 19, 24, 25]);
  // the requested column is the context's own, not a copy that later bars could change
  expect(Array.from(same.bars.close)).toEqual([5, 7, 6, 9, 8]);
});

test("a missing minute: the chart bar of that minute sees the last bar before it (na with gaps_on)", () => {
  const [off, gaps, on, expr] = outputs(SCRIPT, other(minutes([0, 1, 3, 4], [5, 7, 9, 8])));
  expect(off).toEqual([5, 7, 7, 9, 8]);
  expect(gaps).toEqual([5, 7, NaN, 9, 8]);
  expect(on).toEqual([5, 7, 7, 9, 8]);
  // the expression over the other symbol's four bars: na, 19, (repeated at minute 2), 18 + 7, 16 + 9
  expect(expr).toEqual([NaN, 19, 19, 25, 25]);
});

test("as many bars, one minute later: each chart bar sees the bar before its own minute", () => {
  const [off, gaps, on] = outputs(SCRIPT, other(minutes([1, 2, 3, 4, 5], [5, 7, 6, 9, 8])));
  // chart minute 0 has no bar yet; minute k sees the bar opening at minute k (index k - 1)
  expect(off).toEqual([NaN, 5, 7, 6, 9]);
  expect(gaps).toEqual([NaN, 5, 7, 6, 9]);
  expect(on).toEqual([NaN, 5, 7, 6, 9]);
});
