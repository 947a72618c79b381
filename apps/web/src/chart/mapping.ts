// From the service's answers to what the chart draws (pure: no DOM, no chart library), so it is
// unit-tested: candles from the run's bars, one series per output as its Interface says
// (overlay on the price pane or the pane below, style, color), hlines, event markers, and
// drawings. `na` (null) becomes a gap (a point with no value), never a zero.

export type Row = [number, number, number, number, number, number];

export interface Candle { time: number; open: number; high: number; low: number; close: number }
export type Point = { time: number; value: number } | { time: number };

export interface OutputLike { name: string; title: string; style?: string; color?: string | null }
export interface InterfaceLike { outputs: OutputLike[]; overlay?: boolean; hlines?: Array<{ price: number | null; title: string | null; color: string | null }> }

export type SeriesKind = "line" | "step" | "histogram" | "area" | "points";

export interface SeriesPlan {
  name: string;
  title: string;
  kind: SeriesKind;
  /** 0 is the price pane; 1 the pane below it. */
  pane: number;
  color: string;
  data: Point[];
}

export interface HlinePlan { price: number; title: string; color: string; pane: number }

export interface Marker { time: number; position: "aboveBar" | "belowBar"; shape: "arrowDown" | "arrowUp" | "circle"; color: string; text: string }

export interface ChartPlan {
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

export function toCandles(rows: readonly Row[]): Candle[] {
  return rows.map(([time, open, high, low, close]) => ({ time, open, high, low, close }));
}

export function outputSeries(iface: InterfaceLike, points: ReadonlyArray<Record<string, number | null>>): SeriesPlan[] {
  const pane = iface.overlay === true ? 0 : 1;
  return iface.outputs.map((o, i) => ({
    name: o.name,
    title: o.title || o.name,
    kind: STYLE_KIND[o.style ?? "line"] ?? "line",
    pane,
    color: cssColor(o.color, PALETTE[i % PALETTE.length] ?? "#2962FF"),
    data: points.map((p) => {
      const time = Number(p["t"]);
      const value = p[o.name];
      return typeof value === "number" && Number.isFinite(value) ? { time, value } : { time };
    }),
  }));
}

export function planChart(iface: InterfaceLike, rows: readonly Row[], points: ReadonlyArray<Record<string, number | null>>): ChartPlan {
  const series = outputSeries(iface, points);
  const pane = iface.overlay === true ? 0 : 1;
  // an hline whose price is not a constant has no level the Interface can give (price null)
  const hlines = (iface.hlines ?? []).flatMap((h) => (h.price === null ? [] : [{ price: h.price, title: h.title ?? "", color: cssColor(h.color, "rgba(120, 123, 134, 1)"), pane }]));
  return { candles: toCandles(rows), series, hlines };
}

/** Definition events as markers above their bars, one color per event name. */
export function eventMarkers(events: ReadonlyArray<{ time: string; name: string }>): Marker[] {
  const names = [...new Set(events.map((e) => e.name))];
  return events
    .map((e) => ({
      time: Math.floor(Date.parse(e.time) / 1000),
      position: "aboveBar" as const,
      shape: "arrowDown" as const,
      color: PALETTE[names.indexOf(e.name) % PALETTE.length] ?? "#2962FF",
      text: e.name,
    }))
    .sort((a, b) => a.time - b.time);
}

export interface DrawingTable {
  position: string;
  rows: number;
  columns: number;
  cells: Array<{ row: number; column: number; text: string; bg_color: string | null; text_color: string | null }>;
}

export interface Drawings {
  labels?: Array<{ time: string; price: number | null; text: string; color: string | null; style?: string }>;
  lines?: Array<{ time1: string; price1: number | null; time2: string; price2: number | null; color: string | null }>;
  boxes?: Array<{ time1: string; top: number | null; time2: string; bottom: number | null; border_color: string | null; bg_color: string | null }>;
  polylines?: Array<{ points: Array<{ time: string; price: number | null }>; line_color: string | null }>;
  tables?: DrawingTable[];
}

export interface Segment { color: string; data: Array<{ time: number; value: number }> }

/** The open times of the chart's first and last candles: drawings are placed between them. */
export interface Span { first: number; last: number }

export interface DrawingsPlan {
  markers: Marker[];
  segments: Segment[];
  /** Drawings wholly before the first candle or after the last (a label on a warmup bar): not on the chart. */
  outside: number;
}

const secs = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

type Vertex = { time: number; value: number };

/** The value at `time` on the straight line through a and b (time between theirs). */
const at = (a: Vertex, b: Vertex, time: number): Vertex => ({ time, value: a.value + ((b.value - a.value) * (time - a.time)) / (b.time - a.time) });

/** A path (points in time order, distinct times) cut to the span: the parts inside it, ends
 * interpolated at its edges; [] when nothing of it is inside. Without a span, the path as it is. */
export function clipPath(points: Vertex[], span?: Span): Vertex[] {
  if (!span) return points;
  const out: Vertex[] = [];
  points.forEach((p, i) => {
    const prev = points[i - 1];
    if (prev && prev.time < span.first && p.time > span.first) out.push(at(prev, p, span.first));
    if (p.time >= span.first && p.time <= span.last) out.push(p);
    if (prev && prev.time < span.last && p.time > span.last) out.push(at(prev, p, span.last));
  });
  return out;
}

/** Points with a price, one a time, in time order. */
function path(points: Array<{ time: string; price: number | null }>): Vertex[] {
  const byTime = new Map(points.filter((x) => x.price !== null).map((x) => [secs(x.time), { time: secs(x.time), value: x.price as number }]));
  return [...byTime.values()].sort((x, y) => x.time - y.time);
}

/** Drawings on the price pane: labels as markers; lines, polylines and the top and bottom edges
 * of boxes as segments, cut to the span of the chart's candles (a marker or point outside it
 * would pile up at the chart's edge or stretch its time scale). */
export function drawingsPlan(d: Drawings, span?: Span): DrawingsPlan {
  let outside = 0;
  const inSpan = (time: number): boolean => !span || (time >= span.first && time <= span.last);
  const markers: Marker[] = [];
  for (const l of d.labels ?? []) {
    const time = secs(l.time);
    if (!inSpan(time)) { outside += 1; continue; }
    markers.push({ time, position: l.style === "label_up" ? "belowBar" : "aboveBar", shape: "circle", color: cssColor(l.color, "#2962FF"), text: l.text });
  }
  const segments: Segment[] = [];
  const add = (color: string, points: Array<{ time: string; price: number | null }>): void => {
    const full = path(points);
    if (full.length < 2) return;
    const data = clipPath(full, span);
    if (data.length > 1) segments.push({ color, data });
    else outside += 1;
  };
  for (const l of d.lines ?? []) add(cssColor(l.color, "#2962FF"), [{ time: l.time1, price: l.price1 }, { time: l.time2, price: l.price2 }]);
  for (const b of d.boxes ?? []) {
    const color = cssColor(b.border_color ?? b.bg_color, "#2962FF");
    add(color, [{ time: b.time1, price: b.top }, { time: b.time2, price: b.top }]);
    add(color, [{ time: b.time1, price: b.bottom }, { time: b.time2, price: b.bottom }]);
  }
  for (const p of d.polylines ?? []) add(cssColor(p.line_color, "#2962FF"), p.points);
  return { markers: markers.sort((a, b) => a.time - b.time), segments, outside };
}
