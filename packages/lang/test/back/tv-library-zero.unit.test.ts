// TradingView's ta library functions divide as Pine does: a zero divisor gives na
// (docs/adr/0109-division-by-zero-is-na.md), not JavaScript's infinity. Values worked by hand.
import { cagr, changePercent } from "../../src/stdlib/ta/tv-library";
import { evaluateValid, outputsByName } from "../front/harness";

const DAY = 86_400_000;

test("changePercent from an old value of 0 is na; otherwise 100 * (new - old) / old", () => {
  expect(changePercent(5, 0)).toBeNaN();
  expect(changePercent(0, 0)).toBeNaN();
  expect(changePercent(-3, -0)).toBeNaN();
  // 100 * (15 - 10) / 10 = 50; 100 * (5 - -10) / -10 = -150
  expect(changePercent(15, 10)).toBe(50);
  expect(changePercent(5, -10)).toBe(-150);
});

test("cagr from an entry price of 0 is na; from 100 to 121 over two years, 10", () => {
  expect(cagr(0, 0, 730 * DAY, 121)).toBeNaN();
  expect(cagr(0, -0, 730 * DAY, 0)).toBeNaN();
  // 100 * (1.21^(1/2) - 1) = 10
  expect(cagr(0, 100, 730 * DAY, 121)).toBeCloseTo(10, 9);
  // an exit price of 0 is a change of -100 % (0^(1/2) = 0)
  expect(cagr(0, 100, 730 * DAY, 0)).toBe(-100);
});

test("in a script: a close of 0 makes the next bar's changePercent na, and nz() then replaces it", async () => {
  const res = await evaluateValid(`//@version=6
indicator("x")
import TradingView/ta/12 as ta
plot(ta.changePercent(close, close[1]), "change")
plot(nz(ta.changePercent(close, close[1]), -1), "guarded")
plot(ta.cagr(0, close, 730 * 86400000, 121), "cagr")
`, [4, 0, 2, 3]);
  // changePercent: na (no close[1]), 100 * (0 - 4) / 4 = -100, na (old 0), 100 * (3 - 2) / 2 = 50
  const out = outputsByName(res);
  expect(out.change).toEqual([null, -100, null, 50]);
  expect(out.guarded).toEqual([-1, -100, -1, 50]);
  // cagr from close to 121 over two years: 100 * (sqrt(121 / close) - 1): 450, na, 100 * (sqrt(60.5) - 1), 100 * (sqrt(121 / 3) - 1)
  expect(out.cagr!.map((v) => (v === null ? null : Math.round(v * 1e6) / 1e6))).toEqual([450, null, Math.round(100 * (Math.sqrt(60.5) - 1) * 1e6) / 1e6, Math.round(100 * (Math.sqrt(121 / 3) - 1) * 1e6) / 1e6]);
});
