// v6 syntax that real public scripts use: relaxed line wrapping, """ strings, display.*
// arithmetic, max_bars_back(), and int division per version (v6: 5 / 2 = 2.5; v5: 2 for const ints).
// Expected values are worked by hand.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const C = [10, 12, 11];
const bars: Bars = { length: 3, time: Float64Array.from(C, (_, i) => 1.6e9 + i * 86400), open: Float64Array.of(9, 13, 11), high: Float64Array.from(C), low: Float64Array.from(C), close: Float64Array.from(C), volume: Float64Array.of(1, 1, 1) };

function run(src: string): number[][] {
  return evaluate(build(src), bars, {}, { symbol: SYMBOL, windowStart: 0 }).outputs.map((o) => Array.from(o.values));
}

test("an expression continues after an operator, inside parentheses, or on an operator-led line", () => {
  const out = run(`//@version=6
indicator("t")
a = close +
  open
b = math.max(close,
     open)
c = close
   - open
up = close > open and
 close > 10
plot(a)
plot(b)
plot(c)
plot(up ? 1 : 0)
`);
  // close 10, 12, 11; open 9, 13, 11
  expect(out).toEqual([[19, 25, 22], [10, 13, 11], [1, -1, 0], [0, 0, 0]]);
});

test('""" strings keep their line breaks', () => {
  const out = run(`//@version=6
indicator("t")
s = """ab
cd\\t"""
plot(str.length(s))
plot(str.length(str.split(s, "\\n").get(1)))
`);
  // "ab" + newline + "cd" + tab = 6 characters; the second line "cd\\t" has 3
  expect(out).toEqual([[6, 6, 6], [3, 3, 3]]);
});

test("a quoted string wrapped onto a deeper-indented line drops the line break and the indentation", () => {
  // TradingView's own "Higher-timeframe requests" writes tooltips this way (docs/adr/0114-wrapped-string-literals.md)
  const out = run(`//@version=6
indicator("t")
string tip = "ab 
     cd"
f() =>
    s = 'x
         y'
    s
plot(str.length(tip))
plot(tip == "ab cd" ? 1 : 0)
plot(f() == "xy" ? 1 : 0)
`);
  // "ab " (its trailing space kept) + "cd" = 5 characters
  expect(out).toEqual([[5, 5, 5], [1, 1, 1], [1, 1, 1]]);
});

test("a string whose next line is not indented deeper is unterminated", () => {
  expect(() => run(`//@version=6
indicator("t")
if close > 0
    s = "ab
    t = 1
plot(close)
`)).toThrow(/Unterminated string literal/);
});

test("display.* combine with + and -; max_bars_back is accepted and changes nothing", () => {
  const out = run(`//@version=6
indicator("t", max_bars_back = 100)
x = close
max_bars_back(x, 50)
plot(x[1], display = display.all - display.status_line)
plot(close, display = display.pane + display.data_window)
`);
  expect(out[0]!.slice(1)).toEqual([10, 12]);
  expect(out[1]).toEqual([10, 12, 11]);
});

test("int division: exact in v6; in v5 two const ints truncate toward 0, other ints divide exactly", () => {
  const body = `indicator("t")\nplot(5 / 2)\nplot(-7 / 2)\nplot(bar_index / 2)\n`;
  expect(run(`//@version=6\n${body}`)).toEqual([[2.5, 2.5, 2.5], [-3.5, -3.5, -3.5], [0, 0.5, 1]]);
  expect(run(`//@version=5\n${body}`)).toEqual([[2, 2, 2], [-3, -3, -3], [0, 0.5, 1]]);
});

test("an int division passed where an int is wanted is taken truncated (TradingView's own Hull MA passes `length / 2`)", () => {
  // n = 5: ta.sma(close, 5 / 2) is the 2-bar mean; array index 3 / 2 is 1; a float is still refused
  for (const v of [5, 6]) {
    const out = run(`//@version=${v}\nindicator("t")\nn = input.int(5)\nplot(ta.sma(close, n / 2))\na = array.from(7, 8, 9)\nplot(a.get(a.size() / 2))\nplot(n / 2)`);
    expect(out).toEqual([[NaN, 11, 11.5], [8, 8, 8], [2.5, 2.5, 2.5]]);
  }
  expect(() => build(`//@version=6\nindicator("t")\nplot(ta.sma(close, close / 2))`)).toThrow(/type_mismatch.*must be int/);
});

test("the same for a user function's int parameter; an untyped one keeps the exact value", () => {
  // n = 5: twice(int) of 5 / 2 is 2 * 2; loose(x) of 5 / 2 is 2.5 * 2
  const out = run(`//@version=6\nindicator("t")\nn = input.int(5)\ntwice(int k) => k * 2\nloose(x) => x * 2\nplot(twice(n / 2))\nplot(loose(n / 2))`);
  expect(out).toEqual([[4, 4, 4], [5, 5, 5]]);
});

test("an untyped parameter given an int division is int-valued in the body: an index there takes it truncated (Flux Charts' `getTimeByBar((a + b) / 2)`)", () => {
  // n = 3: at(3 / 2) reads index 1 (8) and keeps 1.5 in arithmetic (1.5 * 10 = 15); at(2) reads 9, 20; a float
  // argument other than an int division is still refused where the body wants an int
  const out = run(`//@version=6
indicator("t")
n = input.int(3)
a = array.from(7, 8, 9)
at(i) => a.get(i) * 100 + i * 10
plot(at(n / 2))
plot(at(2))`);
  expect(out).toEqual([[815, 815, 815], [920, 920, 920]]);
  expect(() => build(`//@version=6\nindicator("t")\na = array.from(7, 8, 9)\nat(i) => a.get(i)\nplot(at(close / 2))`)).toThrow(/type_mismatch.*must be int/);
});

test("a variable declared as an int division is taken truncated by an int parameter, and keeps its value elsewhere", () => {
  // n = 5: half = 2.5; ta.sma(close, half) is the 2-bar mean; plot(half) shows 2.5
  const out = run(`//@version=6\nindicator("t")\nn = input.int(5)\nhalf = n / 2\nplot(ta.sma(close, half))\nplot(half)`);
  expect(out).toEqual([[NaN, 11, 11.5], [2.5, 2.5, 2.5]]);
  // given a value TradingView types float, it is an ordinary float variable: refused where an int is wanted
  expect(() => build(`//@version=6\nindicator("t")\nn = input.int(5)\nhalf = n / 2\nhalf := half + 0.5\nplot(ta.sma(close, half))`)).toThrow(/type_mismatch.*must be int/);
});

test("reassigned with int-valued values (TradingView types them int), it is still taken truncated wherever an int is wanted", () => {
  // n = 3: half = 1.5, then half + 1 = 2.5 on every bar; where an int is wanted it is 2: ta.sma(close, 2),
  // twice(2) = 4, close[2], a for bound of 2 (bars 0..2 summed), array index 1 of mid = 3 / 2 = 1.5
  const out = run(`//@version=6
indicator("t")
n = input.int(3)
half = n / 2
half := half + 1
twice(int k) => k * 2
plot(ta.sma(close, half))
plot(half)
plot(twice(half))
plot(close[half])
s = 0.0
for i = 0 to half
    s += nz(close[i])
plot(s)
a = array.from(7, 8, 9)
mid = a.size() / 2
mid := math.max(mid, 1)
plot(a.get(mid))
int k = n / 2
int j = 0
j += n / 2
plot(k * 10 + j)`);
  expect(out).toEqual([[NaN, 11, 11.5], [2.5, 2.5, 2.5], [4, 4, 4], [NaN, NaN, 10], [10, 22, 33], [8, 8, 8], [11, 11, 11]]);
});

test("a for loop's `to` is read before each iteration in v6 (elements removed in the loop end it early); v5 reads it once", () => {
  // [1..5]: on i = 0 two pops leave 3 elements, so v6's bound becomes 2 (i = 0, 1, 2: 3 passes); v5 keeps 4 (5 passes)
  const body = `indicator("t")
a = array.from(1, 2, 3, 4, 5)
n = 0
for i = 0 to a.size() - 1
    if i == 0
        a.pop()
        a.pop()
    n += 1
plot(n)
b = array.from(1, 2, 3, 4, 5)
for i = 0 to b.size() - 1
    if b.get(i) % 2 == 0
        b.remove(i)
plot(b.size())`;
  expect(run(`//@version=6\n${body}`)).toEqual([[3, 3, 3], [3, 3, 3]]);
  expect(run(`//@version=5\n${body.split("\nb = ")[0]}`)).toEqual([[5, 5, 5]]);
});
