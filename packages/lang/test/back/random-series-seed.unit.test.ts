// math.random's seed is a series int in TradingView's reference ("When the same seed is used, allows
// successive calls to the function to produce a repeatable set of values"): a public script seeds
// each weight of a small neural network with `seed + l * 100000 + i` inside its loops. Each seed
// has its own sequence at the call site (docs/adr/0163-random-series-seed.md), so the checks below
// compare a site whose seed varies with sites whose seed is a constant: the values must match call
// for call, whatever other seeds come in between.
import { validate } from "../../src/index";
import { risingBars, run } from "./harness";

const columns = (body: string, bars = 6): number[][] => {
  const r = run(`//@version=6\nindicator("rnd")\n${body}`, risingBars(bars));
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
};

test("a seed computed from loop counters and an input is accepted", async () => {
  const src = `//@version=6\nindicator("w")\nseed = input.int(42)\nvar w = array.new<float>()\nif barstate.isfirst\n    for l = 1 to 2\n        for i = 0 to 3\n            w.push(math.random(0, 1, seed + l * 100000 + i) * 2 - 1)\nplot(w.sum())`;
  const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
  expect(v.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
});

test("a varying seed continues each seed's own sequence, as a site with that constant seed does", () => {
  const [seven = [], eight = [], mixed = []] = columns(`plot(math.random(0, 1, 7), "seven")
plot(bar_index < 3 ? math.random(0, 1, 8) : na, "eight")
plot(math.random(0, 1, bar_index % 2 == 0 ? 7 : 8), "mixed")`);
  // even bars draw seed 7's 1st, 2nd, 3rd values; odd bars seed 8's 1st, 2nd, 3rd
  expect([mixed[0], mixed[2], mixed[4]]).toEqual([seven[0], seven[1], seven[2]]);
  expect([mixed[1], mixed[3], mixed[5]]).toEqual([eight[0], eight[1], eight[2]]);
  // two seeds give two different sequences, each in [0, 1)
  expect(seven[0]).not.toEqual(eight[0]);
  for (const x of [...seven, ...eight.slice(0, 3)]) expect(x >= 0 && x < 1).toBe(true);
});

test("in a loop each seed starts its own sequence, and an na seed draws from the unseeded stream all call sites share (docs/adr/0318)", () => {
  const [looped = [], first100 = [], first102 = [], mixed = [], plainEven = []] = columns(`var float[] draws = array.new<float>()
if barstate.isfirst
    for i = 0 to 2
        draws.push(math.random(0, 10, 100 + i))
plot(draws.get(bar_index % 3), "looped")
plot(bar_index == 0 ? math.random(0, 10, 100) : na, "first100")
plot(bar_index == 0 ? math.random(0, 10, 102) : na, "first102")
plot(math.random(0, 1, bar_index % 2 == 0 ? int(na) : 5), "mixed")
plot(bar_index % 2 == 0 ? math.random(0, 1) : na, "plainEven")`);
  expect(looped[0]).toEqual(first100[0]);
  expect(looped[2]).toEqual(first102[0]);
  // one unseeded call a bar draws the stream's numbers in order; on even bars "mixed" then "plainEven" take the next two
  const [stream = []] = columns(`plot(math.random(0, 1), "stream")`);
  expect([mixed[0], plainEven[0], mixed[2], plainEven[2]]).toEqual([stream[0], stream[1], stream[2], stream[3]]);
});
