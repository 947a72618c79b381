// syminfo.* beyond the ticker, time zone, tick and session (builtins/core.ts, session.ts): the
// facts that follow from what an instrument stores (its ticker, tick size, name, asset class and
// currency: docs/adr/0106-instrument-facts-in-syminfo.md; its exchange prefix:
// docs/adr/0156-exchange-prefixes.md), and the value TradingView documents for an instrument
// without it of the metadata the bar store does not keep (docs/adr/0233).

import { builtinFunction, builtinVariable, call, constants } from "../builtins/record";
import { heikinAshiSymbol, heikinAshiTicker, tickerInherit } from "./heikin-ashi";
import { extendedTickerSymbol, symbolPrefix, symbolTicker, tickerId } from "./ticker-id";

/**
 * TradingView's tick is `minmove / pricescale` with pricescale a power of ten: a tick of 0.01 is
 * 1 / 100, 0.25 is 25 / 100. An expression of compiled code (the runtime has no syminfo namespace).
 */
const SCALE_JS = "((t) => { let s = 1; while (s < 1e10 && Math.abs(Math.round(t * s) - t * s) > 1e-9 * s * t) s *= 10; return t > 0 ? s : NaN; })($rt.mintick)";

export const syminfoPricescale = builtinVariable({
  name: "syminfo.pricescale",
  type: "simple int",
  doc: "The denominator of the tick (`syminfo.mintick = syminfo.minmove / syminfo.pricescale`): 100 for a tick of 0.01.",
  emit: SCALE_JS,
});

export const syminfoMinmove = builtinVariable({
  name: "syminfo.minmove",
  type: "simple int",
  doc: "The numerator of the tick (`syminfo.mintick = syminfo.minmove / syminfo.pricescale`): 1 for a tick of 0.01, 25 for 0.25.",
  emit: `Math.round($rt.mintick * ${SCALE_JS})`,
});

export const syminfoRoot = builtinVariable({ name: "syminfo.root", type: "simple string", doc: "The root of the ticker: the ticker itself (no futures are stored).", emit: "$rt.ticker" });

/**
 * TradingView's ticker of the contract under a continuous futures symbol, na for any other symbol.
 * The bar store keeps no continuous futures (syminfo.root above), so it is always na.
 */
export const syminfoCurrentContract = builtinVariable({
  name: "syminfo.current_contract",
  type: "simple string",
  doc: "The ticker of the contract underlying a continuous futures symbol; na for any other symbol (no continuous futures are stored, so always na).",
  emit: "null",
});

/**
 * TradingView's `ticker.standard(symbol)`: the ticker of the standard chart, without chart-type,
 * session or adjustment modifiers. The stored bars are that chart's, so it is `symbol` itself, or
 * the symbol of a Heikin Ashi or extended ticker identifier (scripts wrap `syminfo.tickerid` in it
 * before `request.security` to avoid non-standard charts). Its argument may be a series string, as
 * TradingView's v6 takes it: its correlation heatmap standardizes each symbol of a list in a loop.
 */
export const tickerStandard = builtinFunction({
  sig: "ticker.standard(symbol: series string = syminfo.tickerid): string",
  doc: "The ticker of the standard chart of `symbol` (by default the chart's `syminfo.tickerid`): `symbol` itself, as the stored bars are the standard chart's, or the symbol of a Heikin Ashi or extended (`={...}`) ticker identifier.",
  emit: call(standardTicker, (b) => [b.a("symbol", "$rt.tickerid")]),
});

/** ticker.standard's value: the symbol under a Heikin Ashi or extended ticker identifier, any other symbol itself; na stays na. */
export function standardTicker(symbol: string | null): string | null {
  if (symbol === null) return null;
  return heikinAshiSymbol(symbol) ?? extendedTickerSymbol(symbol);
}

/**
 * TradingView's `ticker.new` and `ticker.modify`: a ticker identifier with a session, adjustment,
 * back-adjustment or settlement modifier. The bars are served as stored, whatever the modifiers
 * (docs/adr/0117-ticker-modifiers.md): the identifier is the symbol itself.
 */
const MODIFIERS = "session: series string = na, adjustment: series string = na, backadjustment: series string = na, settlement_as_close: series string = na";

export const tickerNew = builtinFunction({
  sig: `ticker.new(prefix: series string, ticker: series string, ${MODIFIERS}): string`,
  doc: "The ticker identifier `prefix:ticker` (the ticker alone for an empty prefix). Session and adjustment modifiers are accepted and change nothing: the stored bars are served as they are.",
  emit: call(newTicker, (b) => [b.a("prefix"), b.a("ticker")]),
});

/**
 * ticker.new's identifier: `prefix:ticker`, or `ticker` itself when it already names its exchange
 * (`ticker.new(syminfo.prefix, syminfo.tickerid)`, which TradingView's correlation heatmap writes to
 * keep the chart's modifiers, is the chart's ticker identifier, not "NASDAQ:NASDAQ:AAPL"); na stays na.
 */
export function newTicker(prefix: string | null, ticker: string | null): string | null {
  if (ticker !== null && prefix !== null && ticker.includes(":")) return ticker;
  return tickerId(prefix, ticker);
}

export const tickerModify = builtinFunction({
  sig: `ticker.modify(tickerid: series string, ${MODIFIERS}): string`,
  doc: "`tickerid` with session or adjustment modifiers: `tickerid` itself, as the stored bars are served as they are.",
  emit: (b) => b.a("tickerid"),
});

// TradingView's `ticker.inherit(from_tickerid, symbol)` (stdlib/heikin-ashi.ts: the chart type is what it inherits)
export const tickerInheritFn = builtinFunction({
  sig: "ticker.inherit(from_tickerid: series string, symbol: series string): string",
  doc: "`symbol` with the modifiers of `from_tickerid`: `symbol` itself (modifiers change nothing, the stored bars are served as they are), or its Heikin Ashi ticker when `from_tickerid` is a Heikin Ashi ticker.",
  emit: call(tickerInherit, (b) => [b.a("from_tickerid"), b.a("symbol")]),
});

// the runtime reaches these through this module (runtime/library.ts: the syminfo namespace)
export { heikinAshiTicker, tickerInherit, symbolPrefix, symbolTicker, tickerId };

export const tickerHeikinashi = builtinFunction({
  sig: "ticker.heikinashi(symbol: series string): string",
  doc: "The ticker identifier of `symbol`'s Heikin Ashi bars, for `request.security`: their close is (open + high + low + close) / 4, their open the average of the previous Heikin Ashi open and close.",
  emit: call(heikinAshiTicker, (b) => [b.a("symbol")]),
});

export const adjustmentConstants = constants("adjustment", "string", ["none", "splits", "dividends"], "An adjustment of a ticker's past prices (ticker.new/ticker.modify): accepted, the stored bars are served as they are.");
export const backadjustmentConstants = constants("backadjustment", "string", ["inherit", "on", "off"], "Back-adjustment of futures contracts (ticker.new/ticker.modify): accepted, the stored bars are served as they are.");
export const settlementConstants = constants("settlement_as_close", "string", ["inherit", "on", "off"], "Settlement as close for futures (ticker.new/ticker.modify): accepted, the stored bars are served as they are.");

export const syminfoMainTickerid = builtinVariable({
  name: "syminfo.main_tickerid",
  type: "simple string",
  doc: "The chart's ticker identifier (`\"NASDAQ:AAPL\"`), also inside a requested expression (where `syminfo.tickerid` is the requested one).",
  emit: "$rt.mainTicker",
});

export const syminfoPrefix = builtinVariable({
  name: "syminfo.prefix",
  type: "simple string",
  doc: "The exchange prefix of the instrument, TradingView's (`\"NASDAQ\"`, `\"AMEX\"` for NYSE Arca's ETFs, `\"COINBASE\"`); `\"\"` for an instrument whose exchange is not known.",
  emit: "$rt.prefix",
});

export const syminfoPrefixOf = builtinFunction({
  sig: "syminfo.prefix(symbol: series string): string",
  doc: "The exchange prefix of `symbol` (`\"NASDAQ\"` of `\"NASDAQ:AAPL\"`); `\"\"` for a symbol written without one.",
  emit: call(symbolPrefix, (b) => [b.a("symbol")]),
});

export const syminfoTickerOf = builtinFunction({
  sig: "syminfo.ticker(symbol: series string): string",
  doc: "`symbol` without its exchange prefix (`\"AAPL\"` of `\"NASDAQ:AAPL\"`).",
  emit: call(symbolTicker, (b) => [b.a("symbol")]),
});

export const syminfoPointvalue = builtinVariable({
  name: "syminfo.pointvalue",
  type: "simple float",
  doc: "The value of one point of price in the instrument's currency: 1 (no futures or contract sizes are stored).",
  emit: "1",
});

export const syminfoDescription = builtinVariable({
  name: "syminfo.description",
  type: "simple string",
  doc: "The instrument's name (\"Apple Inc.\", \"Bitcoin / US Dollar\").",
  emit: "$rt.facts.description",
});

export const syminfoType = builtinVariable({
  name: "syminfo.type",
  type: "simple string",
  doc: "The instrument's type, in TradingView's names: \"stock\", \"fund\" (ETFs), \"crypto\", \"forex\", \"index\" or \"futures\".",
  emit: "$rt.facts.type",
});

export const syminfoCurrency = builtinVariable({
  name: "syminfo.currency",
  type: "simple string",
  doc: "The currency the instrument's prices are quoted in (\"USD\").",
  emit: "$rt.facts.currency",
});

export const syminfoBasecurrency = builtinVariable({
  name: "syminfo.basecurrency",
  type: "simple string",
  doc: "The traded currency or coin of a forex or crypto pair (\"BTC\" for BTC-USD), \"\" for other instruments.",
  emit: "$rt.facts.basecurrency",
});

/**
 * The instrument metadata TradingView's reference lists that the bar store does not keep: each is
 * the value the reference documents for an instrument without it (docs/adr/0233): na for the
 * fundamentals, analysts' figures, sector and industry (`"... or na if the symbol has no ..."`),
 * `""` for the ISIN ("an empty string if there is no ISIN information"), `"n/a"` for a volume type
 * "not specified", na for the expiration date of anything but a dated futures contract. Three
 * follow from what is stored: the country of a US exchange's listing, the smallest tradable amount
 * of a stock or fund, one share ("For most other types of asset, it is often 1"), na elsewhere, and
 * a crypto pair's volume type, "base" (its volume is in the base currency; the reference says the
 * volume type is given "mostly in the crypto sector").
 */
const METADATA: ReadonlyArray<readonly [name: string, type: string, value: string, doc: string]> = [
  ["country", "simple string", "($rt.prefix === \"NASDAQ\" || $rt.prefix === \"NYSE\" || $rt.prefix === \"AMEX\" ? \"US\" : null)", "The two-letter ISO 3166 code of the country the instrument trades in: \"US\" on NASDAQ, NYSE and AMEX; na for an exchange not tied to a country (crypto) or not known."],
  ["isin", "simple string", "\"\"", "The instrument's ISIN: \"\" (no ISINs are stored; TradingView's value for an instrument without one)."],
  ["volumetype", "simple string", "($rt.facts.type === \"crypto\" ? \"base\" : \"n/a\")", "The volume's unit: \"base\" for a crypto pair (its stored volume is in the base currency, as the exchanges' candles give it), \"n/a\" (not specified) for other instruments, as TradingView's reference says most non-crypto symbols are."],
  ["mincontract", "simple float", "($rt.facts.type === \"stock\" || $rt.facts.type === \"fund\" ? 1 : NaN)", "The smallest amount of the instrument that can be traded: 1 for a stock or fund (one share), na for other instruments (not stored)."],
  ["industry", "simple string", "null", "The company's industry: na (not stored; TradingView's value for a symbol without one)."],
  ["sector", "simple string", "null", "The company's sector: na (not stored; TradingView's value for a symbol without one)."],
  ["employees", "simple int", "NaN", "The company's number of employees: na (not stored)."],
  ["shareholders", "simple int", "NaN", "The company's number of shareholders: na (not stored)."],
  ["shares_outstanding_float", "simple float", "NaN", "The company's free-float shares outstanding: na (not stored)."],
  ["shares_outstanding_total", "simple int", "NaN", "The company's total shares outstanding: na (not stored)."],
  ["expiration_date", "simple int", "NaN", "The start of the last day of a dated futures contract: na (no futures contracts are stored; na on other symbols)."],
  ...["buy", "sell", "hold", "total", "buy_strong", "sell_strong", "date"].map((k) => [`recommendations_${k}`, "series int", "NaN", "Analysts' recommendations: na (not stored)."] as const),
  ...["average", "high", "low", "median", "estimates"].map((k) => [`target_price_${k}`, "series float", "NaN", "Analysts' price targets: na (not stored)."] as const),
  ["target_price_date", "series int", "NaN", "The date of the analysts' last price targets: na (not stored)."],
];

/** Instrument metadata that is not stored: TradingView's documented value for an instrument without it. */
export const syminfoMetadata = METADATA.map(([n, type, value, doc]) => builtinVariable({ name: `syminfo.${n}`, type, doc, emit: value }));

/**
 * TradingView's currency codes (`currency.USD` is "USD", what `syminfo.currency` reads for a
 * dollar-quoted instrument); `currency.NONE` asks a request for no conversion.
 */
const CURRENCY_CODES = [
  "AED", "ARS", "AUD", "BDT", "BHD", "BRL", "BTC", "CAD", "CHF", "CLP", "CNY", "COP", "CZK", "DKK", "EGP", "ETH", "EUR", "GBP", "HKD", "HUF", "IDR", "ILS",
  "INR", "ISK", "JPY", "KES", "KRW", "KWD", "LKR", "MAD", "MXN", "MYR", "NGN", "NOK", "NONE", "NZD", "PEN", "PHP", "PKR", "PLN", "QAR", "RON", "RSD", "RUB",
  "SAR", "SEK", "SGD", "THB", "TND", "TRY", "TWD", "USD", "USDT", "VES", "VND", "ZAR",
] as const;

export const currencies = CURRENCY_CODES.map((code) =>
  builtinVariable({ name: `currency.${code}`, type: "const string", doc: code === "NONE" ? "No currency: a request given it converts nothing." : `The currency code "${code}" (compare with \`syminfo.currency\`).`, value: code }),
);
