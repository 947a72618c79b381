// Requests of a bar column read the context's bars without a run over them (codegen/slice.ts
// directRequests, stdlib/request/host.ts securityBars), only where that run would record exactly
// that column: the request is a whole statement's value and nothing a context's run executes
// before it can fail. Expected values are worked by hand from the bars below.
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";
import { build } from "../back/harness";

const T0 = 1_700_000_040; // a minute boundary
function bars(times: number[], closes: number[]): Bars {
  const t = Float64Array.from(times, (k) => T0 + k * 60);
  const c = Float64Array.from(closes);
  return { length: times.length, time: t, open: c.map((x) => x - 1), high: c.map((x) => x + 2), low: c.map((x) => x - 2), close: c, volume: c.map((x) => x * 10) };
}
const info = (ticker: string): SymbolInfo => ({ ticker, timezone: "UTC", mintick: 0.01, timeframe: "1m" });
// the chart has minutes 0..3; the other symbol trades at minutes 0 and 2 only
const CHART = bars([0, 1, 2, 3], [1, 2, 3, 4]);
const OTHER: ContextBars = { symbol: "OTH", timeframe: "1m", bars: bars([0, 2], [10, 30]), info: info("OTH") };

function runOn(body: string): { source: string; r: EvaluationResult } {
  const prog = build(`//@version=6\nindicator("t")\n${body}`);
  return { source: prog.source, r: evaluate(prog, CHART, {}, { symbol: info("SYN"), windowStart: 0, contexts: [OTHER] }) };
}
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values);

describe("requests of a bar column", () => {
  test("read the context's column: each chart minute sees the other symbol's last closed minute; gaps_on leaves na between its bars", () => {
    const { source, r } = runOn(`sym = input.symbol("OTH", "Other")
c = request.security(sym, "1", close)
g = request.security(sym, "1", close, gaps = barmerge.gaps_on)
v = request.security("OTH", "1", volume)
plot(c, "c")
plot(g, "g")
plot(v, "v")`);
    // c and v, in the chart's loop and the slice's (g, whose option is not a literal, takes the general read)
    expect(source.match(/securityBars/g)?.length).toBe(4);
    expect(col(r, 0)).toEqual([10, 10, 30, 30]);
    expect(col(r, 1)).toEqual([10, NaN, 30, NaN]);
    expect(col(r, 2)).toEqual([100, 100, 300, 300]);
    // the context's bars count as evaluated, as when the script runs over them
    expect(r.barsEvaluated).toBe(4 + 2);
  });

  test("the same values as a request that runs over the context (close + 0)", () => {
    const { source, r } = runOn(`a = request.security("OTH", "1", close)
b = request.security("OTH", "1", close + 0)
plot(a, "a")
plot(b, "b")`);
    expect(source).toContain("securityBars");
    expect(source).toContain("securityNum");
    expect(col(r, 0)).toEqual(col(r, 1));
    expect(col(r, 0)).toEqual([10, 10, 30, 30]);
  });

  test("a statement before it that fails in the other symbol's run keeps the request on that run: its bars record na", () => {
    const { source, r } = runOn(`a = array.new<float>(2)
x = syminfo.ticker == "OTH" ? a.get(5) : 0
c = request.security("OTH", "1", close)
plot(c, "c")`);
    expect(source).not.toContain("securityBars");
    expect(col(r, 0)).toEqual([NaN, NaN, NaN, NaN]);
  });

  test("not read directly: an expression, a var declaration, a currency, a statement around the call", () => {
    for (const body of [
      `c = request.security("OTH", "1", close * 2)`,
      `var c = request.security("OTH", "1", close)`,
      `c = request.security("OTH", "1", close, currency = "USD")`,
      `c = 1 + request.security("OTH", "1", close)`,
      `c = request.security("OTH", "1", hl2)`,
    ]) {
      expect(build(`//@version=6\nindicator("t")\n${body}\nplot(c)`).source).not.toContain("securityBars");
    }
  });
});
