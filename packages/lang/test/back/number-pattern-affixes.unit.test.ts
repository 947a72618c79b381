// Number patterns with text around the digits and a negative subpattern, as dashboards write a day's
// change (`str.format("{0,number,+0.00;-0.00}%", chg)`) or a price (`"$#,##0.00"`): Java's
// DecimalFormat rules (docs/adr/0161-number-pattern-affixes.md). Expected texts are worked by hand
// from those rules: the digits as the pattern's `#`/`0`, the prefix and suffix as written, the
// negative subpattern's prefix and suffix for values below zero, `-` before the positive ones when
// there is none, `%` multiplying by 100.

import { outputsByName } from "../front/harness";
import { run } from "./harness";
import { barsOfRows } from "../support/demo-bars";
import { formatPattern } from "../../src/stdlib/str";

const BAR = barsOfRows([[86_400, 10, 11, 9, 10, 100]]);

describe("number patterns with literal text and a negative subpattern", () => {
  it("prefix and suffix text, `%` anywhere in them, quoted special characters", () => {
    expect(formatPattern(1.234, "+0.00")).toBe("+1.23");
    expect(formatPattern(1234.5, "$#,##0.00")).toBe("$1,234.50");
    expect(formatPattern(0.1234, "0.0 %")).toBe("12.3 %");
    expect(formatPattern(12.5, "#.# USD")).toBe("12.5 USD");
    expect(formatPattern(7, "'#'0")).toBe("#7");
    // as before: the digits alone, `%` at the end, no sign on a value rounding to zero
    expect(formatPattern(3.14159, "#.##")).toBe("3.14");
    expect(formatPattern(0.256, "#.#%")).toBe("25.6%");
    expect(formatPattern(-0.001, "0.00")).toBe("0.00");
  });

  it("below zero: the negative subpattern's text, else `-` before the positive text", () => {
    expect(formatPattern(-1.5, "+0.00;-0.00")).toBe("-1.50");
    expect(formatPattern(2.25, "+0.00;-0.00")).toBe("+2.25");
    expect(formatPattern(-1234, "#,##0;(#,##0)")).toBe("(1,234)");
    expect(formatPattern(-5, "$0.00")).toBe("-$5.00");
    expect(formatPattern(-1.5, "+0.0")).toBe("-+1.5");
  });

  it("str.format and str.tostring read them so in a script", () => {
    const src = `//@version=6
indicator("chg")
up = str.format("{0,number,+0.00;-0.00}%", 1.25)
dn = str.format("{0,number,+0.00;-0.00}%", -0.5)
plot(up == "+1.25%" ? 1 : 0, "up")
plot(dn == "-0.50%" ? 1 : 0, "dn")
plot(str.tostring(0.042, "0.0 %") == "4.2 %" ? 1 : 0, "pct")
`;
    expect(outputsByName(run(src, BAR))).toEqual({ up: [1], dn: [1], pct: [1] });
  });
});
