// Every function of TradingView's Pine v6 reference manual (fixtures/tv-v6-reference-signatures.txt:
// each overload's syntax line) has a record with an overload taking those parameters by those names
// in that order, so that named arguments in TradingView's spelling and positional calls bind as
// TradingView binds them. A record may add optional parameters after the reference's (`sort_field`,
// `options` on input.int's bounds form); a variadic `arg0, arg1, ...` is one rest parameter. The
// data requests TradingView serves and this service does not store are refused, as documented.
import { readFileSync } from "fs";
import { join } from "path";
import { BUILTIN_FUNCTIONS } from "../../src/builtins";
import type { Signature } from "../../src/builtins";

const REFUSED = new Set(["request.dividends", "request.earnings", "request.economic", "request.financial", "request.quandl", "request.seed", "request.splits"]);

const lines = readFileSync(join(__dirname, "fixtures", "tv-v6-reference-signatures.txt"), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "" && !l.startsWith("#"));

function parse(line: string): { name: string; params: string[]; variadic: boolean } {
  const m = /^([\w.]+)\((.*)\)$/.exec(line.trim());
  if (!m) throw new Error(`bad line: ${line}`);
  const all = (m[2] ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
  const variadic = all.includes("...");
  // the manual's variadic tail is `arg0, arg1, ...` or `number0, number1, ...`: one rest parameter
  const params = variadic ? all.slice(0, Math.max(0, all.length - 3)) : all;
  return { name: m[1] ?? "", params, variadic };
}

function fits(sig: Signature, ref: { params: string[]; variadic: boolean }): boolean {
  const fixed = sig.params.filter((p) => !p.variadic);
  if (ref.variadic !== sig.params.some((p) => p.variadic)) return false;
  if (ref.params.some((p, i) => fixed[i]?.name !== p)) return false;
  // anything past the reference's parameters is optional
  return fixed.slice(ref.params.length).every((p) => p.default !== null);
}

test("the fixture holds the manual's functions", () => {
  expect(lines.length).toBeGreaterThan(400);
});

describe.each(lines.map((l) => [l]))("%s", (line) => {
  test("has a record whose overload takes these parameters in this order", () => {
    const ref = parse(line);
    const r = BUILTIN_FUNCTIONS.get(ref.name);
    expect(r).toBeDefined();
    expect(r!.signatures.some((s) => fits(s, ref))).toBe(true);
    expect(r!.pending === null).toBe(!REFUSED.has(ref.name));
  });
});
