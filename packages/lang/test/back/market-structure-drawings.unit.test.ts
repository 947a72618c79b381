// Patterns of the public market-structure scripts (break of structure / change of character,
// fair value gaps kept in an array and mitigated, one live label per call site) as the service runs
// them: drawings as data. Expected values are worked by hand from the bars (closeBars: high = close + 1,
// low = close - 1; risingBars: close = 10 + i) with TradingView's reference for ta.pivothigh/ta.pivotlow,
// int() (truncates), box.new(left, top, right, bottom) and label.new/label.delete; never read back
// from the code under test.
import { closeBars, risingBars, risingBarTime as day, run } from "./harness";

const V = "//@version=6\n";

describe("market structure drawn as a public BOS/CHoCH script does", () => {
  // pivots (2, 2) on high/low: a high of 15 at bar 2 (known on bar 4), 17 at bar 6 (bar 8);
  // a low of 10 at bar 4 (bar 6), 8 at bar 10 (bar 12)
  const closes = [10, 12, 14, 12, 11, 13, 16, 14, 12, 10, 9, 11, 13, 15, 17, 19];
  const source = `${V}indicator("Structure breaks", overlay = true)
len = 2
ph = ta.pivothigh(len, len)
pl = ta.pivotlow(len, len)
var float hiLevel = na
var int hiBar = na
var bool hiCrossed = true
var float loLevel = na
var int loBar = na
var bool loCrossed = true
var int trend = 0
if not na(ph)
    hiLevel := ph
    hiBar := bar_index - len
    hiCrossed := false
if close > hiLevel and not hiCrossed
    hiCrossed := true
    line.new(hiBar, hiLevel, bar_index, hiLevel)
    label.new(int(math.avg(hiBar, bar_index)), hiLevel, trend < 0 ? "CHoCH" : "BOS")
    trend := 1
if not na(pl)
    loLevel := pl
    loBar := bar_index - len
    loCrossed := false
if close < loLevel and not loCrossed
    loCrossed := true
    line.new(loBar, loLevel, bar_index, loLevel)
    label.new(int(math.avg(loBar, bar_index)), loLevel, trend > 0 ? "CHoCH" : "BOS")
    trend := -1
plot(trend)`;

  test("each swing level is broken once: BOS with the trend, CHoCH against it, the label at the level's middle bar", () => {
    const r = run(source, closeBars(closes));
    // bar 6 closes 16 above 15 (trend 0: BOS), bar 10 closes 9 below 10 (CHoCH), bar 15 closes 19 above 17 (CHoCH)
    expect(r.drawings.labels.map((l) => [l.time, l.price, l.text])).toEqual([
      [day(4), 15, "BOS"],
      [day(7), 10, "CHoCH"],
      [day(10), 17, "CHoCH"],
    ]);
    expect(r.drawings.lines.map((l) => [l.time1, l.price1, l.time2, l.price2])).toEqual([
      [day(2), 15, day(6), 15],
      [day(4), 10, day(10), 10],
      [day(6), 17, day(15), 17],
    ]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, -1, -1, -1, -1, -1, 1]);
  });
});

describe("fair value gaps kept in an array of boxes", () => {
  test("a gap is boxed from two bars back, extended while open and deleted once a close falls below it", () => {
    const r = run(`${V}indicator("Gaps", overlay = true)
var gaps = array.new<box>()
if low > high[2]
    gaps.push(box.new(bar_index[2], low, bar_index, high[2]))
if gaps.size() > 0
    for i = gaps.size() - 1 to 0
        b = gaps.get(i)
        if close < b.get_bottom()
            b.delete()
            gaps.remove(i)
        else
            b.set_right(bar_index)
plot(gaps.size())`, closeBars([10, 10, 14, 15, 11, 11, 16, 13, 11.5]));
    // gaps: bar 2 (low 13 over high 11), bar 3 (14 over 11), bar 6 (15 over 12); bar 8 closes 11.5,
    // under the third gap's bottom (12) but not under the first two's (11)
    expect(Array.from(r.outputs[0]!.values)).toEqual([0, 0, 1, 2, 2, 2, 3, 3, 2]);
    expect(r.drawings.boxes.map((b) => [b.time1, b.top, b.time2, b.bottom])).toEqual([
      [day(0), 13, day(8), 11],
      [day(1), 14, day(8), 11],
    ]);
  });
});

describe("one live label per call site", () => {
  test("label.delete(label.new(...)[1]) deletes the label the same call made on the previous bar", () => {
    const r = run(`${V}indicator("Last only", overlay = true)
label.delete(label.new(bar_index, close, str.tostring(bar_index))[1])
plot(array.size(label.all))`, risingBars(5));
    expect(Array.from(r.outputs[0]!.values)).toEqual([1, 1, 1, 1, 1]);
    expect(r.drawings.labels.map((l) => [l.time, l.price, l.text])).toEqual([[day(4), 14, "4"]]);
  });
});
