// TradingView's multiline strings (release notes, April 2026): enclosed by three quotation marks
// or by three apostrophes, each code line a text line joined by a newline, the indentation kept.
// Expected values are counted by hand.
import { risingBars, run } from "./harness";

const lengths = (body: string): number[] => run(`//@version=6\nindicator("x")\n${body}`, risingBars(1)).outputs.map((o) => o.values[0]!);

test("''' strings span lines as \"\"\" strings do", () => {
  expect(
    lengths(`s = '''ab
  cd'''
t = '''say "hi" and """'''
plot(str.length(s))
plot(str.split(s, "\\n").size())
plot(str.length(t))`),
  ).toEqual([
    // "ab" + newline + "  cd": 2 + 1 + 4
    7,
    2,
    // say "hi" and """ : 3 + 1 + 4 + 1 + 3 + 1 + 3
    16,
  ]);
});

test("an unterminated ''' string is a syntax error", () => {
  expect(() => run(`//@version=6\nindicator("x")\ns = '''ab\nplot(1)`, risingBars(1))).toThrow(/Unterminated string literal/);
});
