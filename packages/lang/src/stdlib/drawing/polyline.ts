// chart.point.* and polyline.*: points of a chart (a bar index, a time and a price) and the
// polylines drawn through them (TradingView's reference order of parameters). A polyline keeps
// a copy of its points, as TradingView's does: changing the array afterwards changes nothing.

import { builtinFunction, builtinVariable } from "../../builtins/record";
import { PineArray } from "../array";
import { AT, lifecycle, NA_NUM } from "./emit";

/** A chart.point: na fields are NaN. */
export interface ChartPoint {
  time: number;
  index: number;
  price: number;
}

export function point(time: number, index: number, price: number): ChartPoint {
  return { time, index, price };
}

/**
 * The points of a polyline: the array's first `most` non-na points, copied (a polyline connects at
 * most that many, store.ts MOST_POLYLINE_POINTS). An na array (`polyline.new(na)`, which scripts
 * write to give a user-defined type's polyline field a first value) has no points.
 */
export function points(a: PineArray<ChartPoint | null> | null, most: number): ChartPoint[] {
  if (!(a instanceof PineArray)) return [];
  const out: ChartPoint[] = [];
  for (const p of a.v) {
    if (out.length >= most) break;
    if (p !== null && typeof p === "object") out.push({ ...p });
  }
  return out;
}

export const chartPointNew = builtinFunction({
  sig: "chart.point.new(time: series int, index: series int, price: series float): chart.point",
  doc: "A point at a time (Unix ms), a bar index and a price: its fields `time`, `index` and `price` (read and assigned as `p.price`).",
  emit: (b) => `$rt.draw.point(${b.a("time")}, ${b.a("index")}, ${b.a("price")})`,
});
export const chartPointFromIndex = builtinFunction({
  sig: "chart.point.from_index(index: series int, price: series float): chart.point",
  doc: "A point at a bar index and a price (its time na).",
  emit: (b) => `$rt.draw.point(NaN, ${b.a("index")}, ${b.a("price")})`,
});
export const chartPointFromTime = builtinFunction({
  sig: "chart.point.from_time(time: series int, price: series float): chart.point",
  doc: "A point at a time (Unix ms) and a price (its bar index na).",
  emit: (b) => `$rt.draw.point(${b.a("time")}, NaN, ${b.a("price")})`,
});
export const chartPointNow = builtinFunction({
  sig: "chart.point.now(price: series float = close): chart.point",
  doc: "A point at the current bar's time and index and `price`.",
  emit: (b) => `$rt.draw.point($TV[$i] * 1000, $i, ${b.a("price", "$C[$i]")})`,
});
export const chartPointCopy = builtinFunction({
  sig: "chart.point.copy(id: chart.point): chart.point",
  doc: "A copy of the point.",
  emit: (b) => `(${b.a("id")} === null ? null : $rt.draw.point(${b.a("id")}.time, ${b.a("id")}.index, ${b.a("id")}.price))`,
});

export const polylineNew = builtinFunction({
  sig: 'polyline.new(points: array<chart.point>, curved: series bool = false, closed: series bool = false, xloc: series string = "xloc.bar_index", line_color: series color = #2962FF, fill_color: series color = na, line_style: series string = "line.style_solid", line_width: series int = 1, force_overlay: const bool = false): series polyline',
  doc: "A polyline through the points (a copy of them), read by bar index or time (`xloc`); past max_polylines_count the oldest is deleted.",
  emit: (b) => `$rt.draw.add("polyline", {points: $rt.draw.points(${b.a("points")}), curved: ${b.a("curved", "false")}, closed: ${b.a("closed", "false")}, xloc: ${b.a("xloc", '"xloc.bar_index"')}, line_color: ${b.a("line_color", String(0x2962ff * 256))}, fill_color: ${b.a("fill_color", NA_NUM)}, line_style: ${b.a("line_style", '"line.style_solid"')}, line_width: ${b.a("line_width", "1")}, force_overlay: ${b.a("force_overlay", "false")}}, ${AT})`,
});

export const polylineLifecycle = lifecycle("polyline", "polyline").filter((r) => r.name === "polyline.delete");

export const polylineAll = builtinVariable({ name: "polyline.all", type: "series array<polyline>", doc: "Every polyline the script has not deleted, oldest first.", emit: '$rt.draw.all("polyline")' });
