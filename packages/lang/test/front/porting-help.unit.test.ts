// Porting help: a misspelled or v4-style name is refused with the closest supported spelling, and
// v4 parameters name their v5/v6 form. The expected spellings are the ones a Pine user would type.
import { validate } from "../../src/index";
import type { Resolver } from "../../src/types";

const none: Resolver = { resolve: async () => null };

async function messages(body: string): Promise<string[]> {
  const r = await validate([{ path: "main.pine", content: `//@version=6\nindicator("t")\n${body}` }], { resolver: none });
  return r.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
}

test.each([
  ["plot(ta.smaa(close, 3))", "Did you mean `ta.sma`?"],
  ["plot(ta.crossovr(close, open) ? 1 : 0)", "Did you mean `ta.crossover`?"],
  ["plot(math.sqr(close))", "Did you mean `math.sqrt`?"],
  ["plot(ta.stdev(clse, 5))", "Did you mean `close`?"],
  ["plot(stdev(close, 5))", "`ta.stdev`"],
  ["plot(security(syminfo.tickerid, \"D\", close))", "`request.security()`"],
  ["plot(iff(close > open, 1, 0))", "`cond ? a : b`"],
  ["plot(close, transp = 50)", "color.new("],
  ["plot(close, colr = color.red)", "Did you mean 'color'?"],
])("%s", async (body, hint) => {
  const m = await messages(body);
  expect(m.join("\n")).toContain(hint);
});

test("a name far from every built-in gets no guess", async () => {
  const m = await messages("plot(ta.zzzzzzzz(close))");
  expect(m.join("\n")).not.toContain("Did you mean");
});

test("v4 scripts are told the v5/v6 spellings", async () => {
  const r = await validate([{ path: "main.pine", content: `//@version=4\nstudy("t")\nplot(close)` }], { resolver: none });
  expect(r.diagnostics.map((d) => d.message).join("\n")).toMatch(/study\(\) is indicator\(\).*security\(\) is request\.security\(\).*iff\(\)/);
});
