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

export interface Drawings {
  labels?: Array<{ time: string; price: number | null; text: string; color: string | null; style?: string }>;
  lines?: Array<{ time1: string; price1: number | null; time2: string; price2: number | null; color: string | null }>;
  polylines?: Array<{ points: Array<{ time: string; price: number | null }>; line_color: string | null }>;
}

export interface Segment { color: string; data: Array<{ time: number; value: number }> }

const secs = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Drawings (labels as markers; lines and polylines as segments) on the price pane. */
export function drawingsPlan(d: Drawings): { markers: Marker[]; segments: Segment[] } {
  const markers: Marker[] = (d.labels ?? []).map((l) => ({
    time: secs(l.time), position: l.style === "label_up" ? "belowBar" : "aboveBar", shape: "circle", color: cssColor(l.color, "#2962FF"), text: l.text,
  }));
  const segments: Segment[] = [];
  for (const l of d.lines ?? []) {
    if (l.price1 === null || l.price2 === null) continue;
    const a = { time: secs(l.time1), value: l.price1 };
    const b = { time: secs(l.time2), value: l.price2 };
    if (a.time === b.time) continue;
    segments.push({ color: cssColor(l.color, "#2962FF"), data: a.time < b.time ? [a, b] : [b, a] });
  }
  for (const p of d.polylines ?? []) {
    const pts = p.points.filter((x) => x.price !== null).map((x) => ({ time: secs(x.time), value: x.price as number }));
    const byTime = new Map(pts.map((x) => [x.time, x]));
    const data = [...byTime.values()].sort((x, y) => x.time - y.time);
    if (data.length > 1) segments.push({ color: cssColor(p.line_color, "#2962FF"), data });
  }
  return { markers: markers.sort((a, b) => a.time - b.time), segments };
}
