// Patterns met in issue 16's thirteenth survey (a random sample of public v6 indicators: session
// volume engines, FVG trackers, fractal higher-timeframe structure tools), written here in their
// style and run over a few bars whose values are worked by hand. TradingView's user manual:
// several reassignments may share a line separated by commas (Script structure); a method may
// take the name of a built-in (Methods: user-defined methods), `box.delete`/`label.delete` remove
// the drawing (Lines and boxes); request.security with `lookahead_on` and `[1]` gives the
// previous period's value on every bar of the current one (Other timeframes and data).
import { barsOfRows } from "../support/demo-bars";
import { build, run, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";

/** One bar a day from Monday 1 January 2024: [time, open, high, low, close, volume]. */
const day = (i: number): number => Date.UTC(2024, 0, 1 + i) / 1000;
const bars = (oc: ReadonlyArray<readonly [number, number]>) => barsOfRows(oc.map(([o, c], i) => [day(i), o, Math.max(o, c) + 1, Math.min(o, c) - 1, c, 100]));

const plots = (source: string, b = bars([[10, 11], [8, 7], [8, 10], [10, 10], [11, 9]])): number[][] =>
  run(source, b).outputs.map((o) => Array.from(o.values));

describe("survey S13 patterns", () => {
  test("comma-separated reassignments on one line of a block all take effect", () => {
    // reset = close < open: bars 1 (8 -> 7) and 4 (11 -> 9).
    // Bar 0: not reset, a = 0 + 100, n = 1, s stays 0. Bar 1: reset, a = 0, s = 7, n = 0.
    // Bar 2: a = 100, n = 1 (s 7). Bar 3 (10 -> 10, not below): a = 200, n = 2. Bar 4: reset, a = 0, s = 9, n = 0.
    const [a, s, n] = plots(`//@version=6
indicator("session totals")
var float a = 0.0
var float s = 0.0
var int n = 0
reset = close < open
if reset
    a := 0.0, s := close, n := 0
if not reset
    a += volume
    n += 1
plot(a)
plot(s)
plot(n)`);
    expect(a).toEqual([100, 0, 100, 200, 0]);
    expect(s).toEqual([0, 7, 7, 7, 9]);
    expect(n).toEqual([1, 0, 1, 2, 0]);
  });

  test("a user method named delete on a type holding drawings deletes them through the built-in ones", () => {
    // One zone (a box and a label) is pushed per bar; from the third, the oldest is shifted out and
    // deleted: 1, 2, then 2 on every later bar. zone.delete() is the user method, z.b.delete() the box's.
    const r = run(`//@version=6
indicator("zones", overlay = true)
type Zone
    box b = na
    label lbl = na
method delete(Zone z) =>
    z.b.delete()
    z.lbl.delete()
var zones = array.new<Zone>()
zones.push(Zone.new(box.new(bar_index, high, bar_index + 1, low), label.new(bar_index, high, "z")))
if zones.size() > 2
    Zone old = zones.shift()
    old.delete()
plot(box.all.size())
plot(label.all.size())`, bars([[10, 11], [8, 7], [8, 10], [10, 10], [11, 9]]));
    const [boxes, labels] = r.outputs.map((o) => Array.from(o.values));
    expect(boxes).toEqual([1, 2, 2, 2, 2]);
    expect(labels).toEqual([1, 2, 2, 2, 2]);
    // the kept ones are the last two bars': their tops are those bars' highs (10 + 1 and 11 + 1)
    expect(r.drawings.boxes.map((b) => b.top)).toEqual([11, 12]);
    expect(r.drawings.labels.map((l) => l.price)).toEqual([11, 12]);
  });

  test("a method requests a higher timeframe named by a field of a var object, inside a conditional", () => {
    // Daily bars Monday 1 to Wednesday 10 January 2024, closes 1..10; weekly bars of the same
    // days: the week of 1 January closes at 7 (Sunday the 7th), the week of 8 January is open.
    // timeframe.change("W") holds on bar 0 and bar 7 (Monday 8 January); with lookahead_on and
    // close[1], the request gives the previous week's close: na in the first week, 7 in the second.
    // The method keeps the last value in the object: na on bars 0..6, then 7.
    const closes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const chart = barsOfRows(closes.map((c, i) => [day(i), c, c + 1, c - 1, c, 100]));
    const weeks: ContextBars = {
      symbol: "AAPL",
      timeframe: "1w",
      bars: barsOfRows([
        [day(0), 1, 8, 0, 7, 700],
        [day(7), 8, 11, 7, 10, 300],
      ]),
      info: { ...SYMBOL, timeframe: "1w" },
    };
    const program = build(`//@version=6
indicator("field timeframe")
type Spec
    string tf
type Level
    Spec spec
    float last = na
method refresh(Level v) =>
    if timeframe.change(v.spec.tf)
        c = request.security(syminfo.tickerid, v.spec.tf, close[1], lookahead = barmerge.lookahead_on)
        v.last := c
    v.last
var Level lv = Level.new(Spec.new("W"))
plot(lv.refresh())`);
    const r = evaluate(program, chart, {}, { symbol: SYMBOL, windowStart: 0, contexts: [weeks] });
    expect(r.runtimeErrors).toEqual([]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, NaN, NaN, NaN, NaN, NaN, NaN, 7, 7, 7]);
  });
});
