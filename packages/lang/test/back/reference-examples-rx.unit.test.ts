// Pass RX over TradingView's Pine Script v6 reference manual (issue 16): every code example of the
// reference (388: functions, variables, constants, keywords, types, operators, annotations) was run
// through validate -> compile -> evaluate on the AAPL demo bars. These are our own short scripts in
// the style of the three examples that differed, each written the way the reference writes it:
//
// - alertcondition(): the reference's example is an indicator whose only call is an alertcondition()
//   ("an alertcondition call generates an additional plot"), which we refused as having no output
//   (docs/adr/0324);
// - the `simple` keyword: its second example declares `simple float myVar = 5.0` and then assigns it
//   `close`, which the reference says "causes an error"; we accepted it;
// - matrix.new<type>() example 2 passes `array.from(1, 2, ..., 9)` to a user function's `array<float>`
//   parameter, which we refused (docs/adr/0324).
// Two remarks of the reference differed too: `timeframe.in_seconds` counts 2628003 seconds a month,
// so "12M" is 12 times that (31536036, also the value a TradingView probe published with an open-source
// Pine runtime's test data records), where we rounded 12 x 30.4167 days once (31536035); and `str.trim`
// "returns an empty string ("") ... if the source is na", where we gave na.
// The expected values are worked by hand in the comments.

import { check, evaluateValid, outputsByName } from "../front/harness";
import { run, risingBars } from "./harness";

describe("reference examples: an indicator whose only output is an alertcondition()", () => {
  const src = `//@version=6
indicator("Up day alert", overlay = true)
alertcondition(close > close[1], title = "Up day", message = "Close rose")
`;

  test("validates with the no_outputs warning, not an error", async () => {
    const r = await check(src);
    expect(r.valid).toBe(true);
    expect(r.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["warning no_outputs"]);
    expect(r.interface?.events.map((e) => e.name)).toEqual(["Up day"]);
  });

  test("its run has the alert events: closes 10, 12, 11, 13 rise on bars 1 and 3", async () => {
    const r = await evaluateValid(src, [10, 12, 11, 13]);
    // barsOf: one bar a day from 2024-01-01 00:00 UTC (1704067200)
    expect(r.outputs).toEqual([]);
    expect(r.events.map((e) => [e.name, e.time])).toEqual([
      ["Up day", 1_704_067_200 + 86_400],
      ["Up day", 1_704_067_200 + 3 * 86_400],
    ]);
  });

  test("an indicator with no output and no alert is still refused", async () => {
    const r = await check(`//@version=6\nindicator("Nothing")\nx = close * 2\n`);
    expect(r.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["error no_outputs"]);
  });
});

describe("reference examples: a variable declared simple keeps simple values", () => {
  test("reassigning a simple float with close is a qualifier_mismatch at the new value", async () => {
    const r = await check(`//@version=6
indicator("simple level")
simple float level = 2.0
level := close
plot(level)
`);
    expect(r.valid).toBe(false);
    expect(r.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(["qualifier_mismatch 4:10"]);
  });

  test("a simple int given another simple value still runs: 3 doubled is 6 on every bar", async () => {
    const r = await evaluateValid(
      `//@version=6
indicator("simple doubled")
simple int n = 3
n := n * 2
plot(n, "n")
`,
      [10, 11],
    );
    expect(outputsByName(r)).toEqual({ n: [6, 6] });
  });
});

describe("reference examples: array.from of ints given to a user function's array<float> parameter", () => {
  test("is that array of floats: the mean of 1, 2 and 4 is 7 / 3", async () => {
    const r = await evaluateValid(
      `//@version=6
indicator("float array argument")
meanOf(array<float> xs) =>
    float total = 0.0
    for x in xs
        total += x
    total / xs.size()
plot(meanOf(array.from(1, 2, 4)), "mean")
`,
      [10, 11],
    );
    expect(outputsByName(r).mean!.map((v) => Math.round(v! * 1e9) / 1e9)).toEqual([2.333333333, 2.333333333]);
  });

  test("a variable holding an int array is taken too (docs/adr/0332: the user manual's Matrices page does it)", async () => {
    const r = await check(`//@version=6
indicator("int array variable")
meanOf(array<float> xs) => xs.avg()
ints = array.from(1, 2, 4)
plot(meanOf(ints))
`);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});

describe("reference examples: remarks on timeframe.in_seconds and str.trim", () => {
  test("months count 2628003 seconds each: 1M 2628003, 2M 5256006, 12M 31536036", () => {
    const r = run(`//@version=6
indicator("month seconds")
plot(timeframe.in_seconds("1M"), "m1")
plot(timeframe.in_seconds("2M"), "m2")
plot(timeframe.in_seconds("12M"), "m12")
`, risingBars(1));
    expect(r.outputs.map((o) => [o.name, o.values[0]])).toEqual([
      ["m1", 2_628_003],
      ["m2", 2 * 2_628_003],
      ["m12", 12 * 2_628_003],
    ]);
  });

  test("str.trim of na is an empty string, so the brackets around it show", () => {
    const r = run(`//@version=6
indicator("trim na")
string missing = na
if barstate.islast
    log.info("[" + str.trim(missing) + "]" + "[" + str.trim("  a b  ") + "]")
plot(close)
`, risingBars(2));
    expect(r.logs.map((l) => l.message)).toEqual(["[][a b]"]);
  });
});
