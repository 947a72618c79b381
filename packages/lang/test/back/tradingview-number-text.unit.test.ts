// Number and value text as TradingView writes it in labels, table cells, logs and alerts
// (docs/adr/0177). Expected texts are TradingView's reference manual's printed results (its
// str.format example, str.tostring's and format.*'s remarks) or worked by hand from the rules the
// reference names: str.tostring's default format '#.##########', and str.format being Java's
// MessageFormat (its remarks are MessageFormat's; `{0}` shows "up to three decimals with no
// trailing zeros").
import { build, SYMBOL } from "./harness";
import { check } from "../front/harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(10), high: Float64Array.of(11), low: Float64Array.of(9), close: Float64Array.of(10), volume: Float64Array.of(100) };

/** Each `[expression, expected text]` logged by one script on an instrument of tick `mintick`; the texts that differ. */
function differing(cases: Array<[string, string]>, mintick = 0.01): Array<[string, string, string]> {
  const src = cases.map(([e]) => `log.info(${e})`).join("\n");
  const r = evaluate(build(`//@version=6\nindicator("t")\n${src}\nplot(close)`), bars, {}, { symbol: { ...SYMBOL, mintick }, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return cases.map(([e, want], k): [string, string, string] => [e, want, r.logs[k]?.message ?? ""]).filter(([, want, got]) => want !== got);
}

describe("str.format", () => {
  test("the reference's example prints what it says", () => {
    expect(
      differing([
        ['str.format("{0,number,#.#}", 1.34)', "1.3"],
        ['str.format("{0,number,integer}", 1.34)', "1"],
        ['str.format("{0,number,currency}", 1.34)', "$1.34"],
        ['str.format("{0,number,percent}", 0.5)', "50%"],
        ['str.format("Number {0} is not {1} to {2}", 1, "equal", 4)', "Number 1 is not equal to 4"],
        ['str.format("{0, number, integer} is equal to 1, but {1, number, integer} is equal to 2", 1.34, 1.52)', "1 is equal to 1, but 2 is equal to 2"],
        ['str.format("The cash turnover amounted to {0, number, currency}", 1340000)', "The cash turnover amounted to $1,340,000.00"],
        ['str.format("Expected return is {0, number, percent} - {1, number, percent}", 0.1, 0.2)', "Expected return is 10% - 20%"],
        // the remark's valid patterns: a quoted brace is text
        ['str.format("ab {0} de", 7)', "ab 7 de"],
        ["str.format(\"ab '}' de\", 7)", "ab } de"],
      ]),
    ).toEqual([]);
  });

  test("a number without a style: up to three decimals, grouped by three (MessageFormat's default)", () => {
    expect(
      differing([
        ['str.format("{0}", 1.23456789)', "1.235"],
        ['str.format("{0}", 1234.5678)', "1,234.568"],
        ['str.format("{0}", 1.5)', "1.5"],
        ['str.format("{0}", 1600000000000)', "1,600,000,000,000"],
        ['str.format("{0,number}", -9876.54321)', "-9,876.543"],
      ]),
    ).toEqual([]);
  });

  test("log.info and log.warning with arguments write them as str.format does", () => {
    const r = evaluate(build('//@version=6\nindicator("t")\nlog.info("{0}", 1234.5678)\nlog.warning("v={0,number,integer}", 2.5)\nplot(close)'), bars, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(r.logs.map((l) => l.message)).toEqual(["1,234.568", "v=2"]);
  });

  test("a tie rounds to the even digit, as Java's DecimalFormat does", () => {
    expect(
      differing([
        ['str.format("{0,number,integer}", 2.5)', "2"],
        ['str.format("{0,number,integer}", 3.5)', "4"],
        ['str.format("{0}", 0.0625)', "0.062"],
        ['str.format("{0,number,#.##}", 0.125)', "0.12"],
        ['str.format("{0,number,percent}", 0.125)', "12%"],
      ]),
    ).toEqual([]);
  });

  test("a pattern after a space keeps the space; keywords are read without it", () => {
    // TradingView's own log of the reference's `{0} != {0, number, #.#}` shows two spaces
    expect(differing([['str.format("{0} != {0, number, #.#}", 1.34)', "1.34 !=  1.3"], ['str.format("{0, number, INTEGER}", 1.5)', "2"]])).toEqual([]);
  });

  test("quotes, missing arguments and other types", () => {
    expect(
      differing([
        ['str.format("it\'\'s {0}", 1)', "it's 1"],
        ['str.format("\'{0}\' is {0}", 5)', "{0} is 5"],
        ['str.format("\'it\'\'s\' {0}", 5)', "it's 5"],
        ['str.format("{0} and {1}", 5)', "5 and {1}"],
        ['str.format("{0,number,currency}", -1.34)', "-$1.34"],
        ['str.format("{0} {1}", true, "text")', "true text"],
        ['str.format("{0}", float(na))', "NaN"],
      ]),
    ).toEqual([]);
  });
});

describe("str.tostring", () => {
  test("the reference's remarks and its default format '#.##########'", () => {
    expect(
      differing([
        ['str.tostring(3.99, "#")', "4"],
        ['str.tostring(3.99, "#.000")', "3.990"],
        ["str.tostring(true)", "true"],
        ["str.tostring(false)", "false"],
        ['str.tostring("as is")', "as is"],
        ["str.tostring(float(na))", "NaN"],
        ["str.tostring(1234567.891)", "1234567.891"],
        // from 1e21 on an exponent, as a public emulator's TradingView logs show (docs/adr/0294)
        ["str.tostring(1e21)", "1E21"],
        ["str.tostring(1.2345e25)", "1.2345E25"],
        ["str.tostring(-1e-12)", "0"],
        ["str.tostring(0.00000000004)", "0"],
        ['str.tostring(0.1, "#.####################")', "0.1"],
      ]),
    ).toEqual([]);
  });

  test("format.mintick: the nearest multiple of the tick, a tie up, with the tick's decimals and trailing zeros", () => {
    expect(
      differing([
        ["str.tostring(2, format.mintick)", "2.00"],
        ["str.tostring(1.234, format.mintick)", "1.23"],
        ["str.tostring(1.005, format.mintick)", "1.01"],
        ["str.tostring(-0.004, format.mintick)", "0.00"],
      ]),
    ).toEqual([]);
    expect(
      differing(
        [
          ["str.tostring(4.3, format.mintick)", "4.25"],
          ["str.tostring(4.125, format.mintick)", "4.25"],
          ["str.tostring(7, format.mintick)", "7.00"],
        ],
        0.25,
      ),
    ).toEqual([]);
    expect(differing([["str.tostring(0.000012345678, format.mintick)", "0.00001235"]], 1e-8)).toEqual([]);
  });

  test("format.volume: the reference's 5183 is 5.183K", () => {
    expect(differing([["str.tostring(5183, format.volume)", "5.183K"], ["str.tostring(2500000, format.volume)", "2.5M"]])).toEqual([]);
  });

  test("a matrix is its rows, one a line, each as an array is written", () => {
    expect(differing([["str.tostring(matrix.new<int>(2, 3, 0))", "[0, 0, 0]\n[0, 0, 0]"], ["str.tostring(array.from(1.5, 2))", "[1.5, 2]"]])).toEqual([]);
  });
});

test("plot() with a positional argument named again is refused when the script is checked", async () => {
  const r = await check('//@version=6\nindicator("t")\nplot(close, "A", title = "B")\n');
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  expect(errors.map((d) => [d.code, d.line, d.message])).toEqual([["wrong_argument", 3, "Argument 'title' of plot() is given twice."]]);
});
