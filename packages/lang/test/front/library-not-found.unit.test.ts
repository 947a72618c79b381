// A script brought from TradingView that imports a community library this service does not hold
// (issue 16's survey: HoanGhetti/SimpleTrendlines, loxx/loxxexpandedsourcetypes) is refused with
// `unresolved_import` naming the library and saying what to do instead.

import { check } from "./harness";

describe("importing a library that is not here", () => {
  it("names the library and version, and says TradingView's libraries are not copied here", async () => {
    const r = await check(`//@version=5
indicator("RSI trendlines")
import HoanGhetti/SimpleTrendlines/3 as tl
plot(ta.rsi(close, 14))
`);
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => d.code)).toEqual(["unresolved_import"]);
    const message = errors[0]!.message;
    expect(message).toContain("Library 'HoanGhetti/SimpleTrendlines' version 3 was not found");
    expect(message).toContain("Libraries published on TradingView are not available here");
    expect(message).toContain("copy the functions the script uses into it");
  });

  it("TradingView's own ta library still imports", async () => {
    const r = await check(`//@version=6
indicator("ta import")
import TradingView/ta/7 as tvta
plot(tvta.atr(14))
`);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});
