// The script's own file is what runs: the top level of a file it imports (`import "./u.pine" as u`)
// is not evaluated (only the functions it exports are called), as a TradingView library's plots show
// only when the library itself is on a chart. Its plot(), input and alertcondition calls were listed
// in the Interface (`libplot`, and the script's own untitled plot as `plot_1`) while the run wrote
// only `plot_0`.

import { compile, evaluate } from "../../src/index";
import { barsOf, check, PLAIN_SYMBOL } from "./harness";

const LIB = '//@version=6\nlibrary("u")\nexport g(float x) => x + 100\nk = input.int(3, "K")\nplot(close, "libplot")\nhline(50, "mid")\nalertcondition(close > 0, "lib event", "x")\n';

describe("an imported file's top level", () => {
  it("is not in the Interface, whose outputs are the run's", async () => {
    const r = await check([
      { path: "main.pine", content: '//@version=6\nindicator("t")\nimport "./u.pine" as u\nplot(u.g(close))\n' },
      { path: "u.pine", content: LIB },
    ]);
    const iface = r.interface!;
    expect([iface.inputs.map((i) => i.name), iface.outputs.map((o) => o.name), iface.events.map((e) => e.name), (iface.hlines ?? []).map((h) => h.title)]).toEqual([[], ["plot_0"], [], []]);
    const res = evaluate(compile(r.checked!, iface), barsOf([1, 2]), {}, { symbol: PLAIN_SYMBOL, windowStart: 0 });
    expect(res.outputs.map((o) => [o.name, Array.from(o.values)])).toEqual([["plot_0", [101, 102]]]);
  });

  it("an alert() inside an imported file's function is the script's alert event", async () => {
    const lib = '//@version=6\nlibrary("u")\nexport fire(float x) =>\n    if x > 1\n        alert("hi")\n    x\n';
    const r = await check([
      { path: "main.pine", content: '//@version=6\ndefinition("d")\nimport "./u.pine" as u\nu.fire(close)\n' },
      { path: "u.pine", content: lib },
    ]);
    expect(r.interface!.events).toEqual([{ name: "alert", message: "hi" }]);
    const res = evaluate(compile(r.checked!, r.interface!), barsOf([1, 2]), {}, { symbol: PLAIN_SYMBOL, windowStart: 0 });
    expect(res.events.map((e) => e.name)).toEqual(["alert"]);
  });
});
