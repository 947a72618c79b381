// timeframe.change and time(timeframe) on intraday charts: periods as TradingView builds its bars
// (docs/adr/0075-session-anchored-periods.md), from the session's open in the exchange's zone.
// Data: SPY minutes of March 2011 (packages/marketdata/demo/nt-spy-minute-2011-03.csv, times read
// as UTC as its SOURCES.md says; the instrument's session 0930-1600 New York) and Coinbase BTC-USD
// 4-hour candles (Coinbase-BTC-USD-PT4H-*.json, UTC, around the clock). New York is UTC-5 until
// Sunday 2011-03-13 02:00 local, UTC-4 after: 09:30 is 14:30Z on 03-01 and 13:30Z on 03-15.
import { readFileSync } from "fs";
import { join } from "path";
import { build, dailyBars } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";
import { sessionBars, sessionSource } from "../../src/stdlib/request/timeframes";
import { barsOfRows, readNinjaTraderMinutes } from "../support/demo-bars";

const DEMO = join(__dirname, "../../../marketdata/demo");

const spyMinutes = (): Bars => readNinjaTraderMinutes("nt-spy-minute-2011-03.csv");

function btc4h(n: number): Bars {
  const file = readFileSync(join(DEMO, "Coinbase-BTC-USD-PT4H-20160518_20251028.json"), "utf8");
  const candles = (JSON.parse(file) as { candles: Array<Record<string, string>> }).candles.slice(0, n);
  return barsOfRows(candles.map((c) => [Number(c.start), Number(c.open), Number(c.high), Number(c.low), Number(c.close), Number(c.volume)]));
}

const SPY: SymbolInfo = { ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: "1m", session: "0930-1600" };
const BTC: SymbolInfo = { ticker: "BTCUSD", timezone: "UTC", mintick: 0.01, timeframe: "240", session: "24x7" };

/** The script's plots, as many as `count`. */
function outputs(src: string, b: Bars, symbol: SymbolInfo, count: number): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("p")\n${src}`), b, {}, { symbol, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  expect(r.outputs.length).toBe(count);
  return Array.from({ length: count }, (_, k) => Array.from(r.outputs[k]?.values ?? []));
}

/** A New York wall-clock time ("2011-03-01T09:30") as Unix seconds, by the 2011 DST rule. */
function newYork(wall: string): number {
  const offsetHours = wall < "2011-03-13T02:00" ? 5 : 4;
  return Date.parse(`${wall}:00Z`) / 1000 + offsetHours * 3600;
}

/** Plain loop: bar i starts a period when a boundary b (Unix seconds) has time[i-1] < b <= time[i]. */
function startsAt(time: Float64Array, boundaries: number[]): number[] {
  const sorted = [...boundaries].sort((a, b) => a - b);
  const out = [0];
  let k = 0;
  for (let i = 1; i < time.length; i++) {
    while (k < sorted.length && sorted[k]! <= time[i - 1]!) k++;
    out.push(k < sorted.length && sorted[k]! <= time[i]! ? 1 : 0);
  }
  return out;
}

/** Every New York date of March 2011 (and the last of February), with the wall-clock times given. */
function everyDay(times: string[]): number[] {
  const out: number[] = [];
  for (let d = 0; d <= 31; d++) {
    const date = new Date(Date.UTC(2011, 1, 28 + d)).toISOString().slice(0, 10);
    for (const hm of times) out.push(newYork(`${date}T${hm}`));
  }
  return out;
}

// Period starts in New York wall-clock, worked by hand: the trading day starts at 00:00; inside the
// session, periods run from 09:30 and the last ends at the close, 16:00; before the open they are
// counted back from 09:30, after the close on from 16:00.
const STARTS_240 = ["00:00", "01:30", "05:30", "09:30", "13:30", "16:00", "20:00"];
const STARTS_120 = ["00:00", "01:30", "03:30", "05:30", "07:30", "09:30", "11:30", "13:30", "15:30", "16:00", "18:00", "20:00", "22:00"];
const STARTS_60 = ["00:00", "00:30", "01:30", "02:30", "03:30", "04:30", "05:30", "06:30", "07:30", "08:30", "09:30", "10:30", "11:30", "12:30", "13:30", "14:30", "15:30", "16:00", "17:00", "18:00", "19:00", "20:00", "21:00", "22:00", "23:00"];

describe("a US equity's intraday periods start at the session's open, 09:30 New York", () => {
  const spy = spyMinutes();
  const [c240, c120, c60, cD] = outputs(["240", "120", "60", "D"].map((tf) => `plot(timeframe.change("${tf}") ? 1 : 0)`).join("\n"), spy, SPY, 4) as [number[], number[], number[], number[]];

  test("timeframe.change(\"240\"), (\"120\"), (\"60\") and (\"D\") over every minute of March 2011 (DST change included)", () => {
    expect(c240).toEqual(startsAt(spy.time, everyDay(STARTS_240)));
    expect(c120).toEqual(startsAt(spy.time, everyDay(STARTS_120)));
    expect(c60).toEqual(startsAt(spy.time, everyDay(STARTS_60)));
    expect(cD).toEqual(startsAt(spy.time, everyDay(["00:00"])));
  });

  test("the 4-hour periods start on the bars of 14:30Z and 18:30Z on 03-01 (EST), 13:30Z and 17:30Z on 03-15 (EDT); not at the UTC blocks", () => {
    const at = (iso: string): number => c240[spy.time.indexOf(Date.parse(`${iso}Z`) / 1000)]!;
    expect(["2011-03-01T14:30:00", "2011-03-01T18:30:00", "2011-03-15T13:30:00", "2011-03-15T17:30:00"].map(at)).toEqual([1, 1, 1, 1]);
    expect(["2011-03-01T16:00:00", "2011-03-01T20:00:00", "2011-03-15T16:00:00"].map(at)).toEqual([0, 0, 0]);
  });

  test("time(\"240\") and time_close(\"240\"): the period's open and its close, cut at the session's close", () => {
    const b = spy;
    const [open, close, open60, close60, day] = outputs(`plot(time("240"))\nplot(time_close("240"))\nplot(time("60"))\nplot(time_close("60"))\nplot(time("D"))`, b, SPY, 5) as [number[], number[], number[], number[], number[]];
    const at = (col: number[], iso: string): number => col[b.time.indexOf(Date.parse(`${iso}Z`) / 1000)]!;
    const ms = (iso: string): number => Date.parse(`${iso}Z`);
    // 14:05 EST: the period 13:30-16:00 EST
    expect([at(open, "2011-03-01T19:05:00"), at(close, "2011-03-01T19:05:00")]).toEqual([ms("2011-03-01T18:30:00"), ms("2011-03-01T21:00:00")]);
    // 11:00 EDT: the period 09:30-13:30 EDT
    expect([at(open, "2011-03-15T15:00:00"), at(close, "2011-03-15T15:00:00")]).toEqual([ms("2011-03-15T13:30:00"), ms("2011-03-15T17:30:00")]);
    // 09:29 EST, before the open: the hour counted back from it, 08:30-09:30 EST
    expect([at(open60, "2011-03-01T14:29:00"), at(close60, "2011-03-01T14:29:00")]).toEqual([ms("2011-03-01T13:30:00"), ms("2011-03-01T14:30:00")]);
    // the trading day is that of its New York date: 19:00 EST on 03-01 (00:00Z on 03-02) is in the
    // day of 03-01, which a script sees open at its session's open, 09:30 EST (docs/adr/0200)
    expect(at(day, "2011-03-02T00:00:00")).toBe(ms("2011-03-01T14:30:00"));
  });
});

describe("around the clock in UTC (crypto), periods start at 00:00 UTC", () => {
  test("timeframe.change(\"480\"), (\"720\"), (\"D\") on 4-hour candles: UTC hours multiple of 8, of 12, and 0", () => {
    const b = btc4h(60);
    const [c480, c720, cD, t480] = outputs(`plot(timeframe.change("480") ? 1 : 0)\nplot(timeframe.change("720") ? 1 : 0)\nplot(timeframe.change("D") ? 1 : 0)\nplot(time("480"))`, b, BTC, 4) as [number[], number[], number[], number[]];
    const hour = (i: number): number => new Date(b.time[i]! * 1000).getUTCHours();
    const want = (every: number): number[] => Array.from(b.time, (_, i) => (i > 0 && hour(i) % every === 0 ? 1 : 0));
    expect(hour(0)).toBe(4);
    expect(c480).toEqual(want(8));
    expect(c720).toEqual(want(12));
    expect(cD).toEqual(want(24));
    // 2016-05-18 04:00Z is in the 8-hour period of 00:00Z
    expect(t480[0]).toBe(Date.UTC(2016, 4, 18, 0));
  });
});

describe("daily charts have no session to anchor", () => {
  test("timeframe.change(\"W\") on AAPL daily with the session set: the first trading day of each week from Monday (plain loop)", () => {
    const d = dailyBars("AAPL");
    const [w] = outputs(`plot(timeframe.change("W") ? 1 : 0)`, d, { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1d", session: "0930-1600" }, 1) as [number[]];
    const week = (t: number): number => Math.floor((t / 86400 - 4) / 7);
    expect(w).toEqual(Array.from(d.time, (t, i) => (i > 0 && week(t) !== week(d.time[i - 1]!) ? 1 : 0)));
  });
});

// A session with a break (docs/adr/0102-sessions-with-a-break.md): the same minutes read with the
// session 0930-1200,1300-1600. TradingView builds no bar across the break: periods start again at
// 13:00 and the one running at 12:00 ends there; the break's own bars (outside the session) fall in
// periods counted on from 12:00, cut at 13:00. Days still start at 00:00 and the day has one first
// and one last regular bar.
const SPY_BREAK: SymbolInfo = { ...SPY, session: "0930-1200,1300-1600" };
const BREAK_STARTS_240 = ["00:00", "01:30", "05:30", "09:30", "12:00", "13:00", "16:00", "20:00"];
const BREAK_STARTS_60 = ["00:00", "00:30", "01:30", "02:30", "03:30", "04:30", "05:30", "06:30", "07:30", "08:30", "09:30", "10:30", "11:30", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00", "21:00", "22:00", "23:00"];

/** Minutes after New York midnight of a bar (Unix seconds), by the 2011 DST rule. */
function nyMinute(t: number): { date: string; minute: number } {
  const offset = t < newYork("2011-03-13T02:00") ? 5 : 4;
  const d = new Date((t - offset * 3600) * 1000);
  return { date: d.toISOString().slice(0, 10), minute: d.getUTCHours() * 60 + d.getUTCMinutes() };
}

describe("a session with a break, 0930-1200,1300-1600", () => {
  const spy = spyMinutes();
  const src = [
    'plot(timeframe.change("240") ? 1 : 0)',
    'plot(timeframe.change("60") ? 1 : 0)',
    'plot(time("240"))',
    'plot(time_close("240"))',
    'plot(time(timeframe.period, "0930-1200,1300-1600", "America/New_York"))',
    "plot(session.isfirstbar_regular ? 1 : 0)",
    "plot(session.islastbar_regular ? 1 : 0)",
    "plot(session.ismarket ? 1 : session.ispremarket ? -1 : session.ispostmarket ? 2 : 0)",
    "plot(session.isfirstbar ? 1 : 0)",
  ].join("\n");
  const [c240, c60, open, close, inside, first, last, phase, firstOfDay] = outputs(src, spy, SPY_BREAK, 9) as number[][] as [number[], number[], number[], number[], number[], number[], number[], number[], number[]];
  const at = (col: number[], iso: string): number => col[spy.time.indexOf(Date.parse(`${iso}Z`) / 1000)]!;
  const ms = (iso: string): number => Date.parse(`${iso}Z`);
  const regular = (m: number): boolean => (m >= 570 && m < 720) || (m >= 780 && m < 960);

  test("timeframe.change(\"240\") and (\"60\") start again at 13:00 (every minute of March 2011)", () => {
    expect(c240).toEqual(startsAt(spy.time, everyDay(BREAK_STARTS_240)));
    expect(c60).toEqual(startsAt(spy.time, everyDay(BREAK_STARTS_60)));
  });

  test("time(\"240\") / time_close(\"240\"): 09:30-12:00, the break 12:00-13:00, 13:00-16:00 (03-01, EST)", () => {
    // 10:00 EST is 15:00Z; 12:30 EST 17:30Z; 14:00 EST 19:00Z
    expect([at(open, "2011-03-01T15:00:00"), at(close, "2011-03-01T15:00:00")]).toEqual([ms("2011-03-01T14:30:00"), ms("2011-03-01T17:00:00")]);
    expect([at(open, "2011-03-01T17:30:00"), at(close, "2011-03-01T17:30:00")]).toEqual([ms("2011-03-01T17:00:00"), ms("2011-03-01T18:00:00")]);
    expect([at(open, "2011-03-01T19:00:00"), at(close, "2011-03-01T19:00:00")]).toEqual([ms("2011-03-01T18:00:00"), ms("2011-03-01T21:00:00")]);
  });

  test("bars in the break are outside the session: time(period, session) na, neither pre- nor post-market", () => {
    // plain loop over every bar: the bar's own time inside either range, na elsewhere
    expect(inside.map((v) => (Number.isNaN(v) ? 0 : 1))).toEqual(Array.from(spy.time, (t) => (regular(nyMinute(t).minute) ? 1 : 0)));
    expect(phase).toEqual(Array.from(spy.time, (t) => {
      const m = nyMinute(t).minute;
      return regular(m) ? 1 : m < 570 ? -1 : m >= 960 ? 2 : 0;
    }));
  });

  test("one first and one last regular bar a day (not one per range); isfirstbar the day's first bar", () => {
    const want = (fromEnd: boolean): number[] => {
      const out = Array.from(spy.time, () => 0);
      const seen = new Set<string>();
      const order = Array.from(spy.time, (_, i) => i);
      for (const i of fromEnd ? order.reverse() : order) {
        const { date, minute } = nyMinute(spy.time[i]!);
        if (!regular(minute) || seen.has(date)) continue;
        seen.add(date);
        out[i] = 1;
      }
      return out;
    };
    expect(first).toEqual(want(false));
    expect(last).toEqual(want(true));
    expect(at(first, "2011-03-01T14:30:00")).toBe(1);
    expect(at(first, "2011-03-01T18:00:00")).toBe(0);
    expect(firstOfDay).toEqual(Array.from(spy.time, (t, i) => (i === 0 || nyMinute(t).date !== nyMinute(spy.time[i - 1]!).date ? 1 : 0)));
  });
});

describe("hourly request contexts of a session with a break", () => {
  test("the store timeframe they are built from divides every range's edge (12:00, 13:00; 12:15)", () => {
    expect(sessionSource("1h", "0930-1200,1300-1600", "America/New_York")).toEqual({ timeframe: "30m", perBar: 2 });
    expect(sessionSource("4h", "0900-1100,1200-1500", "Asia/Tokyo")).toEqual({ timeframe: "1h", perBar: 4 });
    expect(sessionSource("1h", "0930-1215,1300-1600", "America/New_York")).toEqual({ timeframe: "15m", perBar: 4 });
  });

  test("hourly bars built from the minutes of 03-01: 09:30, 10:30, 11:30 (half an hour), 12:00 (the break), 13:00, 14:00, 15:00", () => {
    const spy = spyMinutes();
    const day = (t: number): boolean => t >= newYork("2011-03-01T09:30") && t < newYork("2011-03-01T16:00");
    const idx = Array.from(spy.time.keys()).filter((i) => day(spy.time[i]!));
    const fine = { length: idx.length, time: Float64Array.from(idx, (i) => spy.time[i]!), open: Float64Array.from(idx, (i) => spy.open[i]!), high: Float64Array.from(idx, (i) => spy.high[i]!), low: Float64Array.from(idx, (i) => spy.low[i]!), close: Float64Array.from(idx, (i) => spy.close[i]!), volume: Float64Array.from(idx, (i) => spy.volume[i]!) };
    const hourly = sessionBars(fine, "1h", "0930-1200,1300-1600", "America/New_York");
    expect(Array.from(hourly.time)).toEqual(["09:30", "10:30", "11:30", "12:00", "13:00", "14:00", "15:00"].map((hm) => newYork(`2011-03-01T${hm}`)));
    // the 11:30 bar holds 11:30-11:59 only: its volume is that of those minutes (plain sum)
    const sum = idx.filter((i) => spy.time[i]! >= newYork("2011-03-01T11:30") && spy.time[i]! < newYork("2011-03-01T12:00")).reduce((s, i) => s + spy.volume[i]!, 0);
    expect(hourly.volume[2]).toBe(sum);
  });
});
