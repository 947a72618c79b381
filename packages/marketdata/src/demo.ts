// The demo instruments: real bars shipped in packages/marketdata/demo, imported through
// importFile like any operator import. Running it again re-imports the same bars: same store.
import { join } from "node:path";
import type { Db } from "@barscript/db";
import type { BarFileFormat } from "./formats";
import { importFile, type ImportResult, type InstrumentMeta } from "./import";
import type { Timeframe } from "./timeframes";

export const DEMO_DIR = join(__dirname, "..", "demo");

export interface DemoImport {
  symbol: string;
  meta: Required<InstrumentMeta>;
  files: Array<{ file: string; format: BarFileFormat; timeframe: Timeframe }>;
}

const NY = "America/New_York";
/** Regular hours of the US equity and ETF markets, in New York time. */
const US_EQUITY_SESSION = "0930-1600";

export const DEMO_INSTRUMENTS: DemoImport[] = [
  {
    symbol: "AAPL",
    meta: { name: "Apple Inc.", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: NY, session: US_EQUITY_SESSION },
    files: [{ file: "AAPL.csv", format: "bokeh", timeframe: "1d" }],
  },
  {
    symbol: "MSFT",
    meta: { name: "Microsoft Corporation", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: NY, session: US_EQUITY_SESSION },
    files: [{ file: "MSFT.csv", format: "bokeh", timeframe: "1d" }],
  },
  {
    symbol: "IBM",
    meta: { name: "International Business Machines Corporation", exchange: "NYSE", assetClass: "equity", currency: "USD", timezone: NY, session: US_EQUITY_SESSION },
    files: [{ file: "IBM.csv", format: "bokeh", timeframe: "1d" }],
  },
  {
    symbol: "GOOG",
    meta: { name: "Alphabet Inc. (Google Inc. until 2015)", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: NY, session: US_EQUITY_SESSION },
    files: [{ file: "GOOG.csv", format: "bokeh", timeframe: "1d" }],
  },
  {
    symbol: "SPY",
    meta: { name: "SPDR S&P 500 ETF Trust", exchange: "NYSE Arca", assetClass: "etf", currency: "USD", timezone: NY, session: US_EQUITY_SESSION },
    // Daily first: the 1m files then derive 5m..4h, and SPY's imported 1d stays as it is.
    files: [
      { file: "SPY_D.csv", format: "pandas-ta", timeframe: "1d" },
      { file: "nt-spy-minute-2011.csv", format: "ninjatrader", timeframe: "1m" },
      { file: "nt-spy-minute-2011-03.csv", format: "ninjatrader", timeframe: "1m" },
    ],
  },
  {
    symbol: "BTC-USD",
    meta: { name: "Bitcoin / US Dollar", exchange: "Coinbase", assetClass: "crypto", currency: "USD", timezone: "UTC", session: "24x7" },
    files: [{ file: "Coinbase-BTC-USD-PT4H-20160518_20251028.json", format: "ta4j-json", timeframe: "4h" }],
  },
];

export async function seedDemoInstruments(db: Db, dir: string = DEMO_DIR): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const demo of DEMO_INSTRUMENTS) {
    for (const f of demo.files) {
      results.push(await importFile(db, { symbol: demo.symbol, timeframe: f.timeframe, file: join(dir, f.file), format: f.format, meta: demo.meta }));
    }
  }
  return results;
}
