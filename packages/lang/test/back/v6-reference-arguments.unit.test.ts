// Arguments named as TradingView's Pine v6 reference names them (box.set_bgcolor(id, color),
// line.set_x1(id, x), table.set_bgcolor(table_id, bgcolor), log.info(message)), the
// display.pine_screener constant, fill()'s hline form (color, title, editable, fillgaps,
// display: no show_last) and the refusal of footprint data with its reason. Expected values are
// worked by hand from risingBars (close = 10 + i, high = close + 1, low = close - 1).
import { build, risingBars, risingBarTime as day, run } from "./harness";

const V6 = `//@version=6\nindicator("x")\n`;

test("box setters take the reference's color, width and style", () => {
  const r = run(`${V6}b = box.new(0, 20, 1, 10)
box.set_bgcolor(b, color = #FF0000)
box.set_border_color(id = b, color = #00FF00)
box.set_border_width(b, width = 3)
box.set_border_style(b, style = line.style_dotted)
plot(b.get_top())`, risingBars(1));
  expect(r.drawings.boxes.map((x) => [x.time1, x.top, x.bottom, x.bg_color, x.border_color])).toEqual([[day(0), 20, 10, "#FF0000FF", "#00FF00FF"]]);
});

test("line.set_x1/x2 take x and set_y1/y2 take y", () => {
  const r = run(`${V6}var l = line.new(0, 1, 1, 2)
if bar_index == 2
    line.set_x1(l, x = 1)
    line.set_y1(l, y = 5.0)
    line.set_x2(l, x = 2)
    line.set_y2(l, y = 7.0)
plot(l.get_x1() * 1000 + l.get_y1() * 100 + l.get_x2() * 10 + l.get_y2())`, risingBars(3));
  // bars 0 and 1 keep (0, 1)-(1, 2): 0 + 100 + 10 + 2 = 112; from bar 2 (1, 5)-(2, 7): 1000 + 500 + 20 + 7 = 1527
  expect(Array.from(r.outputs[0]!.values)).toEqual([112, 112, 1527]);
  expect(r.drawings.lines.map((x) => [x.time1, x.price1, x.time2, x.price2])).toEqual([[day(1), 5, day(2), 7]]);
});

test("table setters take table_id", () => {
  const r = run(`${V6}var t = table.new(position.top_right, 1, 1)
table.set_position(table_id = t, position = position.bottom_left)
table.set_bgcolor(table_id = t, bgcolor = color.red)
table.set_frame_width(t, frame_width = 2)
table.cell(t, 0, 0, "a")
plot(close)`, risingBars(1));
  expect(r.drawings.tables.map((x) => [x.position, x.rows, x.columns])).toEqual([["bottom_left", 1, 1]]);
});

test("log.info/warning/error take the message alone as `message`", () => {
  const r = run(`${V6}if bar_index == 1
    log.info(message = "close " + str.tostring(close))
    log.warning(message = "w")
    log.error("e {0}", 2)
plot(close)`, risingBars(2));
  expect(r.logs.map((l) => [l.level, l.message])).toEqual([["info", "close 11"], ["warning", "w"], ["error", "e 2"]]);
});

test("display.pine_screener is a display of plot, and fill's hline form takes fillgaps sixth", () => {
  const r = run(`${V6}h1 = hline(50, "a", color.red, hline.style_dotted, 2, true, display.all)
h2 = hline(30, title = "b", linestyle = hline.style_dashed, linewidth = 1, editable = false, display = display.none)
fill(h1, h2, color.new(color.blue, 90), "f", true, true, display.all)
plot(close, "c", display = display.pine_screener)
plot(close, "d", display = display.all - display.pine_screener)`, risingBars(2));
  expect(r.outputs.map((o) => Array.from(o.values))).toEqual([[10, 11], [10, 11]]);
  // the plot form keeps show_last sixth: a bool there is refused, as TradingView's compiler does
  expect(() => build(`${V6}p1 = plot(close)\np2 = plot(open)\nfill(p1, p2, color.red, "f", true, true)`)).toThrow(/show_last/);
});

test("footprint data is refused with its reason at each use, the types included", () => {
  const reason = /volume footprint .*which this service does not store/;
  const messages = (src: string): string[] => {
    try {
      build(src);
      return [];
    } catch (e) {
      const text = (e as Error).message;
      return (JSON.parse(text.slice(text.indexOf("["))) as Array<{ message: string }>).map((d) => d.message);
    }
  };
  const m = messages(`${V6}footprint fp = request.footprint(100, 70)\nvolume_row r = footprint.poc(fp)\nplot(footprint.delta(fp) + volume_row.up_price(r))`);
  expect(m.length).toBeGreaterThanOrEqual(4);
  for (const x of m) expect(x).toMatch(reason);
});

test("time and time_close take TradingView's overload without timezone: (timeframe, session, bars_back, timeframe_bars_back)", () => {
  // risingBars(60): daily from Monday 2024-01-01; bar 59 is Thursday 2024-02-29, bar 58 Wednesday the 28th
  const ms = (d: string): number => Date.parse(`${d}T00:00:00Z`);
  const r = run(`${V6}plot(time("1W", "", 1))
plot(time("1W", "", 0, 1))
plot(time_close("", "", 1))
plot(time("1D", "", "UTC"))`, risingBars(60));
  const last2 = (k: number): number[] => Array.from(r.outputs[k]!.values.slice(-2));
  // one chart bar back (Wed 28th / Tue 27th) is in the week of Monday the 26th
  expect(last2(0)).toEqual([ms("2024-02-26"), ms("2024-02-26")]);
  // the week before the bar's week: Monday the 19th
  expect(last2(1)).toEqual([ms("2024-02-19"), ms("2024-02-19")]);
  // the previous bar's close is the bar's own open: the 28th on bar 58, the 29th on bar 59
  expect(last2(2)).toEqual([ms("2024-02-28"), ms("2024-02-29")]);
  // the timezone form as before
  expect(last2(3)).toEqual([ms("2024-02-28"), ms("2024-02-29")]);
});

test("math's trigonometry takes angle, todegrees radians and toradians degrees", () => {
  const r = run(`${V6}plot(math.sin(angle = 0) + math.cos(angle = 0))
plot(math.todegrees(radians = math.pi))
plot(math.toradians(degrees = 180))
plot(math.atan(angle = 1) * 4)`, risingBars(1));
  // sin 0 + cos 0 = 1; pi radians = 180 degrees; 180 degrees = pi; atan(1) = pi / 4
  expect(r.outputs.map((o) => o.values[0])).toEqual([1, 180, Math.PI, Math.PI]);
});

test("inputs and indicator() take their arguments in the reference's positional order", () => {
  // input(defval, title, tooltip, inline, group, display, active): the sixth is display
  // input.source(defval, title, tooltip, inline, group, display, active, confirm)
  // input.text_area(defval, title, tooltip, group, confirm, display, active): no inline
  const r = run(`//@version=6
indicator("x", "x", true, format.price, 2, scale.right, 500, "", true, false, 50, 50, 50, 2)
a = input(1.5, "a", "tip", "row", "grp", display.none, true)
s = input.source(close, "s", "tip", "row", "grp", display.none, true, false)
t = input.text_area("x", "t", "tip", "grp", false, display.none, true)
plot(a + s + str.length(t))`, risingBars(5));
  // calc_bars_count is the 14th argument: 2, so only the last two bars are calculated: 1.5 + 13 + 1, 1.5 + 14 + 1
  expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, NaN, NaN, 15.5, 16.5]);
});
