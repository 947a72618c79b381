// Porting help for a variable read in its own declaration (`ji = 0.5 * nz(ji[1]) + x`), as Pine v2
// scripts and some public filters write it: Pine v3 and later refuse the name as undeclared, and
// the message says how to write it (declare first, then `:=`), which this dialect then runs.
import { validate } from "../../src/index";
import type { Resolver } from "../../src/types";
import { risingBars, run } from "../back/harness";

const none: Resolver = { resolve: async () => null };

async function errors(body: string): Promise<string[]> {
  const r = await validate([{ path: "main.pine", content: `//@version=6\nindicator("t")\n${body}` }], { resolver: none });
  return r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);
}

test("a name read in its own declaration is refused with the declare-then-assign form", async () => {
  const m = await errors(`smooth(float x) =>\n    float ji = 0.5 * nz(ji[1]) + x\n    ji\nplot(smooth(close))`);
  expect(m).toHaveLength(1);
  expect(m[0]).toContain("undeclared_identifier: Undeclared identifier 'ji'.");
  expect(m[0]).toContain("'ji' is read in its own declaration");
  expect(m[0]).toContain("`float ji = 0.0`");
  expect(m[0]).toContain("`:=`");
});

test("at the top level too, and only for the name being declared", async () => {
  const m = await errors(`acc = nz(acc[1]) + volum\nplot(acc)`);
  expect(m.find((x) => x.includes("'acc'"))).toContain("read in its own declaration");
  // the misspelled `volume` keeps its own hint
  expect(m.find((x) => x.includes("'volum'"))).toContain("Did you mean `volume`?");
});

test("a later name read by a function the value calls is not called a self-reference", async () => {
  const m = await errors(`f() => later + 1\nlater = f()\nplot(later)`);
  expect(m).toHaveLength(1);
  expect(m[0]).not.toContain("own declaration");
});

test("written as the message says, the filter runs: each bar halves the previous value and adds close", () => {
  // risingBars: close = 10 + i; ji = 0.5 * ji[1] + close: 10, 16, 20, 23
  const r = run(`//@version=6\nindicator("t")\nfloat ji = 0.0\nji := 0.5 * nz(ji[1]) + close\nplot(ji)`, risingBars(4));
  expect(Array.from(r.outputs[0]!.values)).toEqual([10, 16, 20, 23]);
});
