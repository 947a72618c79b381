// The run's chart with TradingView's lightweight-charts: candles of the run's bars, each output
// as its Interface says (mapping.ts), hlines as price lines, events as markers, and the run's
// drawings as one primitive on the price pane (drawings.ts). A legend names every output and shows its value under the crosshair.
// Over the panes, in HTML (overlay.tsx, docs/adr/0235): the run's tables at their position in their
// pane, and the tooltips of labels that have one, placed after each paint of the chart.
import { useEffect, useRef, useState } from "preact/hooks";
import {
  AreaSeries, CandlestickSeries, createChart, createSeriesMarkers, HistogramSeries, LineSeries, LineStyle, LineType,
  type AutoscaleInfo, type IChartApi, type ISeriesApi, type SeriesType, type Time, type UTCTimestamp,
} from "lightweight-charts";
import { DrawingsPrimitive, type Rect } from "./drawings";
import type { ChartPlan, HlinePlan, Marker, SeriesPlan, Shape, TablePlan } from "./mapping";
import { ChartTable, LabelTip, type PaneBox } from "./overlay";

/** The price scale's format at `precision` decimals (the library's default is two). */
const priceFormat = (precision: number): { type: "price"; precision: number; minMove: number } => ({ type: "price", precision, minMove: 10 ** -precision });

function addOutput(chart: IChartApi, s: SeriesPlan, precision: number): ISeriesApi<SeriesType> {
  const common = { color: s.color, title: "", priceLineVisible: false, lastValueVisible: true, priceFormat: priceFormat(precision) };
  // plot's linestyle (docs/adr/0242) on the series drawn as a line
  const lineStyle = s.dash === "dashed" ? LineStyle.Dashed : s.dash === "dotted" ? LineStyle.Dotted : LineStyle.Solid;
  const data = s.data.map((p) => ({ ...p, time: p.time as UTCTimestamp }));
  let series: ISeriesApi<SeriesType>;
  switch (s.kind) {
    case "histogram": series = chart.addSeries(HistogramSeries, { ...common }, s.pane); break;
    case "area": series = chart.addSeries(AreaSeries, { ...common, lineColor: s.color, lineStyle, topColor: s.color, bottomColor: "rgba(0, 0, 0, 0)" }, s.pane); break;
    case "step": series = chart.addSeries(LineSeries, { ...common, lineType: LineType.WithSteps, lineWidth: 2, lineStyle }, s.pane); break;
    case "points": series = chart.addSeries(LineSeries, { ...common, lineVisible: false, pointMarkersVisible: true }, s.pane); break;
    default: series = chart.addSeries(LineSeries, { ...common, lineWidth: 2, lineStyle }, s.pane);
  }
  series.setData(data);
  return series;
}

type Host = ISeriesApi<SeriesType>;

/** A pane's hlines hang on a series of that pane: the candles on the price pane, else the pane's
 * first output. A script in its own pane with hlines and no plots still gets that pane, as on
 * TradingView (ADR 0154): an unseen line at a level's price over every bar holds its levels. */
function paneHosts(chart: IChartApi, candles: Host, outputs: Array<{ plan: SeriesPlan; api: Host }>, plan: ChartPlan): Map<number, Host> {
  const hosts = new Map<number, Host>([[0, candles]]);
  for (const o of outputs) if (!hosts.has(o.plan.pane)) hosts.set(o.plan.pane, o.api);
  for (const h of plan.hlines) {
    if (hosts.has(h.pane)) continue;
    const levels = chart.addSeries(LineSeries, {
      color: "rgba(0, 0, 0, 0)", lineVisible: false, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false,
    }, h.pane);
    levels.setData(plan.candles.map((c) => ({ time: c.time as UTCTimestamp, value: h.price })));
    hosts.set(h.pane, levels);
  }
  return hosts;
}

/** Every hline's price stays in its pane's autoscaled range, as on TradingView (ADR 0154):
 * a level far from the values (hline(150) over prices near 500) is drawn, not left off screen. */
function includeHlines(hosts: Map<number, Host>, hlines: HlinePlan[]): void {
  const byPane = new Map<number, number[]>();
  for (const h of hlines) byPane.set(h.pane, [...(byPane.get(h.pane) ?? []), h.price]);
  for (const [pane, prices] of byPane) {
    const [low, high] = [Math.min(...prices), Math.max(...prices)];
    hosts.get(pane)?.applyOptions({
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null): AutoscaleInfo => {
        const range = original()?.priceRange;
        return { priceRange: range ? { minValue: Math.min(range.minValue, low), maxValue: Math.max(range.maxValue, high) } : { minValue: low, maxValue: high } };
      },
    });
  }
}

export interface ChartProps {
  plan: ChartPlan;
  markers: Marker[];
  shapes: Shape[];
  /** The run's tables (tablePlan), drawn over their pane. */
  tables: TablePlan[];
  intraday: boolean;
  /** The time zone of an intraday chart's times (docs/adr/0364); null for daily and weekly bars. */
  zone: string | null;
  label: string;
}

interface TipPlace { key: string; pane: number; rect: Rect; text: string; tooltip: string }
/** Where the overlay goes: each pane that holds drawings, and each label tooltip's label in its pane. */
/** `lowest`: the chart's lowest pane, which holds the library's attribution logo. */
interface Overlay { panes: Array<[number, PaneBox]>; tips: TipPlace[]; lowest: number }

/** A pane's box in the stage: its row's top, the left price scale's width, the pane's size. */
function paneBox(chart: IChartApi, stage: DOMRect, pane: number): PaneBox | null {
  const row = chart.panes()[pane]?.getHTMLElement();
  if (!row) return null;
  const r = row.getBoundingClientRect();
  const size = chart.paneSize(pane);
  return { top: r.top - stage.top, left: r.left - stage.left + chart.priceScale("left").width(), width: size.width, height: size.height };
}

/** Each output's value on the last bar that has one (na bars after it skipped). */
function lastValues(plan: ChartPlan): Record<string, number | undefined> {
  const out: Record<string, number | undefined> = {};
  for (const s of plan.series) {
    for (let i = s.data.length - 1; i >= 0; i -= 1) {
      const p = s.data[i];
      if (p && "value" in p) { out[s.name] = p.value; break; }
    }
  }
  return out;
}

/** Each event name the markers show, with its marker color and how many there are, in the order first met. */
function eventKeys(markers: readonly Marker[]): Array<{ name: string; color: string; count: number }> {
  const keys = new Map<string, { name: string; color: string; count: number }>();
  for (const m of markers) {
    const key = keys.get(m.text) ?? { name: m.text, color: m.color, count: 0 };
    key.count += 1;
    keys.set(m.text, key);
  }
  return [...keys.values()];
}

/** A chart time (already on the chart's clock) as the legend says it: "2011-03-01 09:31", a day's bar "2011-03-01". */
function barLabel(time: number, intraday: boolean): string {
  const iso = new Date(time * 1000).toISOString();
  return intraday ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}

export function RunChart(props: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  // off the chart the legend gives each output's last value, as TradingView's legend does
  const [values, setValues] = useState<Record<string, number | undefined>>(() => lastValues(props.plan));
  // the bar under the crosshair, in the chart's clock (docs/adr/0364)
  const [hovered, setHovered] = useState<number | null>(null);
  const [overlay, setOverlay] = useState<Overlay>({ panes: [], tips: [], lowest: 0 });
  // a pane script's tables are in its pane, those made with force_overlay on the price pane
  const tablePane = (t: TablePlan): number => (t.onPrice ? 0 : props.plan.pane);

  useEffect(() => {
    if (!host.current) return;
    const chart = createChart(host.current, {
      autoSize: true,
      layout: { background: { color: "#ffffff" }, textColor: "#1a1f2b", attributionLogo: true },
      grid: { vertLines: { color: "#eef0f4" }, horzLines: { color: "#eef0f4" } },
      timeScale: { timeVisible: props.intraday, secondsVisible: false },
    });
    const candles = chart.addSeries(CandlestickSeries, { priceFormat: priceFormat(props.plan.precision), upColor: "#089981", downColor: "#F23645", wickUpColor: "#089981", wickDownColor: "#F23645", borderVisible: false });
    candles.setData(props.plan.candles.map((c) => ({ ...c, time: c.time as UTCTimestamp })));
    const outputs = props.plan.series.map((s) => ({ plan: s, api: addOutput(chart, s, props.plan.precision) }));
    const hosts = paneHosts(chart, candles, outputs, props.plan);
    for (const h of props.plan.hlines) {
      hosts.get(h.pane)?.createPriceLine({ price: h.price, color: h.color, lineStyle: LineStyle.Dashed, lineWidth: 1, axisLabelVisible: true, title: h.title });
    }
    includeHlines(hosts, props.plan.hlines);
    // a script's drawings are drawn in its own pane, those made with force_overlay on the price pane
    const times = props.plan.candles.map((c) => c.time);
    const onPrice = props.shapes.filter((s) => s.onPrice || props.plan.pane === 0);
    const inPane = props.shapes.filter((s) => !s.onPrice && props.plan.pane !== 0);
    const primitives: Array<{ pane: number; drawn: DrawingsPrimitive }> = [];
    if (onPrice.length > 0 || props.tables.some((t) => tablePane(t) === 0)) {
      const drawn = new DrawingsPrimitive(onPrice, times);
      candles.attachPrimitive(drawn);
      primitives.push({ pane: 0, drawn });
    }
    if (inPane.length > 0 || props.tables.some((t) => tablePane(t) !== 0)) {
      let host = hosts.get(props.plan.pane);
      if (!host) {
        // a pane indicator that only draws: an unseen line at one of its drawings' prices over every
        // bar holds its pane (a series without values has no price scale to place them on)
        const first = inPane[0];
        const price = !first ? 0 : first.kind === "line" ? first.a.price : first.kind === "box" ? first.top : first.kind === "label" ? first.at.price : first.kind === "polyline" ? (first.points[0]?.price ?? 0) : first.a.a.price;
        host = chart.addSeries(LineSeries, { color: "rgba(0, 0, 0, 0)", lineVisible: false, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false }, props.plan.pane);
        host.setData(props.plan.candles.map((c) => ({ time: c.time as UTCTimestamp, value: price })));
        hosts.set(props.plan.pane, host);
      }
      const drawn = new DrawingsPrimitive(inPane, times);
      host.attachPrimitive(drawn);
      primitives.push({ pane: props.plan.pane, drawn });
    }
    // after each paint: where the panes are and where the labels with a tooltip were drawn
    let frame = 0;
    let last = "";
    const place = (): void => {
      frame = 0;
      if (!stage.current) return;
      const box = stage.current.getBoundingClientRect();
      const panes: Array<[number, PaneBox]> = [];
      const tips: TipPlace[] = [];
      for (const { pane, drawn } of primitives) {
        const at = paneBox(chart, box, pane);
        if (!at) continue;
        panes.push([pane, at]);
        let i = 0;
        for (const [label, rect] of drawn.placed) {
          i += 1;
          // a label scrolled out of the pane has no tooltip to reach
          if (rect.x + rect.w <= 0 || rect.x >= at.width || rect.y + rect.h <= 0 || rect.y >= at.height) continue;
          tips.push({ key: `${pane}-${i}`, pane, rect, text: label.text, tooltip: label.tooltip });
        }
      }
      const next = { panes, tips, lowest: chart.panes().length - 1 };
      const key = JSON.stringify(next);
      if (key !== last) { last = key; setOverlay(next); }
    };
    for (const { drawn } of primitives) drawn.onDrawn = () => { if (frame === 0) frame = requestAnimationFrame(place); };
    if (props.markers.length > 0) createSeriesMarkers(candles, props.markers.map((m) => ({ ...m, time: m.time as Time })));
    if (hosts.has(1)) chart.panes()[1]?.setHeight(180);
    chart.timeScale().fitContent();
    setValues(lastValues(props.plan));
    chart.subscribeCrosshairMove((param) => {
      if (param.time === undefined) {
        setValues(lastValues(props.plan));
        setHovered(null);
        return;
      }
      const next: Record<string, number | undefined> = {};
      for (const o of outputs) {
        const d = param.seriesData.get(o.api) as { value?: number } | undefined;
        next[o.plan.name] = d?.value;
      }
      setValues(next);
      setHovered(typeof param.time === "number" ? param.time : null);
    });
    return () => {
      cancelAnimationFrame(frame);
      for (const { drawn } of primitives) drawn.onDrawn = null;
      chart.remove();
    };
  }, [props.plan, props.markers, props.shapes, props.tables, props.intraday]);

  const boxes = new Map(overlay.panes);
  return (
    <figure class="chart-figure" aria-label={props.label}>
      <div class="chart-stage" ref={stage}>
        <div class="chart" ref={host} />
        {overlay.panes.map(([pane, box]) => (
          <div class="chart-layer" key={pane} style={{ top: box.top, left: box.left, width: box.width, height: box.height }}>
            {props.tables.map((t, i) => (tablePane(t) === pane ? <ChartTable key={i} plan={t} pane={box} logo={pane === overlay.lowest} /> : null))}
          </div>
        ))}
        {overlay.tips.map((t) => {
          const box = boxes.get(t.pane);
          return box ? <LabelTip key={t.key} id={`label-tip-${t.key}`} rect={t.rect} pane={box} text={t.text} tooltip={t.tooltip} /> : null;
        })}
      </div>
      <figcaption>
        {props.zone ? <p class="muted chart-zone">Chart times in {props.zone}</p> : null}
        <ul class="legend" aria-label="Legend">
          {hovered !== null ? <li class="legend-time">{barLabel(hovered, props.intraday)}</li> : null}
          {eventKeys(props.markers).map((e) => (
            <li key={`event-${e.name}`} class="legend-event">
              <span class="swatch" style={{ background: e.color }} aria-hidden="true" />
              <span class="legend-name">{e.name}</span> <span class="muted">({e.count === 1 ? "1 event" : `${e.count.toLocaleString("en-US")} events`})</span>
            </li>
          ))}
          {props.plan.series.map((s) => (
            <li key={s.name}>
              <span class="swatch" style={{ background: s.color }} aria-hidden="true" />
              <span class="legend-name">{s.title}</span>
              {s.title !== s.name ? <code class="muted"> {s.name}</code> : null}
              {values[s.name] !== undefined ? <span class="legend-value"> {values[s.name]?.toFixed(props.plan.precision)}</span> : null}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
