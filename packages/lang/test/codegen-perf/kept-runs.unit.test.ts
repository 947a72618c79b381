// A program keeps its last finished run, its data released, and a run over the first bar
// (docs/adr/0113-finished-runs-keep-their-code.md): only V8's compiled code and hidden classes
// are meant to survive between evaluations, never a value. Expected values are worked by hand
// from the bars below.
import { dropKeptShapes, evaluate, EvaluationAborted, KEPT_SHAPES_MAX_BYTES, type EvaluationResult, type Program } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";
import { build } from "../back/harness";

const T0 = 1_700_000_040; // a minute boundary
function bars(closes: number[]): Bars {
  const t = Float64Array.from(closes, (_, k) => T0 + k * 60);
  const c = Float64Array.from(closes);
  return { length: closes.length, time: t, open: c.map((x) => x - 1), high: c.map((x) => x + 2), low: c.map((x) => x - 2), close: c, volume: c.map((x) => x * 10) };
}
const info = (ticker: string): SymbolInfo => ({ ticker, timezone: "UTC", mintick: 0.01, timeframe: "1m" });
const CHART = bars([1, 2, 3, 4, 5]);
const OTHER: ContextBars = { symbol: "OTH", timeframe: "1m", bars: bars([10, 20, 30, 40, 50]), info: info("OTH") };
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values);

const SCRIPT = `//@version=6
indicator("t")
step = input.int(1, "Step")
other = request.security("OTH", "1", close)
var int n = 0
n += step
var xs = array.new<float>()
xs.push(close)
var counts = map.new<string, int>()
counts.put("k", nz(counts.get("k")) + 1)
plot(n, "n")
plot(xs.size(), "size")
plot(counts.get("k"), "count")
plot(other, "other")
`;

describe("runs kept between evaluations", () => {
  test("the generated run can release every closure variable that holds the evaluation's data", () => {
    const prog = build(SCRIPT);
    const release = /function \$release\(\) \{\n(.*) = undefined;\n\}/.exec(prog.source);
    expect(release).not.toBeNull();
    const names = release![1]!.split(" = ");
    // the runtime, the bar columns, the input, the var globals (a number only the loop reads as
    // `$g_`, the closure's copy of the loop's local) and the request site's state
    for (const name of ["$rt", "$C", "$T", "$in1", "$S0"]) expect(names).toContain(name);
    expect(names.filter((x) => /^(?:\$g_)?v\d+_(n|xs|counts)$/.test(x))).toHaveLength(3);
    expect(prog.source).toContain("release: $release");
  });

  test("a second and third evaluation start from fresh state: var globals, arrays and maps do not carry over", () => {
    const prog = build(SCRIPT);
    const opts = { symbol: info("SYN"), windowStart: 0, contexts: [OTHER] };
    for (let k = 0; k < 3; k++) {
      const r = evaluate(prog, CHART, {}, opts);
      expect(col(r, 0)).toEqual([1, 2, 3, 4, 5]);
      expect(col(r, 1)).toEqual([1, 2, 3, 4, 5]);
      expect(col(r, 2)).toEqual([1, 2, 3, 4, 5]);
      expect(col(r, 3)).toEqual([10, 20, 30, 40, 50]);
      expect(r.barsEvaluated).toBe(5 + 5);
    }
  });

  test("other inputs and other bars on the next evaluation give that evaluation's values", () => {
    const prog = build(SCRIPT);
    evaluate(prog, CHART, {}, { symbol: info("SYN"), windowStart: 0, contexts: [OTHER] });
    const shorter = bars([7, 8, 9]);
    const r = evaluate(prog, shorter, { step: 3 }, { symbol: info("SYN"), windowStart: 1, contexts: [{ ...OTHER, bars: bars([70, 80, 90]) }] });
    expect(col(r, 0)).toEqual([6, 9]);
    expect(col(r, 1)).toEqual([2, 3]);
    expect(col(r, 3)).toEqual([80, 90]);
  });

  test("an evaluation stopped part way leaves the program usable", () => {
    const prog = build(SCRIPT);
    const stop = new AbortController();
    stop.abort();
    expect(() => evaluate(prog, CHART, {}, { symbol: info("SYN"), windowStart: 0, contexts: [OTHER], signal: stop.signal })).toThrow(EvaluationAborted);
    const r = evaluate(prog, CHART, {}, { symbol: info("SYN"), windowStart: 0, contexts: [OTHER] });
    expect(col(r, 0)).toEqual([1, 2, 3, 4, 5]);
  });

  test("a copy of the program that wraps its factory sees one instantiation per evaluation and shares what is kept", () => {
    const prog = build(SCRIPT);
    let calls = 0;
    const wrapped: Program = { ...prog, factory: (rt) => (calls++, prog.factory(rt)) };
    for (let k = 1; k <= 2; k++) {
      const r = evaluate(wrapped, CHART, {}, { symbol: info("SYN"), windowStart: 0, contexts: [OTHER] });
      expect(calls).toBe(k);
      expect(col(r, 0)).toEqual([1, 2, 3, 4, 5]);
    }
    expect(wrapped.kept).toBe(prog.kept);
    expect(prog.kept?.shapes).not.toBeNull();
    expect(prog.kept?.last).not.toBeNull();
  });

  test("a first-bar run that leaves more than the bound in use on the heap is not kept; a small one is, until dropped", () => {
    // six arrays of 100,000 floats (an array's most elements) on the first bar: 4.8 MB, past the
    // 4 MiB bound (thirty arrays, 24 MB, proved no more: the readings below are what decide)
    const BIG_BYTES = 6 * 100_000 * 8;
    const big = build(`//@version=6\nindicator("big")\ntype Row\n    array<float> values\nvar arrs = array.new<Row>()\nif barstate.isfirst\n    for i = 0 to 5\n        arrs.push(Row.new(array.new_float(100000, 1.5)))\nplot(arrs.size() * arrs.get(0).values.size(), "size")\n`);
    // the heap as the first-bar run leaves it, before and after: the real heap's figures move with
    // collections of other tests' garbage during the run (a major one can free more than the run
    // keeps), so the readings are the ones worked out above: 4.8 MB more for big, 8 KB for small
    const readings = (...values: number[]) => () => values.shift() ?? 0;
    const r = evaluate(big, CHART, {}, { symbol: info("SYN"), windowStart: 0, heapUsed: readings(50_000_000, 50_000_000 + BIG_BYTES) });
    expect(col(r, 0)).toEqual([600_000, 600_000, 600_000, 600_000, 600_000]);
    expect(big.kept?.tried).toBe(true);
    expect(big.kept?.shapes).toBeNull();
    expect(KEPT_SHAPES_MAX_BYTES).toBeLessThan(BIG_BYTES);

    const small = build(SCRIPT);
    evaluate(small, CHART, {}, { symbol: info("SYN"), windowStart: 0, contexts: [OTHER], heapUsed: readings(50_000_000, 50_008_000) });
    expect(small.kept?.shapes).not.toBeNull();
    dropKeptShapes(small);
    expect(small.kept?.shapes).toBeNull();
    // dropped for good: the program still evaluates from fresh state, without making it again
    const again = evaluate(small, CHART, {}, { symbol: info("SYN"), windowStart: 0, contexts: [OTHER] });
    expect(col(again, 0)).toEqual([1, 2, 3, 4, 5]);
    expect(small.kept?.shapes).toBeNull();
  });
});
