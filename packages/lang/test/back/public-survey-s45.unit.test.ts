// Survey S45 of issue 16: large public TradingView v6 indicators (210-680 lines: user types holding drawings
// and polylines, maps of price bins, arrays of drawings, request.security with tuples and arrays,
// request.security_lower_tf, tables) run unchanged on the demo bars (AAPL daily, SPY minutes, BTC
// four-hour, and SPY five-minute and hourly bars built from the minutes), seven of them checked against
// independent Python loops over the same CSVs, all equal. The survey
// met no refusal and no runtime error TradingView would not give, so nothing here fails on the tree
// before; these are our own scripts in the style of what the sample leaned on, pinned so the patterns stay
// working, their expected values worked by hand in the comments.
//
// - A volume profile kept in a `var map<int, float>` of price bins, cleared every few bars, read back through
//   its sorted keys to find the busiest bin.
// - A function's own `var` array returned to the caller, copied and emptied with `pop` in a loop (a
//   forecast rolling a window forward) while the function's array keeps its elements.
// - A user type holding a polyline, redrawn through a function (delete, then a new closed polyline), its
//   objects updated in a `for ... in` loop and removed from the array in a reverse loop.

import { run, closeBars } from "./harness";
import { outputsByName } from "../front/harness";

// daily bars with closes 10 .. 15: open = close, high = close + 1, low = close - 1, volume 100
const SIX = closeBars([10, 11, 12, 13, 14, 15]);

describe("survey S45: a profile in a map of price bins", () => {
  test("the busiest bin of the bars since the last reset, the earliest of equal bins", () => {
    const r = run(
      `//@version=6
indicator("profile")
binPts = 2.0
var map<int, float> vp = map.new<int, float>()
binOf(p) => int(math.round(p / binPts))
addVol(map<int, float> m, float lo, float hi, float v) =>
    lb = binOf(lo)
    hb = binOf(hi)
    int nb = math.max(hb - lb + 1, 1)
    for b = lb to hb
        m.put(b, nz(m.get(b)) + v / nb)
    0
poc(map<int, float> m) =>
    keys = m.keys()
    keys.sort(order.ascending)
    int best = na
    float bv = -1.0
    for k in keys
        if m.get(k) > bv
            bv := m.get(k)
            best := k
    [best * binPts, keys.size()]
if bar_index % 3 == 0
    vp.clear()
addVol(vp, low, high, volume)
[p, n] = poc(vp)
plot(p, "poc")
plot(n, "bins")
`,
      SIX,
    );
    // a bar's low and high fall in bins round((c - 1) / 2) and round((c + 1) / 2) (ties round up), 50 each:
    // bar 0 bins 5, 6 -> {5: 50, 6: 50} -> bin 5 (10); bar 1 {5: 100, 6: 100} -> 10; bar 2 adds 6 and 7 ->
    // {5: 100, 6: 150, 7: 50} -> 12; bar 3 clears, bins 6, 7 -> 12; bar 4 bins 7, 8 -> {6: 50, 7: 100, 8: 50}
    // -> 14; bar 5 -> {6: 50, 7: 150, 8: 100} -> 14
    expect(outputsByName(r)).toEqual({ poc: [10, 10, 12, 12, 14, 14], bins: [2, 2, 3, 2, 3, 3] });
  });
});

describe("survey S45: a function's var array copied and emptied", () => {
  test("pops from the copy read the window oldest first; the function's array keeps its three newest", () => {
    const r = run(
      `//@version=6
indicator("roll")
f_hist(val, len) =>
    var arr = array.new_float(0)
    arr.unshift(val)
    if arr.size() > len
        arr.pop()
    arr
h = f_hist(nz(close[1]), 3)
w = h.copy()
float proj = 0.0
while w.size() > 0
    proj := proj * 10 + w.pop()
plot(proj, "digits")
plot(h.size(), "n")
`,
      closeBars([1, 2, 3, 4, 5, 6]),
    );
    // the array holds the previous closes newest first, at most three: [0], [1, 0], [2, 1, 0], [3, 2, 1],
    // [4, 3, 2], [5, 4, 3]; popping the copy reads them oldest first as digits
    expect(outputsByName(r)).toEqual({ digits: [0, 1, 12, 123, 234, 345], n: [1, 2, 3, 3, 3, 3] });
  });
});

describe("survey S45: polylines held by user-type objects", () => {
  test("each object keeps its last polyline; removed objects take theirs away", () => {
    const r = run(
      `//@version=6
indicator("flags", overlay = true)
type Flg
    int born
    float top
    polyline shape
    int code = 0
var flags = array.new<Flg>()
redraw(Flg f, int endI) =>
    polyline.delete(f.shape)
    pts = array.new<chart.point>()
    pts.push(chart.point.from_index(f.born, f.top))
    pts.push(chart.point.from_index(endI, f.top))
    pts.push(chart.point.from_index(endI, f.top - 1))
    f.shape := polyline.new(pts, closed = true)
    0
trim(int keep) =>
    if flags.size() > 0
        for k = flags.size() - 1 to 0
            if flags.get(k).born < bar_index - keep
                polyline.delete(flags.get(k).shape)
                flags.remove(k)
    0
if bar_index % 2 == 0
    flags.push(Flg.new(bar_index, close, na))
for f in flags
    redraw(f, bar_index)
    f.code += 1
trim(2)
plot(flags.size(), "n")
plot(flags.size() > 0 ? flags.first().code : na, "code")
`,
      SIX,
    );
    // objects born on bars 0, 2, 4 count the bars they were redrawn on; one born more than two bars ago is
    // removed after its redraw: bar 3 removes bar 0's (code 4), bar 5 removes bar 2's (code 4)
    expect(outputsByName(r)).toEqual({ n: [1, 1, 2, 1, 2, 1], code: [1, 2, 3, 2, 3, 2] });
    // left: bar 4's object, redrawn on bar 5 from (bar 4, 14) to (bar 5, 14) and down to 13
    expect(r.drawings.polylines).toHaveLength(1);
    expect(r.drawings.polylines[0]!.points.map((p) => p.price)).toEqual([14, 14, 13]);
    expect(r.drawings.polylines[0]!.closed).toBe(true);
  });
});
