// Public types of the script language package: what callers (API, worker) see.
// The front end (lint, link, derive) produces a ValidationResult; the back end compiles it
// into a Program and evaluates it over Bars. No I/O here: imports are resolved through a
// Resolver the caller supplies.

export type ScriptKind = "indicator" | "definition" | "study" | "library";
export type Severity = "error" | "warning" | "info";
export type Stage = "lint" | "link" | "derive";

export interface SourceFile {
  /** Relative, `/`-separated, ends in `.pine`; the entry file is `main.pine`. */
  path: string;
  content: string;
}

/** A diagnostic as the API returns it: 1-based spans, stable codes. */
export interface Diagnostic {
  severity: Severity;
  stage: Stage;
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
}

export type InputType = "int" | "float" | "bool" | "string" | "source" | "timeframe" | "color";

export interface InputSpec {
  name: string;
  type: InputType;
  default: number | string | boolean | null;
  title: string | null;
  min: number | null;
  max: number | null;
  options: Array<number | string> | null;
}

export type OutputStyle = "line" | "histogram" | "columns" | "circles" | "area" | "stepline" | "cross" | "shape" | "char" | "candle" | "bar";

export interface OutputSpec {
  name: string;
  title: string;
  type: string;
  /** How a chart draws it (its plot function and `style` argument). */
  style?: OutputStyle;
  /** Its constant color as `#RRGGBBAA`; null when computed on each bar. */
  color?: string | null;
  /** Present (true) only when the call says `force_overlay = true`: drawn on the price pane from a pane script (docs/adr/0220). */
  force_overlay?: true;
  /** Present only when a plot call gives `linestyle = plot.linestyle_dashed` or `plot.linestyle_dotted` (docs/adr/0242); left out for solid. */
  linestyle?: "dashed" | "dotted";
}

export interface HlineSpec {
  price: number | null;
  title: string | null;
  color: string | null;
}

export interface EventSpec {
  name: string;
  message: string;
}

/** A script's Interface: its inputs, outputs and events (derived, never written by the client). */
export interface ScriptInterface {
  inputs: InputSpec[];
  outputs: OutputSpec[];
  events: EventSpec[];
  warmup_bars: number;
  horizons?: number[];
  /** Studies: an event closer than this many bars after a kept event of its definition and name is left out. */
  cooldown?: number;
  /** The declaration's `overlay` (drawn on the price pane), false when absent; every kind since docs/adr/0285 (before: indicators only). */
  overlay?: boolean;
  /** hline() levels, [] when none; every kind since docs/adr/0285 (before: indicators only). */
  hlines?: HlineSpec[];
}

/** A dependency: a library imported, or a definition a study uses. */
export interface Dependency {
  owner: string;
  slug: string;
  kind: ScriptKind;
  version: number;
}

/** A stored script the linker can load: its files and pinned version. */
export interface ResolvedScript {
  owner: string;
  slug: string;
  kind: ScriptKind;
  version: number;
  files: SourceFile[];
}

/**
 * Supplied by the caller (the API reads Postgres). `owner` null means the caller's own script.
 * `version` null means the latest version (used by `use("slug")` in studies, pinned at link time).
 */
export interface Resolver {
  resolve(ref: { owner: string | null; slug: string; version: number | null }): Promise<ResolvedScript | null>;
}

// Declared again, on purpose, as marketdata's BarColumns: lang imports nothing, and contracts holds HTTP shapes only.
/** Bars as the bar store returns them: parallel columns, times in Unix seconds (bar open). */
export interface Bars {
  length: number;
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Instrument and timeframe facts a script can read (`syminfo.*`, `timeframe.*`). */
export interface SymbolInfo {
  /** `syminfo.ticker`: the stored symbol, without exchange prefix ("AAPL"). */
  ticker: string;
  /** `syminfo.prefix`: TradingView's exchange prefix ("NASDAQ"); "" (the default) when the instrument has none, and `syminfo.tickerid` is then the ticker alone. */
  prefix?: string;
  timezone: string;
  mintick: number;
  timeframe: string;
  /** The instrument's regular session in its time zone (`"0930-1600"`, `"24x7"`, the default). */
  session?: string;
  /** `syminfo.description`: the instrument's name ("Apple Inc."); the ticker when not given. */
  description?: string;
  /** `syminfo.type`: TradingView's type name ("stock", "fund", "crypto", "forex", "index", "futures"); "" when not given. */
  type?: string;
  /** `syminfo.currency`: the currency prices are quoted in ("USD"); "" when not given. */
  currency?: string;
  /** `syminfo.basecurrency`: the traded currency or coin of a forex or crypto pair ("BTC"); "" otherwise. */
  basecurrency?: string;
}
