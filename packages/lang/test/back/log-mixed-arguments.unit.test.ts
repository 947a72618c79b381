// log.info/warning/error take arguments of different types in one call, formatted as str.format
// does (an int, a string, a float and a bool in one message).
import { run } from "./harness";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 2, time: Float64Array.of(1.6e9, 1.6e9 + 86_400), open: Float64Array.of(10, 11), high: Float64Array.of(11, 12), low: Float64Array.of(9, 10), close: Float64Array.of(10, 11.5), volume: Float64Array.of(100, 100) };

test("log.* with an int, a string, a float and a bool", () => {
  const r = run(
    `//@version=6\nindicator("l")\nlog.info("{0} {1}", bar_index, "x")\nlog.warning("{0}: {1,number,#.#} up {2}", "close", close, close > open)\nif bar_index == 1\n    log.error("bar {0} of {1}", bar_index, syminfo.ticker)\nplot(close)`,
    bars,
  );
  expect(r.runtimeErrors).toEqual([]);
  expect(r.logs.map((l) => [l.level, l.message])).toEqual([
    ["info", "0 x"],
    ["warning", "close: 10 up false"],
    ["info", "1 x"],
    ["warning", "close: 11.5 up true"],
    ["error", "bar 1 of AAPL"],
  ]);
});
