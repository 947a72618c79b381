// `instruments import | backfill-status | seed-demo` (docs/reference/api.md
// "Operators"). Imports go through packages/marketdata's importFile: a file with a bad row writes
// nothing and exits 1 with one line naming the bad lines.
import type { Command } from "commander";
import {
  ASSET_CLASSES,
  FORMATS,
  ImportError,
  TIMEFRAMES,
  importFile,
  isFormat,
  isTimeframe,
  normalizeSymbol,
  seedDemoInstruments,
  setBackfillStatus,
  type AssetClass,
  type ImportResult,
  type InstrumentMeta,
} from "@barscript/marketdata";
import { UsageError, emit, type AdminContext, type JsonOption } from "../context";

interface ImportOptions extends JsonOption {
  symbol: string;
  timeframe: string;
  file: string;
  format: string;
  name?: string;
  exchange?: string;
  assetClass?: string;
  currency?: string;
  timezone?: string;
  session?: string;
}

/** A Pine session string: "24x7", or HHmm-HHmm ranges (comma separated) with optional days 1-7 (1 = Sunday). */
const SESSION_PATTERN = /^(24x7|([01]\d|2[0-3])[0-5]\d-([01]\d|2[0-3])[0-5]\d(,([01]\d|2[0-3])[0-5]\d-([01]\d|2[0-3])[0-5]\d)*(:[1-7]{1,7})?)$/;

const day = (t: number): string => new Date(t * 1000).toISOString().replace(".000Z", "Z");

/**
 * One line: the file's bars, then each series as now stored (a file that extends an instrument
 * prints more bars stored than read; docs/adr/0367).
 */
export function describeImport(result: ImportResult): string {
  const parts = result.series.map((s) =>
    s.coverage ? `${s.timeframe} ${s.coverage.bars} bars ${day(s.coverage.from)}..${day(s.coverage.to)} (${s.origin})` : `${s.timeframe} none (${s.origin})`,
  );
  return `${result.symbol}: ${result.bars} bars read${result.created ? ", instrument created" : ""}; now stored: ${parts.join("; ")}`;
}

/** An import as `--json` prints it: times as RFC 3339, as every other admin document. */
export function importView(result: ImportResult): unknown {
  return {
    symbol: result.symbol,
    instrument_id: result.instrumentId,
    created: result.created,
    bars: result.bars,
    series: result.series.map((s) => ({ timeframe: s.timeframe, origin: s.origin, coverage: s.coverage ? { from: day(s.coverage.from), to: day(s.coverage.to), bars: s.coverage.bars } : null })),
  };
}

export function parseMeta(opts: ImportOptions): InstrumentMeta {
  const meta: InstrumentMeta = {};
  if (opts.assetClass !== undefined) {
    if (!(ASSET_CLASSES as readonly string[]).includes(opts.assetClass)) {
      throw new UsageError(`--asset-class must be one of ${ASSET_CLASSES.join(", ")}, got "${opts.assetClass}"`);
    }
    meta.assetClass = opts.assetClass as AssetClass;
  }
  for (const field of ["name", "exchange", "currency", "timezone"] as const) {
    const value = opts[field];
    if (value === undefined) continue;
    if (field === "name" && value.trim() === "") throw new UsageError("--name must not be empty");
    meta[field] = value.trim();
  }
  if (opts.session !== undefined) {
    const session = opts.session.trim();
    if (!SESSION_PATTERN.test(session)) throw new UsageError(`--session must be a session such as 0930-1600 (exchange time, optionally :23456 for Monday-Friday) or 24x7, got "${opts.session}"`);
    meta.session = session;
  }
  if (meta.timezone !== undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: meta.timezone });
    } catch {
      throw new UsageError(`--timezone must be an IANA time zone (e.g. America/New_York), got "${meta.timezone}"`);
    }
  }
  return meta;
}

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImportError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * A new instrument's zone is UTC: `--session 0930-1600` without `--timezone` would be read as UTC
 * hours and every `session.*` answer of a US equity would be wrong, silently. Refused before
 * anything is written (docs/adr/0367); an instrument with a zone takes a new session in it.
 */
async function refuseSessionWithoutZone(ctx: AdminContext, opts: ImportOptions): Promise<void> {
  if (opts.session === undefined || opts.session === "24x7" || opts.timezone !== undefined) return;
  const found = await ctx.db().instrument.findUnique({ where: { symbol: normalizeSymbol(opts.symbol) }, select: { id: true } });
  if (!found) throw new UsageError(`--session needs --timezone for a new instrument: its zone would be UTC, so ${opts.session} would be UTC hours (give e.g. --timezone America/New_York, or --timezone UTC)`);
}

export function registerInstrumentCommands(program: Command, ctx: AdminContext): void {
  const instruments = program.command("instruments").description("import bars and manage instruments");

  instruments
    .command("import")
    .description("create or extend an instrument from a bar file and rebuild its larger timeframes")
    .requiredOption("--symbol <symbol>", "the instrument's symbol, e.g. AAPL")
    .requiredOption("--timeframe <tf>", `the file's timeframe: ${TIMEFRAMES.join(" ")}`)
    .requiredOption("--file <path>", "CSV time,open,high,low,close,volume (or --format)")
    .option("--format <format>", `file format: ${FORMATS.join(", ")}`, "csv")
    .option("--name <name>", "full name (new instruments: the symbol)")
    .option("--exchange <exchange>", "exchange, e.g. NASDAQ")
    .option("--asset-class <class>", `one of ${ASSET_CLASSES.join(", ")} (new instruments: equity)`)
    .option("--currency <code>", "price currency (new instruments: USD)")
    .option("--timezone <tz>", "IANA time zone of the exchange (new instruments: UTC)")
    .option("--session <session>", "regular trading hours in the exchange's time zone, e.g. 0930-1600 (new instruments: 24x7)")
    .option("--json", "one JSON document", false)
    .action(async (opts: ImportOptions) => {
      if (!isTimeframe(opts.timeframe)) throw new UsageError(`--timeframe must be one of ${TIMEFRAMES.join(" ")}, got "${opts.timeframe}"`);
      if (!isFormat(opts.format)) throw new UsageError(`--format must be one of ${FORMATS.join(", ")}, got "${opts.format}"`);
      const meta = parseMeta(opts);
      const timeframe = opts.timeframe;
      const format = opts.format;
      await refuseSessionWithoutZone(ctx, opts);
      const result = await refusing(() => importFile(ctx.db(), { symbol: opts.symbol, timeframe, file: opts.file, format, meta }));
      emit(ctx, opts, importView(result), () => [describeImport(result)]);
    });

  instruments
    .command("backfill-status")
    .description("mark an instrument's data ready, or not ready while a backfill runs")
    .requiredOption("--symbol <symbol>", "the instrument's symbol")
    .requiredOption("--status <status>", "ready or backfilling")
    .option("--json", "one JSON document", false)
    .action(async (opts: JsonOption & { symbol: string; status: string }) => {
      if (opts.status !== "ready" && opts.status !== "backfilling") throw new UsageError(`--status must be ready or backfilling, got "${opts.status}"`);
      const status = opts.status;
      await refusing(() => setBackfillStatus(ctx.db(), opts.symbol, status));
      const symbol = opts.symbol.trim().toUpperCase();
      emit(ctx, opts, { symbol, status }, () => [`${symbol}: ${status}`]);
    });

  instruments
    .command("seed-demo")
    .description("import the demo instruments shipped with the project (idempotent)")
    .option("--json", "one JSON document", false)
    .action(async (opts: JsonOption) => {
      const results = await refusing(() => seedDemoInstruments(ctx.db()));
      emit(ctx, opts, { imports: results.map(importView) }, () => results.map(describeImport));
    });
}
