// TradingView's Pine v6 user manual, Time page (pass UX). Expected texts are what the page states:
// "The str.format_time() function replaces na values with 0 in its calculations" (the epoch, shown in the
// exchange zone, New York five hours behind UTC then), and a "UTC+0" zone's `z` shows as "GMT".
import { compile, evaluate, validate, type EvaluationResult } from "../../src";
import { risingBars, SYMBOL } from "./harness";

const noLibraries = { resolve: async () => null };

async function logsOf(source: string): Promise<string[]> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
  if (!v.valid || !v.checked || !v.interface) throw new Error(`refused: ${JSON.stringify(v.diagnostics)}`);
  const r: EvaluationResult = evaluate(compile(v.checked, v.interface), risingBars(2), {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.logs.map((l) => l.message);
}

describe("str.format_time reads an na time as 0, the UNIX epoch (Time, time and time_close variables)", () => {
  test("the previous bar's closing time on the first bar, and a plain na, format as the epoch in New York", async () => {
    const logs = await logsOf(`//@version=6
indicator("Epoch for na")
if barstate.isfirst
    log.info(str.format_time(time_close[1], "yyyy-MM-dd HH:mm:ss", "America/New_York"))
    log.info(str.format_time(int(na), "'Day:' dd MMM yyyy", "UTC"))
    log.info(str.format("{0,number,#}", time_close[1]))
plot(close)`);
    expect(logs).toEqual(["1969-12-31 19:00:00", "Day: 01 Jan 1970", "NaN"]);
  });
});

describe("the z letter names a fixed zero offset GMT (Time, time_tradingday)", () => {
  test("UTC+0 and UTC-00:00 are GMT; the UTC zone keeps its own name; UTC+4 is GMT+04:00", async () => {
    const logs = await logsOf(`//@version=6
indicator("Zone names")
if barstate.isfirst
    t = timestamp("UTC", 2024, 3, 4, 21, 0)
    log.info("{0}|{1}|{2}|{3}", str.format_time(t, "HH:mm (z)", "UTC+0"), str.format_time(t, "z", "UTC-00:00"), str.format_time(t, "z", "UTC"), str.format_time(t, "z", "UTC+4"))
plot(close)`);
    expect(logs).toEqual(["21:00 (GMT)|GMT|UTC|GMT+04:00"]);
  });
});

describe("an na string concatenates as an empty one (Time, expressing time differences; docs/adr/0326)", () => {
  test("text accumulated with += into a string declared na keeps every piece; two na stay na", async () => {
    const logs = await logsOf(`//@version=6
indicator("Span text")
spanText(int ms) =>
    string out = na
    out += str.tostring(math.floor(ms / 3600000)) + " hours "
    out += str.tostring(ms % 3600000 / 60000) + " minutes"
    out
if barstate.isfirst
    string none = na
    log.info("{0}|{1}|{2}", spanText(9000000), "x" + none, na(none + none))
plot(close)`);
    expect(logs).toEqual(["2 hours 30 minutes|x|true"]);
  });
});
