// ta.* against published values (StockCharts worksheets, NinjaTrader, TradingView exports).
// Each case states where the source's definition agrees with Pine's; tolerances follow the
// precision the source publishes.
import { ta } from "../../src/stdlib";
import { readCsv, column, expectClose } from "./fixtures";

function run(n: number, step: (i: number) => number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(step(i));
  return out;
}

describe("ta.* against published reference values", () => {
  test("sma(10), StockCharts (pyalgotrade sc-sma-10)", () => {
    const csv = readCsv("sc-sma-10.csv");
    const x = column(csv, "Input");
    const s = new ta.Sma();
    // Published with 2 decimals.
    expect(expectClose(run(x.length, (i) => s.update(x[i]!, 10)), column(csv, "Expected"), 5e-3)).toBeGreaterThan(15);
  });

  test("sma(15), NinjaTrader (pyalgotrade nt-sma-15)", () => {
    const csv = readCsv("nt-sma-15.csv");
    const x = column(csv, "Input");
    const s = new ta.Sma();
    expect(expectClose(run(x.length, (i) => s.update(x[i]!, 15)), column(csv, "Expected"), 5e-5)).toBeGreaterThan(200);
  });

  test("ema(10), StockCharts seeds with the SMA of the first 10 values as Pine does", () => {
    const csv = readCsv("sc-ema-10.csv");
    const x = column(csv, "Input");
    const s = new ta.Ema();
    expect(expectClose(run(x.length, (i) => s.update(x[i]!, 10)), column(csv, "Expected"), 5e-4)).toBeGreaterThan(15);
  });

  // bukosabino's cs-rsi.csv is left out: its averages start from 0 on the first bar (71.86 on
  // row 14) instead of Wilder's SMA seed, which StockCharts and Pine share (70.53 on the same closes).
  test("rsi(14), StockCharts values in pyalgotrade rsi-test (Wilder seeding = Pine's rma of changes)", () => {
    for (const [file, inCol, outCol] of [["rsi-test.csv", "Input", "Expected"]] as const) {
      const csv = readCsv(file);
      const x = column(csv, inCol);
      const s = new ta.Rsi();
      expect(expectClose(run(x.length, (i) => s.update(x[i]!, 14)), column(csv, outCol), 5e-3)).toBeGreaterThan(15);
    }
  });

  test("atr(14), StockCharts cs-atr (first TR = high - low, SMA seed, Wilder smoothing)", () => {
    const csv = readCsv("cs-atr.csv");
    const [h, l, c, atr] = [column(csv, "High"), column(csv, "Low"), column(csv, "Close"), column(csv, "ATR")];
    const s = new ta.Atr();
    const out = run(h.length, (i) => s.update(h[i]!, l[i]!, c[i]!, 14));
    // The worksheet writes 0 before its first ATR (row 14): compare from there.
    expect(expectClose(out, atr, 1e-6, 13)).toBeGreaterThan(15);
    const tr = new ta.Tr();
    expectClose(run(h.length, (i) => tr.update(h[i]!, l[i]!, c[i]!, true)), column(csv, "TR"), 1e-9);
  });

  test("bb(20, 2), StockCharts cs-bbands (population deviation as Pine)", () => {
    const csv = readCsv("cs-bbands.csv");
    const x = column(csv, "Close");
    const s = new ta.Bb();
    const mid: number[] = [];
    const up: number[] = [];
    const lo: number[] = [];
    for (const v of x) {
      s.update(v, 20, 2);
      mid.push(s.r0);
      up.push(s.r1);
      lo.push(s.r2);
    }
    expect(expectClose(mid, column(csv, "MiddleBand"), 5e-6)).toBeGreaterThan(20);
    expectClose(up, column(csv, "HighBand"), 5e-6);
    expectClose(lo, column(csv, "LowBand"), 5e-6);
    const w = new ta.Bbw();
    // The worksheet's WidthBand is (upper - lower) / middle * 100, Pine v6's ta.bbw.
    expectClose(run(x.length, (i) => w.update(x[i]!, 20, 2)), column(csv, "WidthBand"), 5e-6);
  });

  test("cci(20) of the typical price, StockCharts cs-cci", () => {
    const csv = readCsv("cs-cci.csv");
    const tp = column(csv, "Typical Price");
    const s = new ta.Cci();
    const sma = new ta.Sma();
    const dev = new ta.Dev();
    // The worksheet publishes its SMA and mean deviation with 4 decimals, and computes its CCI
    // from those rounded values: the CCI's tolerance is what that rounding allows.
    expectClose(run(tp.length, (i) => sma.update(tp[i]!, 20)), column(csv, "20-day SMA of TP"), 5e-5);
    expectClose(run(tp.length, (i) => dev.update(tp[i]!, 20)), column(csv, "20-day Mean Deviation"), 5e-5);
    const cci = run(tp.length, (i) => s.update(tp[i]!, 20));
    const ref = column(csv, "CCI");
    const md = column(csv, "20-day Mean Deviation");
    let compared = 0;
    for (let i = 0; i < ref.length; i++) {
      if (ref[i] !== ref[i]) continue;
      const smaRef = column(csv, "20-day SMA of TP")[i]!;
      const tol = Math.abs(ref[i]!) * (5e-5 / md[i]! + 1e-4 / Math.abs(tp[i]! - smaRef)) + 5e-4;
      expect(Math.abs(cci[i]! - ref[i]!)).toBeLessThanOrEqual(tol);
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });

  test("mfi(14) of the typical price, StockCharts cs-mfi (agrees once the first bar left the window)", () => {
    const csv = readCsv("cs-mfi.csv");
    const [tp, v] = [column(csv, "Typical Price"), column(csv, "Volume")];
    const s = new ta.Mfi();
    expect(expectClose(run(tp.length, (i) => s.update(tp[i]!, v[i]!, 14)), column(csv, "MFI"), 5e-4, 15)).toBeGreaterThan(10);
  });

  test("obv, StockCharts cs-obv", () => {
    const csv = readCsv("cs-obv.csv");
    const [c, v] = [column(csv, "Close"), column(csv, "Volume")];
    const s = new ta.Obv();
    expect(expectClose(run(c.length, (i) => s.update(c[i]!, v[i]!)), column(csv, "OBV"), 1e-9)).toBeGreaterThan(20);
  });

  test("wpr(14), StockCharts cs-percentr", () => {
    const csv = readCsv("cs-percentr.csv");
    const [h, l] = [column(csv, "High"), column(csv, "Low")];
    // The worksheet's Close column is shifted; Williams %R uses the row's close, the 6th value.
    const c = csv.rows.map((r) => Number(r[5] === "" ? NaN : r[5]));
    const s = new ta.Wpr();
    expect(expectClose(run(h.length, (i) => s.update(h[i]!, l[i]!, c[i]!, 14)), column(csv, "Williams_%R"), 5e-6)).toBeGreaterThan(10);
  });

  test("wma(9), cs-wma (compared once the window holds only the file's bars)", () => {
    const csv = readCsv("cs-wma.csv");
    const x = column(csv, "Close");
    const s = new ta.Wma();
    expect(expectClose(run(x.length, (i) => s.update(x[i]!, 9)), column(csv, "WMA"), 5e-4, 8)).toBeGreaterThan(25);
  });

  test("roc(12), StockCharts cs-roc", () => {
    const csv = readCsv("cs-roc.csv");
    const x = column(csv, "Close");
    const s = new ta.Roc();
    expect(expectClose(run(x.length, (i) => s.update(x[i]!, 12)), column(csv, "ROC"), 5e-8)).toBeGreaterThan(5);
  });

  // The worksheet's VWAP is cumulative for its first 14 rows, then a rolling 14-bar VWAP: the
  // anchored VWAP agrees with it on those first 14 rows.
  test("vwap anchored at the first bar, cs-vwap (its first 14 cumulative rows)", () => {
    const csv = readCsv("cs-vwap.csv");
    const [h, l, c, v] = [column(csv, "High"), column(csv, "Low"), column(csv, "Close"), column(csv, "Volume")];
    const tp = h.map((x, i) => (x + l[i]! + c[i]!) / 3);
    const s = new ta.Vwap();
    const ref = column(csv, "vwap").slice(0, 14);
    expect(expectClose(run(14, (i) => s.update(tp[i]!, v[i]!, 0, i === 0 ? 1 : 0, 1)), ref, 1e-9)).toBe(14);
  });

  test("dmi(14, 14), StockCharts cs-adx (Wilder sums give the same ratios as Pine's rma)", () => {
    const csv = readCsv("cs-adx.csv");
    const [h, l, c] = [column(csv, "High"), column(csv, "Low"), column(csv, "Close")];
    const s = new ta.Dmi();
    const p: number[] = [];
    const m: number[] = [];
    const a: number[] = [];
    for (let i = 0; i < h.length; i++) {
      s.update(h[i]!, l[i]!, c[i]!, 14, 14);
      p.push(s.r0);
      m.push(s.r1);
      a.push(s.r2);
    }
    expect(expectClose(p, column(csv, "+DI14"), 5e-6)).toBeGreaterThan(400);
    expectClose(m, column(csv, "-DI14"), 5e-6);
    expect(expectClose(a, column(csv, "ADX"), 5e-6)).toBeGreaterThan(400);
  });

  test("rma(10) = TradingView SMMA export, from 20 x length", () => {
    const csv = readCsv("SMMA.csv");
    const x = column(csv, "Close");
    const s = new ta.Rma();
    expect(expectClose(run(x.length, (i) => s.update(x[i]!, 10)), column(csv, "SMMA"), 1e-8, 200)).toBeGreaterThan(700);
  });

  test("vwma(10) = TradingView VWMA export", () => {
    const csv = readCsv("VWMA.csv");
    const [x, v] = [column(csv, "Close"), column(csv, "Volume")];
    const s = new ta.Vwma();
    expect(expectClose(run(x.length, (i) => s.update(x[i]!, v[i]!, 10)), column(csv, "VWMA"), 1e-8, 9)).toBeGreaterThan(900);
  });

  test("linreg(20, 0) = TradingView LSMA exports", () => {
    for (const [file, col] of [["LSMA1.csv", "Plot"], ["LSMA2.csv", "lsma_20"], ["LSMA3.csv", "LSMA Expected"]] as const) {
      const csv = readCsv(file);
      const x = column(csv, "close");
      const s = new ta.Linreg();
      expect(expectClose(run(x.length, (i) => s.update(x[i]!, 20, 0)), column(csv, col), 1e-8, 19)).toBeGreaterThan(400);
    }
  });
});
