// TradingView's ta library's requestUpAndDownVolume and requestVolumeDelta (docs/adr/0155) under the
// aliases ta and TVta: three hourly chart bars (22:00, 23:00 and 00:00 UTC, the last one on the next
// day) and their twelve 15-minute intrabars, given as the run's lower-timeframe context. Expected
// values worked by hand in the comments.
import { compile, evaluate, scriptRequests } from "../../src/index";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";
import { check, outputsByName } from "../front/harness";
import { taLibraryScript } from "./harness";

const T0 = Date.UTC(2020, 0, 1, 22) / 1000;
const H1: SymbolInfo = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1h" };

function barsOf(step: number, rows: ReadonlyArray<readonly [number, number, number]>): Bars {
  const col = (f: (r: readonly [number, number, number]) => number): Float64Array => Float64Array.from(rows, f);
  return {
    length: rows.length,
    time: Float64Array.from(rows, (_, k) => T0 + k * step),
    open: col((r) => r[0]),
    high: col((r) => Math.max(r[0], r[1])),
    low: col((r) => Math.min(r[0], r[1])),
    close: col((r) => r[1]),
    volume: col((r) => r[2]),
  };
}

// [open, close, volume] of each 15-minute intrabar, and its signed volume by the library's rule
// (close > open up, close < open down, else close against the previous close, else as before):
const INTRABARS: ReadonlyArray<readonly [number, number, number]> = [
  [10, 11, 100], // up +100
  [11, 11, 50], //  close == open, close == previous close 11: as before, up +50
  [11, 9, 30], //   down -30
  [9, 9, 20], //    close == open == previous close: as before, down -20
  [10, 10, 40], //  close == open, 10 > previous close 9: up +40
  [10, 8, 60], //   down -60
  [8, 8, 10], //    as before, down -10
  [8, 8, 25], //    as before, down -25
  [8, 8, 5], //     as before (the previous chart bar's last intrabar): down -5
  [7, 7, 15], //    close == open, 7 < previous close 8: down -15
  [7, 12, 70], //   up +70
  [12, 12, 35], //  as before, up +35
];
const M15: ContextBars = { symbol: "SYN", timeframe: "15m", bars: barsOf(900, INTRABARS), info: { ...H1, timeframe: "15m" } };
const HOURS = barsOf(3600, [
  [10, 9, 200],
  [10, 8, 135],
  [8, 12, 125],
]);

async function run(body: string, alias: string, contexts: ContextBars[] = [M15]): Promise<Record<string, Array<number | null>>> {
  const r = await check(taLibraryScript(body, alias));
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (!r.checked || errors.length > 0) throw new Error(JSON.stringify(errors));
  const res = evaluate(compile(r.checked, r.interface ?? undefined), HOURS, {}, { symbol: H1, windowStart: 0, contexts });
  expect(res.runtimeErrors).toEqual([]);
  return outputsByName(res);
}

describe.each(["ta", "TVta"])("through the alias %s", (alias) => {
  test("requestUpAndDownVolume: the chart bar's up volume, down volume (negative) and their sum", async () => {
    const out = await run(`[u, d, s] = ta.requestUpAndDownVolume("15")\nplot(u, "up")\nplot(d, "down")\nplot(s, "delta")`, alias);
    // 22:00: +100 +50 -30 -20; 23:00: +40 -60 -10 -25; 00:00: -5 -15 +70 +35
    expect(out).toEqual({ up: [150, 40, 105], down: [-50, -95, -20], delta: [100, -55, 85] });
  });

  test("requestVolumeDelta without a period: each bar's running delta from 0, its extremes and its last value", async () => {
    const out = await run(`[o, h, l, c] = ta.requestVolumeDelta("15")\nplot(o, "o")\nplot(h, "h")\nplot(l, "l")\nplot(c, "c")`, alias);
    // running sums: 0, 100, 150, 120, 100 | 0, 40, -20, -30, -55 | 0, -5, -20, 50, 85
    expect(out).toEqual({ o: [0, 0, 0], h: [150, 40, 85], l: [0, -55, -20], c: [100, -55, 85] });
  });

  test("requestVolumeDelta accumulated over the day: the next bar opens at the last value, a new day at 0", async () => {
    const out = await run(`[o, h, l, c] = ta.requestVolumeDelta("15", "D")\nplot(o, "o")\nplot(h, "h")\nplot(l, "l")\nplot(c, "c")`, alias);
    // 22:00: 0, 100, 150, 120, 100; 23:00 from 100: 140, 80, 70, 45; 00:00 (a new day) from 0: -5, -20, 50, 85
    expect(out).toEqual({ o: [0, 100, 0], h: [150, 140, 85], l: [0, 45, -20], c: [100, 45, 85] });
  });
});

test("a lower timeframe higher than the chart's is the runtime error of request.security_lower_tf", async () => {
  const r = await check(taLibraryScript(`[u, d, s] = ta.requestUpAndDownVolume("D")\nplot(u)`, "ta"));
  const res = evaluate(compile(r.checked!, r.interface ?? undefined), HOURS, {}, { symbol: H1, windowStart: 0, contexts: [{ ...M15, timeframe: "1d" }] });
  expect(res.runtimeErrors).toEqual([expect.objectContaining({ message: expect.stringContaining("higher than the chart's") as unknown })]);
});

test("the derived requests name the chart symbol's lower-timeframe context, with or without `as`", () => {
  const chart = { ticker: "AAPL", timeframe: "1h" };
  const plain = `//@version=6\nindicator("x")\nimport TradingView/ta/12\n[o, h, l, c] = ta.requestVolumeDelta("15", "D")\nplot(c)`;
  const aliased = `//@version=6\nindicator("x")\nimport TradingView/ta/12 as tvta\n[u, d, s] = tvta.requestUpAndDownVolume(lowerTimeframe = "1")\nplot(s)`;
  expect(scriptRequests([{ path: "main.pine", content: plain }], chart)).toEqual({ contexts: [{ symbol: "AAPL", timeframe: "15m" }], dynamic: false });
  expect(scriptRequests([{ path: "main.pine", content: aliased }], chart)).toEqual({ contexts: [{ symbol: "AAPL", timeframe: "1m" }], dynamic: false });
  // a user function of the same name is no request
  const own = `//@version=6\nindicator("x")\nrequestVolumeDelta(x) => x\nplot(requestVolumeDelta(close))`;
  expect(scriptRequests([{ path: "main.pine", content: own }], chart)).toEqual({ contexts: [], dynamic: false });
});

test("called in a user function under a condition, the site is captured; without its context the run names it missing", async () => {
  const body = `f() =>\n    [u, d, s] = ta.requestUpAndDownVolume("15")\n    s\nplot(close > 0 ? f() : na, "delta")`;
  expect(await run(body, "TVta")).toEqual({ delta: [100, -55, 85] });
  const r = await check(taLibraryScript(body, "TVta"));
  const res = evaluate(compile(r.checked!, r.interface ?? undefined), HOURS, {}, { symbol: H1, windowStart: 0, contexts: [] });
  expect(res.missingContexts).toEqual([{ symbol: "SYN", timeframe: "15m" }]);
});
