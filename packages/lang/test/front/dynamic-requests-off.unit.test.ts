// Requests in a script without dynamic requests (docs/adr/0314): TradingView's user manual, "Other
// timeframes and data", "Dynamic requests" ("series" arguments, "In local scopes") and its v6
// migration guide. v6 has them unless the declaration says `dynamic_requests = false`; v5 only when
// it says `dynamic_requests = true`. Without them a request in an if, switch or loop block is refused,
// in v6 also a call there of a function making one (v5 moves those to the global scope), and the
// symbol and timeframe take no series value. Positions are counted by hand from each source.

import { brief, check } from "./harness";

const V6_OFF = '//@version=6\nindicator("t", dynamic_requests = false)\n';
const V6 = '//@version=6\nindicator("t")\n';
const V5 = '//@version=5\nindicator("t")\n';
const V5_ON = '//@version=5\nindicator("t", dynamic_requests = true)\n';

const LOOP = 'float c = na\nfor tf in array.from("D", "W")\n    c := request.security(syminfo.tickerid, tf, close)\nplot(c)\n';
const IN_IF = 'float c = na\nif timeframe.isdaily\n    c := request.security(syminfo.tickerid, "W", close)\nplot(c)\n';
const WRAPPED = 'weekly() => request.security(syminfo.tickerid, "W", close)\nfloat c = na\nif timeframe.isdaily\n    c := weekly()\nplot(c)\n';
const SERIES_SYMBOL = 's = close > open ? "AAPL" : "MSFT"\nplot(request.security(s, "D", close))\n';
const SIMPLE = 'tf = input.timeframe("W")\nplot(request.security(syminfo.tickerid, tf, ta.sma(close, 3)))\n';
const IN_SWITCH = 'c = switch\n    timeframe.isdaily => request.security("", "W", close)\n    => close\nplot(c)\n';

describe("dynamic_requests = false in v6, and v5 without dynamic_requests = true", () => {
  const cases: Array<[string, string, string[]]> = [
    ["v6 (dynamic by default): a request in a loop with the loop's timeframe", V6 + LOOP, []],
    ["v6 off: the same loop: the call refused in the block, the series timeframe too", V6_OFF + LOOP, ["invalid_context 5:10-5:26", "qualifier_mismatch 5:45-5:47"]],
    ["v6 off: a request in an if block", V6_OFF + IN_IF, ["invalid_context 5:10-5:26"]],
    ["v6 off: a request in a switch case", V6_OFF + IN_SWITCH, ["invalid_context 4:26-4:42"]],
    ["v6 off: a function making a request, called in an if block", V6_OFF + WRAPPED, ["invalid_context 6:10-6:16"]],
    ["v6 off: a series symbol at the top level", V6_OFF + SERIES_SYMBOL, ["qualifier_mismatch 4:23-4:24"]],
    ["v6 off: an input timeframe and the chart's ticker at the top level", V6_OFF + SIMPLE, []],
    ["v5: a request in an if block", V5 + IN_IF, ["invalid_context 5:10-5:26"]],
    ["v5: a request in a loop", V5 + LOOP, ["invalid_context 5:10-5:26", "qualifier_mismatch 5:45-5:47"]],
    ["v5: a function making a request, called in an if block (moved to the global scope)", V5 + WRAPPED, []],
    ["v5: a series symbol at the top level", V5 + SERIES_SYMBOL, ["qualifier_mismatch 4:23-4:24"]],
    ["v5: an input timeframe at the top level", V5 + SIMPLE, []],
    ["v5 with dynamic_requests = true: the loop", V5_ON + LOOP, []],
    ["v5 with dynamic_requests = true: the if block and the series symbol", V5_ON + IN_IF + SERIES_SYMBOL.replace("s = ", "s2 = ").replace("(s,", "(s2,"), []],
  ];
  test.each(cases)("%s", async (_name, src, expected) => {
    const r = await check(src);
    expect(brief(r.diagnostics.filter((d) => d.severity === "error"))).toEqual(expected);
  });

  test("the messages say why and what to change", async () => {
    const off = await check(V6_OFF + LOOP);
    expect(off.diagnostics.map((d) => d.message)).toEqual([
      "request.security() cannot be called inside an if, switch or loop block while the declaration sets `dynamic_requests = false` (TradingView allows it only with dynamic requests: remove that argument).",
      "Argument 'timeframe' of request.security() must be simple while the declaration sets `dynamic_requests = false` (TradingView allows it only with dynamic requests: remove that argument); this value is series (it can change from bar to bar).",
    ]);
    const v5 = await check(V5 + IN_IF);
    expect(v5.diagnostics.map((d) => d.message)).toEqual([
      "request.security() cannot be called inside an if, switch or loop block in Pine v5 without dynamic requests (TradingView allows it only with `dynamic_requests = true` in indicator(), or in //@version=6, where it is the default).",
    ]);
    const wrapped = await check(V6_OFF + WRAPPED);
    expect(wrapped.diagnostics.map((d) => d.message)).toEqual([
      "weekly() makes a request: Pine v6 refuses calling it inside an if, switch or loop block while the declaration sets `dynamic_requests = false` (TradingView allows it only with dynamic requests: remove that argument).",
    ]);
  });
});
