// Hostile depth in the front end: input nested deeper than the parser's and checker's limits is
// refused with `too_complex` at its place, never a RangeError out of validate(); input just
// under the limits still validates.
import { check } from "./harness";
import { MAX_NESTING, MAX_TREE_DEPTH } from "../../src/language/parser";
import { MAX_CALL_DEPTH } from "../../src/check/typing/functions";

const H = '//@version=6\nindicator("t")\n';
const chain = (n: number): string => H + Array.from({ length: n }, (_, i) => `f${i}(x) => ${i === 0 ? "x" : `f${i - 1}(x)`} + 1`).join("\n") + `\nplot(f${n - 1}(close))\n`;

/** The errors, without the `undeclared_identifier` of a variable whose refused declaration was
 *  dropped (as after any syntax error). */
async function refused(src: string): Promise<string[]> {
  const r = await check(src);
  expect(r.valid).toBe(false);
  return r.diagnostics.filter((d) => d.severity === "error" && d.code !== "undeclared_identifier").map((d) => `${d.code} ${d.line}:${d.column}`);
}

describe("deep input is refused with too_complex, not a stack overflow", () => {
  test("1,000 nested parentheses: at the parenthesis past the limit", async () => {
    const src = H + "x = " + "(".repeat(1000) + "close" + ")".repeat(1000) + "\nplot(x)\n";
    // `x = ` is 4 columns; the parenthesis at nesting MAX_NESTING + 1 is column 5 + MAX_NESTING
    expect(await refused(src)).toEqual([`too_complex 3:${5 + MAX_NESTING}`]);
  });

  test("3,000 chained `+ 1`: the statement's tree is too deep", async () => {
    const codes = await refused(H + "x = close" + " + 1".repeat(3000) + "\nplot(x)\n");
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(/^too_complex 3:\d+$/);
  });

  test("20,000 unary minus signs and 5,000 nested calls", async () => {
    expect(await refused(H + "x = " + "-".repeat(20_000) + "close\nplot(x)\n")).toEqual([`too_complex 3:${5 + MAX_NESTING}`]);
    const codes = await refused(H + "x = " + "math.abs(".repeat(5000) + "close" + ")".repeat(5000) + "\nplot(x)\n");
    expect(codes).toEqual([expect.stringMatching(/^too_complex 3:\d+$/)]);
  });

  test("a 500-function call chain: at the function past the limit", async () => {
    // plot(f499) -> f499 -> ... : the chain is MAX_CALL_DEPTH deep at f(499 - MAX_CALL_DEPTH), on its line
    const fn = 499 - MAX_CALL_DEPTH;
    expect(await refused(chain(500))).toEqual([`too_complex ${3 + fn}:1`]);
  });

  test("under the limits: 600 parentheses, a 900-term sum and a 300-function chain validate", async () => {
    expect((await check(H + "x = " + "(".repeat(600) + "close" + ")".repeat(600) + "\nplot(x)\n")).valid).toBe(true);
    expect((await check(H + "x = close" + " + 1".repeat(900) + "\nplot(x)\n")).valid).toBe(true);
    expect((await check(chain(300))).valid).toBe(true);
    expect(MAX_TREE_DEPTH).toBeGreaterThan(900);
  });

  test("precedence and associativity are unchanged (precedence climbing)", async () => {
    const r = await check(H + "x = 10 - 4 - 3 * 2 / 3 + 1 > 2 == true or false and not true\nplot(x ? 1 : 0)\n");
    expect(r.valid).toBe(true);
  });
});
