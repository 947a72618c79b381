// TradingView's ticker identifiers (docs/adr/0156-exchange-prefixes.md). Its reference: syminfo.tickerid
// "contains an exchange prefix and a symbol name, separated by a colon (e.g., "NASDAQ:AAPL")";
// syminfo.prefix is the prefix of the chart's symbol ('BATS' for 'BATS:MSFT'); syminfo.ticker is
// the symbol without it; syminfo.main_tickerid is the chart's identifier also inside a requested
// expression; ticker.new(prefix, ticker) builds "prefix:ticker" (its example passes syminfo.prefix and
// syminfo.ticker to request the chart's own symbol). Values below follow from those definitions and
// the hand-written bars.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import { exchangePrefix, scriptRequests, splitTickerId } from "../../src/index";
import type { Bars, SymbolInfo } from "../../src/types";

const T0 = Date.UTC(2024, 0, 2) / 1000;
const DAY = 86_400;
const days = (closes: number[]): Bars => ({
  length: closes.length,
  time: Float64Array.from(closes, (_, i) => T0 + i * DAY),
  open: Float64Array.from(closes),
  high: Float64Array.from(closes, (c) => c + 1),
  low: Float64Array.from(closes, (c) => c - 1),
  close: Float64Array.from(closes),
  volume: Float64Array.from(closes, () => 100),
});
const AAPL_BARS = days([10, 11, 12]);
const MSFT_BARS = days([20, 22, 21]);

const AAPL: SymbolInfo = { ticker: "AAPL", prefix: "NASDAQ", timezone: "America/New_York", mintick: 0.01, timeframe: "1d" };
const MSFT: SymbolInfo = { ...AAPL, ticker: "MSFT" };
/** An imported instrument whose exchange is not known: no prefix. */
const BARE: SymbolInfo = { ticker: "XYZ", timezone: "UTC", mintick: 0.01, timeframe: "1d" };

const MSFT_CTX = { symbol: "NASDAQ:MSFT", timeframe: "1d", bars: MSFT_BARS, info: MSFT };

function run(source: string, symbol: SymbolInfo, contexts: Array<typeof MSFT_CTX> = []) {
  return evaluate(build(`//@version=6\nindicator("t")\n${source}`), AAPL_BARS, {}, { symbol, windowStart: 0, contexts });
}

function logsOf(source: string, symbol: SymbolInfo, contexts: Array<typeof MSFT_CTX> = []): string[] {
  const r = run(`if barstate.islast\n${source.split("\n").map((l) => `    ${l}`).join("\n")}\nplot(close)`, symbol, contexts);
  expect(r.runtimeErrors).toEqual([]);
  return r.logs.map((l) => l.message);
}

const values = (r: ReturnType<typeof run>): Array<Array<number | null>> => r.outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));

describe("exchange prefixes", () => {
  it("of a stored exchange: its name in capitals, NYSE Arca and NYSE American as AMEX (TradingView's AMEX:SPY), none for no exchange", () => {
    const stored = ["NASDAQ", "NYSE", "NYSE Arca", "NYSEARCA", "NYSE American", "Coinbase", "Binance", "cme mini", "", "  "];
    expect(stored.map(exchangePrefix)).toEqual(["NASDAQ", "NYSE", "AMEX", "AMEX", "AMEX", "COINBASE", "BINANCE", "CME_MINI", "", ""]);
  });

  it("split a symbol at its first ':'; one without names none", () => {
    expect(splitTickerId("NASDAQ:AAPL")).toEqual({ prefix: "NASDAQ", ticker: "AAPL" });
    expect(splitTickerId("AAPL")).toEqual({ prefix: null, ticker: "AAPL" });
    expect(splitTickerId(":AAPL")).toEqual({ prefix: "", ticker: "AAPL" });
  });
});

describe("the chart's ticker identifier", () => {
  it("is PREFIX:TICKER, and a script splitting it at ':' reads the exchange and the ticker", () => {
    const src = `parts = str.split(syminfo.tickerid, ":")
log.info(syminfo.tickerid + "|" + syminfo.prefix + "|" + syminfo.ticker)
log.info(parts.get(0) + "|" + parts.get(1) + "|" + str.tostring(parts.size()))
log.info(syminfo.prefix(syminfo.tickerid) + "|" + syminfo.ticker(syminfo.tickerid))
log.info(syminfo.main_tickerid + "|" + ticker.standard() + "|" + ticker.new(syminfo.prefix, syminfo.ticker))`;
    expect(logsOf(src, AAPL)).toEqual(["NASDAQ:AAPL|NASDAQ|AAPL", "NASDAQ|AAPL|2", "NASDAQ|AAPL", "NASDAQ:AAPL|NASDAQ:AAPL|NASDAQ:AAPL"]);
  });

  it("is the ticker alone for an instrument with no prefix", () => {
    expect(logsOf(`log.info(syminfo.tickerid + "|[" + syminfo.prefix + "]|" + str.tostring(str.split(syminfo.tickerid, ":").size()))`, BARE)).toEqual(["XYZ|[]|1"]);
  });
});

describe("requests of the chart's own symbol", () => {
  it("by its ticker identifier, written or built, read the chart's bars: no context is supplied or missing", () => {
    const r = run(`plot(request.security(syminfo.tickerid, "D", close), "id")
plot(request.security("NASDAQ:AAPL", "D", close * 2), "written")
plot(request.security(ticker.new(syminfo.prefix, syminfo.ticker), "D", close + 1), "built")
plot(request.security(ticker.standard(syminfo.tickerid), "D", high), "standard")`, AAPL);
    expect(r.runtimeErrors).toEqual([]);
    expect(r.missingContexts).toBeUndefined();
    expect(values(r)).toEqual([[10, 11, 12], [20, 22, 24], [11, 12, 13], [11, 12, 13]]);
  });

  it("with another exchange's prefix is another symbol: a runtime error of each bar, as any symbol not supplied", () => {
    const r = run(`plot(request.security("NYSE:AAPL", "D", close))`, AAPL);
    expect(r.missingContexts).toEqual([{ symbol: "NYSE:AAPL", timeframe: "1d" }]);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['symbol "NYSE:AAPL" not found: no instrument of that name is stored', 3]]);
  });
});

it("inside request.security(\"NASDAQ:MSFT\", ...) syminfo.tickerid is the requested identifier and syminfo.main_tickerid the chart's", () => {
  const r = run(`inner = request.security("NASDAQ:MSFT", "D", syminfo.tickerid + "|" + syminfo.main_tickerid + "|" + str.split(syminfo.tickerid, ":").get(1))
c = request.security("NASDAQ:MSFT", "D", close)
if barstate.islast
    log.info(inner)
plot(c, "msft")
plot(close, "aapl")`, AAPL, [MSFT_CTX]);
  expect(r.runtimeErrors).toEqual([]);
  expect(r.logs.map((l) => l.message)).toEqual(["NASDAQ:MSFT|NASDAQ:AAPL|MSFT"]);
  expect(values(r)).toEqual([[20, 22, 21], [10, 11, 12]]);
});

describe("the contexts read before the run (scriptRequests)", () => {
  const chart = { ticker: "AAPL", prefix: "NASDAQ", timeframe: "1d" };
  const requests = (body: string) => scriptRequests([{ path: "main.pine", content: `//@version=6\nindicator("t")\n${body}\n` }], chart);

  it("name the chart's own symbol by its ticker however the script writes it: one weekly context, none at the chart's timeframe", () => {
    const body = `a = request.security(syminfo.tickerid, "W", close)
b = request.security("NASDAQ:AAPL", "W", close)
c = request.security(ticker.new(syminfo.prefix, syminfo.ticker), "W", close)
d = request.security(syminfo.tickerid, "D", close)
plot(a + b + c + d)`;
    expect(requests(body)).toEqual({ contexts: [{ symbol: "AAPL", timeframe: "1w" }], dynamic: false });
  });

  it("keep another symbol as written, and build a Heikin Ashi identifier from the chart's prefixed one", () => {
    const body = `a = request.security("NASDAQ:MSFT", "D", close)
b = request.security(ticker.heikinashi(syminfo.tickerid), "D", close)
c = request.security("NYSE:AAPL", "D", close)
plot(a + b + c)`;
    expect(requests(body)).toEqual({
      contexts: [
        { symbol: "NASDAQ:MSFT", timeframe: "1d" },
        { symbol: '={"symbol":"NASDAQ:AAPL","type":"HeikinAshi"}', timeframe: "1d" },
        { symbol: "NYSE:AAPL", timeframe: "1d" },
      ],
      dynamic: false,
    });
  });
});

it("an event message's {{exchange}} is the prefix and {{ticker}} the symbol, as TradingView's alert placeholders (NASDAQ and AAPL for NASDAQ:AAPL)", () => {
  const src = `//@version=6\ndefinition("d")\nplot(close, "c")\nalertcondition(bar_index == 1, "second", "{{exchange}}:{{ticker}} at {{close}}")`;
  const r = evaluate(build(src), AAPL_BARS, {}, { symbol: AAPL, windowStart: 0 });
  expect(r.events.map((e) => e.message)).toEqual(["NASDAQ:AAPL at 11"]);
  const bare = evaluate(build(src), AAPL_BARS, {}, { symbol: BARE, windowStart: 0 });
  expect(bare.events.map((e) => e.message)).toEqual([":XYZ at 11"]);
});
