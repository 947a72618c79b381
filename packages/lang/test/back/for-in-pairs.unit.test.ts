// `for [key, value] in m` walks a map's pairs in insertion order; `for [i, x] in a` an array's
// indices and elements. Expected values are worked by hand.
import { evaluate } from "../../src/evaluate";
import { barsOf, check, outputsByName, PLAIN_SYMBOL } from "../front/harness";
import { build } from "./harness";

function outputs(body: string, closes: number[]): Record<string, Array<number | null>> {
  const res = evaluate(build(`//@version=6\nindicator("t")\n${body}`), barsOf(closes), {}, { symbol: PLAIN_SYMBOL, windowStart: 0 });
  expect(res.runtimeErrors).toEqual([]);
  return outputsByName(res);
}

describe("for-in over pairs", () => {
  test("a map of float keys: keys and values in insertion order, the largest value's key", () => {
    const body = [
      "var m = map.new<float, int>()",
      "m.put(close, nz(m.get(close)) + 1)",
      "keySum = 0.0",
      "weighted = 0.0",
      "order = 0.0",
      "best = float(na)",
      "bestCount = 0",
      "for [k, v] in m",
      "    keySum += k",
      "    weighted += k * v",
      "    order := order * 100 + k",
      "    if v > bestCount",
      "        best := k",
      "        bestCount := v",
      'plot(keySum, "keys")',
      'plot(weighted, "weighted")',
      'plot(order, "order")',
      'plot(best, "best")',
    ].join("\n");
    // closes 10, 20, 10, 30, 20, 20: keys 10, 20, 30 inserted in that order
    // counts after each bar: {10:1} {10:1,20:1} {10:2,20:1} {+30:1} {10:2,20:2,30:1} {10:2,20:3,30:1}
    expect(outputs(body, [10, 20, 10, 30, 20, 20])).toEqual({
      keys: [10, 30, 30, 60, 60, 60],
      weighted: [10, 30, 40, 70, 90, 110],
      order: [10, 1020, 1020, 102030, 102030, 102030],
      best: [10, 10, 10, 10, 10, 20],
    });
  });

  test("a map of string keys to floats", () => {
    const body = [
      'var m = map.new<string, float>()',
      'm.put(close > 15 ? "high" : "low", close)',
      "lens = 0",
      "total = 0.0",
      "for [name, value] in m",
      "    lens := lens * 10 + str.length(name)",
      "    total += value",
      'plot(lens, "lens")',
      'plot(total, "total")',
    ].join("\n");
    // closes 10, 20, 12: {low:10} {low:10, high:20} {low:12, high:20}
    expect(outputs(body, [10, 20, 12])).toEqual({ lens: [3, 34, 34], total: [10, 30, 32] });
  });

  test("an array's indices and elements", () => {
    const body = ["a = array.from(close, close * 2, close * 3)", "s = 0.0", "for [i, x] in a", "    s += i * x", 'plot(s, "s")'].join("\n");
    // 0*c + 1*2c + 2*3c = 8c
    expect(outputs(body, [1, 2.5])).toEqual({ s: [8, 20] });
  });

  test("a map needs the pair form", async () => {
    const r = await check('//@version=6\nindicator("t")\nm = map.new<int, int>()\nfor v in m\n    log.info("x")\nplot(close)\n');
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["type_mismatch"]);
  });
});
