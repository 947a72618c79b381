// Survey S51 of issue 16: public v6 indicators published in 2025-2026 that lean on the refusal
// causes (requests of series-string symbols and timeframes built from user types in arrays, requests in
// user functions with ignore_invalid_symbol, user types returned by request.security, input.time
// anchors on time_close, time_close("D"), polylines from arrays of user types deleted through
// polyline.all) ran unchanged on the demo bars; their values were compared with Python loops, all equal
// (docs/adr/0362). Nothing the survey met is a cause of ours. These are our own scripts in those
// patterns, pinned so they stay working; expected values worked by hand in the comments.

import { compile, evaluate, validate } from "../src/index";
import { closeBars, run, SYMBOL } from "./back/harness";
import { outputsByName } from "./front/harness";
import type { ContextBars } from "../src/stdlib/request";
import type { EvaluationResult } from "../src/evaluate";
import type { Resolver } from "../src/types";

const resolver = { resolve: async () => null } as never;

/** A library published as `owner/slug/1`, resolved as the API resolves a published one. */
function libraryResolver(owner: string, slug: string, source: string): Resolver {
  return { resolve: async (ref) => (ref.owner === owner && ref.slug === slug ? { owner, slug, kind: "library", version: 1, files: [{ path: "main.pine", content: source }] } : null) };
}

async function evaluateWith(source: string, closes: number[], contexts: ContextBars[]): Promise<EvaluationResult> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver });
  expect(v.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return evaluate(compile(v.checked!, v.interface!), closeBars(closes), {}, { symbol: SYMBOL, windowStart: 0, contexts });
}

const msft: ContextBars = { symbol: "MSFT", timeframe: "1d", bars: closeBars([20, 18, 17, 19, 21.5]), info: { ...SYMBOL, ticker: "MSFT" } };

describe("survey S51: a watchlist of user-type slots requested by their fields", () => {
  const watchlist = `//@version=6
indicator("watch")
type Sym
    string raw
    string tf
    bool valid
type Lv
    float lo
    float hi
    float c
string[] raws = array.from("MSFT", "")
var Sym[] syms = array.new<Sym>()
syms.clear()
for s in raws
    if str.length(s) > 0
        syms.push(Sym.new(s, "D", true))
int n = syms.size()
while syms.size() < 2
    syms.push(Sym.new("MSFT", "D", false))
lv() =>
    Lv.new(low, high[1], close)
Lv a = request.security(syms.get(0).raw, syms.get(0).tf, lv(), barmerge.gaps_off, barmerge.lookahead_off)
Lv b = request.security(syms.get(1).raw, syms.get(1).tf, lv(), barmerge.gaps_off, barmerge.lookahead_off)
Lv z = request.security("NOPE", "D", lv(), ignore_invalid_symbol = true)
plot(a.lo, "lo")
plot(a.hi, "hi")
plot(b.c, "c")
plot(n, "n")
plot(na(z) ? -1 : z.c, "z")
`;

  test("each slot's symbol and timeframe come from an array rebuilt on every bar; the object comes back whole", async () => {
    const r = await evaluateWith(watchlist, [1, 2, 3, 4, 5], [msft]);
    // MSFT closes 20, 18, 17, 19, 21.5 (low = close - 1, high = close + 1): lo is the day's low, hi the
    // previous day's high (na on the first), c the close; one valid slot, the other the fallback; an
    // invalid symbol with ignore_invalid_symbol gives an na object
    expect(outputsByName(r)).toEqual({
      lo: [19, 17, 16, 18, 20.5],
      hi: [null, 21, 19, 18, 20],
      c: [20, 18, 17, 19, 21.5],
      n: [1, 1, 1, 1, 1],
      z: [-1, -1, -1, -1, -1],
    });
    expect(r.runtimeErrors).toEqual([]);
  });

  test("a field of the na object requested from a symbol without data is the bar's runtime error", async () => {
    const r = await evaluateWith(watchlist.replace(`plot(na(z) ? -1 : z.c, "z")`, `plot(z.c, "z")`), [1, 2, 3], [msft]);
    expect(r.runtimeErrors.map((e) => e.count)).toEqual([3]);
    expect(r.runtimeErrors[0]!.message).toMatch(/field of an object that is na/);
  });
});

describe("survey S51: a bias of close against its SMA requested inside a user function", () => {
  test("the chart's own symbol gives values; an invalid symbol ignored gives na, written N/A", async () => {
    const r = await evaluateWith(
      `//@version=6
indicator("bias")
sym = input.symbol("TVC:DXY", "Symbol")
bias(s, tf) =>
    c = request.security(s, tf, close, lookahead = barmerge.lookahead_off, ignore_invalid_symbol = true)
    m = request.security(s, tf, ta.sma(close, 2), lookahead = barmerge.lookahead_off, ignore_invalid_symbol = true)
    c - m
own = bias("MSFT", "D")
dxy = bias(sym, "D")
plot(own, "own")
plot(dxy, "dxy")
var label lb = label.new(0, 0, "")
lb.set_text(na(dxy) ? "N/A" : dxy > 0 ? "Bullish" : "Bearish")
`,
      [1, 2, 3, 4, 5],
      [msft],
    );
    // MSFT closes 20, 18, 17, 19, 21.5: SMA(2) na, 19, 17.5, 18, 20.25, so close - SMA is na, -1, -0.5, 1, 1.25
    expect(outputsByName(r)).toEqual({ own: [null, -1, -0.5, 1, 1.25], dxy: [null, null, null, null, null] });
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["N/A"]);
  });
});

describe("survey S51: ATR levels anchored at an input.time entry", () => {
  test("the first bar whose time_close reaches the anchor fixes the price and the ATR", () => {
    const r = run(
      `//@version=6
indicator("atr levels", overlay = true)
anchor = input.time(timestamp("UTC", 2024, 1, 2, 12, 0), "Entry", confirm = true)
atr = ta.atr(2)
var float ap = na
var float aa = na
if na(ap) and time_close >= anchor
    ap := close
    aa := atr
plot(ap, "p")
plot(ap + aa, "p1")
var label lb = na
if not na(ap) and na(lb)
    lb := label.new(bar_index + 10, ap + aa, "+1 ATR: " + str.tostring(ap + aa, format.mintick))
`,
      closeBars([10, 12, 11, 15]),
    );
    // daily bars from 2024-01-01 (high = close + 1, low = close - 1): bar 0 closes before Jan 2 12:00 UTC,
    // bar 1 after it. True ranges 2 (high - low), then max(13 - 11, |13 - 10|, |11 - 10|) = 3: ATR(2) on
    // bar 1 is their mean 2.5, so the entry is 12 and +1 ATR 14.5, written at the tick (0.01) as 14.50
    expect(outputsByName(r)).toEqual({ p: [null, 12, 12, 12], p1: [null, 14.5, 14.5, 14.5] });
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["+1 ATR: 14.50"]);
  });
});

describe("survey S51: projections drawn as polylines from an array of user types", () => {
  test("polyline.all is deleted each bar and the paths redrawn, so the last bar's two are left", () => {
    const r = run(
      `//@version=6
indicator("paths", overlay = true, max_polylines_count = 100)
type Path
    array<chart.point> pts
    color col
var Path[] paths = array.new<Path>()
if barstate.isfirst
    for i = 0 to 1
        paths.push(Path.new(array.new<chart.point>(), i == 0 ? color.red : color.blue))
for pl in polyline.all
    pl.delete()
for [k, p] in paths
    p.pts.clear()
    for i = 0 to 2
        p.pts.push(chart.point.from_index(bar_index + i, close + (k + 1) * i))
    polyline.new(p.pts, line_color = p.col)
plot(polyline.all.size(), "n")
`,
      closeBars([1, 2, 3]),
    );
    // on the last bar (close 3) path 0 climbs 1 a point (3, 4, 5), path 1 climbs 2 (3, 5, 7)
    expect(outputsByName(r)).toEqual({ n: [2, 2, 2] });
    expect(r.drawings.polylines.map((p) => p.points.map((q) => q.price))).toEqual([
      [3, 4, 5],
      [3, 5, 7],
    ]);
  });
});

describe("survey S51: wrapped lines of public v6 scripts", () => {
  test("a call's arguments on lines indented by one space, and a ternary chain after '=' on the next lines", () => {
    const r = run(
      `//@version=6
indicator("wrap", overlay = true)
show = input.bool(true, "Show")
up = close > open
dn = close < open
bgcolor(
 show ?
 up ? color.green :
 dn ? color.red :
 color.yellow
 : na)
score =
     up ? 2 :
     dn ? 1 :
     0
plot(score, "score")
`,
      closeBars([1, 2, 3]),
    );
    // closeBars opens each bar at its close, so neither up nor down: score 0 on every bar
    expect(outputsByName(r)).toEqual({ score: [0, 0, 0] });
  });

  test("a session's running low written as an if expression over its own history", () => {
    const r = run(
      `//@version=6
indicator("if expression")
inSession = bar_index % 4 != 0
newbar = inSession and not inSession[1]
float lo = na
lo := if inSession
    if newbar
        low
    else
        math.min(lo[1], low)
else
    lo
plot(lo, "lo")
`,
      closeBars([5, 4, 6, 3, 7, 8, 2, 9]),
    );
    // low = close - 1: 4 3 5 2 6 7 1 8; bars 0 and 4 are outside (lo is na there, not kept: no var),
    // bars 1 and 5 open a session
    expect(outputsByName(r)).toEqual({ lo: [null, 3, 3, 2, null, 7, 1, 1] });
  });
});

describe("survey S51: a change in percent written with a signed number format", () => {
  test("str.format's {0,number,+0.00;-0.00} writes the sign of each side", () => {
    const r = run(
      `//@version=6
indicator("pct", overlay = true)
chg = (close - close[1]) / close[1] * 100
var label lb = label.new(bar_index, close, "")
lb.set_text(lb.get_text() + str.format("{0,number,+0.00;-0.00}%", chg) + " ")
`,
      closeBars([100, 101.25, 100.74375]),
    );
    // bar 0 has no previous close: na, written NaN (docs/adr/0294); then 1.25 / 100 and
    // -0.50625 / 101.25 (-0.5 exactly), each with the sign its side of the pattern writes
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["NaN% +1.25% -0.50% "]);
  });
});

describe("survey S51: a library's exported function with var state, called twice", () => {
  test("each call keeps its own state, as a user function's calls do", async () => {
    const library = `//@version=6
library("Counter", true)
export detect(float src) =>
    var int count = 0
    var float last = na
    if src != last
        count += 1
    last := src
    count
`;
    const v = await validate(
      [
        {
          path: "main.pine",
          content: `//@version=6
indicator("consumer")
import someone/Counter/1 as c
plot(c.detect(close), "a")
plot(c.detect(math.round(close / 10)), "b")
`,
        },
      ],
      { resolver: libraryResolver("someone", "Counter", library) },
    );
    expect(v.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const r = evaluate(compile(v.checked!, v.interface!), closeBars([11, 12, 12, 23, 24]), {}, { symbol: SYMBOL, windowStart: 0 });
    // call a counts changes of close (11, 12, 12, 23, 24), call b of close / 10 rounded (1, 1, 1, 2,
    // 2), each with its own var count; the first bar compares with na, which is false
    // (docs/adr/0278): a 0 1 1 2 3, b 0 0 0 1 1 (one shared count would give a 0 1 1 3 4)
    expect(outputsByName(r)).toEqual({ a: [0, 1, 1, 2, 3], b: [0, 0, 0, 1, 1] });
  });
});
