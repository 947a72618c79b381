// TradingView's Pine v6 user manual, Limitations page (pass UX2), Line, box, polyline, and label limits: its
// example declares `MAX_LABELS = 10` before indicator() and passes `max_labels_count = MAX_LABELS`; a cap written
// as a const variable keeps that many drawings, as the literal does (it was ignored: TradingView's default 50 kept).
import { risingBars, run } from "./harness";

function kept(declaration: string, draw: string): number {
  const r = run(`//@version=6\nKEEP = 7\nWIDE = KEEP * 2\n${declaration}\n${draw}\nplot(close)`, risingBars(120));
  expect(r.runtimeErrors).toEqual([]);
  const d = r.drawings as unknown as Record<string, unknown[]>;
  return (d.labels ?? []).length + (d.lines ?? []).length + (d.boxes ?? []).length + (d.polylines ?? []).length;
}

describe("a declaration's drawing cap written as a const variable", () => {
  test.each([
    ['indicator("caps", max_labels_count = KEEP)', "label.new(bar_index, close, \"up\")", 7],
    ['indicator("caps", overlay = true, max_lines_count = WIDE)', "line.new(bar_index, low, bar_index + 1, high)", 14],
    ['indicator("caps", max_boxes_count = KEEP + 1)', "box.new(bar_index, high, bar_index + 1, low)", 8],
    ['indicator("caps", max_polylines_count = KEEP)', "polyline.new(array.from(chart.point.now(low), chart.point.now(high)))", 7],
  ])("%s keeps that many", (declaration, draw, count) => {
    expect(kept(declaration, draw)).toBe(count);
  });
});
