// TradingView's Pine v6 user manual, Strings page (pass UX2), Matching patterns / Regex syntax reference: str.match
// takes Java's regular-expression syntax. Each row is a construct the page's tables document, with our own source
// text and the match the table's description gives (on the tree before, 23 of these were runtime errors or a different match).
import { run } from "./harness";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(10), high: Float64Array.of(11), low: Float64Array.of(9), close: Float64Array.of(10), volume: Float64Array.of(100) };
const lit = (s: string): string => JSON.stringify(s);

function matches(cases: Array<[source: string, regex: string]>): string[] {
  const body = cases.map(([s, r], k) => `log.info("[" + str.match(${lit(s)}, ${lit(r)}) + "]")\nplot(${k})`).join("\n");
  const r = run(`//@version=6\nindicator("regex")\n${body}`, bars);
  expect(r.runtimeErrors).toEqual([]);
  return r.logs.map((l) => l.message.slice(1, -1));
}

describe("str.match reads the Java syntax of the manual's regex tables", () => {
  test.each<[string, string, string, string]>([
    ["\\Q...\\E quotes special characters", "sell [^xyz] now", "\\Q[^xyz]\\E", "[^xyz]"],
    ["\\x{...} names any code point", "pine", "\\x{0069}", "i"],
    ["\\x{...} in a class range", "PINE script", "[\\x{61}-\\x{7A}]+", "script"],
    ["a nested class is a union", "12Ab", "[a-z[A-Z]]+", "Ab"],
    ["&& intersects two classes", "bad", "[abc&&[bcd]]", "b"],
    ["&& with a negated class", "defgh", "[a-z&&[^def]]+", "gh"],
    ["(?s) lets . match a newline", "up\ndown", "(?s)p.d", "p\nd"],
    ["(?U)\\d matches other Unicode digits", "lot \uFF17", "(?U)\\d", "\uFF17"],
    ["\\h is a horizontal space, Em Space included", "a\u2003b", "\\h", "\u2003"],
    ["\\p{IsScript}", "\u00e9t\u00e9 42", "\\p{IsLatin}+", "\u00e9t\u00e9"],
    ["\\p{InBlock}", "caf\u00e9", "\\p{InLatin-1Supplement}", "\u00e9"],
    ["\\p{Block=...}", "x\u00e7", "\\p{Block=Latin-1Supplement}", "\u00e7"],
    ["\\p{gc=...}", "42 bars", "\\p{gc=L}+", "bars"],
    ["a POSIX class", "0xBEEFy", "\\p{XDigit}{4}", "BEEF"],
    ["a reference to a non-capturing group never matches", "xx", "(?:x|y)\\1", ""],
    ["a numbered reference to a named group", "abab", "(?<pair>ab)\\1", "abab"],
    ["(?-i:...) turns case folding off in its group", "xYy", "(?i)(?-i:x|z)y", "xY"],
    ["an atomic group gives back nothing", "ticks", "(?s)(?>.+).", ""],
    ["a possessive quantifier gives back nothing", "AAPL", "\\w++L", ""],
    ["\\A anchors at the start", "AAPL MSFT", "\\A\\w+", "AAPL"],
    ["\\Z and $ allow a final newline", "close\n", "\\w+\\Z", "close"],
    ["$ before a final newline", "open\n", "\\w+$", "open"],
    ["\\z is the absolute end", "hi\n", "\\w+\\z", ""],
    ["(?m)^ after a newline", "ab\ncd", "(?m)^c", "c"],
    ["(?m)$ before a newline", "7\nx", "(?m)[0-9]$", "7"],
    ["(?i) and (?-i) switch case folding mid-pattern", "pInE", "p(?i)in(?-i)E", "pInE"],
    ["(?U:...) is Unicode-aware in its group only", "\uFF1742", "(?U:\\d)42", "\uFF1742"],
    ["(?x) ignores spaces, in classes too, and # comments", "q 9z9", "(?x)[x-z ] 9 # a comment", "z9"],
    ["(?i) folds ASCII letters only", "\u00c9t\u00c9", "(?i)\u00e9t\u00e9", ""],
    ["(?U) with (?i) folds other letters too", "\u00c9t\u00c9", "(?iU)\u00e9t\u00e9", "\u00c9t\u00c9"],
  ])("%s", (_what, source, regex, expected) => {
    expect(matches([[source, regex]])).toEqual([expected]);
  });
});
