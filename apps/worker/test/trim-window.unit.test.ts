// A result evaluated over bars after the window (a plot with a negative offset,
// docs/adr/0141-bars-after-the-window.md) is kept as the window's alone (around-window.ts trimToWindow):
// its first rows, the events of the window's bars; a run fails only when every bar evaluated in and
// after the window raised an error. Hand-made result: four window bars and two after them.
import type { EvalResult } from "../src/runs/protocol";
import { trimToWindow } from "../src/runs/around-window";

const result = (errorBars: number): EvalResult => ({
  times: Float64Array.from([10, 20, 30, 40, 50, 60]),
  outputs: [{ name: "lag", values: Float64Array.from([3, 4, 5, 6, NaN, NaN]) }],
  events: [20, 40, 50].map((time) => ({ time, name: "a", message: "m", price: 1 })),
  eventsDropped: 0,
  barsEvaluated: 6,
  windowBars: 6,
  errorBarsInWindow: errorBars,
  runtimeErrors: [],
});

test("the window's rows and events only; nothing changes without bars after it", () => {
  const r = trimToWindow(result(0), 4, 2);
  expect(Array.from(r.times)).toEqual([10, 20, 30, 40]);
  expect(Array.from(r.outputs[0]!.values)).toEqual([3, 4, 5, 6]);
  expect(r.events.map((e) => e.time)).toEqual([20, 40]);
  expect([r.windowBars, r.barsEvaluated, r.errorBarsInWindow]).toEqual([4, 6, 0]);
  const same = result(0);
  expect(trimToWindow(same, 6, 0)).toBe(same);
});

test("errors on every bar fail the run; errors on some bars never do, whichever bars raised them", () => {
  expect(trimToWindow(result(6), 4, 2).errorBarsInWindow).toBe(4);
  expect(trimToWindow(result(5), 4, 2).errorBarsInWindow).toBe(3);
  expect(trimToWindow(result(2), 4, 2).errorBarsInWindow).toBe(2);
});
