// math.sinh, math.cosh, math.tanh against published table values (sinh 1 = 1.1752011936...,
// cosh 1 = 1.5430806348..., tanh 0.5 = 0.4621171572...), and tanh's identity with exp.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const one: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(1), high: Float64Array.of(1), low: Float64Array.of(1), close: Float64Array.of(0.5), volume: Float64Array.of(1) };

test("hyperbolic functions", () => {
  const src = `//@version=6\nindicator("t")\nplot(math.sinh(1))\nplot(math.cosh(1))\nplot(math.tanh(close))\nplot(math.tanh(-close))`;
  const r = evaluate(build(src), one, {}, { symbol: SYMBOL, windowStart: 0 });
  const v = r.outputs.map((o) => o.values[0]!);
  expect(v[0]).toBeCloseTo(1.1752011936438014, 12);
  expect(v[1]).toBeCloseTo(1.5430806348152437, 12);
  expect(v[2]).toBeCloseTo(0.46211715726000974, 12);
  expect(v[3]).toBeCloseTo(-0.46211715726000974, 12);
});
