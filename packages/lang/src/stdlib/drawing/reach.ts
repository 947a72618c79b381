// Where a drawing may be placed by bar index: TradingView's limits on how far past the chart's last
// bar and how far before the bar placing it an x coordinate may lie, and the runtime errors past them.

import { BAR_BUFFER_LIMIT, fail } from "../../runtime/errors";
import { X_FIELDS, type DrawingKind } from "./kinds";
import type { ChartPoint } from "./polyline";

/**
 * How far past the chart's last bar a drawing may be placed by bar index: TradingView's user
 * manual (Lines and boxes, Limitations) and the reference of label.new, line.new, box.new and their
 * x setters: "objects positioned using xloc.bar_index cannot be drawn further than 500 bars into
 * the future"; further is its runtime error, FUTURE_MESSAGE. The future is the chart's: past its
 * last bar, not past the bar the script runs on, as public scripts drawing at `last_bar_index + n`
 * on every historical bar run on TradingView (docs/adr/0299).
 */
export const MOST_FUTURE_BARS = 500;
export const FUTURE_MESSAGE = "Objects positioned using xloc.bar_index cannot be drawn further than 500 bars into the future.";

/**
 * How far before the bar placing it a drawing may be placed by bar index: TradingView's user
 * manual (Limitations, "Maximum bars back": "Drawings using xloc.bar_index can be positioned a
 * maximum of 10,000 bars in the past"; Lines and boxes: "the minimum x-coordinate allowed is
 * `bar_index - 10000`"), the reach of the `time` series' buffer a bar-index x is read through
 * (BAR_BUFFER_LIMIT). Further is its runtime error (RE10026), pastMessage. Counted from the bar the
 * call runs on, as TradingView's FAQ and public error captures count it (docs/adr/0302).
 */
export const MOST_PAST_BARS = BAR_BUFFER_LIMIT;

/** TradingView's message for a bar-index x more than MOST_PAST_BARS before the bar: the argument, its value and the function (docs/adr/0302). */
export function pastMessage(arg: string, x: number, fn: string): string {
  return `Bar index value of the \`${arg}\` argument (${x}) in \`${fn}()\` is too far from the current bar index. Try using \`time\` instead.`;
}

/** Whether `xloc` places x coordinates by time (no bar-index limits apply). */
export function byTime(xloc: unknown): boolean {
  return typeof xloc === "string" && xloc.endsWith("bar_time");
}

/**
 * The runtime error of an x read by `xloc` as a bar index more than MOST_FUTURE_BARS past `lastBar`,
 * the chart's last bar, or more than MOST_PAST_BARS before `bar`, the bar the call runs on; `fn`
 * and `arg` name the call and its argument in the message (na is no place: no error).
 */
export function inReach(x: unknown, xloc: unknown, bar: number, lastBar: number, fn: string, arg: string): void {
  if (typeof x !== "number" || byTime(xloc)) return;
  if (x - lastBar > MOST_FUTURE_BARS) fail(FUTURE_MESSAGE);
  if (bar - x > MOST_PAST_BARS) fail(pastMessage(arg, x, fn));
}

/** Each kind's constructor, as the message of a placement too far names it. */
const NEW_OF: Readonly<Record<DrawingKind, string>> = { label: "label.new", line: "line.new", box: "box.new", polyline: "polyline.new", table: "table.new", linefill: "linefill.new" };

/** A new drawing's x coordinates (its points' for a polyline) checked against the bar placing it and the chart's last bar. */
export function placedInReach(kind: DrawingKind, f: Record<string, unknown>, bar: number, lastBar: number): void {
  const fn = NEW_OF[kind];
  for (const fx of X_FIELDS[kind]) inReach(f[fx], f.xloc, bar, lastBar, fn, fx);
  if (kind === "polyline" && Array.isArray(f.points)) for (const p of f.points as ChartPoint[]) inReach(p.index, f.xloc, bar, lastBar, fn, "points");
}
