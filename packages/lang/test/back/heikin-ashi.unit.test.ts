// ticker.heikinashi(symbol) and the Heikin Ashi bars a request of it reads (TradingView's
// "Non-standard charts data": close = (open + high + low + close) / 4, open = the average of the
// previous Heikin Ashi open and close, high and low the extremes with them). Values worked by hand.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import { heikinAshiBars, heikinAshiSymbol, scriptRequests } from "../../src/index";
import type { Bars } from "../../src/types";

const T0 = Date.UTC(2024, 0, 2) / 1000;
const BARS: Bars = {
  length: 3,
  time: Float64Array.of(T0, T0 + 86400, T0 + 2 * 86400),
  open: Float64Array.of(10, 11, 12),
  high: Float64Array.of(12, 13, 12.5),
  low: Float64Array.of(9, 10, 10),
  close: Float64Array.of(11, 12, 10.5),
  volume: Float64Array.of(100, 200, 300),
};
// bar 0: close (10 + 12 + 9 + 11) / 4 = 10.5, open (10 + 11) / 2 = 10.5, high 12, low 9
// bar 1: close 46 / 4 = 11.5, open (10.5 + 10.5) / 2 = 10.5, high 13, low 10
// bar 2: close 45 / 4 = 11.25, open (10.5 + 11.5) / 2 = 11, high 12.5, low 10
const HA = { open: [10.5, 10.5, 11], high: [12, 13, 12.5], low: [9, 10, 10], close: [10.5, 11.5, 11.25] };

test("Heikin Ashi bars of three days", () => {
  const ha = heikinAshiBars(BARS);
  expect([Array.from(ha.open), Array.from(ha.high), Array.from(ha.low), Array.from(ha.close)]).toEqual([HA.open, HA.high, HA.low, HA.close]);
  expect(Array.from(ha.time)).toEqual(Array.from(BARS.time));
  expect(Array.from(ha.volume)).toEqual([100, 200, 300]);
});

test("request.security of ticker.heikinashi(syminfo.tickerid) reads the Heikin Ashi context the caller supplies", () => {
  const src = `//@version=6
indicator("ha")
haTicker = ticker.heikinashi(syminfo.tickerid)
[o, c, s] = request.security(haTicker, timeframe.period, [open, close, ta.sma(close, 2)])
plot(o, "o")
plot(c, "c")
plot(s, "s")
plot(haTicker == '={"symbol":"AAPL","type":"HeikinAshi"}' ? 1 : 0, "id")`;
  // the context as the worker would give it: the hand-worked bars above
  const ctx: Bars = { ...BARS, open: Float64Array.from(HA.open), high: Float64Array.from(HA.high), low: Float64Array.from(HA.low), close: Float64Array.from(HA.close) };
  const r = evaluate(build(src), BARS, {}, { symbol: SYMBOL, windowStart: 0, contexts: [{ symbol: '={"symbol":"AAPL","type":"HeikinAshi"}', timeframe: "1d", bars: ctx, info: SYMBOL }] });
  expect(r.runtimeErrors).toEqual([]);
  const out = r.outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));
  expect(out).toEqual([HA.open, HA.close, [null, 11, 11.375], [1, 1, 1]]);
});

test("the identifier names its symbol; a constant one is a context read before the run", () => {
  expect(heikinAshiSymbol('={"symbol":"NASDAQ:MSFT","type":"HeikinAshi"}')).toBe("NASDAQ:MSFT");
  expect(heikinAshiSymbol("NASDAQ:MSFT")).toBeNull();
  const src = `//@version=6\nindicator("ha")\nplot(request.security(ticker.heikinashi(syminfo.tickerid), "W", close))\n`;
  expect(scriptRequests([{ path: "main.pine", content: src }], { ticker: "AAPL", timeframe: "1d" })).toEqual({ contexts: [{ symbol: '={"symbol":"AAPL","type":"HeikinAshi"}', timeframe: "1w" }], dynamic: false });
});

test("ticker.inherit(from, symbol) is symbol with from's chart type: the symbol's Heikin Ashi ticker when from is one", () => {
  const src = `//@version=6
indicator("inherit")
plot(request.security(ticker.inherit(ticker.heikinashi(syminfo.tickerid), "MSFT"), timeframe.period, close), "ha")
plot(request.security(ticker.inherit(syminfo.tickerid, "MSFT"), timeframe.period, close), "plain")
plot(ticker.inherit(syminfo.tickerid, "NASDAQ:MSFT") == "NASDAQ:MSFT" ? 1 : 0, "id")`;
  const haCtx: Bars = { ...BARS, open: Float64Array.from(HA.open), high: Float64Array.from(HA.high), low: Float64Array.from(HA.low), close: Float64Array.from(HA.close) };
  expect(scriptRequests([{ path: "main.pine", content: src }], { ticker: "AAPL", timeframe: "1d" }).contexts).toEqual([
    { symbol: '={"symbol":"MSFT","type":"HeikinAshi"}', timeframe: "1d" },
    { symbol: "MSFT", timeframe: "1d" },
  ]);
  const contexts = [
    { symbol: '={"symbol":"MSFT","type":"HeikinAshi"}', timeframe: "1d", bars: haCtx, info: SYMBOL },
    { symbol: "MSFT", timeframe: "1d", bars: BARS, info: SYMBOL },
  ];
  const r = evaluate(build(src), BARS, {}, { symbol: SYMBOL, windowStart: 0, contexts });
  expect(r.runtimeErrors).toEqual([]);
  const out = r.outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));
  expect(out).toEqual([HA.close, [11, 12, 10.5], [1, 1, 1]]);
});
