// The Drawings of an evaluation: what remains in the store after the last bar, as the API serves
// it. Times are RFC 3339: an xloc.bar_index coordinate is that bar's open time, and a bar past
// either end of the evaluated bars is extrapolated by one bar length per step; colors are
// `#RRGGBBAA`; na is null; style names drop their namespace (`label.style_label_up` ->
// `label_up`, `extend.right` -> `right`).

import type { Bars } from "../../types";
import type { Cell, Drawing, DrawingStore } from "./store";

export interface DrawnLabel { time: string | null; price: number | null; text: string; style: string; color: string | null; text_color: string | null; size: string; tooltip: string | null;
  /** docs/adr/0242 */
  text_formatting: string; text_font_family: string; force_overlay?: true;
}
export interface DrawnLine { time1: string | null; price1: number | null; time2: string | null; price2: number | null; extend: string; style: string; color: string | null; width: number; force_overlay?: true }
export interface DrawnBox {
  time1: string | null; top: number | null; time2: string | null; bottom: number | null; border_color: string | null; bg_color: string | null; text: string;
  border_width: number; border_style: string; extend: string; text_color: string | null; text_size: string; text_halign: string; text_valign: string;
  /** docs/adr/0242 */
  text_formatting: string; text_font_family: string; force_overlay?: true;
}
/** A fill between two of the answer's lines (`line1`, `line2`: their places in `lines`). */
export interface DrawnLinefill { line1: number; line2: number; color: string | null }
export interface DrawnPolyline {
  points: Array<{ time: string | null; price: number | null }>; closed: boolean; line_color: string | null; fill_color: string | null;
  /** docs/adr/0235 */
  curved: boolean; xloc: string; line_style: string; line_width: number; force_overlay?: true;
}
export interface DrawnCell {
  row: number; column: number; text: string; bg_color: string | null; text_color: string | null;
  /** docs/adr/0235: width and height in percent of the pane (0: fit the text) */
  text_size: string; text_halign: string; text_valign: string; width: number; height: number; tooltip: string | null;
  /** docs/adr/0242 */
  text_formatting: string; text_font_family: string;
}
/** A rectangle of cells drawn as one (table.merge_cells): its first cell's content over it. */
export interface DrawnMerge { start_column: number; start_row: number; end_column: number; end_row: number }
export interface DrawnTable {
  position: string; rows: number; columns: number; cells: DrawnCell[];
  /** docs/adr/0235 */
  bg_color: string | null; frame_color: string | null; frame_width: number; border_color: string | null; border_width: number; merges: DrawnMerge[]; force_overlay?: true;
}

export interface Drawings {
  labels: DrawnLabel[];
  lines: DrawnLine[];
  boxes: DrawnBox[];
  polylines: DrawnPolyline[];
  linefills: DrawnLinefill[];
  tables: DrawnTable[];
}

/** Pine's color number (rgb and transparency 0-100) as `#RRGGBBAA`; na as null. */
export function colorHex(c: unknown): string | null {
  if (typeof c !== "number" || c !== c) return null;
  const h = (v: number) => v.toString(16).toUpperCase().padStart(2, "0");
  const t = c % 256;
  const alpha = Math.round(((100 - Math.min(100, t)) / 100) * 255);
  return `#${h(Math.floor(c / 16777216) % 256)}${h(Math.floor(c / 65536) % 256)}${h(Math.floor(c / 256) % 256)}${h(alpha)}`;
}

/** A constant's name without its namespace (`xloc.bar_time` and `bar_time` alike). */
export function constName(v: unknown): string | null {
  return typeof v === "string" ? v.slice(v.lastIndexOf(".") + 1) : null;
}

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function text(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/**
 * docs/adr/0220: a drawing made with `force_overlay = true` says so (TradingView draws it on the price
 * pane from a pane script); the field is left out otherwise, so other drawings keep their shape.
 */
function overlaid<T extends object>(d: Drawing, drawn: T): T & { force_overlay?: true } {
  return d.f.force_overlay === true ? { ...drawn, force_overlay: true } : drawn;
}

/** `label.style_label_up` -> `label_up`, `size.normal` -> `normal`. */
function enumName(v: unknown, fallback: string): string {
  if (typeof v !== "string") return fallback;
  const dot = v.lastIndexOf(".");
  const name = dot >= 0 ? v.slice(dot + 1) : v;
  return name.startsWith("style_") ? name.slice(6) : name;
}

/** A named size (`size.small` -> `small`), or a size in typographic points (v6 accepts an int: `size = 14`) as its digits. */
function textSize(v: unknown): string {
  return typeof v === "number" ? (Number.isFinite(v) ? String(Math.trunc(v)) : "normal") : enumName(v, "normal");
}

/**
 * Reads times of bar indices and of Unix-ms coordinates. A bar_time coordinate is a time a script
 * read (`time`, `time_close`); where those differ from the stored bar times (daily bars opening and
 * closing with their session, docs/adr/0200), `storedTimes` gives the mapping onto the stored bars
 * (bar-timeline.ts storedTime, docs/adr/0201): a drawing from a bar's `time` to its `time_close` is
 * written from the bar's stored time to the next bar's.
 */
class Clock {
  private mapping: ((ms: number) => number) | null | undefined = undefined;
  constructor(
    private readonly bars: Bars,
    private readonly stepMs: number,
    private readonly storedTimes: () => ((ms: number) => number) | null = () => null,
  ) {}
  /** A script's bar_time coordinate as a time of the stored bars. */
  private stored(x: number): number {
    if (this.mapping === undefined) this.mapping = this.storedTimes();
    return this.mapping === null ? x : this.mapping(x);
  }
  private iso(ms: number): string | null {
    // RFC 3339 as every bar time in JSON (`2024-03-01T00:00:00Z`): a fraction only when there is one
    return Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString().replace(/\.000Z$/, "Z") : null;
  }
  barMs(x: number): number {
    const n = this.bars.length;
    if (!Number.isFinite(x) || n === 0) return NaN;
    const k = Math.round(x);
    if (k >= 0 && k < n) return this.bars.time[k]! * 1000;
    return k < 0 ? this.bars.time[0]! * 1000 + k * this.stepMs : this.bars.time[n - 1]! * 1000 + (k - (n - 1)) * this.stepMs;
  }
  at(x: unknown, xloc: unknown): string | null {
    if (typeof x !== "number") return null;
    return this.iso(constName(xloc) === "bar_time" ? this.stored(x) : this.barMs(x));
  }
  /** The bar at a coordinate, when it is one of the evaluated bars. */
  index(x: unknown, xloc: unknown): number {
    if (typeof x !== "number" || !Number.isFinite(x)) return -1;
    if (constName(xloc) !== "bar_time") return x >= 0 && x < this.bars.length ? Math.round(x) : -1;
    // a bar's script open maps to its stored time exactly
    const ms = this.stored(x);
    const t = this.bars.time;
    let lo = 0;
    let hi = t.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = t[mid]! * 1000;
      if (v === ms) return mid;
      if (v < ms) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

function label(d: Drawing, clock: Clock, bars: Bars): DrawnLabel {
  const f = d.f;
  let price = num(f.y);
  const k = clock.index(f.x, f.xloc);
  // yloc.abovebar / belowbar ignore y and sit at the bar's high / low
  if (constName(f.yloc) === "abovebar") price = k >= 0 ? bars.high[k]! : null;
  else if (constName(f.yloc) === "belowbar") price = k >= 0 ? bars.low[k]! : null;
  return { time: clock.at(f.x, f.xloc), price, text: text(f.text), style: enumName(f.style, "label_down"), color: colorHex(f.color), text_color: colorHex(f.textcolor), size: textSize(f.size), tooltip: typeof f.tooltip === "string" ? f.tooltip : null, ...textStyle(f) };
}

function line(d: Drawing, clock: Clock): DrawnLine {
  const f = d.f;
  return { time1: clock.at(f.x1, f.xloc), price1: num(f.y1), time2: clock.at(f.x2, f.xloc), price2: num(f.y2), extend: enumName(f.extend, "none"), style: enumName(f.style, "solid"), color: colorHex(f.color), width: num(f.width) ?? 1 };
}

function box(d: Drawing, clock: Clock): DrawnBox {
  const f = d.f;
  return {
    time1: clock.at(f.left, f.xloc), top: num(f.top), time2: clock.at(f.right, f.xloc), bottom: num(f.bottom), border_color: colorHex(f.border_color), bg_color: colorHex(f.bgcolor), text: text(f.text),
    // docs/adr/0214: what the chart needs to draw the box as TradingView does
    border_width: num(f.border_width) ?? 1, border_style: enumName(f.border_style, "solid"), extend: enumName(f.extend, "none"),
    text_color: colorHex(f.text_color), text_size: textSize(f.text_size), text_halign: alignName(f.text_halign), text_valign: alignName(f.text_valign),
    ...textStyle(f),
  };
}

/** text.format_bold (1) and text.format_italic (2) add up: their sum by name (docs/adr/0242). */
const FORMATTINGS = ["none", "bold", "italic", "bold_italic"] as const;

/** A label's, box's or cell's `text_formatting` and `text_font_family` (docs/adr/0242): na or an unknown value reads as plain text in the default font. */
function textStyle(f: Record<string, unknown>): { text_formatting: string; text_font_family: string } {
  const n = typeof f.text_formatting === "number" && Number.isFinite(f.text_formatting) && f.text_formatting > 0 ? Math.trunc(f.text_formatting) : 0;
  return {
    text_formatting: FORMATTINGS[n & 3]!,
    text_font_family: constName(f.text_font_family) === "family_monospace" ? "monospace" : "default",
  };
}

/** `text.align_left` -> `left`. */
function alignName(v: unknown): string {
  const name = enumName(v, "center");
  return name.startsWith("align_") ? name.slice(6) : name;
}

/** The store's linefills whose two lines are both among `lines` (a fill goes with either of its lines, docs/adr/0214). */
function linefills(store: DrawingStore, lines: readonly Drawing[]): DrawnLinefill[] {
  const at = new Map(lines.map((l, i) => [l, i]));
  return store.remaining("linefill").flatMap((d) => {
    const [a, b] = [at.get(d.f.line1 as Drawing), at.get(d.f.line2 as Drawing)];
    return a === undefined || b === undefined ? [] : [{ line1: a, line2: b, color: colorHex(d.f.color) }];
  });
}

function polyline(d: Drawing, clock: Clock): DrawnPolyline {
  const f = d.f;
  const byTime = constName(f.xloc) === "bar_time";
  const pts = Array.isArray(f.points) ? (f.points as Array<{ time: number; index: number; price: number }>) : [];
  return {
    points: pts.map((p) => ({ time: byTime ? clock.at(p.time, "xloc.bar_time") : clock.at(p.index, "xloc.bar_index"), price: num(p.price) })),
    closed: f.closed === true,
    line_color: colorHex(f.line_color),
    fill_color: colorHex(f.fill_color),
    // docs/adr/0235: what the chart needs to draw the polyline as TradingView does
    curved: f.curved === true,
    xloc: byTime ? "bar_time" : "bar_index",
    line_style: enumName(f.line_style, "solid"),
    line_width: num(f.line_width) ?? 1,
  };
}

/** A cell's width or height: a percentage of the pane, 0 (fit the text) when na or negative. */
function extent(v: unknown): number {
  const n = num(v);
  return n === null || n < 0 ? 0 : n;
}

function table(d: Drawing): DrawnTable {
  const merges: DrawnMerge[] = [];
  const cells = (d.cells?.list() ?? []).map(([row, column, cell]) => {
    // table.cell and the cell_set_* setters keep their other arguments with the cell (table.ts, formatting.ts)
    const c = cell as Cell & Record<string, unknown>;
    const [toColumn, toRow] = Array.isArray(c.merge_to) ? (c.merge_to as unknown[]).map(num) : [];
    if (typeof toColumn === "number" && typeof toRow === "number" && (toColumn > column || toRow > row)) {
      merges.push({ start_column: column, start_row: row, end_column: Math.floor(toColumn), end_row: Math.floor(toRow) });
    }
    return {
      row, column, text: text(c.text), bg_color: colorHex(c.bg_color), text_color: colorHex(c.text_color),
      text_size: textSize(c.text_size), text_halign: alignName(c.text_halign), text_valign: alignName(c.text_valign),
      width: extent(c.width), height: extent(c.height), tooltip: typeof c.tooltip === "string" ? c.tooltip : null,
      ...textStyle(c),
    };
  });
  cells.sort((a, b) => a.row - b.row || a.column - b.column);
  merges.sort((a, b) => a.start_row - b.start_row || a.start_column - b.start_column);
  const f = d.f;
  return {
    position: enumName(f.position, "top_right"), rows: num(f.rows) ?? 0, columns: num(f.columns) ?? 0, cells,
    bg_color: colorHex(f.bgcolor), frame_color: colorHex(f.frame_color), frame_width: extent(f.frame_width), border_color: colorHex(f.border_color), border_width: extent(f.border_width), merges,
  };
}

/** The store's remaining objects as Drawings; `stepMs` is one bar's length (for extrapolated times), `storedTimes` maps the times a script read onto the stored bars when they differ (asked only for a bar_time coordinate; null: the same). */
export function drawingsOf(store: DrawingStore, bars: Bars, stepMs: number, storedTimes: () => ((ms: number) => number) | null = () => null): Drawings {
  const clock = new Clock(bars, stepMs, storedTimes);
  const lines = store.remaining("line");
  return {
    labels: store.remaining("label").map((d) => overlaid(d, label(d, clock, bars))),
    lines: lines.map((d) => overlaid(d, line(d, clock))),
    boxes: store.remaining("box").map((d) => overlaid(d, box(d, clock))),
    polylines: store.remaining("polyline").map((d) => overlaid(d, polyline(d, clock))),
    linefills: linefills(store, lines),
    tables: store.remaining("table").map((d) => overlaid(d, table(d))),
  };
}

export function isEmpty(d: Drawings): boolean {
  return d.labels.length + d.lines.length + d.boxes.length + d.polylines.length + d.linefills.length + d.tables.length === 0;
}
