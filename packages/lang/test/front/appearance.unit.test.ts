// Interface additions (overlay, output style and color, hlines) and drawing-only indicators,
// from the script text as written (colors worked by hand: transparency 50 -> alpha 0x80).
import { check } from "./harness";

const V = "//@version=6\n";

describe("Interface: what a chart reads", () => {
  test("overlay, each output's style and constant color, and hlines", async () => {
    const r = await check(`${V}indicator("x", overlay = true)
plot(close, "a", color = color.new(#336699, 50))
plot(close, "b", style = plot.style_histogram, color = close > open ? color.green : color.red)
plot(close, "c", style = plot.style_stepline, color = color.red)
plotshape(close > open, "d")
plotchar(close > open, "e", "x")
plotcandle(open, high, low, close, "f")
hline(70, "Upper", color = #FF0000)
hline(-5)`);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.interface?.overlay).toBe(true);
    expect(r.interface?.outputs.map((o) => [o.name, o.style, o.color])).toEqual([
      ["a", "line", "#33669980"],
      ["b", "histogram", null],
      ["c", "stepline", "#F23645FF"],
      ["d", "shape", null],
      ["e", "char", null],
      ["f", "candle", null],
    ]);
    expect(r.interface?.hlines).toEqual([{ price: 70, title: "Upper", color: "#FF0000FF" }, { price: -5, title: null, color: null }]);
  });

  test("plot.style_steplinebr (a step line broken at na, TradingView's reference) is a stepline output", async () => {
    const r = await check(`${V}indicator("x")\nplot(close > open ? close : na, "s", style = plot.style_steplinebr)`);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.interface?.outputs.map((o) => [o.name, o.style])).toEqual([["s", "stepline"]]);
  });

  test("force_overlay = true (a const bool in TradingView's reference) marks that output only (docs/adr/0220)", async () => {
    const r = await check(`${V}const bool ON = true
indicator("x", overlay = false)
plot(ta.rsi(close, 14), "rsi")
plot(ta.ema(close, 20), "ema", force_overlay = true)
plotshape(close > open, "up", force_overlay = false)
plotchar(close > open, "c", "x", force_overlay = ON)
plotcandle(open, high, low, close, "k", force_overlay = true)`);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.interface?.overlay).toBe(false);
    // the field is absent (not false) where the call does not say true, so those outputs keep their shape
    expect(r.interface?.outputs.map((o) => [o.name, "force_overlay" in o, o.force_overlay])).toEqual([
      ["rsi", false, undefined],
      ["ema", true, true],
      ["up", false, undefined],
      ["c", true, true],
      ["k", true, true],
    ]);
    const fromInput = await check(`${V}indicator("x")\nplot(close, force_overlay = input.bool(true))`);
    expect(fromInput.diagnostics.some((d) => d.severity === "error")).toBe(true);
  });

  test("plot's linestyle (v6) is carried as dashed or dotted only; solid, none or an input leave the field out (docs/adr/0242)", async () => {
    const r = await check(`${V}indicator("x")
plot(close, "dash", linestyle = plot.linestyle_dashed)
plot(open, "dot", color = color.red, linestyle = plot.linestyle_dotted)
plot(high, "solid", linestyle = plot.linestyle_solid)
plot(low, "plain")
plot(hl2, "asked", linestyle = input.string("plot.linestyle_dashed", "Style", options = ["plot.linestyle_dashed", "plot.linestyle_solid"]))`);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.interface?.outputs).toEqual([
      { name: "dash", title: "dash", type: "float", style: "line", color: null, linestyle: "dashed" },
      { name: "dot", title: "dot", type: "float", style: "line", color: "#F23645FF", linestyle: "dotted" },
      { name: "solid", title: "solid", type: "float", style: "line", color: null },
      { name: "plain", title: "plain", type: "float", style: "line", color: null },
      { name: "asked", title: "asked", type: "float", style: "line", color: null },
    ]);
  });

  test("overlay is false by default", async () => {
    const r = await check(`${V}indicator("x")\nplot(close)`);
    expect(r.interface?.overlay).toBe(false);
    expect(r.interface?.hlines).toEqual([]);
  });
});

describe("an indicator that only draws", () => {
  test("is valid: no_outputs is a warning", async () => {
    const r = await check(`${V}indicator("x", overlay = true)\nif ta.crossover(close, ta.sma(close, 5))\n    label.new(time, high, "up", xloc = xloc.bar_time)`);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["no_outputs", "warning"]]);
    expect(r.interface?.outputs).toEqual([]);
  });

  test("one that only colours the chart (bgcolor, barcolor, fill, hline) is valid too: no_outputs is a warning naming them", async () => {
    const bg = await check(`${V}indicator("x", overlay = true)\nbgcolor(close > open ? color.new(color.green, 90) : na)\nbarcolor(close > open ? color.green : na)`);
    expect(bg.diagnostics.map((d) => [d.code, d.severity])).toEqual([["no_outputs", "warning"]]);
    expect(bg.diagnostics[0]?.message).toMatch(/bgcolor, barcolor only colour the chart/);
    expect(bg.valid).toBe(true);
    expect(bg.interface?.outputs).toEqual([]);
    const bands = await check(`${V}indicator("x")\nh1 = hline(70)\nh2 = hline(30)\nfill(h1, h2, color.new(color.blue, 90))`);
    expect(bands.diagnostics.map((d) => [d.code, d.severity])).toEqual([["no_outputs", "warning"]]);
    expect(bands.interface?.hlines?.map((h) => h.price)).toEqual([70, 30]);
  });

  test("one that only writes log lines is valid too (docs/adr/0190): no_outputs is a warning", async () => {
    const r = await check(`${V}indicator("x")\nx = close\nlog.info("{0}", x)`);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["no_outputs", "warning"]]);
    expect(r.diagnostics[0]?.message).toMatch(/only log lines/);
    expect(r.valid).toBe(true);
  });

  test("one that only raises alerts is valid too (docs/adr/0324: the user manual's Script structure counts alert()): no_outputs is a warning", async () => {
    const r = await check(`${V}indicator("x")\nx = close\nalert("x")`);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["no_outputs", "warning"]]);
    expect(r.diagnostics[0]?.message).toMatch(/only its alert events/);
    expect(r.valid).toBe(true);
  });

  test("without plots, drawings, log lines or alerts it is still an error", async () => {
    const r = await check(`${V}indicator("x")\nx = close`);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["no_outputs", "error"]]);
  });
});
