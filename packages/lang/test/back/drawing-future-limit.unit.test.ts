// A drawing positioned with xloc.bar_index more than 500 bars past the chart's last bar is
// TradingView's runtime error "Objects positioned using xloc.bar_index cannot be drawn further than
// 500 bars into the future." (its user manual, Lines and boxes > Limitations; the reference of
// label.new, line.new, box.new and their x setters), here the runtime error of that bar (its
// outputs na, the message counted once a bar) (docs/adr/0299). 500 bars past the last bar is
// allowed, 501 is not. Expected values worked by hand on risingBars: bar i has bar_index i and
// close 10 + i; risingBars(n)'s last bar is n - 1.
import type { EvaluationResult } from "../../src/index";
import { risingBars, run } from "./harness";

const FUTURE = "Objects positioned using xloc.bar_index cannot be drawn further than 500 bars into the future.";
const V = '//@version=6\nindicator("f", overlay = true)\n';

/** `message: count` of each runtime error of the run. */
function errors(r: EvaluationResult): Record<string, number> {
  return Object.fromEntries(r.runtimeErrors.map((e) => [e.message, e.count]));
}

/** The values of the plot titled `title`. */
function plotted(r: EvaluationResult, title: string): number[] {
  return Array.from(r.outputs.find((o) => o.title === title)!.values);
}

describe("a new drawing more than 500 bars ahead", () => {
  test.each([
    ["label.new", "label.new(last_bar_index + 501, close)"],
    ["line.new's x2", "line.new(bar_index, close, last_bar_index + 501, close)"],
    ["line.new's x1", "line.new(last_bar_index + 501, close, bar_index, close)"],
    ["box.new's right", "box.new(bar_index, high, last_bar_index + 501, low)"],
    ["box.new's left", "box.new(last_bar_index + 501, high, last_bar_index + 502, low)"],
    ["label.new at a chart.point", "label.new(chart.point.from_index(last_bar_index + 501, close))"],
    ["line.new between chart.points", "line.new(chart.point.from_index(bar_index, close), chart.point.from_index(last_bar_index + 501, close))"],
    ["polyline.new through a point", "polyline.new(array.from(chart.point.from_index(bar_index, close), chart.point.from_index(last_bar_index + 501, close)))"],
  ])("%s is the runtime error of every bar, and nothing is drawn", (_name, call) => {
    const r = run(`${V}${call}\nplot(close, "c")`, risingBars(4));
    expect(errors(r)).toEqual({ [FUTURE]: 4 });
    // the bar ends: its plot is na
    expect(plotted(r, "c")).toEqual([NaN, NaN, NaN, NaN]);
    expect([r.drawings.labels, r.drawings.lines, r.drawings.boxes, r.drawings.polylines].map((l) => l.length)).toEqual([0, 0, 0, 0]);
  });

  test.each([
    ["label.new", "label.new(last_bar_index + 500, close)", "labels"],
    ["line.new", "line.new(bar_index, close, last_bar_index + 500, close)", "lines"],
    ["box.new", "box.new(bar_index, high, last_bar_index + 500, low)", "boxes"],
    ["polyline.new", "polyline.new(array.from(chart.point.from_index(bar_index, close), chart.point.from_index(last_bar_index + 500, close)))", "polylines"],
  ] as const)("%s exactly 500 bars ahead is drawn", (_name, call, kind) => {
    const r = run(`${V}${call}\nplot(close, "c")`, risingBars(4));
    expect(r.runtimeErrors).toEqual([]);
    expect(plotted(r, "c")).toEqual([10, 11, 12, 13]);
    expect(r.drawings[kind]).toHaveLength(4);
  });

  test("the limit counts from the chart's last bar, not the bar the script runs on: bar_index + 501 is an error on the last bar alone", () => {
    // risingBars(5): bars 0-3 place x = 501..504, at most 500 past the last bar (4); bar 4 places 505
    const r = run(`${V}label.new(bar_index + 501, close)\nplot(close, "c")`, risingBars(5));
    expect(errors(r)).toEqual({ [FUTURE]: 1 });
    expect(plotted(r, "c")).toEqual([10, 11, 12, 13, NaN]);
    expect(r.drawings.labels).toHaveLength(4);
  });

  test("a public-style projection at last_bar_index + 20 on every historical bar is drawn", () => {
    // 600 bars: on bar 0 the projection (619) is 619 bars ahead of the bar, 20 past the last bar (599)
    const r = run(`${V}var l = line.new(na, na, na, na)\nline.set_xy1(l, bar_index, close)\nline.set_xy2(l, last_bar_index + 20, close)\nplot(line.get_x2(l), "x")`, risingBars(600));
    expect(r.runtimeErrors).toEqual([]);
    expect(new Set(plotted(r, "x"))).toEqual(new Set([619]));
  });

  test("xloc.bar_time coordinates have no such limit", () => {
    const r = run(`${V}label.new(time + 1000 * 86400000, close, xloc = xloc.bar_time)\nline.new(time, close, time + 1000 * 86400000, close, xloc = xloc.bar_time)`, risingBars(3));
    expect(r.runtimeErrors).toEqual([]);
    expect([r.drawings.labels.length, r.drawings.lines.length]).toEqual([3, 3]);
  });

  test("na x is not in the future", () => {
    const r = run(`${V}label.new(na, close)`, risingBars(2));
    expect(r.runtimeErrors).toEqual([]);
  });
});

describe("moving a drawing more than 500 bars ahead", () => {
  // A drawing made on bar 0, moved on bar 2 to 504 (501 past the last bar, 3): the move is the
  // runtime error of bar 2 alone, and leaves the drawing where it was.
  test.each([
    ["label.set_x", "var d = label.new(bar_index, close)", "label.set_x(d, last_bar_index + 501)", "label.get_x(d)"],
    ["label.set_xy", "var d = label.new(bar_index, close)", "label.set_xy(d, last_bar_index + 501, close)", "label.get_x(d)"],
    ["label.set_point", "var d = label.new(bar_index, close)", "label.set_point(d, chart.point.from_index(last_bar_index + 501, close))", "label.get_x(d)"],
    ["label.set_xloc", "var d = label.new(time, close, xloc = xloc.bar_time)", "label.set_xloc(d, last_bar_index + 501, xloc.bar_index)", "label.get_x(d) < 100 ? label.get_x(d) : 0"],
    ["line.set_x1", "var d = line.new(bar_index, close, bar_index, close)", "line.set_x1(d, last_bar_index + 501)", "line.get_x1(d)"],
    ["line.set_x2", "var d = line.new(bar_index, close, bar_index, close)", "line.set_x2(d, last_bar_index + 501)", "line.get_x2(d)"],
    ["line.set_xy1", "var d = line.new(bar_index, close, bar_index, close)", "line.set_xy1(d, last_bar_index + 501, close)", "line.get_x1(d)"],
    ["line.set_xy2", "var d = line.new(bar_index, close, bar_index, close)", "line.set_xy2(d, last_bar_index + 501, close)", "line.get_x2(d)"],
    ["line.set_second_point", "var d = line.new(bar_index, close, bar_index, close)", "line.set_second_point(d, chart.point.from_index(last_bar_index + 501, close))", "line.get_x2(d)"],
    ["line.set_xloc", "var d = line.new(bar_index, close, bar_index, close)", "line.set_xloc(d, bar_index, last_bar_index + 501, xloc.bar_index)", "line.get_x2(d)"],
    ["box.set_left", "var d = box.new(bar_index, high, bar_index, low)", "box.set_left(d, last_bar_index + 501)", "box.get_left(d)"],
    ["box.set_right", "var d = box.new(bar_index, high, bar_index, low)", "box.set_right(d, last_bar_index + 501)", "box.get_right(d)"],
    ["box.set_lefttop", "var d = box.new(bar_index, high, bar_index, low)", "box.set_lefttop(d, last_bar_index + 501, high)", "box.get_left(d)"],
    ["box.set_rightbottom", "var d = box.new(bar_index, high, bar_index, low)", "box.set_rightbottom(d, last_bar_index + 501, low)", "box.get_right(d)"],
    ["box.set_bottom_right_point", "var d = box.new(bar_index, high, bar_index, low)", "box.set_bottom_right_point(d, chart.point.from_index(last_bar_index + 501, low))", "box.get_right(d)"],
    ["box.set_xloc", "var d = box.new(bar_index, high, bar_index, low)", "box.set_xloc(d, bar_index, last_bar_index + 501, xloc.bar_index)", "box.get_right(d)"],
  ])("%s is the runtime error of that bar; the drawing keeps its x", (_name, make, move, read) => {
    const r = run(`${V}${make}\nif bar_index == 2\n    ${move}\nplot(${read}, "x")`, risingBars(4));
    expect(errors(r)).toEqual({ [FUTURE]: 1 });
    expect(plotted(r, "x")).toEqual([0, 0, NaN, 0]);
  });

  test("a move exactly 500 bars ahead is made", () => {
    const r = run(`${V}var d = line.new(bar_index, close, bar_index, close)\nif bar_index == 2\n    line.set_x2(d, last_bar_index + 500)\nplot(line.get_x2(d), "x")`, risingBars(4));
    expect(r.runtimeErrors).toEqual([]);
    expect(plotted(r, "x")).toEqual([0, 0, 503, 503]);
  });

  test("moving a bar_time drawing far ahead by time is allowed", () => {
    const r = run(`${V}var d = label.new(time, close, xloc = xloc.bar_time)\nif bar_index == 2\n    label.set_x(d, time + 1000 * 86400000)`, risingBars(4));
    expect(r.runtimeErrors).toEqual([]);
  });
});
