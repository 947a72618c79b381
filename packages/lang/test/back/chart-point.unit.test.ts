// chart.point fields and the drawings made from points, against TradingView's v6 reference
// (chart.point: `time`, `index`, `price` fields; label.new(point, ...), line.new(first_point,
// second_point, ...), box.new(top_left, bottom_right, ...) and the set_*point setters "copy the
// information from these chart points": the bar index with xloc.bar_index, the time with
// xloc.bar_time). Expected values are worked by hand from risingBars (close = 10 + i).
import { run, risingBars as bars, risingBarTime as day, RISING_T0 as T0 } from "./harness";
import { check } from "../front/harness";

const DAY = 86_400;
const V = "//@version=6\nindicator(\"x\", overlay = true)\n";
const values = (src: string, n = 3): Array<Array<number | null>> => {
  const r = run(V + src, bars(n));
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));
};

describe("chart.point fields", () => {
  test("new, from_index, from_time and now fill time (Unix ms), index and price; the others are na", () => {
    const out = values(`a = chart.point.new(time, bar_index, close)
b = chart.point.from_index(bar_index + 1, high)
c = chart.point.from_time(time, low)
d = chart.point.now()
plot(a.time / 1000)
plot(a.index)
plot(a.price)
plot(b.index)
plot(b.price)
plot(na(b.time) ? 1 : 0)
plot(c.time / 1000)
plot(na(c.index) ? 1 : 0)
plot(c.price)
plot(d.index * 1000 + d.price)`);
    const t = [0, 1, 2].map((i) => T0 + i * DAY);
    expect(out).toEqual([t, [0, 1, 2], [10, 11, 12], [1, 2, 3], [11, 12, 13], [1, 1, 1], t, [1, 1, 1], [9, 10, 11], [10, 1011, 2012]]);
  });

  test("fields are assigned in place; a copy is a new point, another name for it is the same point", () => {
    const out = values(`p = chart.point.from_index(bar_index, close)
q = chart.point.copy(p)
r = p
p.price := p.price * 2
p.index += 10
r.price += 1
plot(p.price)
plot(p.index)
plot(q.price)
plot(q.index)`);
    // p.price = 2 * close + 1 (r is p), p.index = bar_index + 10; q keeps close and bar_index
    expect(out).toEqual([[21, 23, 25], [10, 11, 12], [10, 11, 12], [0, 1, 2]]);
  });

  test("points in arrays and user types, and the copy method", () => {
    const out = values(`type Pivot
    chart.point at
var pts = array.new<chart.point>()
pts.push(chart.point.from_index(bar_index, high))
t = Pivot.new(chart.point.from_index(bar_index * 2, low))
c = pts.get(0).copy()
c.price := -1
plot(pts.get(0).price)
plot(pts.last().index)
plot(t.at.index)
plot(c.price)`);
    // pts[0] is bar 0's point (high 11) on every bar; the last point is this bar's; t.at.index = 2 * bar_index
    expect(out).toEqual([[11, 11, 11], [0, 1, 2], [0, 2, 4], [-1, -1, -1]]);
  });

  test("a field that chart.point does not have, and a float given to an int field, are refused", async () => {
    const r = await check(`${V}p = chart.point.now()\nplot(p.x)\np.index := 1.5\n`);
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["undeclared_identifier", "type_mismatch"]);
  });
});

describe("drawings from chart points", () => {
  test("label.new(point), line.new(first_point, second_point), box.new(top_left, bottom_right) by bar index", () => {
    const r = run(`${V}if barstate.islast
    label.new(chart.point.from_index(bar_index - 1, high[1]), "p")
    line.new(chart.point.from_index(bar_index - 2, close[2]), chart.point.now(), width = 3)
    box.new(chart.point.from_index(bar_index - 3, high), chart.point.from_index(bar_index + 1, low), text = "b")
plot(close)`, bars(5));
    // last bar 4: label at bar 3, high[1] = 14; line (bar 2, 12) to (bar 4, 14); box bar 1..5, top 15, bottom 13
    expect(r.drawings.labels.map((l) => [l.time, l.price, l.text])).toEqual([[day(3), 14, "p"]]);
    expect(r.drawings.lines.map((l) => [l.time1, l.price1, l.time2, l.price2, l.width])).toEqual([[day(2), 12, day(4), 14, 3]]);
    expect(r.drawings.boxes.map((b) => [b.time1, b.top, b.time2, b.bottom, b.text])).toEqual([[day(1), 15, day(5), 13, "b"]]);
  });

  test("with xloc.bar_time the drawing reads the points' times (a point without one gives na)", () => {
    const r = run(`${V}if barstate.islast
    label.new(chart.point.from_time(time[2], 7), "t", xloc = xloc.bar_time)
    label.new(point = chart.point.from_index(bar_index, 8), text = "no time", xloc = xloc.bar_time)
    line.new(chart.point.new(time[1], 0, 1), chart.point.from_time(time, 2), xloc.bar_time)
plot(close)`, bars(4));
    expect(r.drawings.labels.map((l) => [l.time, l.price, l.text])).toEqual([[day(1), 7, "t"], [null, 8, "no time"]]);
    expect(r.drawings.lines.map((l) => [l.time1, l.price1, l.time2, l.price2])).toEqual([[day(2), 1, day(3), 2]]);
  });

  test("label.set_point, line.set_first_point / set_second_point, box.set_top_left_point / set_bottom_right_point move corners", () => {
    const r = run(`${V}var label l = na
var line ln = na
var box bx = na
if bar_index == 0
    l := label.new(0, 1, "l")
    ln := line.new(0, 1, 0, 1)
    bx := box.new(0, 1, 0, 1)
if bar_index == 2
    l.set_point(chart.point.from_index(1, 50))
    ln.set_first_point(chart.point.from_index(1, 20))
    line.set_second_point(ln, chart.point.now(high))
    bx.set_top_left_point(chart.point.from_index(0, 30))
    box.set_bottom_right_point(bx, chart.point.from_index(2, 25))
plot(label.get_y(l))
plot(line.get_x1(ln) * 100 + line.get_x2(ln))`, bars(3));
    expect(r.drawings.labels.map((x) => [x.time, x.price])).toEqual([[day(1), 50]]);
    expect(r.drawings.lines.map((x) => [x.time1, x.price1, x.time2, x.price2])).toEqual([[day(1), 20, day(2), 13]]);
    expect(r.drawings.boxes.map((x) => [x.time1, x.top, x.time2, x.bottom])).toEqual([[day(0), 30, day(2), 25]]);
    // getters read the moved coordinates: x1 = 1, x2 = 2 on the last bar
    expect(Array.from(r.outputs[0]!.values)).toEqual([1, 1, 50]);
    expect(Array.from(r.outputs[1]!.values)).toEqual([0, 0, 102]);
  });

  test("the coordinate forms still bind as before (label.new(x, y, text))", () => {
    const r = run(`${V}if barstate.islast\n    label.new(bar_index, close, "xy")\nplot(close)`, bars(2));
    expect(r.drawings.labels.map((l) => [l.time, l.price, l.text])).toEqual([[day(1), 11, "xy"]]);
  });
});
