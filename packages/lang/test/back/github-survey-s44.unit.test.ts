// Patterns of issue 16's forty-fourth survey (public v5 and v6 indicators hosted in GitHub
// repositories: previous day/week/month levels, session boxes, intrabar volume, stop/target lines),
// written here in their style; expected values are worked by hand from TradingView's reference
// manual over risingBars (daily from Monday 2024-01-01, every day a bar: high = 11 + i, low = 9 + i).
import { compile, evaluate, validate } from "../../src/index";
import { risingBars, SYMBOL, weeklyBars } from "./harness";
import type { EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";

/** The chart's own weeks (Monday 00:00 UTC), as the worker would read them for a request of "W". */
const weeksOf = (n: number): ContextBars => ({ symbol: "AAPL", timeframe: "1w", bars: weeklyBars(risingBars(n)), info: { ...SYMBOL, timeframe: "1w" } });

async function runChecked(src: string, n: number, contexts: ContextBars[] = []): Promise<{ r: EvaluationResult; values: Record<string, number[]> }> {
  const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
  const errors = v.diagnostics.filter((d) => d.severity === "error");
  expect(errors).toEqual([]);
  const r = evaluate(compile(v.checked!, v.interface!), risingBars(n), {}, { symbol: SYMBOL, windowStart: 0, contexts });
  expect(r.runtimeErrors).toEqual([]);
  return { r, values: Object.fromEntries(r.outputs.map((o) => [o.title, Array.from(o.values)])) };
}

describe("previous-period levels drawn per period (survey S44)", () => {
  // A public v6 levels script: `[h, l, t1] = request.security(syminfo.tickerid, "W", [high[1], low[1],
  // time], lookahead = barmerge.lookahead_on)`, a user type holding each period's lines, a new set on
  // `timeframe.change("W")`, the oldest deleted through `array.shift` once more than `keep` are held.
  // With lookahead on, `high[1]` of a week is the previous week's high on every day of the week:
  // days 7..13 (week 2) read week 1's high, day 6's 17; days 14..20 read day 13's 24.
  test("weekly high[1] with lookahead on is the previous week's high all week; lines kept per week", async () => {
    const { r, values } = await runChecked(`//@version=6
indicator("levels", overlay = true, max_lines_count = 500)
keep = input.int(2, "Keep")
type Period
	line hi
	line lo
	int startTime

var array<Period> periods = array.new<Period>()
[h, l, t1] = request.security(syminfo.tickerid, "W", [high[1], low[1], time], lookahead = barmerge.lookahead_on)
if timeframe.change("W") and not na(h)
    periods.push(Period.new(line.new(t1, h, t1 + 86400000, h, xloc = xloc.bar_time), line.new(t1, l, t1 + 86400000, l, xloc = xloc.bar_time), t1))
    while periods.size() > keep
        old = periods.shift()
        old.hi.delete()
        old.lo.delete()
plot(h, "pwh")
plot(l, "pwl")`, 28, [weeksOf(28)]);
    const nan = Number.NaN;
    expect(values.pwh!.slice(0, 8)).toEqual([nan, nan, nan, nan, nan, nan, nan, 17]);
    expect(values.pwh!.slice(13, 15)).toEqual([17, 24]);
    // low[1] in week 3 (days 14..20) is week 2's low, day 7's 16
    expect(values.pwl!.slice(14, 21)).toEqual([16, 16, 16, 16, 16, 16, 16]);
    // weeks 2, 3 and 4 each drew their pair on their Monday (17/9, 24/16, 31/23); the first pair was
    // deleted when the third came (keep = 2)
    expect(r.drawings.lines.map((x) => x.price1)).toEqual([24, 16, 31, 23]);
  });
});

describe("statements and drawings public scripts write this way (survey S44)", () => {
  // A public v5 candles script: `indicator(...), n = bar_index` on the declaration's line.
  test("a declaration followed by a comma statement", async () => {
    const { values } = await runChecked(`//@version=5
indicator("x"
 , overlay = true
 ),n=bar_index
plot(n, "n")`, 3);
    expect(values.n).toEqual([0, 1, 2]);
  });

  // A public v6 stop/target script: `var line targ = na`, then on every bar `line.delete(targ[1])`
  // and a new line; continuation lines of a call indented by two spaces.
  test("a line deleted through its history each bar leaves the last one", async () => {
    const { r } = await runChecked(`//@version=6
indicator("st", "ST", true)
var line targ = na
if not na(targ)
    line.delete(targ[1])
targ := line.new(bar_index - 1, high, bar_index, high,
  color = color.green)`, 5);
    // the last bar (4) drew from bar 3 at its own high, 11 + 4
    expect(r.drawings.lines.map((x) => [x.time1, x.price1])).toEqual([["2024-01-04T00:00:00Z", 15]]);
  });
});

describe("requests and types as the later public scripts write them (survey S44)", () => {
  // A public v5 higher-timeframe example: `htfSecurity(simple string symbol, simple string timeframe,
  // expression, simple bool repaint = false)` calls `request.security(symbol, timeframe,
  // expression[offset], lookahead = lookahead)` with `offset` 1 and `lookahead_on` unless repainting.
  // Not repainting, a week's every day reads the previous week's close: days 7..13 day 6's 16, days
  // 14..20 day 13's 23. Repainting (offset 0, lookahead off) a day reads its week's close only on
  // the week's last day (Sunday, day 13: 23), the week before until then.
  test("a request wrapped in a function with an untyped expression parameter and a history offset", async () => {
    const { values } = await runChecked(`//@version=5
indicator("htf")
htfSecurity(simple string symbol, simple string timeframe, expression, simple bool repaint = false) =>
    int offset = repaint ? 0 : 1
    lookahead  = repaint ? barmerge.lookahead_off : barmerge.lookahead_on
    result     = request.security(symbol, timeframe, expression[offset], lookahead = lookahead)
plot(htfSecurity(syminfo.tickerid, "W", close), "fixed")
plot(htfSecurity(syminfo.tickerid, "W", close, true), "repaint")`, 21, [weeksOf(21)]);
    expect(values.fixed!.slice(6, 15)).toEqual([Number.NaN, 16, 16, 16, 16, 16, 16, 16, 23]);
    expect(values.repaint!.slice(6, 15)).toEqual([16, 16, 16, 16, 16, 16, 16, 23, 23]);
  });

  // A public v5 intrabar market-structure script: a user type whose fields default to series
  // (`float o = open`, `int i = bar_index`) made anew each bar, and two functions of one name told
  // apart by their number of parameters (`f_gTF(_t)` and `f_gTF()`).
  test("series field defaults of a type made each bar; functions overloaded by arity", async () => {
    const { values } = await runChecked(`//@version=5
indicator("types")
type bar
    float o = open
    int   i = bar_index
    float lc
f_tf(_t) => _t + "!"
f_tf() => "auto"
bar b = bar.new()
plot(b.o + b.i, "oi")
plot(na(b.lc) ? 1 : 0, "lcNa")
plot(str.length(f_tf()) * 10 + str.length(f_tf("5")), "len")`, 3);
    // open = 10 + i, so o + i = 10 + 2i
    expect(values).toEqual({ oi: [10, 12, 14], lcNa: [1, 1, 1], len: [42, 42, 42] });
  });
});
