// Differences from TradingView closed by what its documents settle (issue 16, helper L4). Expected
// values are the documents' (quoted in docs/adr/0272, 0273), or worked by hand from the demo bars
// (packages/marketdata/demo, SOURCES.md).
import { build, dailyBars, risingBars, sliceBars, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import { parse } from "../../src/language/parser";
import { checkFile, DiagnosticSink, IdCounters, makeContext } from "../../src/check";

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;
const between = (name: string, from: string, to: string) => {
  const b = dailyBars(name);
  return sliceBars(b, b.time.indexOf(day(from)), b.time.indexOf(day(to)) + 1);
};

describe("input.symbol is the symbol paired with its exchange prefix (docs/adr/0272)", () => {
  // TradingView's reference: input.symbol "returns that symbol, paired with its exchange prefix, as
  // a string"; its user manual: an empty defval is the chart's symbol. The chart is AAPL on NASDAQ,
  // MSFT (NASDAQ) is a supplied context, XYZ names no instrument.
  // MSFT's closes, read by hand from MSFT.csv: 2012-11-21 26.95, 2012-11-23 27.7.
  const CHART = between("AAPL", "2012-11-21", "2012-11-23");
  const chart = { ...SYMBOL, prefix: "NASDAQ" };
  const msft: ContextBars = { symbol: "MSFT", timeframe: "1d", bars: between("MSFT", "2012-11-01", "2012-11-23"), info: { ...SYMBOL, ticker: "MSFT", prefix: "NASDAQ" } };
  const SOURCE = `//@version=6
indicator("symbol inputs")
s = input.symbol("MSFT", "Symbol")
own = input.symbol("AAPL", "Own")
chartSym = input.symbol("", "Chart")
written = input.symbol("NASDAQ:MSFT", "Written")
unknown = input.symbol("XYZ", "Unknown")
plot(s == "NASDAQ:MSFT" ? 1 : 0, "msft")
plot(own == "NASDAQ:AAPL" ? 1 : 0, "own")
plot(chartSym == "" ? 1 : 0, "chart")
plot(written == "NASDAQ:MSFT" ? 1 : 0, "written")
plot(unknown == "XYZ" ? 1 : 0, "unknown")
plot(str.split(s, ":").size(), "parts")
plot(own == "NASDAQ:MSFT" ? 1 : 0, "ownMsft")
plot(request.security(s, "1D", close), "close")
`;
  const runWith = (inputs: Record<string, unknown>) => evaluate(build(SOURCE), CHART, inputs, { symbol: chart, windowStart: 0, contexts: [msft] });
  const last = (r: ReturnType<typeof runWith>, title: string) => {
    const col = r.outputs.find((o) => o.title === title)!.values;
    return col[col.length - 1];
  };

  it("qualifies a known symbol, keeps the chart's empty symbol, a written prefix and an unknown symbol, and requests it", () => {
    const r = runWith({});
    expect(["msft", "own", "chart", "written", "unknown"].map((t) => last(r, t))).toEqual([1, 1, 1, 1, 1]);
    expect(last(r, "parts")).toBe(2);
    expect(Array.from(r.outputs.find((o) => o.title === "close")!.values)).toEqual([26.95, 27.7]);
    expect(r.missingContexts ?? []).toEqual([]);
  });

  it("qualifies a run's value too", () => {
    const r = runWith({ own: "MSFT" });
    expect(last(r, "ownMsft")).toBe(1);
    expect(last(r, "own")).toBe(0);
  });
});

describe("a v6 bool is never na: `bool b = na`, na(), nz() and fixnan() of a bool are refused (docs/adr/0273)", () => {
  // TradingView's v6 migration guide: "A variable declared as bool can no longer be assigned na as
  // its default value" and "na(), nz(), and fixnan() ... do not accept bool arguments in v6"; v5
  // keeps its three-state bool (docs/adr/0260).
  const check = (version: number, body: string) => {
    const p = parse("main.pine", `//@version=${version}\nindicator("bools")\n${body}\nplot(close)\n`);
    const sink = new DiagnosticSink();
    checkFile(p.script, makeContext("main.pine", p.script.version, sink, new IdCounters()), { key: "file:main.pine", isEntry: true, imports: new Map(), importKeys: new Map() });
    return sink.list.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);
  };
  const REFUSED: Array<[string, RegExp]> = [
    ["bool b = na", /'b' is declared bool and given na: in Pine v6 a bool is true or false, never na .*`bool b = false`/],
    ["var bool b = na", /'b' is declared bool and given na/],
    ["b = close > open\nx = na(b)", /na\(\) does not take a bool in Pine v6.*Test the bool itself/],
    ["b = close > open\nx = nz(b)", /nz\(\) does not take a bool in Pine v6/],
    ["b = close > open\nx = fixnan(b)", /fixnan\(\) does not take a bool in Pine v6/],
    ["x = na(close > open)", /na\(\) does not take a bool/],
  ];
  it.each(REFUSED)("v6 refuses %s", (body, message) => {
    const errors = check(6, body);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^type_mismatch: /);
    expect(errors[0]).toMatch(message);
  });
  it.each(REFUSED)("v5 accepts %s", (body) => {
    expect(check(5, body)).toEqual([]);
  });
  it("v6 still takes na() of numbers, a bool declared false and a bool parameter's na default", () => {
    expect(check(6, "bool b = false\nx = na(close) or nz(close) > 0 or fixnan(close) > 0\nf(bool c = na) => c\ny = f()")).toEqual([]);
  });
});

describe("str.format's placeholders as TradingView's user manual describes them (docs/adr/0274)", () => {
  // Strings page, "Formatting strings": "If a placeholder refers to a nonexistent argument, the
  // formatted result treats that placeholder as a literal character sequence"; "Non-quoted left
  // curly brackets ({) must have corresponding right curly brackets (}) inside formatting strings.
  // If a formatString contains unbalanced curly brackets, it causes a runtime error"; a sequence
  // between apostrophes is quoted ("'{0}'" writes {0}). The reference: str.tostring of na is "NaN".
  const logs = (body: string) => {
    const r = evaluate(build(`//@version=6\nindicator("format")\nif barstate.islast\n${body}\nplot(close)\n`), risingBars(2), {}, { symbol: SYMBOL, windowStart: 0 });
    return { lines: r.logs.map((l) => l.message), errors: r.runtimeErrors.map((e) => `${e.count} ${e.message}`) };
  };
  it("a placeholder with no argument and a quoted one are literal text; na is NaN", () => {
    expect(logs(`    log.info(str.format("{0} {5} '{0}'", 7))\n    log.info(str.tostring(float(na)))`)).toEqual({ lines: ["7 {5} {0}", "NaN"], errors: [] });
  });
  it("an unclosed { is a runtime error, in str.format and in log.* with arguments", () => {
    const a = logs(`    log.info(str.format("a {0", 1))`);
    expect(a.lines).toEqual([]);
    expect(a.errors).toEqual([expect.stringMatching(/^1 .*unbalanced curly brackets in the format string/)]);
    const b = logs(`    log.info("b {0} {1", 1)`);
    expect(b.errors).toEqual([expect.stringMatching(/^1 .*unbalanced curly brackets/)]);
    // without arguments a log line is its text as written
    expect(logs(`    log.info("c {")`)).toEqual({ lines: ["c {"], errors: [] });
  });
});

describe("strings hold at most 40,960 characters (docs/adr/0274)", () => {
  // TradingView's user manual (Strings): "strings are immutable values containing sequences of up to
  // 40,960 encoded characters".
  const errorsOf = (n: number) => {
    const src = `//@version=6\nindicator("length")\ns = str.repeat("x", ${n - 1}) + "y"\nplot(str.length(s))\n`;
    const r = evaluate(build(src), risingBars(1), {}, { symbol: SYMBOL, windowStart: 0 });
    return { length: r.outputs[0]!.values[0], errors: r.runtimeErrors.map((e) => e.message) };
  };
  it("a string of 40,960 characters is made, one more is the bar's runtime error", () => {
    expect(errorsOf(40_960)).toEqual({ length: 40_960, errors: [] });
    expect(errorsOf(40_961).errors).toEqual([expect.stringContaining("string longer than 40960 characters")]);
  });
});
