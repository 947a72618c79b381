// TradingView's Pine v6 user manual, Limitations page (pass UX2), Plot limits: alertcondition, bgcolor and barcolor
// generate one plot count each, and fill one when its color is a series; its example of every kind of call
// totals 56, and two more seven-count plotcandle calls make 70, over the limit of 64.
import { check } from "./harness";

const H = '//@version=6\nindicator("counts")\nbool up = close > open\ncolor upColor = up ? color.teal : color.orange\n';
const lines = (n: number, line: string): string => Array.from({ length: n }, () => line).join("\n") + "\n";
async function refusals(src: string): Promise<string[]> {
  return (await check(src)).diagnostics.filter((d) => d.code === "too_many_plots").map((d) => `${d.line} ${/brings it to (\d+)/.exec(d.message)?.[1]}`);
}

describe("plot counts of the calls that are not plots", () => {
  test.each([
    ["alertcondition(up, \"up\", \"Up bar\")"],
    ["bgcolor(up ? color.yellow : color.white)"],
    ["bgcolor(color.yellow)"],
    ["barcolor(upColor)"],
    ["fill(a, b, color = upColor)"],
  ])("%s counts 1: with 64 plots before it, it is the 65th", async (call) => {
    const src = `${H}a = plot(close)\nb = plot(open)\n${lines(62, "plot(hl2)")}${call}\n`;
    expect(await refusals(src)).toEqual([`69 65`]);
  });

  test("a fill of a constant color counts nothing", async () => {
    expect(await refusals(`${H}a = plot(close)\nb = plot(open)\n${lines(62, "plot(hl2)")}fill(a, b, color = color.red)\n`)).toEqual([]);
  });

  test("a script of 55 by the manual's rules passes; two more seven-count candles make 62, then 69", async () => {
    // 2 plots (2) + plotcandle with three series colors (7) x 7 (49) + alertcondition, bgcolor, fill (3) + barcolor (1) = 55
    const candle = "plotcandle(open, high, low, close, color = upColor, wickcolor = upColor, bordercolor = up ? color.lime : color.red)";
    const base = `${H}a = plot(close)\nb = plot(open)\n${lines(7, candle)}alertcondition(up, "u", "m")\nbgcolor(up ? color.yellow : na)\nfill(a, b, color = upColor)\nbarcolor(upColor)\n`;
    expect(await refusals(base)).toEqual([]);
    expect(await refusals(`${base}${lines(2, candle)}`)).toEqual(["19 69"]);
  });
});
