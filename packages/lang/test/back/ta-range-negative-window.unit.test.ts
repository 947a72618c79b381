// ta.range of a window whose values are all 0 or below: TradingView's highest of the window starts
// from the smallest positive double, not from minus infinity, so such a window measures from 0
// (range of [-5, -3] is 5, of [0] is 5e-324). The expected values are TradingView's, as recorded in
// a public test of an independent implementation (docs/adr/0309 gives the address): a series of
// period 12 with na on 5 of its bars, lengths 1, 3 and 5, on every bar after warm-up and on the
// first 10 bars. Survey S39.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

/** The series by `bar_index % 12` (null: na). */
const SERIES: readonly (number | null)[] = [-5, -3, null, -8, -1, null, null, null, -2, 4, -6, null];

/** TradingView's ta.range(series, length) by `bar_index % 12`, once every window is warmed up. */
const BY_K: Record<number, readonly number[]> = {
  1: [5, 3, 3, 8, 1, 1, 1, 1, 2, 0, 6, 6],
  3: [10, 6, 6, 8, 8, 8, 8, 8, 8, 6, 10, 10],
  5: [10, 10, 10, 12, 8, 8, 8, 8, 8, 12, 12, 12],
};

/** TradingView's values on bar_index 0..9 (null: na until `length` non-na values were seen). */
const HEAD: Record<number, readonly (number | null)[]> = {
  1: [5, 3, 3, 8, 1, 1, 1, 1, 2, 0],
  3: [null, null, null, 8, 8, 8, 8, 8, 8, 6],
  5: [null, null, null, null, null, null, null, null, 8, 12],
};

const SOURCE = `//@version=6
indicator("range of negative windows")
var float[] pattern = array.from(${SERIES.map((v) => (v === null ? "0.0" : v.toFixed(1))).join(", ")})
int k = bar_index % 12
float s = ${SERIES.flatMap((v, i) => (v === null ? [`k == ${i}`] : [])).join(" or ")} ? na : pattern.get(k)
plot(ta.range(s, 1), "r1")
plot(ta.range(s, 3), "r3")
plot(ta.range(s, 5), "r5")
plot(ta.range(0.0, 1), "zero")
plot(ta.range(close, 3), "close")
`;

const N = 60;

function bars(): Bars {
  const col = (f: (i: number) => number) => Float64Array.from({ length: N }, (_, i) => f(i));
  const close = col((i) => 100 + (i % 4));
  return { length: N, time: col((i) => 1704067200 + i * 3600), open: close, high: close, low: close, close, volume: col(() => 1) };
}

describe("ta.range measures a window of values at or below 0 from 0, as TradingView (docs/adr/0309)", () => {
  const result = evaluate(build(SOURCE), bars(), {}, { symbol: { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "60" }, windowStart: 0 });
  const column = (title: string): number[] => Array.from(result.outputs.find((o) => o.title === title)!.values as ArrayLike<number>);
  const cell = (v: number): number | null => (Number.isNaN(v) ? null : v);

  it.each([1, 3, 5])("length %i after warm-up", (length) => {
    const got = column(`r${length}`);
    for (let i = 24; i < N; i++) expect([i, cell(got[i]!)]).toEqual([i, BY_K[length]![i % 12]]);
  });

  it.each([1, 3, 5])("length %i on the first 10 bars", (length) => {
    expect(column(`r${length}`).slice(0, 10).map(cell)).toEqual(HEAD[length]);
  });

  it("a window of 0 is the smallest positive double; positive windows are highest - lowest", () => {
    expect(column("zero")[5]).toBe(5e-324);
    // closes 100, 101, 102, 103, 100, ...: the last 3 at bar 5 are 102, 103, 100
    expect(column("close")[5]).toBe(3);
  });
});
