// Number text where TradingView's documents leave the printed result open, settled by public evidence
// (docs/adr/0294, which gives each source's address). Each expected text is quoted from a source,
// not from our code:
// - "fork": a public Pine emulator's tests whose expected lines, its header says, are what
//   TradingView logs for the same scripts;
// - "reference": TradingView's Pine v6 reference manual (format.percent: "The default precision is
//   2"; str.tostring's format accepts format.mintick, format.percent and format.volume only);
// - "PyneCore": an independent Python Pine runtime (its chart formatter writes "NaN%"; str.format
//   writes a negative value that rounds to zero with its sign, as Java's DecimalFormat).
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(10), high: Float64Array.of(11), low: Float64Array.of(9), close: Float64Array.of(10), volume: Float64Array.of(100) };

/** The line each expression logs, the expressions joined by " " as the fork's scripts join them. */
function line(exprs: string[]): string {
  const src = `//@version=6\nindicator("t")\nlog.info(${exprs.join(' + " " + ')})\nplot(close)`;
  const r = evaluate(build(src), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.logs[0]?.message ?? "";
}

const pct = (xs: string[]) => line(xs.map((x) => `str.tostring(${x}, format.percent)`));
const vol = (xs: string[]) => line(xs.map((x) => `str.tostring(${x}, format.volume)`));
const plain = (xs: string[]) => line(xs.map((x) => `str.tostring(${x})`));

describe("format.percent: two decimals, always (reference: default precision 2; fork)", () => {
  test("the fork's pct line", () => {
    expect(pct(["0.123456", "12.3456", "1", "-0.5", "0.005", "0.015", "1234.5", "float(na)", "1.0 / 3"])).toBe("0.12% 12.35% 1.00% -0.50% 0.01% 0.02% 1234.50% NaN% 0.33%");
  });
  test("the format's own text names it too (fork: pct_str)", () => {
    expect(line(['str.tostring(0.5, "percent")'])).toBe("0.50%");
  });
});

describe("format.volume: a whole number below a thousand (fork; PyneCore and another emulator write 12 and 518 too)", () => {
  test("the fork's vol lines", () => {
    expect(vol(["1234567", "2500000000", "999", "12.3456", "1234", "999999", "1000", "1500"])).toBe("1.235M 2.5B 999 12 1.234K 999.999K 1K 1.5K");
    expect(vol(["-1234567", "0.5", "1e12", "1e15", "float(na)", "999.5", "1000000", "1234500", "12345", "123456"])).toBe("-1.235M 1 1T 1000T NaN 1000 1M 1.235M 12.345K 123.456K");
    expect(vol(["0.123", "-5.5", "9999.5", "999950", "1e18", "2.5", "3.5", "1235.5"])).toBe("0 -6 10K 999.95K 1000000T 3 4 1.236K");
  });
});

describe("format.price and format.inherit are not str.tostring formats (reference; fork)", () => {
  test("they are read as patterns without digits", () => {
    expect(line(["str.tostring(83123.456, format.price)", "str.tostring(83123.456, format.inherit)"])).toBe("price83123 inherit83123");
  });
});

describe("str.format keeps the sign of a value rounding to zero (fork; PyneCore; Java's DecimalFormat)", () => {
  test("the fork's neg_zero line: str.tostring drops it, str.format keeps it", () => {
    expect(line(['str.format("{0}", -0.0001)', 'str.format("{0,number,#.##}", -0.001)', 'str.tostring(-0.001, "#.##")'])).toBe("-0 -0 0");
  });
  test("the fork's f0 line: a tie to the even zero keeps the sign too", () => {
    expect(line(['str.format("{0,number,#}", 0.5)', 'str.format("{0,number,#}", 1.5)', 'str.format("{0,number,#}", -0.5)', 'str.format("{0,number,#}", -1.5)'])).toBe("0 2 -0 -2");
  });
});

describe("str.tostring without a format writes an exponent from 1e21 on (fork)", () => {
  test("the fork's b, g and d lines", () => {
    expect(plain(["1e-7", "1e-11", "5.0", "1e8", "1e21", "-0.0", "float(na)"])).toBe("0.0000001 0 5 100000000 1E21 0 NaN");
    expect(plain(["2.5e-9", "1e-10", "1.00000000005", "2.00000000015", "1e19", "1e22", "1.5e300"])).toBe("0.0000000025 0.0000000001 1.0000000001 2.0000000002 10000000000000000000 1E22 1.5E300");
    expect(plain(["1e20", "1.23456789e25", "-1e-7"])).toBe("100000000000000000000 1.23456789E25 -0.0000001");
  });
  test("the fork's tonumber line: the digits before the exponent have up to ten decimals", () => {
    expect(plain(['str.tonumber("123456789012345678901234567890")'])).toBe("1.2345678901E29");
  });
});

describe("array.join writes a float array's elements as Java's Double.toString (fork; PyneCore writes 5.0 too)", () => {
  test("the fork's j lines", () => {
    const src = `//@version=6
indicator("join_float")
log.info(array.join(array.from(5.0, 2.5, -0.125), ","))
log.info(array.join(array.from(1.0 / 3, 1e8, 1e-7, 123456789.123456789), ";"))
log.info(array.join(array.from(1, 2.5), ","))
log.info(array.join(array.from(1, 2, 3)) + " " + array.join(array.from(1, 2, 3), "-"))
log.info(array.join(array.new_float(2), ","))
log.info(array.join(array.new_int(2), ","))
log.info(array.join(array.from(1e7, 12345678.9, 9999999.0, 10000000.5, 0.00099, 123.0), ","))
log.info(array.join(array.from(1.0, na, 3.5), ","))
log.info(str.tostring(array.from(1.5, 2.0)) + " " + str.tostring(array.from(1.0 / 3, 1e8)))
plot(close)`;
    const r = evaluate(build(src), bars, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(r.runtimeErrors).toEqual([]);
    expect(r.logs.map((l) => l.message)).toEqual([
      "5.0,2.5,-0.125",
      "0.3333333333333333;1.0E8;1.0E-7;1.2345678912345679E8",
      "1.0,2.5",
      "123 1-2-3",
      "NaN,NaN",
      "NaN,NaN",
      "1.0E7,1.23456789E7,9999999.0,1.00000005E7,9.9E-4,123.0",
      "1.0,NaN,3.5",
      "[1.5, 2] [0.3333333333, 100000000]",
    ]);
  });
});
