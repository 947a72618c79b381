// The request slice (docs/adr/0070-request-slices.md): a requested context's run executes only the
// top-level statements the request sites need. Which statements those are is checked on the
// program; what they compute is checked against plain loops over the demo CSVs' weeks
// (packages/marketdata/demo: AAPL daily, Yahoo via bokeh_sampledata; see its SOURCES.md), built
// here from the daily rows (Monday 00:00 UTC, as the bar store's 1w bars).
import { aaplWeeks, build, closedWeekOf, dailyBars, SYMBOL } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import { Runtime } from "../../src/runtime/runtime";
import { RequestHost, type ContextBars } from "../../src/stdlib/request";

const { daily: AAPL, weeks: WEEKS, context: AAPL_W } = aaplWeeks();

const closedWeek = (i: number): number => closedWeekOf(WEEKS.weekOf, i);

const HEADER = `//@version=6\nindicator("slice")\n`;
/** Line numbers of the script body (its first line is line 3). */
const line = (k: number): number => k + 2;

function runOn(body: string): EvaluationResult {
  return evaluate(build(HEADER + body), AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: [AAPL_W] });
}

/**
 * Every chart bar of output k against `expected(week)` of the week it sees (na before the first),
 * to 8 decimals as toBeCloseTo(_, 8) reads them; the bars that differ are listed in one assertion
 * (an expect per bar, 3,000 a series, cost more than the evaluation).
 */
function expectPerWeek(r: EvaluationResult, k: number, expected: (week: number) => number): void {
  let checked = 0;
  const wrong: string[] = [];
  // the last bar's week is still open (docs/adr/0060): every earlier bar is checked
  for (let i = 0; i < AAPL.length - 1; i++) {
    const w = closedWeek(i);
    const v = r.outputs[k]!.values[i]!;
    if (w < 0 || Number.isNaN(expected(w))) {
      if (!Number.isNaN(v)) wrong.push(`bar ${i}: ${v}, expected na`);
    } else {
      const e = expected(w);
      if (!(v === e || Math.abs(v - e) < 5e-9)) wrong.push(`bar ${i}: ${v}, expected ${e}`);
      checked++;
    }
  }
  expect(wrong).toEqual([]);
  expect(checked).toBeGreaterThan(100);
}

/** Sum of the weekly closes up to week w (a plain loop). */
function cumulativeClose(w: number): number {
  let s = 0;
  for (let k = 0; k <= w; k++) s += WEEKS.bars.close[k]!;
  return s;
}

const UNRELATED = `
var spreads = array.new<float>()
spreads.push(close - open)
if spreads.size() > 5
    spreads.shift()
var counts = map.new<string, int>()
counts.put("bars", nz(counts.get("bars")) + 1)
log.info("chart bar {0}", bar_index)
plot(spreads.avg(), "unrelated")
`;

describe("request slice: the statements a context's run executes", () => {
  test("an input and the request: the unrelated state, log and plot are left out", () => {
    const body = `len = input.int(2, "Length")\nother = 1\nw = request.security("", "W", ta.sma(close, len))${UNRELATED}plot(w, "w")`;
    const prog = build(HEADER + body);
    expect(prog.sliceLines).toEqual([line(1), line(3)]);
    const r = evaluate(prog, AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: [AAPL_W] });
    const c = WEEKS.bars.close;
    expectPerWeek(r, 1, (w) => (w >= 1 ? (c[w]! + c[w - 1]!) / 2 : NaN));
  });

  test("a script without requests has none", () => {
    expect(build(HEADER + "plot(close)").sliceLines).toBeNull();
  });

  test("statements before the last request that can fail and name a variable are in the slice (their errors end the bar first); the log line, which names none, is not", () => {
    const body = `${UNRELATED}plot(request.security("", "W", close), "w")`;
    expect(build(HEADER + body).sliceLines).toEqual([4, 5, 6, 8, 9, 11, 12]);
  });

  test("a chart-timeframe check that only raises runtime.error is not run in the context (docs/adr/0170): the weekly closes arrive", () => {
    // the check is true in the weekly context (timeframe.period is the requested "W" there) and
    // false on the daily chart; run in the context, it failed every weekly bar and w was na throughout
    const body = `htf = "W"\nif timeframe.in_seconds(timeframe.period) >= timeframe.in_seconds(htf)\n    runtime.error("the chart's timeframe must be below " + htf)\nw = request.security("", htf, close)\nplot(w, "w")`;
    const prog = build(HEADER + body);
    expect(prog.sliceLines).toEqual([line(1), line(4)]);
    const r = runOn(body);
    expect(r.runtimeErrors).toEqual([]);
    expectPerWeek(r, 0, (w) => WEEKS.bars.close[w]!);
  });

  test("a var counter assigned after the request is not in the slice: the request reads the counter as declared, 0", () => {
    const body = `var int n = 0\nw = request.security("", "W", n)\nn += 1${UNRELATED}plot(w, "w")`;
    const prog = build(HEADER + body);
    // a request evaluates only the code before it (user manual, Other timeframes and data, "Declared variables"; docs/adr/0327)
    expect(prog.sliceLines).toEqual([line(1), line(2)]);
    expectPerWeek(runOn(body), 1, () => 0);
  });

  test("a var UDT mutated by a method elsewhere: the method's statement is in the slice", () => {
    const body = `type Acc\n    float sum = 0.0\nmethod add(Acc this, float x) =>\n    this.sum += x\n    this\nvar acc = Acc.new()\nacc.add(close)\nw = request.security("", "W", acc.sum)${UNRELATED}plot(w, "w")`;
    const prog = build(HEADER + body);
    expect(prog.sliceLines).toEqual([line(6), line(7), line(8)]);
    expectPerWeek(runOn(body), 1, cumulativeClose);
  });

  test("an object mutated through an alias read from a map: the alias's statements are in the slice", () => {
    const body = [
      "type Acc",
      "    float sum = 0.0",
      "var m = map.new<int, Acc>()",
      "if not m.contains(0)",
      "    m.put(0, Acc.new())",
      "Acc a = m.get(0)",
      "a.sum += close",
      `w = request.security("", "W", m.get(0).sum)`,
      UNRELATED,
      `plot(w, "w")`,
    ].join("\n");
    const prog = build(HEADER + body);
    expect(prog.sliceLines).toEqual([line(3), line(4), line(6), line(7), line(8)]);
    expectPerWeek(runOn(body), 1, cumulativeClose);
  });

  test("a function called twice: two sites, each with its own value", () => {
    const body = `f(src) => request.security("", "W", src)\na = f(close)\nb = f(open)${UNRELATED}plot(a, "a")\nplot(b, "b")`;
    const prog = build(HEADER + body);
    expect(prog.sliceLines).toEqual([line(2), line(3)]);
    const r = runOn(body);
    expectPerWeek(r, 1, (w) => WEEKS.bars.close[w]!);
    expectPerWeek(r, 2, (w) => WEEKS.bars.open[w]!);
  });

  test("a statement before the request that can fail is in the slice: a context bar it fails records na", () => {
    const body = `empty = array.new<float>()\nx = bar_index % 3 == 0 ? empty.get(0) : 0.0\nw = request.security("", "W", close)${UNRELATED}plot(w, "w")`;
    const prog = build(HEADER + body);
    expect(prog.sliceLines).toEqual([line(1), line(2), line(3)]);
    const r = runOn(body);
    // chart bars where bar_index % 3 == 0 fail themselves; the others show na for weeks 0, 3, 6, ...
    const wrong: string[] = [];
    for (let i = 1; i < AAPL.length - 1; i++) {
      if (i % 3 === 0) continue;
      const w = closedWeek(i);
      const v = r.outputs[1]!.values[i]!;
      const e = w < 0 || w % 3 === 0 ? NaN : WEEKS.bars.close[w]!;
      if (!Object.is(v, e)) wrong.push(`bar ${i}: ${v}, expected ${e}`);
    }
    expect(wrong).toEqual([]);
  });

  test("drawings read by the requested expression: every statement that draws runs with it (docs/adr/0223)", () => {
    const body = `var label lb = na\nif barstate.isfirst\n    lb := label.new(bar_index, close, "x")\nlabel.set_y(lb, close)\nplot(close)\nplot(request.security("", "W", label.get_y(lb)))`;
    expect(build(HEADER + body).sliceLines).toEqual([line(1), line(2), line(4), line(6)]);
    // the label's y is set to each week's close before the request reads it
    expectPerWeek(runOn(body), 1, (w) => WEEKS.bars.close[w]!);
  });

  test("a context's run executes only the slice: a log.info outside it writes nothing there", () => {
    const body = `var int n = 0\nw = request.security("", "W", n)\nif close > 0\n    n += 1\n    log.info("counted")\nlog.info("not needed")\nplot(w)`;
    const prog = build(HEADER + body);
    // the counting block comes after the request: not in the slice (docs/adr/0327)
    expect(prog.sliceLines).toEqual([line(1), line(2)]);
    const ctx = AAPL_W.bars;
    const rt = new Runtime(ctx, AAPL_W.info, prog.outputs.length, {}, prog.everyBar);
    rt.req = new RequestHost("capture");
    prog.factory(rt).run(0, ctx.length);
    const lines = rt.logs.lines.map((l) => l.message);
    expect(lines).toEqual([]);
    // the chart's own run executes every statement
    const r = evaluate(prog, AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: [AAPL_W] });
    expect(new Set(r.logs.map((l) => l.message))).toEqual(new Set(["counted", "not needed"]));
  });

  test("a numeric site whose symbol changes bar by bar reads each bar's own context", () => {
    const MSFT = dailyBars("MSFT");
    const msftClose = new Map<number, number>();
    for (let i = 0; i < MSFT.length; i++) msftClose.set(MSFT.time[i]!, MSFT.close[i]!);
    const MSFT_D: ContextBars = { symbol: "MSFT", timeframe: "1d", bars: MSFT, info: { ticker: "MSFT", timezone: "America/New_York", mintick: 0.01, timeframe: "1d" } };
    const prog = build(HEADER + `sym = bar_index % 2 == 0 ? "AAPL" : "MSFT"\nplot(request.security(sym, "D", close))`);
    const r = evaluate(prog, AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: [MSFT_D] });
    let checked = 0;
    for (let i = 0; i < AAPL.length - 1; i++) {
      const want = i % 2 === 0 ? AAPL.close[i]! : msftClose.get(AAPL.time[i]!);
      if (want === undefined) continue;
      expect(r.outputs[0]!.values[i]).toBe(want);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
