// The stored instrument a symbol written TradingView's way names ("NASDAQ:AAPL" is AAPL), by the
// exchange prefix packages/lang derives from an instrument's stored exchange (its ticker-id.ts;
// docs/adr/0156-exchange-prefixes.md). Scripts' requests, runs and sweeps name instruments either way.
import { exchangePrefix, prefixNames, splitTickerId } from "@barscript/lang";
import type { DbClient } from "./store";

/** Whether `prefix` as written (null: none) names an instrument on `exchange` (its TradingView prefix, packages/lang). */
export function prefixMatches(prefix: string | null, exchange: string): boolean {
  return prefixNames(prefix, exchangePrefix(exchange));
}

/** Classes whose TradingView tickers are a pair without separator ("BTCUSD" for the stored "BTC-USD"). */
const PAIR_CLASSES = ["crypto", "fx"] as const;

/** What resolving a symbol reads of the instrument it names. */
export interface NamedInstrument {
  symbol: string;
  exchange: string;
  timezone: string;
  /** Regular trading hours in `timezone` ("0930-1600", "24x7"). */
  session: string;
}

/**
 * The stored instrument a symbol names: `"AAPL"` and `"NASDAQ:AAPL"` are AAPL (its prefix, any
 * case), `"NYSE:AAPL"` is no instrument (null); a crypto or forex pair written TradingView's way,
 * without separator (`"COINBASE:BTCUSD"`), is the stored pair whose symbol is that without its `-`,
 * `_` or `.` ("BTC-USD"). One read; the pair's second only when no symbol is the ticker itself.
 */
export async function resolveTickerId(db: DbClient, symbol: string): Promise<NamedInstrument | null> {
  const { prefix, ticker } = splitTickerId(symbol);
  if (ticker === "" || prefix === "") return null;
  const row = await db.instrument.findUnique({ where: { symbol: ticker }, select: { symbol: true, exchange: true, timezone: true, session: true } });
  if (row) return prefixMatches(prefix, row.exchange) ? row : null;
  if (!/^[A-Za-z0-9]+$/.test(ticker)) return null;
  const pairs = await db.$queryRaw<NamedInstrument[]>`
    SELECT symbol, exchange, timezone, session FROM instruments
    WHERE "assetClass"::text IN (${PAIR_CLASSES[0]}, ${PAIR_CLASSES[1]}) AND translate(symbol, '-_.', '') = ${ticker}
    ORDER BY symbol`;
  return pairs.find((p) => prefixMatches(prefix, p.exchange)) ?? null;
}

/**
 * The stored symbol a client names an instrument by (a run's or a sweep's `instrument`): the symbol
 * in capitals, or, written TradingView's way with a prefix (`"NASDAQ:AAPL"`, `"COINBASE:BTCUSD"`),
 * the instrument it names ("AAPL", "BTC-USD"); as written when it names none, which no stored
 * symbol is (they have no ":"), so the caller's lookup refuses it as any unknown symbol. A symbol
 * without prefix costs no read.
 */
export async function storedSymbol(db: DbClient, written: string): Promise<string> {
  const symbol = written.trim().toUpperCase();
  if (!symbol.includes(":")) return symbol;
  return (await resolveTickerId(db, symbol))?.symbol ?? symbol;
}
