// A pair of lines has one linefill: TradingView's announcement of linefills (docs/adr/0286) says
// "successive calls to linefill.new() on the same pair of lines will replace the previous fill with
// a new one". Expected values are worked by hand from risingBars.
import { run, risingBars as bars } from "./harness";

const V = "//@version=6\n";

describe("linefill.new on a pair that already has a fill", () => {
  test("a fill made on every bar between the same two lines leaves one fill, the last one's colour", () => {
    const r = run(`${V}indicator("x")
var line a = line.new(0, 1, 1, 1)
var line b = line.new(0, 0, 1, 0)
linefill.new(a, b, bar_index == 4 ? #0000FF : #FF0000)
plot(array.size(linefill.all))`, bars(5));
    expect(r.drawings.linefills).toEqual([{ line1: 0, line2: 1, color: "#0000FFFF" }]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([1, 1, 1, 1, 1]);
  });

  test("the pair in the other order is the same pair; the replaced fill is deleted", () => {
    const r = run(`${V}indicator("x")
var line a = line.new(0, 1, 1, 1)
var line b = line.new(0, 0, 1, 0)
var line c = line.new(0, 5, 1, 5)
var linefill first = linefill.new(a, b, #FF0000)
var linefill other = linefill.new(b, c, #00FF00)
if bar_index == 1
    linefill.new(b, a, #0000FF)
plot(array.size(linefill.all))
plot(linefill.all.size() > 0 and linefill.all.first() == first ? 1 : 0)`, bars(3));
    // bar 0: two fills (a-b, b-c); bar 1: b-a replaces a-b, b-c stays
    expect(r.drawings.linefills).toEqual([
      { line1: 1, line2: 2, color: "#00FF00FF" },
      { line1: 1, line2: 0, color: "#0000FFFF" },
    ]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([2, 2, 2]);
    expect(Array.from(r.outputs[1]!.values)).toEqual([1, 0, 0]);
  });

  test("fills of different pairs sharing a line are kept", () => {
    const r = run(`${V}indicator("x")
if barstate.islast
    a = line.new(0, 1, 1, 1)
    b = line.new(0, 0, 1, 0)
    c = line.new(0, 5, 1, 5)
    linefill.new(a, b, #FF0000)
    linefill.new(a, c, #00FF00)
plot(close)`, bars(2));
    expect(r.drawings.linefills).toEqual([
      { line1: 0, line2: 1, color: "#FF0000FF" },
      { line1: 0, line2: 2, color: "#00FF00FF" },
    ]);
  });
});
