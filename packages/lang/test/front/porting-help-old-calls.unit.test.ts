// Porting help for v4's input type constants written as v5 functions: `input.integer(14)` and
// `input.resolution("D")` are not built-ins, and their message names the v5/v6 function, as the same
// names read as members (`input(type = input.integer)`) already did.

import { check } from "./harness";

const messages = async (src: string): Promise<string[]> => (await check(`//@version=6\nindicator("x")\n${src}`)).diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`);

describe("v4 input types called as functions", () => {
  it("input.integer(...) names input.int()", async () => {
    expect(await messages("len = input.integer(14)\nplot(close)\n")).toEqual([
      "undeclared_identifier 'input.integer' is not a built-in function. `input(type = input.integer)` is Pine v4: use `input.int(...)`.",
    ]);
  });

  it("input.resolution(...) names input.timeframe()", async () => {
    expect(await messages('tf = input.resolution("D")\nplot(close)\n')).toEqual([
      "undeclared_identifier 'input.resolution' is not a built-in function. `input(type = input.resolution)` is Pine v4: use `input.timeframe(...)`.",
    ]);
  });

  it("other misspelt functions still get the closest name", async () => {
    expect(await messages('plot(close, title = str.formatt("x"))\n')).toEqual(["undeclared_identifier 'str.formatt' is not a built-in function. Did you mean `str.format`?"]);
  });
});
