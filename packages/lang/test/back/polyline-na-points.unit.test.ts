// polyline.new(na): scripts give a user-defined type's polyline field a first value this way and
// replace it later (polyline.delete, then polyline.new with real points). The Pine v6 reference
// types polyline.new's `points` as array<chart.point>, and an na array holds no points, so the
// polyline draws nothing and every later call on it works. Expected values are worked by hand
// from risingBars (close = 10 + i), never read back from the code under test.
import { run, risingBars as bars, risingBarTime as day } from "./harness";

const V = "//@version=6\n";

describe("polyline.new(na)", () => {
  test("a UDT field started with polyline.new(na) is deleted and redrawn on the last bar without runtime errors", () => {
    const r = run(`${V}indicator("x")
type Profile
    polyline shape
    float level
var Profile p = Profile.new(polyline.new(na), na)
if barstate.islast
    p.shape.delete()
    p.shape := polyline.new(array.from(chart.point.from_index(bar_index - 1, close[1]), chart.point.from_index(bar_index, close)))
    p.level := close
plot(p.level)`, bars(4));
    expect(r.runtimeErrors).toEqual([]);
    expect(r.errorBarsInWindow).toBe(0);
    // only the last bar sets the level: close of bar 3 = 13
    expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, NaN, NaN, 13]);
    // the na polyline was deleted; what remains is the one drawn through bars 2 and 3 (closes 12, 13)
    expect(r.drawings.polylines).toEqual([{ points: [{ time: day(2), price: 12 }, { time: day(3), price: 13 }], closed: false, line_color: "#2962FFFF", fill_color: null, curved: false, xloc: "bar_index", line_style: "solid", line_width: 1 }]);
  });

  test("a polyline from an na array has no points and stays until deleted", () => {
    const r = run(`${V}indicator("x")
var polyline empty = polyline.new(na, closed = true)
plot(array.size(polyline.all))`, bars(3));
    expect(r.runtimeErrors).toEqual([]);
    // created once on bar 0 (var), so one live polyline on every bar
    expect(Array.from(r.outputs[0]!.values)).toEqual([1, 1, 1]);
    expect(r.drawings.polylines).toEqual([{ points: [], closed: true, line_color: "#2962FFFF", fill_color: null, curved: false, xloc: "bar_index", line_style: "solid", line_width: 1 }]);
  });
});
