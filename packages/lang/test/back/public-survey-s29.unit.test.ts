// Survey S29 of public TradingView scripts (docs/adr/0291): a number pattern whose digits end in a
// decimal point. A public HTF dashboard writes `str.tostring(adx, "#.1")` and `"#.2"`; Java's
// DecimalFormat reads the digits `#.` (no fraction digits) with the literal suffix `1`, and a pattern
// whose decimal point ends its digits always writes the point (JDK DecimalFormat.applyPattern:
// decimalSeparatorAlwaysShown = decimalPos == digitTotalCount). Expected texts are worked by hand
// from that rule: the value rounded to an integer, then the point, then the suffix.

import { outputsByName } from "../front/harness";
import { run } from "./harness";
import { barsOfRows } from "../support/demo-bars";
import { formatPattern } from "../../src/stdlib/str";

const BAR = barsOfRows([[86_400, 10, 11, 9, 10, 100]]);

describe("a pattern whose digits end in a decimal point (survey S29)", () => {
  it("writes the point after the integer digits, then any text after it", () => {
    expect(formatPattern(33.4, "#.")).toBe("33.");
    expect(formatPattern(33.4, "0.")).toBe("33.");
    expect(formatPattern(1234.4, "#,##0.")).toBe("1,234.");
    // `#.1` is the digits `#.` and the text `1`: 33.4 rounds to 33, 33.6 to 34
    expect(formatPattern(33.4, "#.1")).toBe("33.1");
    expect(formatPattern(33.6, "#.1")).toBe("34.1");
    expect(formatPattern(0.83, "#.2")).toBe("1.2");
    // below one the integer digit is written (`#.` is read as `0.`), and a negative value keeps its sign
    expect(formatPattern(0.4, "#.")).toBe("0.");
    expect(formatPattern(-2.6, "#.")).toBe("-3.");
    // unchanged: a point with fraction digits after it, and digits without a point
    expect(formatPattern(33.44, "#.#")).toBe("33.4");
    expect(formatPattern(33.4, "#")).toBe("33");
  });

  it("str.tostring and str.format read it so in a script", () => {
    const src = `//@version=6
indicator("pt")
plot(str.tostring(27.46, "#.1") == "27.1" ? 1 : 0, "tostring")
plot(str.format("{0,number,#.}", 5.2) == "5." ? 1 : 0, "format")
`;
    expect(outputsByName(run(src, BAR))).toEqual({ tostring: [1], format: [1] });
  });
});
