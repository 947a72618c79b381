// A v5 bool can be na; a v6 bool cannot (docs/adr/0260). TradingView's v6 migration guide ("Boolean
// values cannot be na"): in v5 a bool is true, false or na; `b[1]` on the first bar and an `if`/`switch`
// giving a bool without `else`/default on a bar no branch takes are na; na is not equal to false
// (`==`), `na(b)` is true for it, and a na cast to bool (a condition) is false. From that: nz(b) is
// false, an `and`/`or` operand that is na counts as false (v5 evaluates both, docs/adr/0260), `not`
// of na stays na, fixnan keeps the last bool that was not na, a bool field without a default is na
// (as every field without one), and plotshape draws nothing on na. v6 gives false in those places.
import { closeBars, valuesByTitle } from "./harness";

/** closeBars: close 10, 12, 11, 13 (open = close); `close > 11` is false, true, false, true. */
const BARS = closeBars([10, 12, 11, 13]);

const values = (source: string): Record<string, number[]> => valuesByTitle(source, BARS);

describe("v5 bools can be na", () => {
  test("history before the first bar, if and switch without else, na(), nz(), not, ==, and/or, conditions, plotshape", () => {
    const out = values(`//@version=5
indicator("v5 bool na")
// 2 for na, 1 for true, 0 for false
code(bool b) => na(b) ? 2 : b ? 1 : 0
prevOf(bool c) => c[1]
up = close > 11
plot(code(up[1]), "history")
plot(code((close > 11)[1]), "expression history")
plot(code(prevOf(up)), "parameter history")
s = if close > 11
    true
plot(code(s), "if")
plot(code(s[1]), "if history")
w = switch
    close < 11 => false
plot(code(w), "switch")
plot(nz(s) == false ? 1 : 0, "nz")
plot(code(not s), "not")
plot(s == false ? 1 : s == true ? 2 : 0, "eq")
plot(s ? 1 : 0, "cond")
plot(code(s and true), "and")
plot(code(s or true), "or")
plot(code(s or false), "or false")
var bool seen = na
if close > 11
    seen := true
plot(code(seen), "var na")
plot(code(fixnan(s)), "fixnan")
type Flags
    bool unset
    bool set = true
f = Flags.new()
plot(code(f.unset) * 10 + code(f.set), "fields")
plotshape(s, "shape")`);
    expect(out).toEqual({
      // up = F T F T: na before the first bar, then the previous bar's
      history: [2, 0, 1, 0],
      "expression history": [2, 0, 1, 0],
      "parameter history": [2, 0, 1, 0],
      // true where close > 11, na where no branch runs
      if: [2, 1, 2, 1],
      // and its history keeps the na (not false)
      "if history": [2, 2, 1, 2],
      switch: [0, 2, 2, 2],
      // nz of na is false (equal to false, unlike na)
      nz: [1, 0, 1, 0],
      not: [2, 0, 2, 0],
      // na == false and na == true are both false
      eq: [0, 2, 0, 2],
      // a na condition takes the false branch
      cond: [0, 1, 0, 1],
      // na as an and/or operand is false: na and true = false, na or true = true, na or false = false
      and: [0, 1, 0, 1],
      or: [1, 1, 1, 1],
      "or false": [0, 1, 0, 1],
      "var na": [2, 1, 1, 1],
      // the last value that was not na (none on the first bar)
      fixnan: [2, 1, 1, 1],
      // a bool field without a default is na
      fields: [21, 21, 21, 21],
      // a shape where s is true, none where it is na
      shape: [NaN, 1, NaN, 1],
    });
  });

  test("v6: the same places give false", () => {
    const out = values(`//@version=6
indicator("v6 bool")
up = close > 11
plot(up[1] == false ? 1 : 0, "history")
s = if close > 11
    true
plot(s == false ? 1 : 0, "if")
plot(s[1] == false ? 1 : 0, "if history")
plot(not s ? 1 : 0, "not")
type Flags
    bool unset
plot(Flags.new().unset == false ? 1 : 0, "field")`);
    expect(out).toEqual({
      history: [1, 1, 0, 1],
      if: [1, 0, 1, 0],
      "if history": [1, 1, 0, 1],
      not: [1, 0, 1, 0],
      field: [1, 1, 1, 1],
    });
  });
});
