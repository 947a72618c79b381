// From the service's answers to what the chart draws (pure: no DOM, no chart library), so it is
// unit-tested: candles from the run's bars, one series per output as its Interface says
// (overlay on the price pane or the pane below, style, color), hlines, event markers, and
// drawings. `na` (null) becomes a gap (a point with no value), never a zero.

export type Row = [number, number, number, number, number, number];

export interface Candle { time: number; open: number; high: number; low: number; close: number }
export type Point = { time: number; value: number } | { time: number };

/** `force_overlay`: a plot a pane indicator draws on the price pane (plot(force_overlay = true)); `linestyle`: a plot's dashed or dotted line (docs/adr/0242). */
export interface OutputLike { name: string; title: string; style?: string; color?: string | null; force_overlay?: boolean; linestyle?: string }
export interface InterfaceLike { outputs: OutputLike[]; overlay?: boolean; hlines?: Array<{ price: number | null; title: string | null; color: string | null }> }

export type SeriesKind = "line" | "step" | "histogram" | "area" | "points";

export interface SeriesPlan {
  name: string;
  title: string;
  kind: SeriesKind;
  /** 0 is the price pane; 1 the pane below it. */
  pane: number;
  color: string;
  /** the line's dash (plot's linestyle, docs/adr/0242): solid unless the Interface says dashed or dotted */
  dash: Dash;
  data: Point[];
}

export interface HlinePlan { price: number; title: string; color: string; pane: number }

export interface Marker { time: number; position: "aboveBar" | "belowBar"; shape: "arrowDown" | "arrowUp" | "circle"; color: string; text: string }

export interface ChartPlan {
  /** The script's own pane: 0 (the price pane) for an overlay, else 1; its drawings go there unless force_overlay. */
  pane: number;
  /** Decimals of the instrument's prices (pricePrecision): the price scales and the legend's values use them. */
  precision: number;
  candles: Candle[];
  series: SeriesPlan[];
  hlines: HlinePlan[];
}

/** TradingView's default plot colors, in order, for outputs without a color. */
export const PALETTE = ["#2962FF", "#FF6D00", "#AB47BC", "#26A69A", "#F23645", "#787B86", "#0097A7", "#E91E63"];

const STYLE_KIND: Record<string, SeriesKind> = {
  line: "line", stepline: "step", histogram: "histogram", columns: "histogram", area: "area",
  circles: "points", cross: "points", shape: "points", char: "points",
};

/** `#RRGGBBAA` (the Interface's form) or `#RRGGBB` as a CSS `rgba()` the chart accepts. */
export function cssColor(hex: string | null | undefined, fallback: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(hex ?? "");
  if (!m) return fallback;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x ?? "0", 16));
  const a = m[4] === undefined ? 1 : Math.round((parseInt(m[4], 16) / 255) * 1000) / 1000;
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}

/** A chart time from a bar's UTC seconds (the chart's clock); `same` leaves it UTC. */
export type Clock = (utcSeconds: number) => number;
export const same: Clock = (t) => t;

/**
 * The clock of a chart in the exchange's time zone, as TradingView's chart shows times by default
 * (docs/adr/0364): lightweight-charts reads every time as UTC (its docs, "Time zones"), so each
 * intraday time moves to the exchange's wall clock (a NYSE bar at 14:30 UTC in March reads 09:30).
 * Daily and weekly bars keep their date; an unknown zone, or a zone whose repeated hour would put
 * two bars at one time (clocks going back), leaves the chart in UTC. Offsets are read once an hour.
 */
export function exchangeClock(timeZone: string | null | undefined, intraday: boolean, barTimes: readonly number[]): { clock: Clock; zone: string } {
  const utc = { clock: same, zone: "UTC" };
  if (!intraday || !timeZone || /^(Etc\/)?(UTC|GMT)$/.test(timeZone)) return utc;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
  } catch {
    return utc;
  }
  const offsets = new Map<number, number>();
  const offset = (t: number): number => {
    const hour = Math.floor(t / 3600);
    let at = offsets.get(hour);
    if (at === undefined) {
      const parts = Object.fromEntries(format.formatToParts(new Date(hour * 3600 * 1000)).map((x) => [x.type, Number(x.value)]));
      at = Date.UTC(parts["year"] ?? 1970, (parts["month"] ?? 1) - 1, parts["day"] ?? 1, (parts["hour"] ?? 0) % 24, parts["minute"] ?? 0, parts["second"] ?? 0) / 1000 - hour * 3600;
      offsets.set(hour, at);
    }
    return at;
  };
  const clock: Clock = (t) => t + offset(t);
  for (let i = 1; i < barTimes.length; i += 1) if (clock(barTimes[i] ?? 0) <= clock(barTimes[i - 1] ?? 0)) return utc;
  return { clock, zone: timeZone };
}

/**
 * The decimals the instrument's prices are written with (the most any open, high, low or close of
 * the bars has, 0 to 8; 2 without bars): TradingView's chart and its indicators' values ("inherit"
 * format) show the symbol's price precision (docs/adr/0364), SPY's 133.52 and an RSI of 55.54 with
 * two decimals, a 5-digit FX quote with five, where the chart library's default is always two.
 */
export function pricePrecision(rows: readonly Row[]): number {
  if (rows.length === 0) return 2;
  let most = 0;
  for (const row of rows) {
    for (let i = 1; i <= 4; i += 1) {
      const v = row[i] ?? 0;
      if (Number.isInteger(v)) continue;
      // a float's shortest decimal form (133.52), its exponent form for tiny values (1e-7)
      const text = String(Math.abs(v));
      const e = /e-(\d+)$/.exec(text);
      const digits = e ? Number(e[1]) + (text.split("e")[0]?.split(".")[1]?.length ?? 0) : (text.split(".")[1]?.length ?? 0);
      if (digits > most) most = digits;
      if (most >= 8) return 8;
    }
  }
  return most;
}

export function toCandles(rows: readonly Row[], clock: Clock = same): Candle[] {
  return rows.map(([time, open, high, low, close]) => ({ time: clock(time), open, high, low, close }));
}

export function outputSeries(iface: InterfaceLike, points: ReadonlyArray<Record<string, number | null>>, clock: Clock = same): SeriesPlan[] {
  const pane = iface.overlay === true ? 0 : 1;
  return iface.outputs.map((o, i) => ({
    name: o.name,
    title: o.title || o.name,
    kind: STYLE_KIND[o.style ?? "line"] ?? "line",
    pane: o.force_overlay === true ? 0 : pane,
    color: cssColor(o.color, PALETTE[i % PALETTE.length] ?? "#2962FF"),
    dash: dash(o.linestyle),
    data: points.map((p) => {
      const time = clock(Number(p["t"]));
      const value = p[o.name];
      return typeof value === "number" && Number.isFinite(value) ? { time, value } : { time };
    }),
  }));
}

export function planChart(iface: InterfaceLike, rows: readonly Row[], points: ReadonlyArray<Record<string, number | null>>, clock: Clock = same): ChartPlan {
  const series = outputSeries(iface, points, clock);
  const pane = iface.overlay === true ? 0 : 1;
  // an hline whose price is not a constant has no level the Interface can give (price null)
  const hlines = (iface.hlines ?? []).flatMap((h) => (h.price === null ? [] : [{ price: h.price, title: h.title ?? "", color: cssColor(h.color, "rgba(120, 123, 134, 1)"), pane }]));
  return { pane, precision: pricePrecision(rows), candles: toCandles(rows, clock), series, hlines };
}

/** Definition events as markers above their bars, one color per event name. */
export function eventMarkers(events: ReadonlyArray<{ time: string; name: string }>, clock: Clock = same): Marker[] {
  const names = [...new Set(events.map((e) => e.name))];
  return events
    .map((e) => ({
      time: clock(Math.floor(Date.parse(e.time) / 1000)),
      position: "aboveBar" as const,
      shape: "arrowDown" as const,
      color: PALETTE[names.indexOf(e.name) % PALETTE.length] ?? "#2962FF",
      text: e.name,
    }))
    .sort((a, b) => a.time - b.time);
}

/** A table of the drawings answer; the fields docs/adr/0235 added are absent from an older answer. */
export interface DrawingTable {
  position: string;
  rows: number;
  columns: number;
  cells: Array<{
    row: number; column: number; text: string; bg_color: string | null; text_color: string | null;
    text_size?: string; text_halign?: string; text_valign?: string; width?: number; height?: number; tooltip?: string | null;
    text_formatting?: string; text_font_family?: string;
  }>;
  bg_color?: string | null;
  frame_color?: string | null;
  frame_width?: number;
  border_color?: string | null;
  border_width?: number;
  merges?: Array<{ start_column: number; start_row: number; end_column: number; end_row: number }>;
  force_overlay?: boolean;
}

type DrawnLine = { time1: string | null; price1: number | null; time2: string | null; price2: number | null; color: string | null; style?: string; width?: number; extend?: string; force_overlay?: boolean };

/** GET /v1/runs/{run_id}/drawings (docs/reference/endpoints.md); the fields a run finished
 * before they were served (box styles, linefills: docs/adr/0214) may be absent. */
export interface Drawings {
  labels?: Array<{ time: string | null; price: number | null; text: string; color: string | null; style?: string; text_color?: string | null; size?: string; tooltip?: string | null; text_formatting?: string; text_font_family?: string; force_overlay?: boolean }>;
  lines?: DrawnLine[];
  boxes?: Array<{
    time1: string | null; top: number | null; time2: string | null; bottom: number | null; border_color: string | null; bg_color: string | null; text?: string;
    border_width?: number; border_style?: string; extend?: string; text_color?: string | null; text_size?: string; text_halign?: string; text_valign?: string; text_formatting?: string; text_font_family?: string; force_overlay?: boolean;
  }>;
  polylines?: Array<{
    points: Array<{ time: string | null; price: number | null }>; line_color: string | null; fill_color?: string | null; closed?: boolean;
    curved?: boolean; line_style?: string; line_width?: number; force_overlay?: boolean;
  }>;
  linefills?: Array<{ line1: number; line2: number; color: string | null }>;
  tables?: DrawingTable[];
}

/**
 * A label's text color when the answer gives none: the drawings answer writes null both for a
 * `textcolor` not given and for `na` (docs/reference/language.md, differences), and a label given
 * a color but no text color is far more common than text hidden with `textcolor = na`, so null
 * is drawn as TradingView's v6 default, white (docs/adr/0364); its text was not drawn at all.
 */
const LABEL_TEXT = "rgba(255, 255, 255, 1)";

/** The open times of the chart's first and last candles: drawings are placed between them. */
export interface Span { first: number; last: number }

export type Dash = "solid" | "dashed" | "dotted";
export type Extend = "none" | "left" | "right" | "both";
export type HAlign = "left" | "center" | "right";
export type VAlign = "top" | "center" | "bottom";
/** A chart place: a time (Unix seconds, any time, not only a bar's) and a price. */
export interface Pt { time: number; price: number }

/** `onPrice`: drawn on the price pane whatever the script's pane (force_overlay = true). */
export interface LineShape { kind: "line"; onPrice: boolean; a: Pt; b: Pt; color: string; width: number; dash: Dash; extend: Extend; arrowStart: boolean; arrowEnd: boolean }
export interface BoxShape {
  kind: "box"; onPrice: boolean; left: number; right: number; top: number; bottom: number;
  fill: string | null; border: string | null; borderWidth: number; dash: Dash; extend: Extend;
  text: string; textColor: string | null; textSize: number | "auto"; halign: HAlign; valign: VAlign; face: TextFace;
}
/** `tooltip`: shown on hover or focus of the label (label.new's tooltip, label.set_tooltip; docs/adr/0235). */
export interface LabelShape { kind: "label"; onPrice: boolean; at: Pt; text: string; style: string; color: string | null; textColor: string | null; textSize: number; tooltip: string; face: TextFace }
export interface PolylineShape {
  kind: "polyline"; onPrice: boolean; points: Pt[]; closed: boolean; line: string | null; fill: string | null;
  width: number; dash: Dash; curved: boolean; arrowStart: boolean; arrowEnd: boolean;
}
export interface LinefillShape { kind: "linefill"; onPrice: boolean; a: LineShape; b: LineShape; color: string }
export type Shape = LineShape | BoxShape | LabelShape | PolylineShape | LinefillShape;

export interface DrawingsPlan {
  /** What the price pane draws, in the order TradingView stacks them: fills and boxes under lines, labels on top. */
  shapes: Shape[];
  /** Drawings wholly before the first candle or after the last (a label on a warmup bar): not on the chart. */
  outside: number;
}


/** A color of the answer (`#RRGGBBAA`, null for na) as CSS; na and a fully transparent color draw nothing (null). */
export function paint(hex: string | null | undefined): string | null {
  const css = cssColor(hex, "");
  return css === "" || css.endsWith(", 0)") ? null : css;
}

/** TradingView's named text sizes in CSS pixels; a size in typographic points (v6 `size = 14`) as 4/3 pixels a point. */
const SIZES: Record<string, number> = { tiny: 8, small: 10, normal: 12, large: 16, huge: 24 };
export function textPixels(size: string | undefined, auto: number): number {
  if (size === undefined || size === "auto") return auto;
  const named = SIZES[size];
  if (named !== undefined) return named;
  const points = Number(size);
  return Number.isFinite(points) && points > 0 ? Math.round((points * 4) / 3) : auto;
}

/** A drawn text's face (docs/adr/0242): text_formatting's bold and italic, text_font_family's monospace. */
export interface TextFace { bold: boolean; italic: boolean; mono: boolean }

/** The answer's `text_formatting` and `text_font_family` as a face; absent (an older answer) is plain text in the default font. */
export function textFace(formatting: string | undefined, family: string | undefined): TextFace {
  return { bold: formatting === "bold" || formatting === "bold_italic", italic: formatting === "italic" || formatting === "bold_italic", mono: family === "monospace" };
}

/** The CSS font of a text `px` pixels high in `face` (`italic bold 12px monospace`); `family`: the chart's own font. */
export function cssFont(px: number, face: TextFace, family: string): string {
  return `${face.italic ? "italic " : ""}${face.bold ? "bold " : ""}${px}px ${face.mono ? "monospace" : family}`;
}

function dash(style: string | undefined): Dash {
  return style === "dashed" || style === "dotted" ? style : "solid";
}

function extendOf(e: string | undefined): Extend {
  return e === "left" || e === "right" || e === "both" ? e : "none";
}

function lineShape(l: DrawnLine, secs: (iso: string | null) => number | null): LineShape | null {
  const [t1, t2] = [secs(l.time1), secs(l.time2)];
  if (t1 === null || t2 === null || l.price1 === null || l.price2 === null) return null;
  const color = paint(l.color);
  if (color === null) return null;
  const style = l.style ?? "solid";
  return {
    kind: "line", onPrice: l.force_overlay === true, a: { time: t1, price: l.price1 }, b: { time: t2, price: l.price2 }, color, width: Math.max(1, l.width ?? 1),
    dash: dash(style), extend: extendOf(l.extend), arrowStart: style === "arrow_left" || style === "arrow_both", arrowEnd: style === "arrow_right" || style === "arrow_both",
  };
}

/** Times a drawing covers, for the span test: an extended side reaches every bar on that side. */
function reach(times: number[], extend: Extend): [number, number] {
  const lo = extend === "left" || extend === "both" ? -Infinity : Math.min(...times);
  const hi = extend === "right" || extend === "both" ? Infinity : Math.max(...times);
  return [lo, hi];
}

/** The run's drawings as what the price pane draws (labels with their style and colors, lines
 * with their style, width and extension, boxes filled and bordered with their text, polylines,
 * linefills between their two lines: docs/adr/0214). A drawing wholly outside the span of the
 * chart's candles (on a warmup bar) is not drawn but counted. */
export function drawingsPlan(d: Drawings, span?: Span, clock: Clock = same): DrawingsPlan {
  const secs = (iso: string | null): number | null => (iso === null ? null : clock(Math.floor(Date.parse(iso) / 1000)));
  let outside = 0;
  const seen = (lo: number, hi: number): boolean => {
    const ok = !span || (hi >= span.first && lo <= span.last);
    if (!ok) outside += 1;
    return ok;
  };
  const fills: Shape[] = [];
  const boxes: Shape[] = [];
  const lines: Shape[] = [];
  const labels: Shape[] = [];
  const allLines = (d.lines ?? []).map((l) => lineShape(l, secs));
  for (const l of allLines) if (l && seen(...reach([l.a.time, l.b.time], l.extend))) lines.push(l);
  for (const f of d.linefills ?? []) {
    const [a, b] = [allLines[f.line1], allLines[f.line2]];
    const color = paint(f.color);
    if (!a || !b || color === null) continue;
    // TradingView fills past the lines' ends only where both extend the same way
    const both = a.extend === b.extend ? a.extend : "none";
    if (seen(...reach([a.a.time, a.b.time, b.a.time, b.b.time], both))) fills.push({ kind: "linefill", onPrice: a.onPrice, a: { ...a, extend: both }, b: { ...b, extend: both }, color });
  }
  for (const b of d.boxes ?? []) {
    const [t1, t2] = [secs(b.time1), secs(b.time2)];
    if (t1 === null || t2 === null || b.top === null || b.bottom === null) continue;
    const extend = extendOf(b.extend);
    if (!seen(...reach([t1, t2], extend))) continue;
    const halign = b.text_halign === "left" || b.text_halign === "right" ? b.text_halign : "center";
    const valign = b.text_valign === "top" || b.text_valign === "bottom" ? b.text_valign : "center";
    const size = b.text_size === undefined || b.text_size === "auto" ? "auto" : textPixels(b.text_size, 12);
    boxes.push({
      kind: "box", onPrice: b.force_overlay === true, left: Math.min(t1, t2), right: Math.max(t1, t2), top: Math.max(b.top, b.bottom), bottom: Math.min(b.top, b.bottom),
      fill: paint(b.bg_color), border: paint(b.border_color), borderWidth: Math.max(0, b.border_width ?? 1), dash: dash(b.border_style), extend,
      text: b.text ?? "", textColor: b.text_color === undefined ? "rgba(0, 0, 0, 1)" : paint(b.text_color), textSize: size, halign, valign, face: textFace(b.text_formatting, b.text_font_family),
    });
  }
  for (const p of d.polylines ?? []) {
    const points = p.points.flatMap((x) => { const t = secs(x.time); return t === null || x.price === null ? [] : [{ time: t, price: x.price }]; });
    if (points.length < 2) continue;
    const times = points.map((x) => x.time);
    const style = p.line_style ?? "solid";
    if (seen(Math.min(...times), Math.max(...times))) {
      lines.push({
        kind: "polyline", onPrice: p.force_overlay === true, points, closed: p.closed === true, line: paint(p.line_color), fill: paint(p.fill_color),
        // docs/adr/0235: line_style and line_width as a line's; curved through its points
        width: Math.max(1, p.line_width ?? 1), dash: dash(style), curved: p.curved === true, arrowStart: style === "arrow_left" || style === "arrow_both", arrowEnd: style === "arrow_right" || style === "arrow_both",
      });
    }
  }
  for (const l of d.labels ?? []) {
    const t = secs(l.time);
    if (t === null || l.price === null) continue;
    if (!seen(t, t)) continue;
    labels.push({ kind: "label", onPrice: l.force_overlay === true, at: { time: t, price: l.price }, text: l.text, style: l.style ?? "label_down", color: paint(l.color), textColor: l.text_color === undefined || l.text_color === null ? LABEL_TEXT : paint(l.text_color), textSize: textPixels(l.size ?? "normal", 12), tooltip: l.tooltip ?? "", face: textFace(l.text_formatting, l.text_font_family) });
  }
  return { shapes: [...fills, ...boxes, ...lines, ...labels], outside };
}

/** Where a table sits in its pane (TradingView's nine positions: position.top_left ... bottom_right). */
export interface TablePlace { vertical: VAlign; horizontal: HAlign }
export interface TableCellPlan {
  text: string; colSpan: number; rowSpan: number; background: string | null; color: string | null; size: number;
  halign: HAlign; valign: VAlign; width: number; height: number; tooltip: string;
  /** bold, italic, monospace (docs/adr/0242) */
  face: TextFace;
  /** the cell's right and bottom borders (inner lines of the grid): none on the table's last column or row */
  borderRight: boolean; borderBottom: boolean;
}
export interface TablePlan {
  /** drawn on the price pane whatever the script's pane (force_overlay = true) */
  onPrice: boolean; place: TablePlace; caption: string; rows: TableCellPlan[][];
  background: string | null; frame: { color: string; width: number } | null; border: { color: string; width: number } | null;
}

const halignOf = (a: string | undefined): HAlign => (a === "left" || a === "right" ? a : "center");
const valignOf = (a: string | undefined): VAlign => (a === "top" || a === "bottom" ? a : "center");

/** `middle_left` -> center vertically, left; an unknown position is TradingView's default top_right. */
export function tablePlace(position: string): TablePlace {
  const m = /^(top|middle|bottom)_(left|center|right)$/.exec(position);
  if (!m) return { vertical: "top", horizontal: "right" };
  const v = m[1] === "middle" ? "center" : (m[1] as VAlign);
  return { vertical: v, horizontal: m[2] as HAlign };
}

/**
 * A drawn table as TradingView shows it (docs/adr/0235): its grid with merged rectangles
 * (table.merge_cells) drawn as their first cell, the cells' colors, text size and alignment, a
 * width or height in percent of the pane (0: fit the text), the table's background, its frame
 * (frame_color, frame_width) and the lines between its cells (border_color, border_width). Rows
 * and columns without a cell take no room, as on TradingView.
 */
export function tablePlan(t: DrawingTable, index: number): TablePlan {
  const rows = Math.max(0, Math.floor(t.rows));
  const columns = Math.max(0, Math.floor(t.columns));
  const cells = new Map(t.cells.map((c) => [`${c.row},${c.column}`, c]));
  const covered = new Set<string>();
  const spans = new Map<string, [number, number]>();
  for (const m of t.merges ?? []) {
    const [c0, r0] = [m.start_column, m.start_row];
    const [c1, r1] = [Math.min(columns - 1, m.end_column), Math.min(rows - 1, m.end_row)];
    if (covered.has(`${r0},${c0}`) || c1 < c0 || r1 < r0) continue;
    spans.set(`${r0},${c0}`, [c1 - c0 + 1, r1 - r0 + 1]);
    for (let r = r0; r <= r1; r += 1) for (let c = c0; c <= c1; c += 1) if (r !== r0 || c !== c0) covered.add(`${r},${c}`);
  }
  const grid: TableCellPlan[][] = [];
  for (let r = 0; r < rows; r += 1) {
    const row: TableCellPlan[] = [];
    for (let c = 0; c < columns; c += 1) {
      if (covered.has(`${r},${c}`)) continue;
      const cell = cells.get(`${r},${c}`);
      const [colSpan, rowSpan] = spans.get(`${r},${c}`) ?? [1, 1];
      row.push({
        text: cell?.text ?? "", colSpan, rowSpan, background: paint(cell?.bg_color), color: paint(cell?.text_color),
        size: textPixels(cell?.text_size ?? "normal", 12), halign: halignOf(cell?.text_halign), valign: valignOf(cell?.text_valign),
        width: Math.max(0, cell?.width ?? 0), height: Math.max(0, cell?.height ?? 0), tooltip: cell?.tooltip ?? "",
        face: textFace(cell?.text_formatting, cell?.text_font_family),
        borderRight: c + colSpan < columns, borderBottom: r + rowSpan < rows,
      });
    }
    grid.push(row);
  }
  const line = (color: string | null | undefined, width: number | undefined): { color: string; width: number } | null => {
    const css = paint(color);
    return css !== null && (width ?? 0) > 0 ? { color: css, width: width ?? 0 } : null;
  };
  return {
    onPrice: t.force_overlay === true, place: tablePlace(t.position), caption: `Table ${index + 1}, ${t.position.replace(/_/g, " ")} of the chart (${t.rows} × ${t.columns})`,
    rows: grid, background: paint(t.bg_color), frame: line(t.frame_color, t.frame_width), border: line(t.border_color, t.border_width),
  };
}

/**
 * The tables the chart shows, each with its place in the drawings answer (docs/adr/0354): as
 * TradingView's user manual reads (Tables), a table without cells is not displayed, and only one
 * table is shown at a position of a pane, the one created last (last in the answer, which lists
 * them oldest first): a script calling table.new on every bar leaves hundreds, one filled.
 */
export function shownTables(tables: readonly DrawingTable[]): Array<{ table: DrawingTable; index: number }> {
  const last = new Map<string, number>();
  tables.forEach((t, i) => { if (t.cells.length > 0) last.set(`${t.force_overlay === true}:${t.position}`, i); });
  return [...last.values()].sort((a, b) => a - b).map((index) => ({ table: tables[index] as DrawingTable, index }));
}

/** One bar's length in seconds: the shortest gap between candles (a day when there is none). */
export function barStep(times: readonly number[]): number {
  let step = Infinity;
  for (let i = 1; i < times.length; i += 1) step = Math.min(step, (times[i] as number) - (times[i - 1] as number));
  return Number.isFinite(step) && step > 0 ? step : 86_400;
}

/** Where a time falls on the chart's bar scale: a candle's own index, between two candles a
 * fraction of the way, and before the first or after the last one bar (`step` seconds, the
 * shortest gap between candles) per step, as the API places times past the last bar. */
export function logicalOf(times: readonly number[], t: number, step = barStep(times)): number {
  const n = times.length;
  if (n === 0) return 0;
  const first = times[0] as number;
  const last = times[n - 1] as number;
  if (t <= first) return (t - first) / step;
  if (t >= last) return n - 1 + (t - last) / step;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) <= t) lo = mid;
    else hi = mid;
  }
  const [a, b] = [times[lo] as number, times[hi] as number];
  return lo + (t - a) / (b - a);
}
