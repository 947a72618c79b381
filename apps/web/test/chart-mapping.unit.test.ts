// The chart's data mapping (apps/web/src/chart/mapping.ts): hand-worked inputs and answers.
import { clipPath, cssColor, drawingsPlan, eventMarkers, planChart, PALETTE, type Row } from "../src/chart/mapping";

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

  test("when drawings hold labels, lines and polylines, then labels are markers and lines are segments ordered by time; na points are skipped", () => {
    const plan = drawingsPlan({
      labels: [{ time: "2024-01-02T00:00:00Z", price: 12, text: "hi", color: "#FF0000FF", style: "label_up" }],
      lines: [
        { time1: "2024-01-03T00:00:00Z", price1: 11, time2: "2024-01-01T00:00:00Z", price2: 10, color: null },
        { time1: "2024-01-03T00:00:00Z", price1: null, time2: "2024-01-01T00:00:00Z", price2: 10, color: null },
      ],
      polylines: [{ points: [{ time: "2024-01-02T00:00:00Z", price: 5 }, { time: "2024-01-01T00:00:00Z", price: 4 }, { time: "2024-01-03T00:00:00Z", price: null }], line_color: null }],
    });
    expect(plan.markers).toEqual([{ time: 1704153600, position: "belowBar", shape: "circle", color: "rgba(255, 0, 0, 1)", text: "hi" }]);
    expect(plan.segments.map((s) => s.data)).toEqual([
      [{ time: 1704067200, value: 10 }, { time: 1704240000, value: 11 }],
      [{ time: 1704067200, value: 4 }, { time: 1704153600, value: 5 }],
    ]);
  });

  test("when an hline's price is not a constant (null in the Interface), then it is not drawn", () => {
    const plan = planChart({ outputs: [], overlay: true, hlines: [{ price: null, title: "dynamic", color: null }, { price: 5, title: null, color: null }] }, ROWS, []);
    expect(plan.hlines.map((x) => x.price)).toEqual([5]);
  });

  test("when the chart's candles span a window, then a label before it is counted outside, a line crossing its start is cut there, and a box gives its top and bottom edges", () => {
    // candles from 2024-01-02 (1704153600) to 2024-01-04 (1704326400)
    const span = { first: 1704153600, last: 1704326400 };
    const plan = drawingsPlan({
      labels: [{ time: "2024-01-01T00:00:00Z", price: 1, text: "warmup", color: null }, { time: "2024-01-03T00:00:00Z", price: 2, text: "in", color: null }],
      // from (Jan 1, 10) to (Jan 3, 20): at Jan 2, halfway in time, 15
      lines: [{ time1: "2024-01-01T00:00:00Z", price1: 10, time2: "2024-01-03T00:00:00Z", price2: 20, color: null }],
      boxes: [{ time1: "2024-01-03T00:00:00Z", top: 30, time2: "2024-01-04T00:00:00Z", bottom: 25, border_color: "#00FFFFFF", bg_color: null }],
    }, span);
    expect(plan.markers.map((m) => m.text)).toEqual(["in"]);
    expect(plan.outside).toBe(1);
    expect(plan.segments.map((s) => s.data)).toEqual([
      [{ time: 1704153600, value: 15 }, { time: 1704240000, value: 20 }],
      [{ time: 1704240000, value: 30 }, { time: 1704326400, value: 30 }],
      [{ time: 1704240000, value: 25 }, { time: 1704326400, value: 25 }],
    ]);
    expect(plan.segments[1]?.color).toBe("rgba(0, 255, 255, 1)");
  });

  test("when a path lies wholly before the span it is dropped; one past its end is cut at the last candle", () => {
    const span = { first: 100, last: 200 };
    expect(clipPath([{ time: 10, value: 1 }, { time: 50, value: 2 }], span)).toEqual([]);
    expect(clipPath([{ time: 150, value: 0 }, { time: 250, value: 10 }], span)).toEqual([{ time: 150, value: 0 }, { time: 200, value: 5 }]);
    expect(clipPath([{ time: 0, value: 0 }, { time: 300, value: 30 }], span)).toEqual([{ time: 100, value: 10 }, { time: 200, value: 20 }]);
  });
});
