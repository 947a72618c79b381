// The chart's data mapping (apps/web/src/chart/mapping.ts): hand-worked inputs and answers.
import { cssColor, cssFont, drawingsPlan, eventMarkers, logicalOf, paint, planChart, PALETTE, tablePlace, tablePlan, textPixels, type Row } from "../src/chart/mapping";

const ROWS: Row[] = [
  [1704067200, 10, 12, 9, 11, 1000],
  [1704153600, 11, 13, 10, 12.5, 1500],
  [1704240000, 12.5, 12.6, 11, 11.2, 900],
];

describe("planChart", () => {
  test("when bars come as rows, then candles keep time, open, high, low, close in order and drop volume", () => {
    const plan = planChart({ outputs: [] }, ROWS, []);
    expect(plan.candles).toEqual([
      { time: 1704067200, open: 10, high: 12, low: 9, close: 11 },
      { time: 1704153600, open: 11, high: 13, low: 10, close: 12.5 },
      { time: 1704240000, open: 12.5, high: 12.6, low: 11, close: 11.2 },
    ]);
    expect(plan.series).toEqual([]);
  });

  test("when an output is na on a bar, then that bar is a gap (a point without value), never zero", () => {
    const plan = planChart({ outputs: [{ name: "rsi", title: "RSI" }] }, ROWS, [
      { t: 1704067200, rsi: null }, { t: 1704153600, rsi: 0 }, { t: 1704240000, rsi: 55.5 },
    ]);
    expect(plan.series[0]?.data).toEqual([{ time: 1704067200 }, { time: 1704153600, value: 0 }, { time: 1704240000, value: 55.5 }]);
  });

  test("when the Interface says overlay, then outputs go on the price pane; otherwise on the pane below, with their hlines", () => {
    const outputs = [{ name: "basis", title: "Basis" }];
    expect(planChart({ outputs, overlay: true }, ROWS, []).series[0]?.pane).toBe(0);
    const below = planChart({ outputs, overlay: false, hlines: [{ price: 70, title: "Upper", color: "#FF000080" }] }, ROWS, []);
    expect(below.series[0]?.pane).toBe(1);
    expect(below.hlines).toEqual([{ price: 70, title: "Upper", color: "rgba(255, 0, 0, 0.502)", pane: 1 }]);
    // Pine's default for a script without `overlay` is its own pane.
    expect(planChart({ outputs }, ROWS, []).series[0]?.pane).toBe(1);
  });

  test("when an output's linestyle is dashed or dotted, then its line is; without one (or an unknown one) it is solid (docs/adr/0242)", () => {
    const plan = planChart({ outputs: [{ name: "a", title: "a", linestyle: "dashed" }, { name: "b", title: "b", linestyle: "dotted" }, { name: "c", title: "c" }, { name: "d", title: "d", linestyle: "wavy" }] }, ROWS, []);
    expect(plan.series.map((s) => [s.name, s.dash])).toEqual([["a", "dashed"], ["b", "dotted"], ["c", "solid"], ["d", "solid"]]);
  });

  test("when a pane indicator's output is made with force_overlay, then it goes on the price pane and the others stay below", () => {
    const plan = planChart({ overlay: false, outputs: [{ name: "osc", title: "osc" }, { name: "level", title: "level", force_overlay: true }] }, ROWS, []);
    expect(plan.series.map((s) => [s.name, s.pane])).toEqual([["osc", 1], ["level", 0]]);
    expect(plan.pane).toBe(1);
  });

  test("when outputs carry styles and colors, then each maps to its series kind; a missing color takes the palette in order", () => {
    const plan = planChart({
      outputs: [
        { name: "a", title: "A", style: "histogram", color: "#00FF00FF" },
        { name: "b", title: "B", style: "stepline", color: null },
        { name: "c", title: "C", style: "circles" },
        { name: "d", title: "D", style: "area", color: "#0000ff" },
        { name: "e", title: "E", style: "columns" },
        { name: "f", title: "F" },
      ],
    }, ROWS, []);
    expect(plan.series.map((s) => [s.kind, s.color])).toEqual([
      ["histogram", "rgba(0, 255, 0, 1)"],
      // TradingView's default plot colors, 2nd, 3rd, 5th and 6th: the outputs' positions.
      ["step", "#FF6D00"],
      ["points", "#AB47BC"],
      ["area", "rgba(0, 0, 255, 1)"],
      ["histogram", "#F23645"],
      ["line", "#787B86"],
    ]);
  });
});

describe("cssColor", () => {
  test("when given #RRGGBBAA, then the alpha is the last byte over 255; junk falls back", () => {
    expect(cssColor("#2962FF00", "x")).toBe("rgba(41, 98, 255, 0)");
    expect(cssColor("#2962ffff", "x")).toBe("rgba(41, 98, 255, 1)");
    expect(cssColor("red", "fallback")).toBe("fallback");
    expect(cssColor(null, "fallback")).toBe("fallback");
  });
});

describe("markers", () => {
  test("when definition events come in any order, then markers are sorted by bar time in seconds, one color per event name", () => {
    const markers = eventMarkers([
      { time: "2024-01-03T00:00:00Z", name: "overbought" },
      { time: "2024-01-01T00:00:00Z", name: "oversold" },
      { time: "2024-01-02T00:00:00Z", name: "overbought" },
    ]);
    expect(markers.map((m) => [m.time, m.text, m.color])).toEqual([
      [1704067200, "oversold", PALETTE[1]],
      [1704153600, "overbought", PALETTE[0]],
      [1704240000, "overbought", PALETTE[0]],
    ]);
  });

  test("when drawings hold labels, lines and polylines, then each keeps its style and colors and whether it is forced onto the price pane; na points are skipped; labels are drawn last", () => {
    const plan = drawingsPlan({
      labels: [{ time: "2024-01-02T00:00:00Z", price: 12, text: "hi", color: "#FF0000FF", style: "label_up", text_color: "#FFFFFFFF", size: "large" }],
      lines: [
        { time1: "2024-01-03T00:00:00Z", price1: 11, time2: "2024-01-01T00:00:00Z", price2: 10, color: "#2962FFFF", style: "dotted", width: 2, extend: "right", force_overlay: true },
        { time1: "2024-01-03T00:00:00Z", price1: null, time2: "2024-01-01T00:00:00Z", price2: 10, color: "#2962FFFF" },
        { time1: "2024-01-01T00:00:00Z", price1: 1, time2: "2024-01-02T00:00:00Z", price2: 2, color: "#00000000", style: "arrow_both" },
      ],
      polylines: [{ points: [{ time: "2024-01-02T00:00:00Z", price: 5 }, { time: "2024-01-01T00:00:00Z", price: 4 }, { time: "2024-01-03T00:00:00Z", price: null }], line_color: "#787B86FF", fill_color: null, closed: true }],
    });
    // the third line is fully transparent (alpha 00): nothing to draw
    expect(plan.shapes).toEqual([
      { kind: "line", onPrice: true, a: { time: 1704240000, price: 11 }, b: { time: 1704067200, price: 10 }, color: "rgba(41, 98, 255, 1)", width: 2, dash: "dotted", extend: "right", arrowStart: false, arrowEnd: false },
      // an answer without the polyline's style (a run kept before docs/adr/0235): solid, 1 pixel, straight
      { kind: "polyline", onPrice: false, points: [{ time: 1704153600, price: 5 }, { time: 1704067200, price: 4 }], closed: true, line: "rgba(120, 123, 134, 1)", fill: null, width: 1, dash: "solid", curved: false, arrowStart: false, arrowEnd: false },
      { kind: "label", onPrice: false, at: { time: 1704153600, price: 12 }, text: "hi", style: "label_up", color: "rgba(255, 0, 0, 1)", textColor: "rgba(255, 255, 255, 1)", textSize: 16, tooltip: "", face: { bold: false, italic: false, mono: false } },
    ]);
    expect(plan.outside).toBe(0);
  });

  test("when a box has a translucent bgcolor, border, text and alignment, then it is one filled shape with them; a linefill names two lines of the answer", () => {
    const plan = drawingsPlan({
      lines: [
        { time1: "2024-01-01T00:00:00Z", price1: 10, time2: "2024-01-03T00:00:00Z", price2: 12, color: "#FF0000FF", style: "solid", width: 1, extend: "none" },
        { time1: "2024-01-01T00:00:00Z", price1: 8, time2: "2024-01-03T00:00:00Z", price2: 9, color: "#FF0000FF", style: "dashed", width: 1, extend: "none" },
      ],
      // color.new(color.green, 80): #4CAF50 with 20% opacity, alpha round(0.2 * 255) = 51 = 0x33
      linefills: [{ line1: 0, line2: 1, color: "#4CAF5033" }, { line1: 0, line2: 7, color: "#4CAF5033" }],
      boxes: [{
        time1: "2024-01-03T00:00:00Z", top: 25, time2: "2024-01-02T00:00:00Z", bottom: 30, border_color: "#00FFFFFF", bg_color: "#4CAF5033", text: "zone",
        border_width: 3, border_style: "dashed", extend: "both", text_color: "#000000FF", text_size: "small", text_halign: "left", text_valign: "top",
      }],
    });
    expect(plan.shapes.map((s) => s.kind)).toEqual(["linefill", "box", "line", "line"]);
    // alpha 0x33 = 51: 51 / 255 = 0.2
    expect(plan.shapes[0]).toMatchObject({ kind: "linefill", color: "rgba(76, 175, 80, 0.2)", a: { a: { price: 10 }, b: { price: 12 } }, b: { a: { price: 8 }, b: { price: 9 }, dash: "dashed" } });
    // corners put in order: left the earlier time, top the higher price
    expect(plan.shapes[1]).toEqual({
      kind: "box", onPrice: false, left: 1704153600, right: 1704240000, top: 30, bottom: 25, fill: "rgba(76, 175, 80, 0.2)", border: "rgba(0, 255, 255, 1)", borderWidth: 3, dash: "dashed", extend: "both",
      text: "zone", textColor: "rgba(0, 0, 0, 1)", textSize: 10, halign: "left", valign: "top", face: { bold: false, italic: false, mono: false },
    });
  });

  test("a label's or box's text_formatting and text_font_family give its face and its canvas font (docs/adr/0242)", () => {
    const plan = drawingsPlan({
      labels: [
        { time: "2024-01-02T00:00:00Z", price: 12, text: "b", color: null, text_formatting: "bold", text_font_family: "default" },
        { time: "2024-01-02T00:00:00Z", price: 12, text: "old", color: null },
      ],
      boxes: [{ time1: "2024-01-01T00:00:00Z", top: 2, time2: "2024-01-02T00:00:00Z", bottom: 1, border_color: null, bg_color: null, text: "i", text_formatting: "italic", text_font_family: "monospace" }],
    });
    expect(plan.shapes.map((x) => (x.kind === "label" || x.kind === "box" ? [x.text, x.face] : null))).toEqual([
      ["i", { bold: false, italic: true, mono: true }],
      ["b", { bold: true, italic: false, mono: false }],
      ["old", { bold: false, italic: false, mono: false }],
    ]);
    // the CSS font shorthand: style, then weight, then size and family
    expect(cssFont(12, { bold: true, italic: true, mono: true }, "Roboto")).toBe("italic bold 12px monospace");
    expect(cssFont(16, { bold: true, italic: false, mono: false }, "Roboto")).toBe("bold 16px Roboto");
    expect(cssFont(10, { bold: false, italic: false, mono: false }, "Roboto")).toBe("10px Roboto");
  });

  test("colors, text sizes and the bar scale: na and transparent paint nothing; named sizes and points; times between and past the candles", () => {
    expect([paint(null), paint("#FFFFFF00"), paint("#FFFFFFFF")]).toEqual([null, null, "rgba(255, 255, 255, 1)"]);
    // 14 points at 4/3 pixels a point: 18.67, rounded 19
    expect([textPixels("tiny", 12), textPixels("huge", 12), textPixels("14", 12), textPixels("auto", 12), textPixels(undefined, 9)]).toEqual([8, 24, 19, 12, 9]);
    // daily candles Fri 2024-01-05, Mon 01-08, Tue 01-09: the step is the shortest gap (one day)
    const times = [1704412800, 1704672000, 1704758400];
    expect(logicalOf(times, 1704672000)).toBe(1);
    // Sat 01-06 is one day into the three-day gap Fri..Mon: 1/3 of the way
    expect(logicalOf(times, 1704499200)).toBeCloseTo(1 / 3, 12);
    // two days after the last candle (Thu 01-11): index 2 + 2
    expect(logicalOf(times, 1704931200)).toBe(4);
    // one day before the first: -1
    expect(logicalOf(times, 1704326400)).toBe(-1);
  });

  test("when an hline's price is not a constant (null in the Interface), then it is not drawn", () => {
    const plan = planChart({ outputs: [], overlay: true, hlines: [{ price: null, title: "dynamic", color: null }, { price: 5, title: null, color: null }] }, ROWS, []);
    expect(plan.hlines.map((x) => x.price)).toEqual([5]);
  });

  test("when the chart's candles span a window, then a label before it and a box after it are counted outside; a line crossing its start and a line extended into it are drawn", () => {
    // candles from 2024-01-02 (1704153600) to 2024-01-04 (1704326400)
    const span = { first: 1704153600, last: 1704326400 };
    const plan = drawingsPlan({
      labels: [{ time: "2024-01-01T00:00:00Z", price: 1, text: "warmup", color: null }, { time: "2024-01-03T00:00:00Z", price: 2, text: "in", color: null }],
      lines: [
        { time1: "2024-01-01T00:00:00Z", price1: 10, time2: "2024-01-03T00:00:00Z", price2: 20, color: "#000000FF" },
        // wholly before the first candle, but extended right: it reaches the window
        { time1: "2023-12-30T00:00:00Z", price1: 10, time2: "2023-12-31T00:00:00Z", price2: 20, color: "#000000FF", extend: "right" },
      ],
      boxes: [{ time1: "2024-01-05T00:00:00Z", top: 30, time2: "2024-01-06T00:00:00Z", bottom: 25, border_color: "#00FFFFFF", bg_color: null }],
    }, span);
    expect(plan.shapes.map((s) => s.kind)).toEqual(["line", "line", "label"]);
    expect(plan.outside).toBe(2);
  });

  test("when a polyline has a style, a width and curves, and a label a tooltip, then the shapes carry them (docs/adr/0235)", () => {
    const plan = drawingsPlan({
      labels: [{ time: "2024-01-02T00:00:00Z", price: 12, text: "", color: null, tooltip: "why" }],
      polylines: [{ points: [{ time: "2024-01-01T00:00:00Z", price: 1 }, { time: "2024-01-02T00:00:00Z", price: 2 }], line_color: "#FF0000FF", curved: true, line_style: "arrow_right", line_width: 3 }],
    });
    expect(plan.shapes[0]).toMatchObject({ kind: "polyline", width: 3, dash: "solid", curved: true, arrowStart: false, arrowEnd: true });
    expect(plan.shapes[1]).toMatchObject({ kind: "label", tooltip: "why" });
  });
});

describe("tables over the chart (docs/adr/0235)", () => {
  test("TradingView's nine positions: top, middle, bottom by left, center, right; anything else is top_right, the default", () => {
    expect(["top_left", "middle_center", "bottom_right", "middle_left", "nonsense"].map(tablePlace)).toEqual([
      { vertical: "top", horizontal: "left" }, { vertical: "center", horizontal: "center" }, { vertical: "bottom", horizontal: "right" },
      { vertical: "center", horizontal: "left" }, { vertical: "top", horizontal: "right" },
    ]);
  });

  test("a 3 x 2 table whose first row is merged: one cell spanning three columns over a row of three; inner lines only; frame and background", () => {
    const plan = tablePlan({
      position: "bottom_left", rows: 2, columns: 3, bg_color: "#FFFFFFFF", frame_color: "#000000FF", frame_width: 2, border_color: "#808080FF", border_width: 1,
      merges: [{ start_column: 0, start_row: 0, end_column: 2, end_row: 0 }],
      cells: [
        { row: 0, column: 0, text: "Close", bg_color: "#2962FFFF", text_color: "#FFFFFFFF", text_size: "small", text_halign: "left", text_valign: "center", width: 20, height: 5, tooltip: "last close" },
        { row: 1, column: 2, text: "x", bg_color: null, text_color: "#363A45FF" },
      ],
      force_overlay: true,
    }, 1);
    expect(plan.caption).toBe("Table 2, bottom left of the chart (2 × 3)");
    expect(plan.onPrice).toBe(true);
    expect(plan.background).toBe("rgba(255, 255, 255, 1)");
    expect(plan.frame).toEqual({ color: "rgba(0, 0, 0, 1)", width: 2 });
    expect(plan.border).toEqual({ color: "rgba(128, 128, 128, 1)", width: 1 });
    expect(plan.rows.map((r) => r.map((c) => [c.text, c.colSpan, c.rowSpan, c.borderRight, c.borderBottom]))).toEqual([
      [["Close", 3, 1, false, true]],
      [["", 1, 1, true, false], ["", 1, 1, true, false], ["x", 1, 1, false, false]],
    ]);
    // size.small is 10 CSS pixels; a cell without the fields (an older answer) at table.cell's defaults
    expect(plan.rows[0]![0]).toMatchObject({ background: "rgba(41, 98, 255, 1)", color: "rgba(255, 255, 255, 1)", size: 10, halign: "left", valign: "center", width: 20, height: 5, tooltip: "last close" });
    expect(plan.rows[1]![2]).toMatchObject({ background: null, size: 12, halign: "center", valign: "center", width: 0, height: 0, tooltip: "" });
  });

  test("a cell's text_formatting and text_font_family give its face; an older answer's cell is plain (docs/adr/0242)", () => {
    const plan = tablePlan({
      position: "top_right", rows: 1, columns: 2,
      cells: [{ row: 0, column: 0, text: "m", bg_color: null, text_color: null, text_formatting: "bold_italic", text_font_family: "monospace" }, { row: 0, column: 1, text: "o", bg_color: null, text_color: null }],
    }, 0);
    expect(plan.rows[0]!.map((c) => c.face)).toEqual([{ bold: true, italic: true, mono: true }, { bold: false, italic: false, mono: false }]);
  });

  test("a frame or border of width 0 or na color draws nothing", () => {
    const plan = tablePlan({ position: "top_right", rows: 1, columns: 1, cells: [], frame_color: "#000000FF", frame_width: 0, border_color: null, border_width: 3 }, 0);
    expect([plan.frame, plan.border, plan.background]).toEqual([null, null, null]);
  });
});
