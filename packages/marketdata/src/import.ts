// Import: bars of one timeframe into an instrument (created when new), then every larger
// timeframe that this one is the source of rebuilt over the buckets the import touched, all in
// one transaction. A file with any bad row writes nothing.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { Db } from "@barscript/db";
import type { BarColumns } from "./bars";
import { parseBarFile, rowsToBars, validateRows, type BarFileFormat, type RowError } from "./formats";
import { resample } from "./resample";
import { deleteSeries, readRange, writeBars, type Coverage, type DbClient, type SeriesOrigin } from "./store";
import { alignTime, largerTimeframes, timeframeIndex, timeframeSeconds, TIMEFRAMES, type Timeframe } from "./timeframes";

export const ASSET_CLASSES = ["equity", "etf", "crypto", "fx", "index", "future"] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export interface InstrumentMeta {
  name?: string;
  exchange?: string;
  assetClass?: AssetClass;
  currency?: string;
  timezone?: string;
  /** Regular trading hours in the exchange's time zone, as a Pine session string ("0930-1600", "24x7"). */
  session?: string;
}

/** Defaults for a new instrument when the import does not name them. */
const DEFAULT_META = { exchange: "", assetClass: "equity", currency: "USD", timezone: "UTC" } as const;

export const SYMBOL_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,31}$/;

/** Refused input: the message is one line; `errors` lists bad rows with their line numbers. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly errors: RowError[] = [],
  ) {
    super(message);
    this.name = "ImportError";
  }
}

export interface SeriesResult {
  timeframe: Timeframe;
  origin: SeriesOrigin;
  coverage: Coverage | null;
}

export interface ImportResult {
  instrumentId: string;
  symbol: string;
  created: boolean;
  /** Bars in the imported file. */
  bars: number;
  /** The imported series, then each derived series rebuilt. */
  series: SeriesResult[];
}

export interface ImportBarsInput {
  symbol: string;
  timeframe: Timeframe;
  bars: BarColumns;
  meta?: InstrumentMeta;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function newInstrumentId(): string {
  const bytes = randomBytes(24);
  let s = "ins_";
  for (const b of bytes) s += BASE62[b % 62];
  return s;
}

export function normalizeSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

function summarize(errors: RowError[]): string {
  const shown = errors.slice(0, 5).map((e) => `line ${e.line}: ${e.message}`).join("; ");
  const more = errors.length > 5 ? `; and ${errors.length - 5} more` : "";
  return `${errors.length} bad row${errors.length === 1 ? "" : "s"}: ${shown}${more}`;
}

/** Reads and checks a file; throws ImportError listing every bad row. */
export function readBarFile(path: string, format: BarFileFormat, timeframe: Timeframe): BarColumns {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ImportError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const parsed = parseBarFile(text, format);
  const errors = [...parsed.errors, ...validateRows(parsed.rows, timeframe)].sort((a, b) => a.line - b.line);
  if (errors.length) throw new ImportError(`${basename(path)}: ${summarize(errors)}; nothing imported`, errors);
  if (parsed.rows.length === 0) throw new ImportError(`${basename(path)}: no bars; nothing imported`);
  return rowsToBars(parsed.rows);
}

async function lockSymbol(tx: DbClient, symbol: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`instrument:${symbol}`}))) AS l`;
}

/**
 * Rebuilds the series at `target` from `source`: over the buckets of [from, to] when `target`
 * already came from `source`, else whole (its source has just changed).
 */
async function rebuildDerived(
  tx: DbClient,
  instrumentId: string,
  source: Timeframe,
  target: Timeframe,
  range: { from: number; to: number } | null,
): Promise<Coverage | null> {
  const key = { instrumentId, timeframe: target };
  if (!range) {
    await deleteSeries(tx, key);
    const all = await readRange(tx, { instrumentId, timeframe: source });
    return writeBars(tx, key, resample(all, source, target), "derived");
  }
  const first = alignTime(range.from, target);
  const lastBucket = alignTime(range.to, target);
  const src = await readRange(tx, { instrumentId, timeframe: source }, first, lastBucket + timeframeSeconds(target) - 1);
  return writeBars(tx, key, resample(src, source, target), "derived", { replaceFrom: first, replaceTo: lastBucket });
}

export async function importBars(db: Db, input: ImportBarsInput): Promise<ImportResult> {
  const symbol = normalizeSymbol(input.symbol);
  if (!SYMBOL_PATTERN.test(symbol)) throw new ImportError(`invalid symbol ${JSON.stringify(input.symbol)}: letters, digits, '.', '_' or '-', at most 32`);
  const bars = input.bars;
  if (bars.length === 0) throw new ImportError("no bars; nothing imported");
  const rowErrors = validateRows(
    Array.from({ length: bars.length }, (_, i) => ({
      line: i + 1,
      time: bars.time[i] as number, open: bars.open[i] as number, high: bars.high[i] as number,
      low: bars.low[i] as number, close: bars.close[i] as number, volume: bars.volume[i] as number,
    })),
    input.timeframe,
  );
  if (rowErrors.length) throw new ImportError(`${summarize(rowErrors)}; nothing imported`, rowErrors);
  const meta = input.meta ?? {};
  const from = bars.time[0] as number;
  const to = bars.time[bars.length - 1] as number;

  return db.$transaction(
    async (tx) => {
      await lockSymbol(tx, symbol);
      const found = await tx.instrument.findUnique({ where: { symbol } });
      const changes = Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined));
      let instrumentId: string;
      if (found) {
        instrumentId = found.id;
        if (Object.keys(changes).length) await tx.instrument.update({ where: { id: found.id }, data: { ...changes, updatedAt: new Date() } });
      } else {
        instrumentId = newInstrumentId();
        await tx.instrument.create({ data: { id: instrumentId, symbol, name: symbol, ...DEFAULT_META, ...changes } });
      }
      const existing = await tx.instrumentSeries.findMany({ where: { instrumentId } });
      const imported = new Set(existing.filter((s) => s.origin === "imported").map((s) => s.timeframe));
      // A timeframe imported now stops being derived: its derived bars go.
      if (!imported.has(input.timeframe) && existing.some((s) => s.timeframe === input.timeframe)) {
        await deleteSeries(tx, { instrumentId, timeframe: input.timeframe });
      }
      const newlyImported = !imported.has(input.timeframe);
      imported.add(input.timeframe);
      const series: SeriesResult[] = [];
      const coverage = await writeBars(tx, { instrumentId, timeframe: input.timeframe }, bars, "imported");
      series.push({ timeframe: input.timeframe, origin: "imported", coverage });
      for (const target of largerTimeframes(input.timeframe)) {
        if (imported.has(target)) continue;
        // Each derived timeframe comes from the largest imported one below it.
        const source = TIMEFRAMES.slice(0, timeframeIndex(target)).filter((tf) => imported.has(tf)).pop();
        if (source !== input.timeframe) continue;
        const range = newlyImported ? null : { from, to };
        series.push({ timeframe: target, origin: "derived", coverage: await rebuildDerived(tx, instrumentId, source, target, range) });
      }
      return { instrumentId, symbol, created: !found, bars: bars.length, series };
    },
    { maxWait: 30_000, timeout: 600_000 },
  );
}

export interface ImportFileInput {
  symbol: string;
  timeframe: Timeframe;
  file: string;
  format?: BarFileFormat;
  meta?: InstrumentMeta;
}

export async function importFile(db: Db, input: ImportFileInput): Promise<ImportResult> {
  const bars = readBarFile(input.file, input.format ?? "csv", input.timeframe);
  const request: ImportBarsInput = { symbol: input.symbol, timeframe: input.timeframe, bars };
  if (input.meta) request.meta = input.meta;
  return importBars(db, request);
}

export async function setBackfillStatus(db: Db, symbol: string, status: "ready" | "backfilling"): Promise<void> {
  const updated = await db.instrument.updateMany({ where: { symbol: normalizeSymbol(symbol) }, data: { status, updatedAt: new Date() } });
  if (updated.count === 0) throw new ImportError(`unknown instrument ${JSON.stringify(symbol)}`);
}
