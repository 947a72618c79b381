// The bars after a bar a plot with a negative offset draws there (derive/warmup.ts `lookahead`,
// docs/adr/0141-bars-after-the-window.md): the largest -offset of the script's plots, from
// constants and the run's inputs, as Ichimoku writes it (`offset = -displacement + 1`).
import { analyzeWarmup } from "../../src/derive/warmup";
import { check } from "./harness";

const ind = (body: string): string => `//@version=6\nindicator("t")\n${body}`;

async function program(src: string) {
  const r = await check(src);
  if (!r.checked) throw new Error(JSON.stringify(r.diagnostics));
  return r.checked;
}

test("Ichimoku's lagging span: displacement - 1 bars, the run's input deciding", async () => {
  const p = await program(ind('displacement = input.int(26, "Displacement")\nplot(close, offset = -displacement + 1)\nplot(close, offset = displacement - 1)\n'));
  expect(analyzeWarmup(p).lookahead).toBe(25);
  expect(analyzeWarmup(p, { displacement: 40 }).lookahead).toBe(39);
});

test("the largest of several plots; positive offsets and none read nothing after", async () => {
  expect(analyzeWarmup(await program(ind("plot(close, offset = -3)\nplotshape(close > open, offset = -7)\nplotchar(true, offset = -2)\n"))).lookahead).toBe(7);
  expect(analyzeWarmup(await program(ind("plot(close, offset = 5)\nplot(close)\n"))).lookahead).toBe(0);
});
