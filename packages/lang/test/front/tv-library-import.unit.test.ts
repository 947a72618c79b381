// TradingView's ta library's functions (docs/adr/0116, 0136) are reached only through the
// library's import, as on TradingView, where `ta.dema(close, 10)` without `import TradingView/ta/N`
// names no function (docs/adr/0137): the call is refused at validation (stage lint,
// undeclared_identifier) with the import line to add, or the alias the script imported it under.
import { check, evaluateValid, lib, outputsByName, resolverOf } from "./harness";

const V = "//@version=6\n";
const diagnostics = async (src: string, resolver = resolverOf([])) => (await check(src, resolver)).diagnostics.filter((d) => d.severity === "error");

describe("a TradingView ta library function without the library's import", () => {
  it("is undeclared_identifier at the callee, naming the import line to add", async () => {
    const ds = await diagnostics(`${V}indicator("x")\nplot(ta.dema(close, 10))\n`);
    expect(ds).toEqual([
      {
        severity: "error",
        stage: "lint",
        code: "undeclared_identifier",
        message: "'ta.dema' is a function of TradingView's ta library, not a built-in: TradingView calls it only through the library's import; add `import TradingView/ta/12 as ta` to the script (after `//@version=6`).",
        file: "main.pine",
        line: 3,
        column: 6,
        end_line: 3,
        end_column: 13,
      },
    ]);
  });

  it("is refused for every library function written here, tuples included, and not for the built-ins beside them", async () => {
    const ds = await diagnostics(`${V}indicator("x")
[s, up] = ta.vStop(close, 10)
[u, d] = ta.aroon(14)
plot(ta.cagr(0, 1, 2, 3))
plot(ta.sma(close, 2))
[st, dir] = ta.supertrend(3, 10)
`);
    expect(ds.map((d) => `${d.code} ${d.line}: ${d.message.slice(0, d.message.indexOf(" is a function"))}`)).toEqual([
      "undeclared_identifier 3: 'ta.vStop'",
      "undeclared_identifier 4: 'ta.aroon'",
      "undeclared_identifier 5: 'ta.cagr'",
    ]);
  });

  it("imported under another alias, `ta.<name>` is refused and the message names the alias's spelling", async () => {
    const ds = await diagnostics(`${V}indicator("x")\nimport TradingView/ta/7 as TVta\nplot(ta.dema(close, 10))\n`);
    expect(ds.map((d) => d.message)).toEqual([
      "'ta.dema' is a function of TradingView's ta library, not a built-in: TradingView calls it only through the library's import; call it through the library's alias: `TVta.dema`.",
    ]);
  });

  it("through the import (as ta, without `as`, or as another alias) it runs", async () => {
    // ema(close, 2) of 2, 4, 8: na, 3, 2/3*8 + 1/3*3 = 19/3; its ema: na, na, (3 + 19/3)/2 = 14/3; dema = 2 e1 - e2 = 38/3 - 14/3 = 8
    for (const head of ["import TradingView/ta/12 as ta", "import TradingView/ta/5", "import TradingView/ta/7 as TVta"]) {
      const alias = head.endsWith("TVta") ? "TVta" : "ta";
      const res = await evaluateValid(`${V}indicator("x")\n${head}\nplot(${alias}.dema(close, 2), "dema")\n`, [2, 4, 8]);
      expect(outputsByName(res).dema).toEqual([null, null, 8]);
    }
  });

  it("through the import, a name the library does not have here is refused with the nearest under the alias", async () => {
    const ds = await diagnostics(`${V}indicator("x")\nimport TradingView/ta/7 as TVta\nplot(TVta.demaa(close, 10))\n`);
    expect(ds.map((d) => `${d.code}: ${d.message}`)).toEqual([
      "undeclared_identifier: 'TVta.demaa' is neither a built-in nor a function of TradingView's ta library available here (the `differences` docs topic lists them). Did you mean `TVta.dema`?",
    ]);
  });

  it("a user library imported as ta keeps its own function of that name", async () => {
    const resolver = resolverOf([lib("me", "mine", 1, `${V}library("mine")\nexport dema(float x, int n) => x * n\n`)]);
    expect(await diagnostics(`${V}indicator("x")\nimport me/mine/1 as ta\nplot(ta.dema(close, 2))\n`, resolver)).toEqual([]);
  });
});
