// Patterns met in issue 16's nineteenth survey (public v6 indicators hosted in GitHub repositories:
// dashboards, drawing-heavy scripts, matrices), written here in their style; expected values are
// worked by hand or read from TradingView's reference manual.
import { closeBars, risingBars, run } from "./harness";
import { validate } from "../../src/validate";

const plots = (source: string): number[] => run(source, closeBars([1])).outputs.map((o) => o.values[0]!);
const near = (got: number, want: number, rel = 1e-6): void => expect(Math.abs(got - want)).toBeLessThanOrEqual(rel * Math.abs(want));

describe("survey S19 patterns", () => {
  // TradingView's reference (matrix.pinv, Remarks): "For non-singular square matrices this function
  // returns the result of matrix.inv." A full-rank factorisation through C'C squares the condition
  // number, so an invertible but ill-conditioned matrix came out as singular (every element na).
  test("matrix.pinv of an ill-conditioned square matrix is its inverse", () => {
    // [[1, 1], [1, 1 + e]] with e = 1e-6 has determinant e and inverse (1/e) [[1 + e, -1], [-1, 1]]
    const [a, b, c, d] = plots(`//@version=6
indicator("pinv")
m = matrix.new<float>(2, 2, 1.0)
m.set(1, 1, 1.000001)
p = m.pinv()
plot(p.get(0, 0))
plot(p.get(0, 1))
plot(p.get(1, 0))
plot(p.get(1, 1))`);
    near(a!, 1_000_001);
    near(b!, -1_000_000);
    near(c!, -1_000_000);
    near(d!, 1_000_000);
  });

  test("a least-squares polynomial fit through pinv(X'X) X'Y recovers an exact quadratic (a public regression-clustering script's pattern)", () => {
    // y = 2 + 3x + 5x^2 at x = 218/250 ... 249/250: the normal equations' solution is (2, 3, 5) exactly
    const [c0, c1, c2] = plots(`//@version=6
indicator("poly fit")
n = 32
X = matrix.new<float>(n, 3)
Y = matrix.new<float>(n, 1)
for i = 0 to n - 1
    float x = (218 + i) / 250.0
    Y.set(i, 0, 2 + 3 * x + 5 * x * x)
    for j = 0 to 2
        X.set(i, j, math.pow(x, j))
XT = X.transpose()
beta = matrix.mult(matrix.mult(matrix.pinv(matrix.mult(XT, X)), XT), Y)
plot(beta.get(0, 0))
plot(beta.get(1, 0))
plot(beta.get(2, 0))`);
    near(c0!, 2, 1e-4);
    near(c1!, 3, 1e-4);
    near(c2!, 5, 1e-4);
  });

  // docs/adr/0032: a call in a branch that was not taken on earlier bars reads its source's own
  // history, as TradingView does; ta.highest/ta.lowest of a bar column returned na until they had run
  // `length` times (a public fear & greed proxy's range position, computed in the taken branch of
  // `range != 0 ? (close - ta.lowest(low, n)) / range : na`, started 251 bars late).
  test("ta.highest / ta.lowest / ta.lowestbars of a bar column first called in a later bar read the bars before", () => {
    // risingBars: high = 11 + i, low = 9 + i, close = 10 + i; first called on bar 5:
    // highest(high, 3) = high[5] = 16, lowest(low, 3) = low[3] = 12, position (15 - 12) / (16 - 12) = 75%,
    // lowestbars = -2 (two bars back); then 17 / 13 / 75 / -2 and 18 / 14 / 75 / -2
    const out = run(`//@version=6
indicator("range position")
plot(bar_index < 5 ? na : ta.highest(high, 3))
plot(bar_index < 5 ? na : ta.lowest(low, 3))
plot(bar_index < 5 ? na : (close - ta.lowest(low, 3)) / (ta.highest(3) - ta.lowest(3)) * 100)
plot(bar_index < 5 ? na : ta.lowestbars(low, 3))`, risingBars(8)).outputs.map((o) => Array.from(o.values.slice(5)));
    expect(out).toEqual([[16, 17, 18], [12, 13, 14], [75, 75, 75], [-2, -2, -2]]);
  });

  // A public footprint table (request.footprint is refused: no tick data is stored) loops
  // `for ri = 0 to nr - 1` over its rows: the loop bound, computed from the refused value, made the
  // counter float and every array.get(..., ri) in the body a second, misleading error.
  test("a loop bound computed from a refused value leaves the counter int: the refusal is the only error", async () => {
    const src = `//@version=6
indicator("footprint rows")
fp = request.footprint(10, 70)
if barstate.islast and not na(fp)
    rws = fp.rows()
    nr = array.size(rws)
    buys = array.new<float>()
    for ri = 0 to nr - 1
        buys.push(array.get(rws, ri).buy_volume())
    for ri = 0 to nr - 1
        plotted = array.get(buys, ri)
plot(close)`;
    const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
    expect(v.diagnostics.filter((d) => d.severity === "error").map((d) => [d.line, d.code])).toEqual([[3, "unsupported_feature"]]);
  });
});
