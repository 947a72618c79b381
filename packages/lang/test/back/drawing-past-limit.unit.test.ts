// A drawing positioned with xloc.bar_index more than 10,000 bars before the bar placing it is
// TradingView's runtime error RE10026 (its user manual: Limitations, "Drawings using xloc.bar_index
// can be positioned a maximum of 10,000 bars in the past"; Lines and boxes: "the minimum x-coordinate
// allowed is `bar_index - 10000`"; its FAQ, Techniques, names the error "Bar index value of the `x`
// argument is too far from the current bar index. Try using `time` instead", and public captures
// give its full form "Bar index value of the `x1` argument (86) in `line.new()` is too far from the
// current bar index."), here the runtime error of that bar: its outputs na, nothing drawn or moved
// (docs/adr/0302). Counted from the bar the call runs on. Expected values worked by hand on
// risingBars: bar i has bar_index i and close 10 + i.
import type { EvaluationResult } from "../../src/index";
import { risingBars, run } from "./harness";

const V = '//@version=6\nindicator("p", overlay = true)\n';

/** TradingView's message for argument `arg` of `fn` at bar index `x`. */
const PAST = (arg: string, x: number, fn: string): string =>
  `Bar index value of the \`${arg}\` argument (${x}) in \`${fn}()\` is too far from the current bar index. Try using \`time\` instead.`;

/** `message: count` of each runtime error of the run. */
function errors(r: EvaluationResult): Record<string, number> {
  return Object.fromEntries(r.runtimeErrors.map((e) => [e.message, e.count]));
}

/** The values of the plot titled `title`. */
function plotted(r: EvaluationResult, title: string): number[] {
  return Array.from(r.outputs.find((o) => o.title === title)!.values);
}

const drawn = (r: EvaluationResult): number[] => [r.drawings.labels, r.drawings.lines, r.drawings.boxes, r.drawings.polylines].map((l) => l.length);

describe("a new drawing more than 10,000 bars back", () => {
  // risingBars(2): bar 0 places x = -10001, bar 1 places x = -10000: each 10,001 bars back
  test.each([
    ["label.new", "label.new(bar_index - 10001, close)", "x", "label.new"],
    ["line.new's x1", "line.new(bar_index - 10001, close, bar_index, close)", "x1", "line.new"],
    ["line.new's x2", "line.new(bar_index, close, bar_index - 10001, close)", "x2", "line.new"],
    ["box.new's left", "box.new(bar_index - 10001, high, bar_index, low)", "left", "box.new"],
    ["box.new's right", "box.new(bar_index, high, bar_index - 10001, low)", "right", "box.new"],
    ["label.new at a chart.point", "label.new(chart.point.from_index(bar_index - 10001, close))", "x", "label.new"],
    ["line.new between chart.points", "line.new(chart.point.from_index(bar_index, close), chart.point.from_index(bar_index - 10001, close))", "x2", "line.new"],
    ["polyline.new through a point", "polyline.new(array.from(chart.point.from_index(bar_index, close), chart.point.from_index(bar_index - 10001, close)))", "points", "polyline.new"],
  ])("%s is the runtime error of every bar, and nothing is drawn", (_name, call, arg, fn) => {
    const r = run(`${V}${call}\nplot(close, "c")`, risingBars(2));
    expect(errors(r)).toEqual({ [PAST(arg, -10001, fn)]: 1, [PAST(arg, -10000, fn)]: 1 });
    expect(plotted(r, "c")).toEqual([NaN, NaN]);
    expect(drawn(r)).toEqual([0, 0, 0, 0]);
  });

  test("exactly 10,000 bars back is drawn, by every constructor", () => {
    const r = run(
      `${V}label.new(bar_index - 10000, close)\nline.new(bar_index - 10000, close, bar_index, close)\nbox.new(bar_index - 10000, high, bar_index, low)\npolyline.new(array.from(chart.point.from_index(bar_index - 10000, close), chart.point.now()))\nplot(close, "c")`,
      risingBars(3),
    );
    expect(r.runtimeErrors).toEqual([]);
    expect(plotted(r, "c")).toEqual([10, 11, 12]);
    expect(drawn(r)).toEqual([3, 3, 3, 3]);
  });

  test("the limit counts from the bar the call runs on, not the chart's last bar", () => {
    // risingBars(10003): label.new(0, ...) on bars 10000 (10,000 back: drawn), 10001 and 10002 (errors);
    // counted from the last bar (10002) bar 10000's label would be an error too
    const r = run(`${V}if bar_index >= 10000\n    label.new(0, close)\nplot(close, "c")`, risingBars(10_003));
    expect(errors(r)).toEqual({ [PAST("x", 0, "label.new")]: 2 });
    expect(plotted(r, "c").slice(-3)).toEqual([10_010, NaN, NaN]);
    expect(r.drawings.labels).toHaveLength(1);
  });

  test("xloc.bar_time coordinates and na have no such limit", () => {
    const r = run(`${V}label.new(time - 20000 * 86400000, close, xloc = xloc.bar_time)\nlabel.new(na, close)\nplot(close, "c")`, risingBars(2));
    expect(r.runtimeErrors).toEqual([]);
    expect(r.drawings.labels).toHaveLength(4);
  });
});

describe("moving a drawing more than 10,000 bars back", () => {
  // A drawing made on bar 0, moved on bar 2 to x = 2 - 10001 = -9999: the move is the runtime
  // error of bar 2 alone (its argument named as TradingView's reference names it), and leaves the
  // drawing where it was.
  test.each([
    ["label.set_x", "var d = label.new(bar_index, close)", "label.set_x(d, bar_index - 10001)", "label.get_x(d)", "x"],
    ["label.set_xy", "var d = label.new(bar_index, close)", "label.set_xy(d, bar_index - 10001, close)", "label.get_x(d)", "x"],
    ["label.set_point", "var d = label.new(bar_index, close)", "label.set_point(d, chart.point.from_index(bar_index - 10001, close))", "label.get_x(d)", "point"],
    ["label.set_xloc", "var d = label.new(time, close, xloc = xloc.bar_time)", "label.set_xloc(d, bar_index - 10001, xloc.bar_index)", "label.get_x(d) > 100 ? 0 : label.get_x(d)", "x"],
    ["line.set_x1", "var d = line.new(bar_index, close, bar_index, close)", "line.set_x1(d, bar_index - 10001)", "line.get_x1(d)", "x"],
    ["line.set_x2", "var d = line.new(bar_index, close, bar_index, close)", "line.set_x2(d, bar_index - 10001)", "line.get_x2(d)", "x"],
    ["line.set_xy1", "var d = line.new(bar_index, close, bar_index, close)", "line.set_xy1(d, bar_index - 10001, close)", "line.get_x1(d)", "x"],
    ["line.set_xy2", "var d = line.new(bar_index, close, bar_index, close)", "line.set_xy2(d, bar_index - 10001, close)", "line.get_x2(d)", "x"],
    ["line.set_first_point", "var d = line.new(bar_index, close, bar_index, close)", "line.set_first_point(d, chart.point.from_index(bar_index - 10001, close))", "line.get_x1(d)", "point"],
    ["line.set_xloc", "var d = line.new(bar_index, close, bar_index, close)", "line.set_xloc(d, bar_index - 10001, bar_index, xloc.bar_index)", "line.get_x1(d)", "x1"],
    ["box.set_left", "var d = box.new(bar_index, high, bar_index, low)", "box.set_left(d, bar_index - 10001)", "box.get_left(d)", "left"],
    ["box.set_right", "var d = box.new(bar_index, high, bar_index, low)", "box.set_right(d, bar_index - 10001)", "box.get_right(d)", "right"],
    ["box.set_lefttop", "var d = box.new(bar_index, high, bar_index, low)", "box.set_lefttop(d, bar_index - 10001, high)", "box.get_left(d)", "left"],
    ["box.set_rightbottom", "var d = box.new(bar_index, high, bar_index, low)", "box.set_rightbottom(d, bar_index - 10001, low)", "box.get_right(d)", "right"],
    ["box.set_top_left_point", "var d = box.new(bar_index, high, bar_index, low)", "box.set_top_left_point(d, chart.point.from_index(bar_index - 10001, high))", "box.get_left(d)", "point"],
    ["box.set_xloc", "var d = box.new(bar_index, high, bar_index, low)", "box.set_xloc(d, bar_index - 10001, bar_index, xloc.bar_index)", "box.get_left(d)", "left"],
  ])("%s is the runtime error of that bar; the drawing keeps its x", (fn, make, move, read, arg) => {
    const r = run(`${V}${make}\nif bar_index == 2\n    ${move}\nplot(${read}, "x")`, risingBars(4));
    expect(errors(r)).toEqual({ [PAST(arg, -9999, fn)]: 1 });
    expect(plotted(r, "x")).toEqual([0, 0, NaN, 0]);
  });

  test("a move exactly 10,000 bars back is made", () => {
    const r = run(`${V}var d = line.new(bar_index, close, bar_index, close)\nif bar_index == 2\n    line.set_x1(d, bar_index - 10000)\nplot(line.get_x1(d), "x")`, risingBars(4));
    expect(r.runtimeErrors).toEqual([]);
    expect(plotted(r, "x")).toEqual([0, 0, -9998, -9998]);
  });
});
