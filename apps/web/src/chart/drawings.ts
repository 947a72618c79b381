// A run's drawings on the price pane as one series primitive of lightweight-charts (the plugin
// API of its version 5: a primitive's pane view gives a renderer that draws on the pane's canvas
// in media pixels). mapping.ts says what to draw (drawingsPlan); this file only places it: a time
// through the chart's bar scale (logicalOf), a price through the candles' price scale. Boxes are
// filled and bordered with their text inside, lines dashed or dotted, extended and with arrows,
// labels as TradingView's balloons, polylines, and fills between two lines (docs/adr/0214);
// polylines with their width and style, curved when asked, and where each label with a tooltip
// was drawn, for the chart to show the tooltip there (docs/adr/0235). Text bold, italic or monospace
// as its drawing says (docs/adr/0242).
import type {
  AutoscaleInfo, IChartApi, IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesApi, ISeriesPrimitive, Logical, SeriesType, Time,
} from "lightweight-charts";
import { barStep, cssFont, logicalOf, type BoxShape, type Dash, type Extend, type LabelShape, type LineShape, type PolylineShape, type Pt, type Shape } from "./mapping";

type Target = Parameters<IPrimitivePaneRenderer["draw"]>[0];
type XY = { x: number; y: number };
/** A drawn label's place in the pane's media pixels (its balloon or shape and text). */
export type Rect = { x: number; y: number; w: number; h: number };

const FONT = "-apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif";

function setDash(ctx: CanvasRenderingContext2D, dash: Dash, width: number): void {
  ctx.setLineDash(dash === "dashed" ? [4 * width, 3 * width] : dash === "dotted" ? [width, 2 * width] : []);
}

/** The segment a..b lengthened to beyond the pane's edges on its extended sides. */
function extended(a: XY, b: XY, extend: Extend, width: number): [XY, XY] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (extend === "none" || (dx === 0 && dy === 0)) return [a, b];
  // far enough: past either edge of the pane, in units of the segment
  const k = (width * 4 + 1e4) / Math.max(1, Math.hypot(dx, dy));
  const back = extend === "left" || extend === "both";
  const ahead = extend === "right" || extend === "both";
  // "left" and "right" are sides of the chart, not ends of the segment
  const leftFirst = a.x <= b.x;
  const start = (leftFirst ? back : ahead) ? { x: a.x - dx * k, y: a.y - dy * k } : a;
  const end = (leftFirst ? ahead : back) ? { x: b.x + dx * k, y: b.y + dy * k } : b;
  return [start, end];
}

function arrowHead(ctx: CanvasRenderingContext2D, from: XY, to: XY, width: number): void {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const size = 6 + 2 * width;
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(to.x - size * Math.cos(angle - Math.PI / 7), to.y - size * Math.sin(angle - Math.PI / 7));
  ctx.lineTo(to.x - size * Math.cos(angle + Math.PI / 7), to.y - size * Math.sin(angle + Math.PI / 7));
  ctx.closePath();
  ctx.fill();
}

/** A smooth curve through every point (Catmull-Rom as cubic Béziers), closed back to the first when asked. */
function curveThrough(ctx: CanvasRenderingContext2D, p: readonly XY[], closed: boolean): void {
  const n = p.length;
  const at = (i: number): XY => (closed ? (p[(i + n) % n] as XY) : (p[Math.max(0, Math.min(n - 1, i))] as XY));
  const first = p[0] as XY;
  ctx.moveTo(first.x, first.y);
  for (let i = 0; i < (closed ? n : n - 1); i += 1) {
    const [a, b, c, d] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    ctx.bezierCurveTo(b.x + (c.x - a.x) / 6, b.y + (c.y - a.y) / 6, c.x - (d.x - b.x) / 6, c.y - (d.y - b.y) / 6, c.x, c.y);
  }
  if (closed) ctx.closePath();
}

class Renderer implements IPrimitivePaneRenderer {
  constructor(private readonly owner: DrawingsPrimitive) {}

  draw(target: Target): void {
    this.owner.placed.clear();
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      for (const s of this.owner.shapes) {
        ctx.save();
        try {
          this.shape(ctx, s, mediaSize.width);
        } finally {
          ctx.restore();
        }
      }
    });
    this.owner.onDrawn?.();
  }

  private shape(ctx: CanvasRenderingContext2D, s: Shape, width: number): void {
    switch (s.kind) {
      case "line": return this.line(ctx, s, width);
      case "box": return this.box(ctx, s, width);
      case "label": return this.label(ctx, s);
      case "polyline": return this.polyline(ctx, s);
      case "linefill": {
        const a = this.ends(s.a, width);
        const b = this.ends(s.b, width);
        if (!a || !b) return;
        ctx.beginPath();
        ctx.moveTo(a[0].x, a[0].y);
        ctx.lineTo(a[1].x, a[1].y);
        ctx.lineTo(b[1].x, b[1].y);
        ctx.lineTo(b[0].x, b[0].y);
        ctx.closePath();
        ctx.fillStyle = s.color;
        ctx.fill();
        return;
      }
    }
  }

  /** docs/adr/0235: a polyline with its line_width and line_style (dashes, dots, arrows at its ends), curved through its points when asked. */
  private polyline(ctx: CanvasRenderingContext2D, s: PolylineShape): void {
    const pts = s.points.map((p) => this.owner.xy(p));
    if (pts.some((p) => p === null)) return;
    const path = pts as XY[];
    ctx.beginPath();
    if (s.curved && path.length > 2) curveThrough(ctx, path, s.closed);
    else {
      path.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      if (s.closed) ctx.closePath();
    }
    if (s.fill) { ctx.fillStyle = s.fill; ctx.fill(); }
    if (!s.line) return;
    ctx.strokeStyle = s.line;
    ctx.fillStyle = s.line;
    ctx.lineWidth = s.width;
    setDash(ctx, s.dash, s.width);
    ctx.stroke();
    ctx.setLineDash([]);
    const n = path.length;
    if (s.arrowEnd && n >= 2) arrowHead(ctx, path[n - 2] as XY, path[n - 1] as XY, s.width);
    if (s.arrowStart && n >= 2) arrowHead(ctx, path[1] as XY, path[0] as XY, s.width);
  }

  /** A line's two drawn ends (left to right as placed), lengthened by its extension. */
  private ends(l: LineShape, width: number): [XY, XY] | null {
    const a = this.owner.xy(l.a);
    const b = this.owner.xy(l.b);
    if (!a || !b) return null;
    return extended(a, b, l.extend, width);
  }

  private line(ctx: CanvasRenderingContext2D, l: LineShape, width: number): void {
    const a = this.owner.xy(l.a);
    const b = this.owner.xy(l.b);
    const ends = this.ends(l, width);
    if (!a || !b || !ends) return;
    ctx.strokeStyle = l.color;
    ctx.fillStyle = l.color;
    ctx.lineWidth = l.width;
    setDash(ctx, l.dash, l.width);
    ctx.beginPath();
    ctx.moveTo(ends[0].x, ends[0].y);
    ctx.lineTo(ends[1].x, ends[1].y);
    ctx.stroke();
    ctx.setLineDash([]);
    if (l.arrowEnd) arrowHead(ctx, a, b, l.width);
    if (l.arrowStart) arrowHead(ctx, b, a, l.width);
  }

  private box(ctx: CanvasRenderingContext2D, b: BoxShape, width: number): void {
    const o = this.owner;
    const tl = o.xy({ time: b.left, price: b.top });
    const br = o.xy({ time: b.right, price: b.bottom });
    if (!tl || !br) return;
    const left = b.extend === "left" || b.extend === "both" ? -1 : tl.x;
    const right = b.extend === "right" || b.extend === "both" ? width + 1 : br.x;
    const [x, y, w, h] = [left, tl.y, right - left, br.y - tl.y];
    if (b.fill) { ctx.fillStyle = b.fill; ctx.fillRect(x, y, w, h); }
    if (b.border && b.borderWidth > 0) {
      ctx.strokeStyle = b.border;
      ctx.lineWidth = b.borderWidth;
      setDash(ctx, b.dash, b.borderWidth);
      ctx.strokeRect(x, y, w, h);
      ctx.setLineDash([]);
    }
    if (b.text && b.textColor) {
      // the text of the box without its extension, as TradingView places it
      const [bx, bw] = [tl.x, br.x - tl.x];
      const lines = b.text.split("\n");
      const size = b.textSize === "auto" ? Math.max(6, Math.min(24, Math.floor(Math.abs(h) / (lines.length + 1)))) : b.textSize;
      ctx.font = cssFont(size, b.face, FONT);
      ctx.fillStyle = b.textColor;
      ctx.textAlign = b.halign;
      ctx.textBaseline = "middle";
      const pad = 4;
      const tx = b.halign === "left" ? bx + pad : b.halign === "right" ? bx + bw - pad : bx + bw / 2;
      const block = lines.length * size * 1.2;
      const top = b.valign === "top" ? y + pad : b.valign === "bottom" ? y + h - pad - block : y + (h - block) / 2;
      ctx.beginPath();
      ctx.rect(bx, y, bw, h);
      ctx.clip();
      lines.forEach((line, i) => ctx.fillText(line, tx, top + (i + 0.5) * size * 1.2));
    }
  }

  private label(ctx: CanvasRenderingContext2D, l: LabelShape): void {
    const p = this.owner.xy(l.at);
    if (!p) return;
    const size = l.textSize;
    ctx.font = cssFont(size, l.face, FONT);
    const lines = l.text === "" ? [] : l.text.split("\n");
    const textW = Math.max(0, ...lines.map((t) => ctx.measureText(t).width));
    const textH = lines.length * size * 1.2;
    const pad = 5;
    const pointer = 6;
    const style = l.style;
    ctx.textBaseline = "middle";
    ctx.textAlign = "center";
    const writeText = (cx: number, cy: number): void => {
      if (!l.textColor || lines.length === 0) return;
      ctx.fillStyle = l.textColor;
      lines.forEach((t, i) => ctx.fillText(t, cx, cy - textH / 2 + (i + 0.5) * size * 1.2));
    };
    // docs/adr/0235: where a label with a tooltip was drawn, for the chart to show its tooltip there
    const place = (r: Rect): void => { if (l.tooltip !== "") this.owner.placed.set(l, r); };
    if (style === "none") {
      place({ x: p.x - textW / 2 - 2, y: p.y - textH / 2 - 2, w: textW + 4, h: textH + 4 });
      return writeText(p.x, p.y);
    }
    const balloon = /^label_/.test(style) || style === "text_outline";
    if (balloon) {
      const w = Math.max(textW + 2 * pad, 2 * pointer + 4);
      const h = Math.max(textH + 2 * pad, size + 2 * pad);
      // the point is where the pointer ends; the body lies on the other side
      let cx = p.x;
      let cy = p.y;
      if (style === "label_down" || style === "label_lower_left" || style === "label_lower_right") cy = p.y - pointer - h / 2;
      else if (style === "label_up" || style === "label_upper_left" || style === "label_upper_right") cy = p.y + pointer + h / 2;
      else if (style === "label_left") cx = p.x + pointer + w / 2;
      else if (style === "label_right") cx = p.x - pointer - w / 2;
      if (style.endsWith("_left") && style !== "label_left") cx = p.x + w / 2 - pointer;
      if (style.endsWith("_right") && style !== "label_right") cx = p.x - w / 2 + pointer;
      if (l.color) {
        ctx.fillStyle = l.color;
        ctx.beginPath();
        ctx.roundRect(cx - w / 2, cy - h / 2, w, h, 3);
        ctx.fill();
        ctx.beginPath();
        if (cy < p.y) { ctx.moveTo(p.x - pointer, cy + h / 2); ctx.lineTo(p.x, p.y); ctx.lineTo(p.x + pointer, cy + h / 2); }
        else if (cy > p.y) { ctx.moveTo(p.x - pointer, cy - h / 2); ctx.lineTo(p.x, p.y); ctx.lineTo(p.x + pointer, cy - h / 2); }
        else if (cx > p.x) { ctx.moveTo(cx - w / 2, p.y - pointer); ctx.lineTo(p.x, p.y); ctx.lineTo(cx - w / 2, p.y + pointer); }
        else if (cx < p.x) { ctx.moveTo(cx + w / 2, p.y - pointer); ctx.lineTo(p.x, p.y); ctx.lineTo(cx + w / 2, p.y + pointer); }
        ctx.closePath();
        ctx.fill();
      }
      place({ x: cx - w / 2, y: cy - h / 2, w, h });
      return writeText(cx, cy);
    }
    // a shape at the point, its text above it (below for the shapes that point up)
    const r = Math.max(4, size / 2);
    if (l.color) {
      ctx.fillStyle = l.color;
      ctx.strokeStyle = l.color;
      ctx.lineWidth = 2;
      ctx.beginPath();
      switch (style) {
        case "circle": ctx.arc(p.x, p.y, r, 0, 2 * Math.PI); ctx.fill(); break;
        case "square": ctx.fillRect(p.x - r, p.y - r, 2 * r, 2 * r); break;
        case "diamond": ctx.moveTo(p.x, p.y - r); ctx.lineTo(p.x + r, p.y); ctx.lineTo(p.x, p.y + r); ctx.lineTo(p.x - r, p.y); ctx.fill(); break;
        case "triangleup": case "arrowup": ctx.moveTo(p.x, p.y - r); ctx.lineTo(p.x + r, p.y + r); ctx.lineTo(p.x - r, p.y + r); ctx.fill(); break;
        case "triangledown": case "arrowdown": ctx.moveTo(p.x, p.y + r); ctx.lineTo(p.x + r, p.y - r); ctx.lineTo(p.x - r, p.y - r); ctx.fill(); break;
        case "cross": ctx.moveTo(p.x - r, p.y); ctx.lineTo(p.x + r, p.y); ctx.moveTo(p.x, p.y - r); ctx.lineTo(p.x, p.y + r); ctx.stroke(); break;
        case "xcross": ctx.moveTo(p.x - r, p.y - r); ctx.lineTo(p.x + r, p.y + r); ctx.moveTo(p.x + r, p.y - r); ctx.lineTo(p.x - r, p.y + r); ctx.stroke(); break;
        case "flag": ctx.fillRect(p.x, p.y - r, r * 1.5, r); ctx.fillRect(p.x - 1, p.y - r, 2, 2 * r); break;
        default: ctx.arc(p.x, p.y, r, 0, 2 * Math.PI); ctx.fill();
      }
    }
    const up = style === "triangleup" || style === "arrowup";
    const textY = up ? p.y + r + 4 + textH / 2 : p.y - r - 4 - textH / 2;
    const [top, bottom] = [Math.min(p.y - r, textY - textH / 2), Math.max(p.y + r, textY + textH / 2)];
    const half = Math.max(r, textW / 2);
    place({ x: p.x - half, y: top, w: 2 * half, h: bottom - top });
    writeText(p.x, textY);
  }
}

class View implements IPrimitivePaneView {
  private readonly drawer: Renderer;
  constructor(owner: DrawingsPrimitive) { this.drawer = new Renderer(owner); }
  renderer(): IPrimitivePaneRenderer { return this.drawer; }
}

/** Every drawing of the run on the price pane, attached to the candles. */
export class DrawingsPrimitive implements ISeriesPrimitive<Time> {
  private readonly views: readonly IPrimitivePaneView[];
  private chart: IChartApi | null = null;
  private series: ISeriesApi<SeriesType> | null = null;
  /** Each shape's bars (logical from, to) and prices, for the price scale. */
  private readonly extents: Array<{ from: number; to: number; low: number; high: number }>;
  /** Each drawn time's place on the bar scale (times do not move; the chart redraws at each crosshair move). */
  private readonly logical = new Map<number, number>();
  private readonly step: number;
  /** The labels with a tooltip drawn at the last paint, and where (docs/adr/0235). */
  readonly placed = new Map<LabelShape, Rect>();
  /** Called after each paint of the pane (the chart moved, zoomed, resized or rescaled). */
  onDrawn: (() => void) | null = null;

  constructor(readonly shapes: readonly Shape[], private readonly times: readonly number[]) {
    this.views = [new View(this)];
    this.step = barStep(times);
    this.extents = shapes.map((s) => this.extent(s));
  }

  attached(param: { chart: IChartApi; series: ISeriesApi<SeriesType> }): void {
    this.chart = param.chart;
    this.series = param.series;
  }

  detached(): void {
    this.chart = null;
    this.series = null;
  }

  paneViews(): readonly IPrimitivePaneView[] { return this.views; }

  /** A chart place in the pane's media pixels; null off the scales (no candles yet). */
  xy(p: Pt): XY | null {
    if (!this.chart || !this.series) return null;
    const x = this.chart.timeScale().logicalToCoordinate(this.place(p.time) as Logical);
    const y = this.series.priceToCoordinate(p.price);
    return x === null || y === null ? null : { x, y };
  }

  private place(time: number): number {
    let at = this.logical.get(time);
    if (at === undefined) this.logical.set(time, (at = logicalOf(this.times, time, this.step)));
    return at;
  }

  private extent(s: Shape): { from: number; to: number; low: number; high: number } {
    const pts: Pt[] = s.kind === "line" ? [s.a, s.b]
      : s.kind === "box" ? [{ time: s.left, price: s.top }, { time: s.right, price: s.bottom }]
      : s.kind === "label" ? [s.at]
      : s.kind === "polyline" ? s.points
      : [s.a.a, s.a.b, s.b.a, s.b.b];
    const xs = pts.map((p) => this.place(p.time));
    const ys = pts.map((p) => p.price);
    return { from: Math.min(...xs), to: Math.max(...xs), low: Math.min(...ys), high: Math.max(...ys) };
  }

  /** The prices of the drawings among the bars in view stay in the price scale, as hlines do
   * (docs/adr/0154, docs/adr/0214): a box drawn above the candles is seen, not cut off. */
  autoscaleInfo(start: Logical, end: Logical): AutoscaleInfo | null {
    let low = Infinity;
    let high = -Infinity;
    for (const e of this.extents) {
      if (e.to < start || e.from > end) continue;
      low = Math.min(low, e.low);
      high = Math.max(high, e.high);
    }
    return Number.isFinite(low) ? { priceRange: { minValue: low, maxValue: high } } : null;
  }
}
