// Expected outputs, drawings and log lines of the pivot scripts. Pivots as TradingView's
// ta.pivothigh/ta.pivotlow give them: on the bar `right` bars after a candidate, the candidate's
// value when no bar of the `left` before it is above it (below, for a low) and every one of the
// `right` after it is strictly below (above); na otherwise. A label's text prints a price as
// str.tostring does with no format (these prices have at most four decimals). Shares no code
// with packages/lang.
import type { Bars } from "../../src/types";
import type { Check, Expected } from "./expected";
import * as r from "./reference";

type Series = r.Series;
const { map } = r;

function pivots(x: ArrayLike<number>, left: number, right: number, high: boolean): Series {
  return map(x.length, (i) => {
    const c = i - right;
    if (c - left < 0) return NaN;
    const p = x[c]!;
    for (let k = c - left; k < c; k++) if (high ? x[k]! > p : x[k]! < p) return NaN;
    for (let k = c + 1; k <= i; k++) if (high ? x[k]! >= p : x[k]! <= p) return NaN;
    return p;
  });
}

const has = (v: number): boolean => !Number.isNaN(v);
/** An integer with thousands separators, as str.format's `{n,number,integer}`. */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

function pivotLabels(b: Bars): Expected {
  const ph = pivots(b.high, 5, 5, true);
  const pl = pivots(b.low, 5, 5, false);
  const labels: Array<[number, number, string]> = [];
  const out = { last_pivot_high: map(b.length, () => NaN), last_pivot_low: map(b.length, () => NaN), labels_kept: map(b.length, () => 0), pivot_count_modulo_10: map(b.length, () => 0) };
  let hi = NaN;
  let lo = NaN;
  let count = 0;
  for (let i = 0; i < b.length; i++) {
    if (has(ph[i]!)) {
      labels.push([i - 5, ph[i]!, `H ${String(ph[i])}`]);
      hi = ph[i]!;
      count++;
    }
    if (has(pl[i]!)) {
      labels.push([i - 5, pl[i]!, `L ${String(pl[i])}`]);
      lo = pl[i]!;
      count++;
    }
    while (labels.length > 8) labels.shift();
    out.last_pivot_high[i] = hi;
    out.last_pivot_low[i] = lo;
    out.labels_kept[i] = labels.length;
    out.pivot_count_modulo_10[i] = count % 10;
  }
  return { outputs: out, labels };
}

interface Level {
  id: number;
  x1: number;
  y: number;
  x2: number;
}

function srLines(b: Bars): Expected {
  const len = 6;
  const ph = pivots(b.high, len, len, true);
  const pl = pivots(b.low, len, len, false);
  let res: Level[] = [];
  let sup: Level[] = [];
  let id = 0;
  const out = { nearest_resistance: map(b.length, () => NaN), nearest_support: map(b.length, () => NaN), active_lines: map(b.length, () => 0), broken_up_minus_down: map(b.length, () => 0) };
  for (let i = 0; i < b.length; i++) {
    const c = b.close[i]!;
    const up = res.filter((l) => c > l.y).length;
    const down = sup.filter((l) => c < l.y).length;
    res = res.filter((l) => !(c > l.y));
    sup = sup.filter((l) => !(c < l.y));
    if (has(ph[i]!)) {
      res.push({ id: id++, x1: i - len, y: ph[i]!, x2: i });
      if (res.length > 5) res.shift();
    }
    if (has(pl[i]!)) {
      sup.push({ id: id++, x1: i - len, y: pl[i]!, x2: i });
      if (sup.length > 5) sup.shift();
    }
    const above = res.filter((l) => l.y > c).map((l) => l.y);
    const below = sup.filter((l) => l.y < c).map((l) => l.y);
    out.nearest_resistance[i] = above.length > 0 ? Math.min(...above) : NaN;
    out.nearest_support[i] = below.length > 0 ? Math.max(...below) : NaN;
    out.active_lines[i] = res.length + sup.length;
    out.broken_up_minus_down[i] = up - down;
  }
  const lines = [...res, ...sup].sort((p, q) => p.id - q.id).map((l): [number, number, number, number] => [l.x1, l.y, l.x2, l.y]);
  return { outputs: out, lines };
}

interface Zone {
  left: number;
  top: number;
  right: number;
  bottom: number;
  demand: boolean;
}

function demandBoxes(b: Bars): Expected {
  const len = 5;
  const pl = pivots(b.low, len, len, false);
  const ph = pivots(b.high, len, len, true);
  let zones: Zone[] = [];
  const out = { zones: map(b.length, () => 0), demand_zones: map(b.length, () => 0), highest_demand_top: map(b.length, () => NaN) };
  for (let i = 0; i < b.length; i++) {
    const c = b.close[i]!;
    zones = zones.filter((z) => !(z.demand ? c < z.bottom : c > z.top));
    for (const z of zones) z.right = i;
    const j = i - len;
    if (has(pl[i]!)) zones.push({ left: j, top: Math.max(b.open[j]!, b.close[j]!), right: i, bottom: pl[i]!, demand: true });
    if (has(ph[i]!)) zones.push({ left: j, top: ph[i]!, right: i, bottom: Math.min(b.open[j]!, b.close[j]!), demand: false });
    while (zones.length > 6) zones.shift();
    const demand = zones.filter((z) => z.demand);
    out.zones[i] = zones.length;
    out.demand_zones[i] = demand.length;
    out.highest_demand_top[i] = demand.length > 0 ? Math.max(...demand.map((z) => z.top)) : NaN;
  }
  return { outputs: out, boxes: zones.map((z): [number, number, number, number, string] => [z.left, z.top, z.right, z.bottom, z.demand ? "D" : "S"]) };
}

function zigzag(b: Bars): Expected {
  const depth = 4;
  const ph = pivots(b.high, depth, depth, true);
  const pl = pivots(b.low, depth, depth, false);
  const segs: Array<[number, number, number, number]> = [];
  let dir = 0;
  let x = NaN;
  let y = NaN;
  let swing = NaN;
  const add = (d: number, px: number, py: number): void => {
    if (dir === d) {
      if ((d === 1 && py > y) || (d === -1 && py < y)) {
        const seg = segs[segs.length - 1];
        if (seg) {
          seg[2] = px;
          seg[3] = py;
          swing = (100 * (py - seg[1])) / seg[1];
        }
        x = px;
        y = py;
      }
    } else {
      if (has(x)) {
        segs.push([x, y, px, py]);
        swing = (100 * (py - y)) / y;
      }
      dir = d;
      x = px;
      y = py;
    }
    if (segs.length > 20) segs.shift();
  };
  const out = { last_zigzag_point: map(b.length, () => NaN), direction: map(b.length, () => 0), last_swing_percent: map(b.length, () => NaN) };
  for (let i = 0; i < b.length; i++) {
    if (has(ph[i]!)) add(1, i - depth, ph[i]!);
    if (has(pl[i]!)) add(-1, i - depth, pl[i]!);
    out.last_zigzag_point[i] = y;
    out.direction[i] = dir;
    out.last_swing_percent[i] = swing;
  }
  return { outputs: out, lines: segs };
}

function pivotLog(b: Bars): Expected {
  const len = 8;
  const ph = pivots(b.high, len, len, true);
  const pl = pivots(b.low, len, len, false);
  const logs: Array<[number, string, string]> = [];
  let hi = NaN;
  let lo = NaN;
  const out = { last_pivot_high: map(b.length, () => NaN), last_pivot_low: map(b.length, () => NaN) };
  for (let i = 0; i < b.length; i++) {
    if (has(ph[i]!)) {
      const kind = Number.isNaN(hi) ? "first" : ph[i]! > hi ? "higher" : "lower";
      logs.push([i, "info", `pivot high ${String(ph[i])} at bar ${grouped(i - len)}: ${kind}`]);
      hi = ph[i]!;
    }
    if (has(pl[i]!)) {
      if (has(lo) && pl[i]! < lo) logs.push([i, "warning", `lower low ${String(pl[i])} under ${String(lo)}`]);
      else logs.push([i, "info", `pivot low ${String(pl[i])}`]);
      lo = pl[i]!;
    }
    out.last_pivot_high[i] = hi;
    out.last_pivot_low[i] = lo;
  }
  return { outputs: out, logs: logs.slice(0, 1000) };
}

function trendline(b: Bars): Expected {
  const pl = pivots(b.low, 5, 5, false);
  let x1 = NaN;
  let y1 = NaN;
  let x2 = NaN;
  let y2 = NaN;
  let line: [number, number, number, number] | null = null;
  const out = { trendline_here: map(b.length, () => NaN), close_above_the_line: map(b.length, () => NaN), slope_per_bar: map(b.length, () => NaN) };
  for (let i = 0; i < b.length; i++) {
    if (has(pl[i]!)) {
      x1 = x2;
      y1 = y2;
      x2 = i - 5;
      y2 = pl[i]!;
      if (has(x1)) line = [x1, y1, x2, y2];
    }
    // A line's price at bar x: on the straight line through its two points (extended right).
    const p = line ? line[1] + ((line[3] - line[1]) * (i - line[0])) / (line[2] - line[0]) : NaN;
    out.trendline_here[i] = p;
    out.close_above_the_line[i] = b.close[i]! - p;
    out.slope_per_bar[i] = has(x1) ? (y2 - y1) / (x2 - x1) : NaN;
  }
  return { outputs: out, lines: line ? [line] : [] };
}

function autoLimit(b: Bars): Expected {
  const ph = pivots(b.high, 3, 3, true);
  const lines: Array<[number, number, number, number]> = [];
  const labels: Array<[number, number, string]> = [];
  let x0 = NaN;
  let y0 = NaN;
  let drawn = 0;
  const out = { last_pivot_high: map(b.length, () => NaN), lines_drawn_modulo_25: map(b.length, () => 0) };
  for (let i = 0; i < b.length; i++) {
    if (has(ph[i]!)) {
      const x = i - 3;
      if (has(x0)) {
        lines.push([x0, y0, x, ph[i]!]);
        drawn++;
      }
      labels.push([x, ph[i]!, String(ph[i])]);
      x0 = x;
      y0 = ph[i]!;
    }
    out.last_pivot_high[i] = y0;
    out.lines_drawn_modulo_25[i] = drawn % 25;
  }
  // max_lines_count = 20 and max_labels_count = 30: the newest drawings remain.
  return { outputs: out, lines: lines.slice(-20), labels: labels.slice(-30) };
}

export const DRAWINGS: Record<string, Check> = {
  "pivot_lines_auto_limit.pine": autoLimit,
  "pivot_trendline_price.pine": trendline,
  "pivot_labels_array.pine": pivotLabels,
  "pivot_sr_lines.pine": srLines,
  "pivot_demand_boxes.pine": demandBoxes,
  "zigzag_pivots.pine": zigzag,
  "pivot_log_levels.pine": pivotLog,
};
