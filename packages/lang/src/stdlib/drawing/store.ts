// Drawings as data (label, line, box, table, linefill, polyline): each object is a bag of its
// properties, kept by the evaluation's DrawingStore in creation order. As on TradingView, a kind
// holds at most the declaration's max_<kind>s_count objects (default 50, most MOST_COUNT's):
// creating one more deletes the oldest. A drawing placed by bar index more than 500 bars past the
// chart's last bar, or more than 10,000 bars before the bar placing it, is a runtime error of that
// bar (reach.ts); a polyline connects at most its first 10,000 points
// (MOST_POLYLINE_POINTS). Setters and getters on
// `na` do nothing / give na; a deleted object keeps its properties (getters still read them) but
// is no longer drawn and leaves `<kind>.all`.

import { PineArray } from "../array";
import { fail } from "../../runtime/errors";
import type { DrawingKind } from "./kinds";
import { point, points, type ChartPoint } from "./polyline";
import { byTime, inReach, placedInReach } from "./reach";

export type { DrawingKind };

export type Props = Record<string, unknown>;

export interface Cell {
  text: string | null;
  bg_color: number;
  text_color: number;
}

export class Drawing {
  deleted = false;
  /** The store that made it (an evaluation's; a requested context's run has its own). */
  owner: DrawingStore | null = null;
  /** Table cells (tables only). */
  cells: Cells | null = null;
  /** Its kind's list in the owner store (remove() reaches it without a lookup by kind). */
  home: KindList | null = null;
  /** The linefills made with this line as their first or second (lines only; see DrawingStore.linefill). */
  fills: Drawing[] | null = null;
  constructor(
    readonly kind: DrawingKind,
    public f: Props,
  ) {}
}

/** TradingView's default cap of a kind a declaration sets (max_labels_count, ...: "The default is 50"). */
export const DEFAULT_CAP = 50;

/**
 * The most objects of each kind kept: for labels, lines, boxes and polylines, the most a
 * declaration may ask (TradingView's indicator() reference: max_labels_count, max_lines_count and
 * max_boxes_count "Possible values: 1-500", max_polylines_count "1-100": docs/adr/0298); tables
 * and linefills have no declaration argument, and this bound keeps a script that makes one per bar
 * from growing without end (docs/adr/0063-drawings-as-data.md).
 */
export const MOST_COUNT: Readonly<Record<DrawingKind, number>> = { label: 500, line: 500, box: 500, polyline: 100, table: 500, linefill: 500 };

export type DrawingCaps = Partial<Record<DrawingKind, number>>;

/** The kind's cap from its declared count: clamped to 1..MOST_COUNT (na or absent: 50); tables and linefills: MOST_COUNT. */
export function clampCap(kind: DrawingKind, n: number | null | undefined): number {
  const most = MOST_COUNT[kind];
  if (kind === "table" || kind === "linefill") return most;
  if (n === null || n === undefined || n !== n) return DEFAULT_CAP;
  return Math.min(most, Math.max(1, Math.floor(n)));
}

/**
 * The most points a polyline connects: TradingView's user manual (Lines and boxes, Polylines:
 * "These powerful drawings can connect up to 10,000 points"). A polyline given more connects its
 * first 10,000, the manual naming no error for more (docs/adr/0303).
 */
export const MOST_POLYLINE_POINTS = 10_000;

/** An object id as compiled code holds it: na may arrive as null, undefined or NaN. */
type D = Drawing | null | undefined | number;

function live(d: D): d is Drawing {
  return d instanceof Drawing;
}

/**
 * A point's coordinates copied into a drawing's fields: its time (Unix ms) when the drawing's xloc
 * is xloc.bar_time, else its bar index; its price. An na point gives na.
 */
function atPoint(f: Props, fx: string, fy: string, p: ChartPoint | null): void {
  const ok = p !== null && p !== undefined && typeof p === "object";
  f[fx] = ok ? (byTime(f.xloc) ? p.time : p.index) : NaN;
  f[fy] = ok ? p.price : NaN;
}

/** The most cells a table's cells are kept in a list for (more: by a `row,column` key). */
const GRID_MOST = 65_536;

/**
 * A table's cells by whole row and column. A table of up to GRID_MOST cells keeps them in a list
 * at `row * stride + column` (stride: its columns, rounded up): a table cleared and refilled on
 * every bar, as public indicators' info tables are, then costs no map deletions and insertions
 * per cell. Larger tables keep them in a map by `row,column`.
 */
export class Cells {
  private readonly grid: Array<Cell | undefined> | null;
  private readonly byKey: Map<string, Cell> | null;
  private readonly stride: number;
  private readonly height: number;

  constructor(columns: number, rows: number) {
    this.stride = Math.ceil(columns);
    this.height = Math.ceil(rows);
    const small = this.stride >= 0 && this.height >= 0 && this.stride * this.height <= GRID_MOST;
    this.grid = small ? [] : null;
    this.byKey = small ? null : new Map();
  }

  /** The cell at a whole `row` and `column` inside the table, if written. */
  get(row: number, column: number): Cell | undefined {
    return this.grid !== null ? this.grid[row * this.stride + column] : this.byKey!.get(`${row},${column}`);
  }

  set(row: number, column: number, cell: Cell): void {
    if (this.grid !== null) this.grid[row * this.stride + column] = cell;
    else this.byKey!.set(`${row},${column}`, cell);
  }

  /** Removes the cell at `row`, `column` (anything: a fraction or a place outside the table has no cell). */
  delete(row: number, column: number): void {
    if (this.grid === null) {
      this.byKey!.delete(`${row},${column}`);
    } else if (row >= 0 && row < this.height && column >= 0 && column < this.stride && row === Math.floor(row) && column === Math.floor(column)) {
      this.grid[row * this.stride + column] = undefined;
    }
  }

  /** Whether a map of a large table's cells holds none (a grid is not counted: its clear is bounded by its size). */
  none(): boolean {
    return this.byKey !== null && this.byKey.size === 0;
  }

  /** The last row and column a cell can be at (a rectangle cleared past them has no more cells). */
  lastRow(): number {
    return this.grid !== null ? this.height - 1 : Infinity;
  }
  lastColumn(): number {
    return this.grid !== null ? this.stride - 1 : Infinity;
  }

  /** Every cell with its row and column. */
  list(): Array<[row: number, column: number, cell: Cell]> {
    const out: Array<[number, number, Cell]> = [];
    if (this.grid !== null) {
      const g = this.grid;
      for (let k = 0; k < g.length; k++) {
        const c = g[k];
        if (c !== undefined) out.push([Math.floor(k / this.stride), k % this.stride, c]);
      }
    } else {
      for (const [key, c] of this.byKey!) {
        const [row, column] = key.split(",").map(Number) as [number, number];
        out.push([row, column, c]);
      }
    }
    return out;
  }

  /** Another table's cells: a copy of each. */
  copy(): Cells {
    const c = new Cells(this.stride, this.height);
    for (const [row, column, cell] of this.list()) c.set(row, column, { ...cell });
    return c;
  }
}

/** A kind's objects oldest first (`l`), how many of them are deleted (`dead`), and its cap. */
interface KindList {
  l: Drawing[];
  dead: number;
  cap: number;
}

/** A list shorter than this keeps its deleted objects until it is read (compacting it on every deletion reallocated it on each bar of a redraw). */
const COMPACT_FROM = 16;

export class DrawingStore {
  /**
   * Per kind (a field each), its objects oldest first (`l`), and its cap. A deleted object may stay in the list
   * until the deleted ones are half of it (`dead` counts them): scripts that redraw delete every
   * object they made on each bar, and taking each out at once moved the rest of the list every time.
   */
  private labels: KindList | null = null;
  private lines: KindList | null = null;
  private boxes: KindList | null = null;
  private tables: KindList | null = null;
  private linefills: KindList | null = null;
  private polylines: KindList | null = null;
  constructor(private readonly caps: DrawingCaps = {}) {}

  /** The kind's list, made on first use (a field per kind: a map's lookup was a tenth of a redraw's evaluation). */
  private of(kind: DrawingKind): KindList {
    switch (kind) {
      case "label":
        return (this.labels ??= this.newList(kind));
      case "line":
        return (this.lines ??= this.newList(kind));
      case "box":
        return (this.boxes ??= this.newList(kind));
      case "table":
        return (this.tables ??= this.newList(kind));
      case "linefill":
        return (this.linefills ??= this.newList(kind));
      default:
        return (this.polylines ??= this.newList(kind));
    }
  }

  private newList(kind: DrawingKind): KindList {
    return { l: [], dead: 0, cap: clampCap(kind, this.caps[kind]) };
  }

  /** The kind's objects not deleted, oldest first (the deleted ones taken out of its list). */
  private liveList(kind: DrawingKind): Drawing[] {
    return this.compact(this.of(kind));
  }

  private compact(k: { l: Drawing[]; dead: number }): Drawing[] {
    const l = k.l;
    if (k.dead > 0) {
      let w = 0;
      for (const d of l) if (!d.deleted) l[w++] = d;
      l.length = w;
      k.dead = 0;
    }
    return l;
  }

  /**
   * A new object of the kind; past the cap the oldest of that kind is deleted. Made by a script's
   * call (`<kind>.new`, given the `bar` it runs on and the chart's `lastBar`), its bar-index x
   * coordinates are first checked against them (a copy's or a linefill's are not: they place nothing new).
   */
  add(kind: DrawingKind, f: Props, bar?: number, lastBar?: number): Drawing {
    if (bar !== undefined && lastBar !== undefined) placedInReach(kind, f, bar, lastBar);
    const d = new Drawing(kind, f);
    d.owner = this;
    const of = this.of(kind);
    d.home = of;
    const l = of.l;
    l.push(d);
    if (l.length - of.dead > of.cap) {
      // the oldest object not deleted, with the deleted ones before it
      let k = 0;
      while (l[k]!.deleted) k++;
      l[k]!.deleted = true;
      l.splice(0, k + 1);
      of.dead -= k;
    }
    return d;
  }

  /**
   * `linefill.new(line1, line2, color)`. A pair of lines has at most one linefill, as TradingView's
   * announcement of linefills says ("successive calls to linefill.new() on the same pair of lines
   * will replace the previous fill with a new one", docs/adr/0286): the pair's live fill, in either
   * order, is deleted before the new one is made.
   */
  linefill(line1: D, line2: D, color: unknown): Drawing {
    const pair = live(line1) && live(line2);
    if (pair) this.replaceFill(line1, line2);
    const d = this.add("linefill", { line1, line2, color });
    if (pair) {
      (line1.fills ??= []).push(d);
      if (line2 !== line1) (line2.fills ??= []).push(d);
    }
    return d;
  }

  /** Deletes the live linefill between the two lines, if any, and forgets the deleted ones the first line lists. */
  private replaceFill(a: Drawing, b: Drawing): void {
    const fills = a.fills;
    if (fills === null) return;
    let w = 0;
    for (const f of fills) {
      if (f.deleted) continue;
      if ((f.f.line1 === a && f.f.line2 === b) || (f.f.line1 === b && f.f.line2 === a)) this.remove(f);
      else fills[w++] = f;
    }
    fills.length = w;
  }

  remove(d: D): undefined {
    if (!live(d) || d.deleted) return undefined;
    d.deleted = true;
    // one another store made is in none of this store's lists
    if (d.owner !== this) return undefined;
    const of = d.home!;
    if (++of.dead * 2 > of.l.length && of.l.length >= COMPACT_FROM) this.compact(of);
    return undefined;
  }

  /** `<kind>.copy(id)`: a new object with the same properties (na for na). */
  copy(d: D): Drawing | null {
    if (!live(d)) return null;
    const c = this.add(d.kind, { ...d.f });
    if (d.cells) c.cells = d.cells.copy();
    return c;
  }

  set(d: D, field: string, v: unknown): undefined {
    if (live(d)) d.f[field] = v;
    return undefined;
  }

  /** An x coordinate set (`label.set_x`, `box.set_left`, ...) by `fn`'s argument `arg`: checked against the `bar` the call runs on and the chart's `lastBar` first. */
  place(d: D, field: string, x: unknown, bar: number, lastBar: number, fn: string, arg: string): undefined {
    if (live(d)) {
      inReach(x, d.f.xloc, bar, lastBar, fn, arg);
      d.f[field] = x;
    }
    return undefined;
  }

  /** An x and a y set together (`label.set_xy`, `line.set_xy1`, `box.set_lefttop`, ...), the x by `fn`'s argument `arg`. */
  place2(d: D, fx: string, x: unknown, fy: string, y: unknown, bar: number, lastBar: number, fn: string, arg: string): undefined {
    if (live(d)) {
      inReach(x, d.f.xloc, bar, lastBar, fn, arg);
      d.f[fx] = x;
      d.f[fy] = y;
    }
    return undefined;
  }

  /** `<kind>.set_xloc(id, x..., xloc)`: the x coordinates (arguments named as their fields), read by the new xloc, checked, then set with it. */
  placeXloc(d: D, xs: ReadonlyArray<readonly [field: string, x: unknown]>, xloc: unknown, bar: number, lastBar: number): undefined {
    if (!live(d)) return undefined;
    for (const [fx, x] of xs) inReach(x, xloc, bar, lastBar, `${d.kind}.set_xloc`, fx);
    for (const [fx, x] of xs) d.f[fx] = x;
    d.f.xloc = xloc;
    return undefined;
  }

  /** Two fields at once (`set_xy`, `set_lefttop`, ...). */
  set2(d: D, f1: string, v1: unknown, f2: string, v2: unknown): undefined {
    if (live(d)) {
      d.f[f1] = v1;
      d.f[f2] = v2;
    }
    return undefined;
  }

  num(d: D, field: string): number {
    if (!live(d)) return NaN;
    const v = d.f[field];
    return typeof v === "number" ? v : NaN;
  }

  str(d: D, field: string): string | null {
    if (!live(d)) return null;
    const v = d.f[field];
    return typeof v === "string" ? v : null;
  }

  obj(d: D, field: string): Drawing | null {
    if (!live(d)) return null;
    const v = d.f[field];
    return v instanceof Drawing ? v : null;
  }

  /** `<kind>.all`: the live objects, oldest first (a new array each time: it is read-only in Pine). */
  all(kind: DrawingKind): PineArray<Drawing> {
    return new PineArray(this.liveList(kind).slice());
  }

  /** The objects left after the last bar, oldest first. */
  remaining(kind: DrawingKind): readonly Drawing[] {
    return this.liveList(kind);
  }

  /** chart.point.* constructors and polyline.new's copy of its points (polyline.ts). */
  point(time: number, index: number, price: number): ChartPoint {
    return point(time, index, price);
  }
  points(a: PineArray<ChartPoint | null> | null): ChartPoint[] {
    return points(a, MOST_POLYLINE_POINTS);
  }

  /**
   * A drawing made from chart points (`label.new(point, ...)`, `line.new(first_point, ...)`,
   * `box.new(top_left, ...)`): each [x field, y field, point] sets that corner from the point, its
   * x read by the drawing's xloc.
   */
  addAt(kind: DrawingKind, f: Props, corners: ReadonlyArray<readonly [string, string, ChartPoint | null]>, bar: number, lastBar: number): Drawing {
    for (const [fx, fy, p] of corners) atPoint(f, fx, fy, p);
    return this.add(kind, f, bar, lastBar);
  }

  /** `label.set_point`, `line.set_first_point`, `box.set_top_left_point`, ... (`fn`): a corner moved to a point (its x checked against the `bar` the call runs on and the chart's `lastBar` first). */
  setPoint(d: D, fx: string, fy: string, p: ChartPoint | null, bar: number, lastBar: number, fn: string): undefined {
    if (!live(d)) return undefined;
    const at: Props = { xloc: d.f.xloc };
    atPoint(at, fx, fy, p);
    inReach(at[fx], at.xloc, bar, lastBar, fn, "point");
    d.f[fx] = at[fx];
    d.f[fy] = at[fy];
    return undefined;
  }

  /** `line.get_price(id, x)`: the price of the line (extended both ways) at bar index x. */
  linePrice(d: D, x: number): number {
    if (!live(d)) return NaN;
    if (byTime(d.f.xloc)) fail("line.get_price() can only be used with lines created with xloc.bar_index");
    const x1 = d.f.x1 as number;
    const x2 = d.f.x2 as number;
    const y1 = d.f.y1 as number;
    const y2 = d.f.y2 as number;
    if (x1 === x2) return y1;
    return y1 + ((y2 - y1) * (x - x1)) / (x2 - x1);
  }

  /** `table.cell(...)` and the `cell_set_*` setters: a cell inside the table's columns and rows. */
  cell(d: D, column: number, row: number, patch: Partial<Cell>): undefined {
    if (!live(d)) return undefined;
    const cols = d.f.columns as number;
    const rows = d.f.rows as number;
    if (!(column >= 0 && column < cols && row >= 0 && row < rows)) {
      fail(`Cell (column ${column}, row ${row}) is outside the table's ${cols} columns and ${rows} rows`);
    }
    const cells = (d.cells ??= new Cells(cols, rows));
    const r = Math.floor(row);
    const c = Math.floor(column);
    const had = cells.get(r, c);
    // A record carrying every field a cell must have is table.cell's, made by the compiled call
    // for this call alone, with every field a cell can have but the merge's far corner
    // (table.merge_cells): it becomes the cell, keeping that corner of the cell it replaces. A
    // setter's one field updates the cell in place (a cell is only ever held by its table: copy()
    // copies each). Both spare a copy of every argument on each call, which a table refilled on
    // every bar paid for each of its cells.
    if (patch.text !== undefined && patch.bg_color !== undefined && patch.text_color !== undefined) {
      const merge = had === undefined ? undefined : (had as Cell & { merge_to?: unknown }).merge_to;
      if (merge !== undefined) (patch as Cell & { merge_to?: unknown }).merge_to = merge;
      cells.set(r, c, patch as Cell);
    } else if (had !== undefined) Object.assign(had, patch);
    else cells.set(r, c, Object.assign({ text: "", bg_color: NaN, text_color: NaN }, patch));
    return undefined;
  }

  /** `table.clear(id, c1, r1, c2, r2)`: removes the cells of that rectangle. */
  clearCells(d: D, c1: number, r1: number, c2: number, r2: number): undefined {
    if (!live(d) || d.cells === null || d.cells.none()) return undefined;
    const cells = d.cells;
    // past the table's last row and column there is no cell to remove
    const ce = Math.min(c2 === c2 ? c2 : c1, cells.lastColumn());
    const re = Math.min(r2 === r2 ? r2 : r1, cells.lastRow());
    for (let r = r1; r <= re; r++) for (let c = c1; c <= ce; c++) cells.delete(r, c);
    return undefined;
  }
}
