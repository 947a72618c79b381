// A definition's events are raised under the names its Interface lists (a study's use(events = [...])
// and a run's events filter read those names). An alertcondition titled with a const variable
// (`T = "Up move"`, `title = T`) or a const expression was listed as `alertcondition_N` and raised as
// `alert_N`; an untitled one was listed `alertcondition_N` and raised `alert_N`.

import { compile, evaluate } from "../../src/index";
import { barsOf, check, PLAIN_SYMBOL } from "./harness";

async function run(body: string): Promise<{ listed: string[]; raised: string[]; messages: string[] }> {
  const r = await check(`//@version=6\ndefinition("d")\n${body}`);
  if (!r.checked || !r.interface) throw new Error(JSON.stringify(r.diagnostics));
  const res = evaluate(compile(r.checked, r.interface), barsOf([1, 2, 3]), {}, { symbol: PLAIN_SYMBOL, windowStart: 0 });
  return { listed: r.interface.events.map((e) => e.name), raised: [...new Set(res.events.map((e) => e.name))], messages: [...new Set(res.events.map((e) => e.message))] };
}

describe("events raised under their Interface names", () => {
  it("a title and message written with const variables", async () => {
    const r = await run('T = "Up move"\nalertcondition(close > 1, T, "m " + T)\n');
    expect(r.listed).toEqual(["Up move"]);
    expect(r.raised).toEqual(["Up move"]);
    expect(r.messages).toEqual(["m Up move"]);
  });

  it("a title written as a const expression", async () => {
    const r = await run('alertcondition(close > 2, title = "Two " + "words", message = "x")\n');
    expect(r.listed).toEqual(["Two words"]);
    expect(r.raised).toEqual(["Two words"]);
  });

  it("an untitled alertcondition after a titled one", async () => {
    const r = await run('alertcondition(close > 1, "A", "a")\nalertcondition(close > 2)\n');
    expect(r.listed).toEqual(["A", "alertcondition_1"]);
    expect(r.raised).toEqual(["A", "alertcondition_1"]);
  });
});
