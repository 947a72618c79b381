// A request site's state (`$rt.req`'s per-call-site record, host.ts): the context it read last,
// the contexts it resolved before (a loop over timeframes finds each again without a lookup), and
// a numeric site's values aligned to the chart's bars.

import { ownBars } from "./align";

/** A site's values per context bar: numbers in a Float64Array (na where nothing was recorded), tuples in a TupleColumn. */
export type Column = unknown[] | Float64Array | TupleColumn;

/**
 * A tuple-valued site's values per context bar, one list per element (numbers stay unboxed there),
 * instead of an array per bar kept until the evaluation ends: a run over a context records a tuple
 * on every bar, and those small arrays were most of what the young generation's collections copied.
 */
export class TupleColumn {
  /** Per context bar, 1 where a tuple was recorded (a bar that failed first records nothing). */
  private readonly recorded: Uint8Array;
  /** Per element: a Float64Array while it has held only numbers, else a list; null until first recorded. */
  private readonly els: Array<Float64Array | unknown[] | null>;

  constructor(
    private readonly bars: number,
    readonly size: number,
  ) {
    this.recorded = new Uint8Array(bars);
    this.els = new Array<null>(size).fill(null);
  }

  /** Records tuple `v` (`size` elements) at context bar `i`. */
  put(i: number, v: readonly unknown[]): void {
    this.recorded[i] = 1;
    const els = this.els;
    for (let k = 0; k < els.length; k++) {
      const x = v[k];
      let e = els[k] ?? null;
      if (e instanceof Float64Array) {
        if (typeof x === "number") {
          e[i] = x;
          continue;
        }
        e = els[k] = Array.from(e);
      } else if (e === null) {
        if (typeof x === "number") {
          (els[k] = new Float64Array(this.bars))[i] = x;
          continue;
        }
        e = els[k] = [];
      }
      e[i] = x;
    }
  }

  /** The tuple recorded at context bar `j`, a new array; undefined where none was. */
  row(j: number): unknown[] | undefined {
    if (this.recorded[j] !== 1) return undefined;
    const els = this.els;
    // made at its size (a push onto [] reserves room for 16 elements)
    const out = new Array<unknown>(els.length);
    for (let k = 0; k < els.length; k++) out[k] = els[k]![j];
    return out;
  }

  /** The recorded tuples as a list by context bar (the site's values stop being tuples of `size`). */
  rows(): unknown[] {
    const out: unknown[] = [];
    for (let j = 0; j < this.recorded.length; j++) if (this.recorded[j] === 1) out[j] = this.row(j);
    return out;
  }
}

/** The value a column holds at context bar `j` (undefined: none recorded). */
export function valueAt(read: Column, j: number): unknown {
  return read instanceof TupleColumn ? read.row(j) : read[j];
}

/** A bar column a request site may read directly (its expression is that column, nothing before it in a context's run can fail). */
export type BarField = "open" | "high" | "low" | "close" | "volume";

/** Contexts a site remembers having resolved (RequestSite.resolved): a dashboard's list of timeframes. */
const MAX_RESOLVED = 16;

/** Context changes after which a numeric site stops resolving whole columns. */
export const MAX_ALIGNED_SWITCHES = 4;

/** Per chart bar, the value of `read` at the aligned context bar (na before the first, and between new values with gaps). */
export function alignedColumn(map: Int32Array, read: Column, gaps: boolean): Float64Array {
  if (read instanceof Float64Array) return alignedNumbers(map, read, gaps);
  const out = new Float64Array(map.length);
  for (let k = 0; k < map.length; k++) {
    const j = map[k]!;
    const v = j < 0 || (gaps && k > 0 && map[k - 1] === j) ? undefined : valueAt(read, j);
    out[k] = typeof v === "number" ? v : NaN;
  }
  return out;
}

/**
 * alignedColumn of a numeric site's typed column: the values are copied without being boxed (a
 * missing bar is already NaN there). Bars opening with the chart's: the column itself (no bar
 * repeats a context bar, so `gaps` changes nothing), which compiled code only reads.
 */
function alignedNumbers(map: Int32Array, read: Float64Array, gaps: boolean): Float64Array {
  const n = map.length;
  if (read.length === n && ownBars(map)) return read;
  const out = new Float64Array(n);
  const m = read.length;
  for (let k = 0; k < n; k++) {
    const j = map[k]!;
    out[k] = j < 0 || j >= m || (gaps && k > 0 && map[k - 1] === j) ? NaN : read[j]!;
  }
  return out;
}

/** A request site's state: its id (fixed on its first evaluation) and the context it read last. */
export class RequestSite {
  id: string | null = null;
  /** Capture mode: this site's column in the context being captured. */
  col: unknown[] | null = null;
  /** Capture mode, a tuple-valued site: its column of the context being captured. */
  tuple: TupleColumn | null = null;
  /** Capture mode, a numeric site: its column of the context being captured. */
  num: Float64Array | null = null;
  symbol: string | null = null;
  timeframe: string | null = null;
  lookahead = false;
  /** The calc_bars_count it read with (0: every bar). */
  last = 0;
  map: Int32Array | null = null;
  read: Column = [];
  /** A numeric site's value per chart bar for its current symbol and timeframe (RequestHost.securityNum). */
  aligned: Float64Array | null = null;
  /** The contexts the site resolved (RequestHost.resolve), with the alignment and column read in each. */
  resolved: ResolvedContext[] = [];
  /** Times the site's symbol, timeframe or lookahead changed. */
  switches = 0;
  /** Set by securityBars: the site reads this bar column of its context instead of a captured one. */
  field: BarField | null = null;
  /** RequestHost.ownBars: whether the context of the symbol, timeframe and bar count below is the chart's own bars (null: not asked yet). */
  ownBars: boolean | null = null;
  ownSymbol: string | null = null;
  ownTimeframe: string | null = null;
  ownLast = 0;
  /** Capture mode: whether the site's last evaluation was inside another request's expression (RequestHost.left). */
  inside = false;
  /** The na of a tuple-valued site, made on its first read (request/index.ts naOf). */
  na: unknown[] | null = null;

  /** The context resolved before with these arguments (and this site's bar field), or null. */
  findResolved(symbol: string | null, timeframe: string | null, lookahead: boolean, last: number, ignoreInvalid: boolean): ResolvedContext | null {
    const seen = this.resolved;
    for (let k = 0; k < seen.length; k++) {
      const e = seen[k]!;
      if (e.symbol === symbol && e.timeframe === timeframe && e.lookahead === lookahead && e.last === last && e.field === this.field && e.ignoreInvalid === ignoreInvalid) return e;
    }
    return null;
  }

  /** Keeps a resolved context (while fewer than MAX_RESOLVED are kept) and returns it; `map` null: it read as na. */
  remember(symbol: string | null, timeframe: string | null, lookahead: boolean, last: number, ignoreInvalid: boolean, map: Int32Array | null, read: Column): ResolvedContext {
    const e: ResolvedContext = { symbol, timeframe, lookahead, last, field: this.field, ignoreInvalid, map, read };
    if (this.resolved.length < MAX_RESOLVED) this.resolved.push(e);
    return e;
  }

  /** Points the site at a resolved context's alignment and values for the arguments it read them with. */
  point(e: ResolvedContext, symbol: string | null, timeframe: string | null, lookahead: boolean, last: number): true {
    this.map = e.map;
    this.read = e.read;
    this.symbol = symbol;
    this.timeframe = timeframe;
    this.lookahead = lookahead;
    this.last = last;
    return true;
  }
}

/** A context a request site resolved: its arguments, and the chart-to-context alignment and values read there. */
interface ResolvedContext {
  symbol: string | null;
  timeframe: string | null;
  lookahead: boolean;
  last: number;
  field: BarField | null;
  ignoreInvalid: boolean;
  /** null: the context read as na (RequestHost.context returned null). */
  map: Int32Array | null;
  read: Column;
}

/**
 * Capture mode, a further run over a context (docs/adr/0346): compiled code sets `owning` while a
 * statement of the requests the run is for runs; the sites first recorded then are the columns it gives.
 */
export class LaneSites {
  owning = false;
  private readonly ids = new Set<string>();

  note(id: string): void {
    if (this.owning) this.ids.add(id);
  }

  /** The columns of the sites noted. */
  keep(columns: Map<string, Column>): Map<string, Column> {
    return new Map([...columns].filter(([id]) => this.ids.has(id)));
  }
}

/** Site ids: the call site's key and, for a key seen again (a function called twice), its ordinal. */
export class SiteIds {
  private seen = new Map<string, number>();
  register(key: string): string {
    const k = this.seen.get(key) ?? 0;
    this.seen.set(key, k + 1);
    return `${key}#${k}`;
  }
}
