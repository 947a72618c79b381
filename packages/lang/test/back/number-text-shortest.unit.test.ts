// str.tostring's default text ('#.##########': up to ten decimals, no grouping, an exponent from 1e21) of
// numbers on both sides of where JavaScript's own text of a number is already that text (no
// exponent, at most ten decimals) and where the pattern rounds or writes every digit. Texts worked
// by hand from the pattern; the same values written with an explicit pattern read twice (patterns
// are read once and kept) give the same text each time.
import { tostring } from "../../src/stdlib/str";

test("default text: integers, a negative, and the edges of ten decimals and of JavaScript's exponents", () => {
  const cases: Array<[number, string]> = [
    [5, "5"],
    [-0, "0"],
    [-1.5, "-1.5"],
    [100000000000000000000, "100000000000000000000"],
    // 1e21: an exponent, as a public emulator's TradingView logs show (docs/adr/0294)
    [1e21, "1E21"],
    [0.000001, "0.000001"],
    // 1e-7: JavaScript writes "1e-7"
    [1e-7, "0.0000001"],
    // ten decimals kept as they are
    [0.0123456789, "0.0123456789"],
    // eleven: rounded to ten (the eleventh digit is 2)
    [1.23456789012, "1.2345678901"],
    // 0.1 + 0.2 is 0.30000000000000004: seventeen decimals, ten of them zeros after the 3
    [0.1 + 0.2, "0.3"],
    // rounds to zero at ten decimals: no sign
    [-0.00000000001, "0"],
    [-1e-12, "0"],
  ];
  expect(cases.map(([x]) => tostring(x))).toEqual(cases.map(([, t]) => t));
});

test("an explicit pattern gives the same text on every call", () => {
  const texts = [1234.5, 1234.5, -0.125, -0.125].map((x) => tostring(x, "#,##0.00"));
  // -0.125 at two decimals rounds its tie away from zero (str.tostring, docs/adr/0177)
  expect(texts).toEqual(["1,234.50", "1,234.50", "-0.13", "-0.13"]);
  expect([tostring(2.5, "0.0;(0.0)"), tostring(-2.5, "0.0;(0.0)"), tostring(-2.5, "0.0;(0.0)")]).toEqual(["2.5", "(2.5)", "(2.5)"]);
  expect([tostring(12.345, "mintick", 0.25), tostring(12.345, "mintick", 0.01), tostring(12.345, "mintick", 0.25)]).toEqual(["12.25", "12.35", "12.25"]);
});
