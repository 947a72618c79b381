// Instrument lookups for the API (GET /v1/instruments, /v1/instruments/{symbol}), in the JSON
// shape of docs/reference/endpoints.md "Instrument". Cursors are the API's business: this pages by symbol (keyset).
import type { DbClient } from "./store";
import { storedSymbol } from "./ticker-id";
import { timeframeIndex, isTimeframe, type Timeframe } from "./timeframes";

export interface CoverageJson {
  from: string;
  to: string;
  bars: number;
}

export interface InstrumentJson {
  symbol: string;
  name: string;
  exchange: string;
  asset_class: string;
  currency: string;
  timezone: string;
  status: "ready" | "backfilling";
  coverage: Record<string, CoverageJson>;
}

const rfc3339 = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, "Z");

interface InstrumentRow {
  symbol: string;
  name: string;
  exchange: string;
  assetClass: string;
  currency: string;
  timezone: string;
  status: "ready" | "backfilling";
  series: Array<{ timeframe: string; firstTime: Date; lastTime: Date; bars: number }>;
}

export function instrumentJson(row: InstrumentRow): InstrumentJson {
  const coverage: Record<string, CoverageJson> = {};
  const series = row.series
    .filter((s) => isTimeframe(s.timeframe))
    .sort((a, b) => timeframeIndex(a.timeframe as Timeframe) - timeframeIndex(b.timeframe as Timeframe));
  for (const s of series) coverage[s.timeframe] = { from: rfc3339(s.firstTime), to: rfc3339(s.lastTime), bars: s.bars };
  return {
    symbol: row.symbol,
    name: row.name,
    exchange: row.exchange,
    asset_class: row.assetClass,
    currency: row.currency,
    timezone: row.timezone,
    status: row.status,
    coverage,
  };
}

const include = { series: { select: { timeframe: true, firstTime: true, lastTime: true, bars: true } } } as const;

/** The instrument with this symbol (case-insensitive) or written with its exchange prefix ("NASDAQ:AAPL", docs/adr/0156), or null. */
export async function getInstrument(db: DbClient, written: string): Promise<InstrumentJson | null> {
  const symbol = written.includes(":") ? await storedSymbol(db, written) : written;
  const row =
    (await db.instrument.findUnique({ where: { symbol }, include })) ??
    (await db.instrument.findFirst({ where: { symbol: { equals: symbol, mode: "insensitive" } }, include }));
  return row ? instrumentJson(row) : null;
}

export interface ListInstrumentsOptions {
  /** Case-insensitive substring of the symbol or the name. */
  q?: string;
  /** Page size (the API clamps it: default 50, most 500). */
  limit: number;
  /** Symbols after this one (the last symbol of the previous page). */
  after?: string | null;
}

export interface InstrumentPage {
  data: InstrumentJson[];
  /** The last symbol of this page when another page follows, else null. */
  nextAfter: string | null;
}

/**
 * `q` as a literal substring: Prisma's `contains` becomes ILIKE without escaping, so `%`, `_` and
 * `\\` in a search would otherwise act as wildcards (`q=%` matched every instrument).
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export async function listInstruments(db: DbClient, options: ListInstrumentsOptions): Promise<InstrumentPage> {
  const trimmed = options.q?.trim();
  const q = trimmed ? likeLiteral(trimmed) : trimmed;
  const rows = await db.instrument.findMany({
    where: {
      ...(q ? { OR: [{ symbol: { contains: q, mode: "insensitive" as const } }, { name: { contains: q, mode: "insensitive" as const } }] } : {}),
      ...(options.after ? { symbol: { gt: options.after } } : {}),
    },
    include,
    orderBy: { symbol: "asc" },
    take: options.limit + 1,
  });
  const more = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  return { data: page.map(instrumentJson), nextAfter: more ? (page[page.length - 1]?.symbol ?? null) : null };
}
