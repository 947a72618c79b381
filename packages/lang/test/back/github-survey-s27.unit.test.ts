// Patterns of issue 16's twenty-seventh survey (public v5 and v6 indicators and libraries hosted in
// GitHub repositories), written here in their style; expected values are worked by hand.
import { validate } from "../../src/validate";
import { risingBars, run } from "./harness";
import { NO_SCRIPTS } from "../front/harness";

const errorsOf = async (src: string): Promise<string[]> =>
  (await validate([{ path: "main.pine", content: src }], { resolver: NO_SCRIPTS })).diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);

describe("a function's local variable given literals under tests of its simple parameters (survey S27)", () => {
  // A public timeframe-helper library: `string result = ""`, then `result := "15"` ... in an
  // if / else if chain testing `timeframe.in_seconds(tf) / 60`, returned; a second helper passes
  // that result to the first one's `simple string` parameter. Its values are fixed once the
  // simple arguments are, as a top-level variable so settled is (docs/adr/0232, 0281).
  const helpers = (version: number) => `//@version=${version}
indicator("tf helpers")
higherTf(simple string baseTF = "") =>
    string currentTF = baseTF == "" ? timeframe.period : baseTF
    int minutes = timeframe.in_seconds(currentTF) / 60
    string result = ""
    if minutes <= 1
        result := "5"
    else if minutes <= 5
        result := "15"
    else if minutes < 1440
        result := "D"
    else if currentTF == "D"
        result := "W"
    else
        result := "M"
    result
secondHigherTf(simple string baseTF = "") =>
    string first = higherTf(baseTF)
    higherTf(first)
label(simple string tf) =>
    string text = tf
    if tf == "W"
        text := "Weekly"
    text
plot(ta.sma(close, str.length(label(secondHigherTf("1")))), "len")`;

  test.each([5, 6])("v%i: the second helper's call is accepted and its value is the helper's value", async (version) => {
    expect(await errorsOf(helpers(version))).toEqual([]);
    // "1" -> "5" -> "15"; label("15") is "15", two characters: the 2-bar mean of risingBars' closes 10 + i
    const r = run(helpers(version), risingBars(4));
    expect(r.runtimeErrors).toEqual([]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, 10.5, 11.5, 12.5]);
  });

  test("a local given a bar's value (close) or changed in a loop stays series: its call is refused", async () => {
    const src = (body: string) => `//@version=6
indicator("x")
f(simple string tf) =>
    string r = ""
${body}
    r
g(simple string tf) => str.length(tf)
plot(ta.sma(close, g(f("1"))))`;
    expect(await errorsOf(src(`    if close > open\n        r := "5"`))).toEqual([expect.stringContaining("qualifier_mismatch")]);
    expect(await errorsOf(src(`    for i = 0 to 2\n        r := "5"`))).toEqual([expect.stringContaining("qualifier_mismatch")]);
  });
});

describe("timeframe.in_seconds() in the test that settles a top-level length (survey S27)", () => {
  // `per := 20` under `if timeframe.in_seconds() / 60 >= 1440`: the chart's timeframe is fixed for the
  // run, so `per` is simple and ta.atr takes it (docs/adr/0232, 0281)
  const src = `//@version=6
indicator("atr per timeframe")
per = 10
if timeframe.in_seconds() / 60 >= 1440
    per := 20
plot(ta.atr(per), "atr")`;

  test("validates, and on a daily chart the length is 20", async () => {
    expect(await errorsOf(src)).toEqual([]);
    // risingBars: high - low = 2 and |high - close[1]| = 2 on every bar, so the true range is 2 and
    // ATR(20) is 2 from bar 19 on (na before); ATR(10) would start at bar 9
    const values = Array.from(run(src, risingBars(22)).outputs[0]!.values);
    expect(values[9]).toBeNaN();
    expect(values[18]).toBeNaN();
    expect(values.slice(19)).toEqual([2, 2, 2]);
  });
});
