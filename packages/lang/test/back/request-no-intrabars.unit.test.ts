// A stored instrument without bars at a timeframe lower than the chart's (docs/adr/0157): the
// caller supplies its context with no bars, and each chart bar reads as TradingView's chart bars
// without intrabars: empty arrays from request.security_lower_tf, na from request.security, no
// runtime error. Three daily bars of SYN from 2020-01-01 closing at 10, 11, 12 (worked by hand).
import { compile, evaluate } from "../../src/index";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";
import { build, taLibraryScript } from "./harness";
import { check, outputsByName } from "../front/harness";

const DAY = 86400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const D1: SymbolInfo = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1d" };

function barsAt(times: readonly number[], close: (k: number) => number): Bars {
  const c = Float64Array.from(times, (_, k) => close(k));
  return { length: times.length, time: Float64Array.from(times), open: c, high: c.slice(), low: c.slice(), close: c.slice(), volume: new Float64Array(times.length).fill(1) };
}

const DAYS = barsAt([T0, T0 + DAY, T0 + 2 * DAY], (k) => 10 + k);
const none = (timeframe: string, symbol = "SYN"): ContextBars => ({ symbol, timeframe, bars: barsAt([], () => 0), info: { ...D1, ticker: symbol, timeframe } });

function run(src: string, contexts: ContextBars[]): ReturnType<typeof evaluate> {
  return evaluate(build(`//@version=6\nindicator("n")\n${src}`), DAYS, {}, { symbol: D1, windowStart: 0, contexts });
}

const values = (r: ReturnType<typeof evaluate>): number[][] => r.outputs.map((o) => Array.from(o.values));

test("no minute bars: request.security_lower_tf gives empty arrays (a tuple one empty array per element), request.security of 60 minutes na, no runtime error", () => {
  const src = `a = request.security_lower_tf(syminfo.tickerid, "1", close)
[h, l] = request.security_lower_tf("", "1", [high, low])
plot(array.size(a))
plot(h.size() + l.size())
plot(request.security("", "60", close))
plot(close)`;
  const r = run(src, [none("1m"), none("1h")]);
  expect(r.runtimeErrors).toEqual([]);
  expect(values(r)).toEqual([
    [0, 0, 0],
    [0, 0, 0],
    [NaN, NaN, NaN],
    [10, 11, 12],
  ]);
});

test("a script that never reads the intrabars it requests runs with the chart's values (an indicator whose intrabar option is off)", () => {
  const src = `useIntrabars = input.bool(false)
ltf = request.security_lower_tf("", "1", close)
plot(useIntrabars and ltf.size() > 0 ? ltf.avg() : ta.sma(close, 2))`;
  const r = run(src, [none("1m")]);
  expect(r.runtimeErrors).toEqual([]);
  // sma(close, 2): na, (10 + 11) / 2, (11 + 12) / 2
  expect(values(r)).toEqual([[NaN, 10.5, 11.5]]);
});

test("minutes inside the second day only: sizes 0, 3, 0; request.security of 1 minute is na before them, then their last close (gaps_off), na again with gaps_on", () => {
  const m = barsAt([T0 + DAY + 60, T0 + DAY + 120, T0 + DAY + 180], (k) => 20 + k);
  const minutes: ContextBars = { ...none("1m"), bars: m };
  const src = `plot(request.security_lower_tf("", "1", close).size())\nplot(request.security("", "1", close))\nplot(request.security("", "1", close, barmerge.gaps_on))`;
  const r = run(src, [minutes]);
  expect(r.runtimeErrors).toEqual([]);
  expect(values(r)).toEqual([
    [0, 3, 0],
    [NaN, 22, 22],
    [NaN, 22, NaN],
  ]);
});

test("TradingView ta library's intrabar volume without intrabars: no up or down volume, a delta candle flat at its open (docs/adr/0155)", async () => {
  const c = await check(taLibraryScript(`[u, d, s] = ta.requestUpAndDownVolume("1")\n[o, h, l, x] = ta.requestVolumeDelta("1")\nplot(u, "u")\nplot(d, "d")\nplot(s, "s")\nplot(o, "o")\nplot(x, "x")`, "ta"));
  const r = evaluate(compile(c.checked!, c.interface ?? undefined), DAYS, {}, { symbol: D1, windowStart: 0, contexts: [none("1m")] });
  expect(r.runtimeErrors).toEqual([]);
  expect(outputsByName(r)).toEqual({ u: [0, 0, 0], d: [0, 0, 0], s: [0, 0, 0], o: [0, 0, 0], x: [0, 0, 0] });
});

test("kept: no bars at a higher timeframe, and a symbol not supplied (unknown), stay the bar's runtime error; ignore_invalid_symbol gives na", () => {
  const weekly = run(`plot(request.security("", "W", close))`, [none("1w")]);
  expect(weekly.runtimeErrors).toEqual([expect.objectContaining({ message: 'no 1w bars of "SYN"', count: 3 })]);
  const unknown = run(`plot(request.security_lower_tf("NYSE:XYZ", "1", close).size())\nplot(request.security("NYSE:XYZ", "1", close, ignore_invalid_symbol = true))`, []);
  expect(unknown.runtimeErrors).toEqual([expect.objectContaining({ message: 'symbol "NYSE:XYZ" not found: no instrument of that name is stored', count: 3 })]);
  expect(values(unknown)[1]).toEqual([NaN, NaN, NaN]);
});

test("a symbol whose stored data begins after the chart's last bar (docs/adr/0203): na at the chart's and higher timeframes, empty intrabar arrays, no runtime error; data that began before stays the error", () => {
  // the chart's days are 2020-01-01..03; the other symbol's data begins 2021-01-01
  const later = (timeframe: string): ContextBars => ({ ...none(timeframe, "LATER"), dataStart: T0 + 366 * DAY, dataEnd: T0 + 400 * DAY });
  const src = `plot(request.security("LATER", "D", close))
plot(request.security("LATER", "W", close[1], lookahead = barmerge.lookahead_on))
plot(request.security_lower_tf("LATER", "D", close).size())
[c, c1] = request.security("LATER", "D", [close, close[1]])
plot(nz(math.log(c / c1)))
plot(close)`;
  const r = run(src, [later("1d"), later("1w")]);
  expect(r.runtimeErrors).toEqual([]);
  expect(values(r)).toEqual([
    [NaN, NaN, NaN],
    [NaN, NaN, NaN],
    [0, 0, 0],
    [0, 0, 0],
    [10, 11, 12],
  ]);
  // stored data that began on the chart's first day yet has no daily bars there is missing data
  const began: ContextBars = { ...none("1d", "LATER"), dataStart: T0, dataEnd: T0 + 400 * DAY };
  expect(run(`plot(request.security("LATER", "D", close))`, [began]).runtimeErrors).toEqual([expect.objectContaining({ message: 'no 1d bars of "LATER"', count: 3 })]);
});
