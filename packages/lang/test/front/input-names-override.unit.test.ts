// A run overrides an input by its Interface name. The Interface names an input after the variable
// it is assigned to, else its title made slug-safe (`"Length"` -> `length`), else `input_N`, each
// made unique; the compiled script read its inputs by other names (the title as written, the
// variable an input was nested in, no numbering), so such overrides were silently ignored.

import { analyzeWarmup, compile, evaluate } from "../../src/index";
import { barsOf, check, PLAIN_SYMBOL } from "./harness";

/** validate() + compile() + evaluate() over closes 1..4 with `inputs`, keyed as the Interface names them. */
async function run(body: string, inputs: Record<string, unknown>): Promise<{ names: string[]; out: Array<number | null> }> {
  const r = await check(`//@version=6\nindicator("t")\n${body}`);
  if (!r.checked || !r.interface) throw new Error(JSON.stringify(r.diagnostics));
  const res = evaluate(compile(r.checked, r.interface), barsOf([1, 2, 3, 4]), inputs, { symbol: PLAIN_SYMBOL, windowStart: 0 });
  return { names: r.interface.inputs.map((i) => i.name), out: Array.from(res.outputs[0]!.values, (v) => (Number.isNaN(v) ? null : v)) };
}

describe("inputs overridden by their Interface names", () => {
  it("an input named from its title", async () => {
    const r = await run('plot(close * input.int(10, "Length"))\n', { length: 2 });
    expect(r.names).toEqual(["length"]);
    expect(r.out).toEqual([2, 4, 6, 8]);
  });

  it("two inputs with the same title", async () => {
    const r = await run('plot(close * input.int(10, "k") + input.int(100, "k"))\n', { k: 2, k_2: 1000 });
    expect(r.names).toEqual(["k", "k_2"]);
    expect(r.out).toEqual([1002, 1004, 1006, 1008]);
  });

  it("an input nested in a declaration is not named after the variable", async () => {
    const r = await run('len = math.max(1, input.int(10, "Base"))\nplot(close * len)\n', { base: 3 });
    expect(r.names).toEqual(["base"]);
    expect(r.out).toEqual([3, 6, 9, 12]);
  });

  it("an untitled input and one assigned to a variable", async () => {
    const r = await run("m = input.float(10.0)\nplot(close * m + input.int(0))\n", { m: 2, input_1: 100 });
    expect(r.names).toEqual(["m", "input_1"]);
    expect(r.out).toEqual([102, 104, 106, 108]);
  });

  it("the warmup of a run follows an overridden input written inside a call", async () => {
    const r = await check('//@version=6\nindicator("t")\nplot(ta.sma(close, input.int(10, "Length")))\n');
    expect(r.interface!.warmup_bars).toBe(10);
    expect(analyzeWarmup(r.checked!, { length: 40 }).required).toBe(40);
  });
});
