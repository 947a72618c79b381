// Patterns of issue 16's forty-seventh survey (a wide scan: 87 public v5 and v6 scripts from a dozen
// GitHub repositories and a mirror of TradingView's public library, docs/adr/0344), written here in
// their style. The scan met no refusal, runtime error or value that TradingView would not give, so
// nothing here fails on the tree before; these pin what the sample leaned on. Expected values are
// worked by hand from TradingView's reference and user manual over risingBars (daily from Monday
// 2024-01-01: open = close = 10 + i, high = close + 1, low = close - 1) and minute bars built the
// same way.
import { compile, evaluate, validate } from "../../src/index";
import { risingBars, SYMBOL, weeklyBars } from "./harness";
import type { EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";

interface Checked {
  errors: Array<{ code: string; line: number | undefined }>;
  r: EvaluationResult | null;
  values: Record<string, number[]>;
}

async function check(src: string, bars: Bars, options: { symbol?: SymbolInfo; now?: number; contexts?: ContextBars[] } = {}): Promise<Checked> {
  const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
  const errors = v.diagnostics.filter((d) => d.severity === "error").map((d) => ({ code: d.code, line: d.line }));
  if (errors.length > 0 || !v.checked) return { errors, r: null, values: {} };
  const r = evaluate(compile(v.checked, v.interface!), bars, {}, { symbol: options.symbol ?? SYMBOL, windowStart: 0, now: options.now ?? Date.UTC(2026, 0, 5), contexts: options.contexts ?? [] });
  return { errors, r, values: Object.fromEntries(r.outputs.map((o) => [o.title ?? o.name, Array.from(o.values)])) };
}

/** `n` one-minute bars from 2024-01-02 14:30 UTC with risingBars' prices. */
function risingMinutes(n: number): Bars {
  const d = risingBars(n);
  const t0 = Date.UTC(2024, 0, 2, 14, 30) / 1000;
  return { ...d, time: Float64Array.from({ length: n }, (_, i) => t0 + i * 60) };
}

const nan = Number.NaN;

describe("line wrapping as the public scripts wrote it (survey S47)", () => {
  // Three scripts of one public examples repository continue a line by exactly four spaces, after a
  // trailing `and` or before a leading `?`/`:`. TradingView's user manual (Script structure, Line
  // wrapping): wrapped lines may be indented by any number of spaces "provided it's not a multiple of
  // four (those boundaries are used to indent local blocks)"; inside parentheses any indent is a
  // continuation. TradingView refuses those scripts, and so does the check, with the same reason.
  test("a continuation indented by four spaces outside parentheses is a syntax error", async () => {
    const afterAnd = await check(`//@version=6
indicator("wrap")
bool up = close > open and
    close > close[1]
plot(up ? 1 : 0)`, risingBars(5));
    // the line ending in `and` ends without a continuation (TradingView: "end of line without line
    // continuation"); the statement is lost with it, so `up` is then undeclared too
    expect(afterAnd.errors[0]).toEqual({ code: "syntax_error", line: 3 });
    const leadingTernary = await check(`//@version=6
indicator("wrap")
color c = close > 12
    ? color.green
    : color.red
plot(close, color = c)`, risingBars(5));
    expect(leadingTernary.errors[0]).toEqual({ code: "syntax_error", line: 4 });
  });

  test("five spaces, or four inside parentheses, continue the line", async () => {
    const { errors, values } = await check(`//@version=6
indicator("wrap")
bool up = close >= open and
     close > nz(close[1])
v = close > 12
     ? 1
     : 0
w = (close
    + open)
plot(up ? 1 : 0, "up")
plot(v, "v")
plot(w, "w")`, risingBars(5));
    expect(errors).toEqual([]);
    // close = open = 10 + i rises every bar (bar 0 against nz(na) = 0); close > 12 from bar 3; w = 2 * close
    expect(values).toEqual({ up: [1, 1, 1, 1, 1], v: [0, 0, 0, 1, 1], w: [20, 22, 24, 26, 28] });
  });
});

describe("calls the public scripts wrote that TradingView refuses or stops on (survey S47)", () => {
  // A public volume profile slices an array with `array.slice(ltf_h_all, offset)`; the v6 reference
  // gives `array.slice(id, index_from, index_to)` with no default for index_to.
  test("array.slice needs index_to", async () => {
    const short = await check(`//@version=6
indicator("slice")
a = array.from(1.0, 2.0, 3.0)
b = array.slice(a, 1)
plot(b.size())`, risingBars(3));
    expect(short.errors.map((e) => e.code)).toEqual(["missing_argument"]);
    const full = await check(`//@version=6
indicator("slice")
a = array.from(1.0, 2.0, 3.0)
plot(array.slice(a, 1, 3).sum(), "s")`, risingBars(3));
    expect(full.values).toEqual({ s: [5, 5, 5] });
  });

  // A public ICT macro tracker sizes `ta.highest` by `timeframe.in_seconds("15") /
  // timeframe.in_seconds(timeframe.period)`: 15 bars on a 1-minute chart; on a daily chart the int
  // division (docs/adr/0104) is taken as 0 and each bar raises TradingView's length error.
  const lengthScript = `//@version=5
indicator("len")
one = ta.highest(timeframe.in_seconds("15") / timeframe.in_seconds(timeframe.period))
plot(one, "one")`;
  test("a length from seconds of timeframes: 15 on a 1-minute chart, the length error on a daily one", async () => {
    const minutes = await check(lengthScript, risingMinutes(17), { symbol: { ...SYMBOL, timeframe: "1m" } });
    expect(minutes.r!.runtimeErrors).toEqual([]);
    // highest high of the last 15 bars, high = 11 + i: na before bar 14
    expect(minutes.values.one).toEqual([...Array(14).fill(nan), 25, 26, 27]);
    const daily = await check(lengthScript, risingBars(4));
    expect(daily.r!.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["Invalid value of the 'length' argument (0) in the 'highest' function. It must be > 0.", 4]]);
  });
});

describe("statements and calls of the public scripts that run unchanged (survey S47)", () => {
  // A public v5 calendar counts days from `timenow` with int divisions read through int() and %,
  // indexes an array.from of names by the results and formats them with str.format into a table.
  // timenow is 2026-01-05 00:00 UTC: Julian day 20458 + 2440588 = 2461046, days since the Mayan epoch
  // (Julian day 584283) 1876763 = 13 * 144000 + 0 * 7200 + 13 * 360 + 4 * 20 + 3; the day name is
  // (1876763 + 159) % 20 = 2, the third name.
  test("int arithmetic on timenow into a table's text", async () => {
    const { r } = await check(`//@version=5
indicator("calendar", overlay = true)
var DAYS_TO_UNIX_EPOCH = 2440588
var EPOCH_JULIAN_DAY = 584283
julianDay(unixTime) =>
    int((unixTime / (1000 * 60 * 60 * 24)) + DAYS_TO_UNIX_EPOCH)
longCount() =>
    total = julianDay(timenow) - EPOCH_JULIAN_DAY
    baktun = int(total / 144000)
    remaining = total % 144000
    katun = int(remaining / 7200)
    remaining := remaining % 7200
    tun = int(remaining / 360)
    remaining := remaining % 360
    [baktun, katun, tun, int(remaining / 20), remaining % 20, total]
[b, k, t, u, d, total] = longCount()
names = array.from("Imix", "Ik'", "Ak'b'al", "K'an")
var table cal = table.new(position.top_right, 1, 2)
if barstate.islast
    table.cell(cal, 0, 0, str.format("{0}.{1}.{2}.{3}.{4}", b, k, t, u, d))
    table.cell(cal, 0, 1, array.get(names, (total + 159) % 20))`, risingBars(3));
    expect(r!.runtimeErrors).toEqual([]);
    expect(r!.drawings.tables[0]!.cells.map((c) => c.text)).toEqual(["13.0.13.4.3", "Ak'b'al"]);
  });

  // A public deep-chart VWAP indents a switch's cases and an if block's statements with a tab on
  // some lines and four spaces on others (one tab is one indent, the user manual's "4 spaces or 1 tab").
  test("tabs and four spaces mixed in one block", async () => {
    const { errors, values } = await check(`//@version=6
indicator("tabs")
mode = input.string("Week")
isNew = switch mode
\t"Session" => close > 11
\t"Week"    => close > 12
    "Decade"    => close > 13
\t=> false
float v = na
if not na(close)
    v := close
\tv := v * 2
plot(isNew ? 1 : 0, "new")
plot(v, "v")`, risingBars(5));
    expect(errors).toEqual([]);
    expect(values).toEqual({ new: [0, 0, 0, 1, 1], v: [20, 22, 24, 26, 28] });
  });

  // A public IPDA look-back makes a table at "top_right" written as a string on every bar (no var)
  // and fills cells with width, height, text color and a halign written as "center", all positional.
  // TradingView shows a table once it has cells: the last bar's.
  test("a table at a position written as a string, cells with positional arguments", async () => {
    const { r } = await check(`//@version=5
indicator("tbl", overlay = true)
t = table.new("top_right", 2, 1, frame_color = #000000, frame_width = 1)
if barstate.islast
    table.cell(t, 0, 0, "A", 0, 0, #000000, "center", text_size = size.normal, bgcolor = #d1d4dc)
    table.cell(t, 1, 0, str.tostring(close))`, risingBars(5));
    expect(r!.runtimeErrors).toEqual([]);
    const filled = r!.drawings.tables.filter((t) => t.cells.length > 0);
    expect(filled.length).toBe(1);
    const table = filled[0]!;
    expect(table.position).toBe("top_right");
    expect(table.cells.map((c) => [c.column, c.text, c.text_halign])).toEqual([
      [0, "A", "center"],
      [1, "14", "center"],
    ]);
  });

  // A public octants script closes its indicator() call after a line holding one space; a public
  // log-regression channel gives input.string's options as its third positional argument; a public
  // macro tracker writes `if na or _time` in v5, where na is false as a condition.
  test("a blank line inside a call, options given positionally, v5 na as a condition", async () => {
    const { errors, values } = await check(`//@version=5
indicator("octants", overlay=true, 
    max_lines_count    = 500,
    max_bars_back=5000
 
    )
osc = input.string("MFI", "Type:", ["RSI", "MFI"], group = "Oscillator")
int picked = switch osc
    "RSI" => 1
    "MFI" => 2
bool late = close > 12
plot(picked, "picked")
plot(na or late ? 1 : 0, "naOr")`, risingBars(5));
    expect(errors).toEqual([]);
    expect(values).toEqual({ picked: [2, 2, 2, 2, 2], naOr: [0, 0, 0, 1, 1] });
  });

  // A public fractal CISD script keeps each level's timeframe in a user type's field and requests
  // `[open[1], ..., time[1]]` with lookahead on inside a method of the type. With lookahead on,
  // close[1] of a week is the previous week's close all week: days 7..13 read day 6's 16, day 14 on
  // day 13's 23 (the week of days 0..6 starts the data, its previous close is na).
  test("a request inside a method, its timeframe a field of the type", async () => {
    const n = 21;
    const weeks: ContextBars = { symbol: "AAPL", timeframe: "1w", bars: weeklyBars(risingBars(n)), info: { ...SYMBOL, timeframe: "1w" } };
    const { errors, r, values } = await check(`//@version=6
indicator("cisd")
type Level
    string ht
method previousClose(Level lv) =>
    request.security(syminfo.tickerid, lv.ht, close[1], lookahead = barmerge.lookahead_on)
var Level weekly = Level.new("W")
plot(weekly.previousClose(), "pw")`, risingBars(n), { contexts: [weeks] });
    expect(errors).toEqual([]);
    expect(r!.runtimeErrors).toEqual([]);
    expect(values.pw!.slice(0, 8)).toEqual([nan, nan, nan, nan, nan, nan, nan, 16]);
    expect(values.pw!.slice(13, 15)).toEqual([16, 23]);
  });
});
