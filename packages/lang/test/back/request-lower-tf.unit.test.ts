// Lower timeframes and currency rates, on synthetic bars worked by hand: minute bars from
// 2020-01-01T00:00Z closing at 1, 2, 3, ... (minute k closes k + 1); the chart is hourly.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";

const T0 = Date.UTC(2020, 0, 1) / 1000;

function series(n: number, step: number, close: (k: number) => number): Bars {
  const time = Float64Array.from({ length: n }, (_, k) => T0 + k * step);
  const c = Float64Array.from({ length: n }, (_, k) => close(k));
  return { length: n, time, open: c, high: c.slice(), low: c.slice(), close: c.slice(), volume: new Float64Array(n).fill(1) };
}

const H1: SymbolInfo = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1h" };
const minutes = series(180, 60, (k) => k + 1);
const hours = series(3, 3600, (k) => 60 * (k + 1));
const M1: ContextBars = { symbol: "SYN", timeframe: "1m", bars: minutes, info: { ...H1, timeframe: "1m" } };

function outputs(src: string, contexts: ContextBars[], bars: Bars = hours): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("l")\n${src}`), bars, {}, { symbol: H1, windowStart: 0, contexts });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

test("request.security_lower_tf gives the 60 minute closes inside each hour, oldest first", () => {
  const [size, first, last, sum] = outputs(`a = request.security_lower_tf("", "1", close)\nplot(a.size())\nplot(a.first())\nplot(a.last())\nplot(a.sum())`, [M1]);
  expect(size).toEqual([60, 60, 60]);
  expect(first).toEqual([1, 61, 121]);
  expect(last).toEqual([60, 120, 180]);
  // 1 + ... + 60 = 1830; 61 + ... + 120 = 5430
  expect(sum!.slice(0, 2)).toEqual([1830, 5430]);
});

test("request.security of a lower timeframe gives the value at the chart bar's close (its last intrabar)", () => {
  expect(outputs(`plot(request.security("", "1", close))\nplot(request.security("", "1", ta.sma(close, 2)))`, [M1])).toEqual([[60, 120, 180], [59.5, 119.5, 179.5]]);
});

test("inside a requested context a lower-timeframe request of that timeframe is the bar's own value, one element", () => {
  // The 1-minute context's run sees request.security_lower_tf("", "1", ...) as a one-element array
  // per minute; request.security of the 1-minute value reads the hour's last minute (closes 60, 120, 180).
  const src = `a = request.security_lower_tf("", "1", close)\nn = a.size()\nplot(request.security("", "1", n))\n[o, c] = request.security_lower_tf("", "1", [open, close])\nplot(request.security("", "1", c.last() + o.size()))`;
  expect(outputs(src, [M1])).toEqual([[1, 1, 1], [61, 121, 181]]);
});

test("request.currency_rate: 1 for the same currency; the close of FROMTO at the chart's timeframe", () => {
  const eurusd: ContextBars = { symbol: "EURUSD", timeframe: "1h", bars: series(3, 3600, (k) => 1.1 + k / 100), info: { ...H1, ticker: "EURUSD" } };
  const [same, rate] = outputs(`plot(request.currency_rate("USD", "USD"))\nplot(request.currency_rate("EUR", "USD"))`, [eurusd]);
  expect(same).toEqual([1, 1, 1]);
  expect(rate).toEqual([1.1, 1.11, 1.12]);
});

test("a currency pair that is not stored is na with ignore_invalid_currency, and a runtime error of the bar without", () => {
  const r = evaluate(build(`//@version=6\nindicator("l")\nplot(request.currency_rate("EUR", "JPY", true))\nplot(request.currency_rate("EUR", "GBP"))`), hours, {}, { symbol: H1, windowStart: 0, contexts: [] });
  expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, NaN, NaN]);
  expect(r.runtimeErrors).toEqual([expect.objectContaining({ message: 'symbol "EURGBP" not found: no instrument of that name is stored', count: 3 })]);
});

test("inside a requested expression timeframe.period is the requested timeframe, timeframe.main_period the chart's", () => {
  const [p, m] = outputs(`plot(request.security("", "1", timeframe.period == "1" ? 1 : 0))\nplot(request.security("", "1", timeframe.main_period == "60" ? 1 : 0))`, [M1]);
  expect(p).toEqual([1, 1, 1]);
  expect(m).toEqual([1, 1, 1]);
});

test("a constant timeframe the store does not hold is refused at validation, naming what is stored", () => {
  expect(() => build(`//@version=6\nindicator("l")\nplot(request.security("", "45S", close))`)).toThrow(/unsupported_feature.*second bars are not stored/);
  expect(() => build(`//@version=6\nindicator("l")\nplot(request.security("", "13M", close))`)).toThrow(/unsupported_feature.*13M.{0,4} is not stored/);
  expect(() => build(`//@version=6\nindicator("l")\nplot(request.security("", "3M", close))`)).not.toThrow();
  expect(() => build(`//@version=6\nindicator("l")\nplot(request.security("", timeframe = "30S", expression = close))`)).toThrow(/second bars are not stored/);
  expect(() => build(`//@version=6\nindicator("l")\nplot(request.security("", "240", close))`)).not.toThrow();
});

test("a tuple expression gives a tuple of arrays, one per element, each in time order (`[h, l, v] = request.security_lower_tf(...)`)", () => {
  // minute k closes k + 1: hour 0 holds closes 1..60 (doubled max 120, 30 odd), hour 1 61..120, hour 2 121..180
  const [n, hi, lo, odd] = outputs(`[c, doubled, isOdd] = request.security_lower_tf("", "1", [close, close * 2, close % 2 == 1])
plot(c.size())
plot(doubled.max())
plot(c.min())
k = 0
for x in isOdd
    k += x ? 1 : 0
plot(k)`, [M1]);
  expect(n).toEqual([60, 60, 60]);
  expect(hi).toEqual([120, 240, 360]);
  expect(lo).toEqual([1, 61, 121]);
  expect(odd).toEqual([30, 30, 30]);
});

test("currency = the requested instrument's own quote currency converts nothing; another currency is a runtime error of the bar", () => {
  const usd: ContextBars = { ...M1, info: { ...M1.info, currency: "USD" } };
  const run = (cur: string) => evaluate(build(`//@version=6\nindicator("l")\nplot(request.security("", "1", close, currency = ${cur}))\nplot(request.security_lower_tf("", "1", close, currency = ${cur}).size())`), hours, {}, { symbol: { ...H1, currency: "USD" }, windowStart: 0, contexts: [usd] });
  const same = run("currency.USD");
  expect(same.runtimeErrors).toEqual([]);
  expect(same.outputs.map((o) => Array.from(o.values))).toEqual([[60, 120, 180], [60, 60, 60]]);
  expect(run("currency.EUR").runtimeErrors).toEqual([expect.objectContaining({ message: "currency conversion to EUR is not supported (no exchange rates are stored)", count: 3 })]);
});
