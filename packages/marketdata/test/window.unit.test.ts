import { ApiError } from "@barscript/contracts";
import { memoryWindowStore, resolveWindow, type WindowRequest } from "../src/window";

// 60,000 one-minute bars from 2020-01-01T00:00Z (seven chunks), then nothing.
const T0 = Date.UTC(2020, 0, 1) / 1000;
const t = (k: number): number => T0 + 60 * k;
const store = memoryWindowStore(Array.from({ length: 60_000 }, (_, k) => t(k)), "1m");

type Expect = { from: number; to: number; bars: number } | { error: string } | "empty";
const cases: Array<[string, WindowRequest, { historyStart?: number; defaultBars?: number }, Expect]> = [
  ["nothing: the latest 5,000", {}, {}, { from: t(55_000), to: t(59_999), bars: 5000 }],
  ["nothing, collect: the latest 50,000", {}, { defaultBars: 50_000 }, { from: t(10_000), to: t(59_999), bars: 50_000 }],
  ["bars alone", { bars: 10 }, {}, { from: t(59_990), to: t(59_999), bars: 10 }],
  ["from: to the latest bar", { from: t(20_000) }, {}, { from: t(20_000), to: t(59_999), bars: 40_000 }],
  ["from: over 50,000 bars", { from: t(100) }, {}, { error: "invalid_request" }],
  ["to: the 5,000 ending there", { to: t(30_000) }, {}, { from: t(25_001), to: t(30_000), bars: 5000 }],
  ["to between two bars", { to: t(30_000) + 30 }, {}, { from: t(25_001), to: t(30_000), bars: 5000 }],
  ["to with bars", { to: t(30_000), bars: 3 }, {}, { from: t(29_998), to: t(30_000), bars: 3 }],
  ["from and to", { from: t(10), to: t(20) }, {}, { from: t(10), to: t(20), bars: 11 }],
  ["from and to, 50,001 bars", { from: t(0), to: t(50_000) }, {}, { error: "invalid_request" }],
  ["from and to, 50,001 bars cut to 50,000 by the history start", { from: t(0), to: t(50_000) }, { historyStart: t(1) }, { from: t(1), to: t(50_000), bars: 50_000 }],
  ["bars with from, across a chunk boundary", { from: t(11_518), bars: 5 }, {}, { from: t(11_518), to: t(11_522), bars: 5 }],
  ["bars with from and to", { from: t(1), to: t(2), bars: 5 }, {}, { error: "invalid_request" }],
  ["bars 0", { bars: 0 }, {}, { error: "invalid_request" }],
  ["bars 50,001", { bars: 50_001 }, {}, { error: "invalid_request" }],
  ["bars 1.5", { bars: 1.5 }, {}, { error: "invalid_request" }],
  ["bars 50,000", { bars: 50_000 }, {}, { from: t(10_000), to: t(59_999), bars: 50_000 }],
  ["from after to", { from: t(5), to: t(4) }, {}, { error: "invalid_request" }],
  ["history start moves the start of the latest bars", {}, { historyStart: t(59_000) }, { from: t(59_000), to: t(59_999), bars: 1000 }],
  ["history start between bars", { from: t(0), to: t(10) }, { historyStart: t(4) - 1 }, { from: t(4), to: t(10), bars: 7 }],
  ["history start moves from", { from: t(0), to: t(2000) }, { historyStart: t(1000) }, { from: t(1000), to: t(2000), bars: 1001 }],
  ["history start moves from before bars are taken (ADR 0014)", { from: t(0), bars: 10 }, { historyStart: t(5) }, { from: t(5), to: t(14), bars: 10 }],
  ["to before the history start", { to: t(58_000) }, { historyStart: t(59_000) }, { error: "out_of_coverage" }],
  ["from and to before the history start", { from: t(0), to: t(10) }, { historyStart: t(11) }, { error: "out_of_coverage" }],
  ["every bar before the history start", {}, { historyStart: t(70_000) }, { error: "out_of_coverage" }],
  ["from, every bar before the history start", { from: t(0) }, { historyStart: t(70_000) }, { error: "out_of_coverage" }],
  ["bars with from, all of them before the history start: taken from the history start", { from: t(0), bars: 10 }, { historyStart: t(100) }, { from: t(100), to: t(109), bars: 10 }],
  ["bars with from, no bar from the history start on", { from: t(0), bars: 10 }, { historyStart: t(70_000) }, { error: "out_of_coverage" }],
  ["to at the history start", { to: t(100) }, { historyStart: t(100) }, { from: t(100), to: t(100), bars: 1 }],
  ["from after the latest bar", { from: t(70_000) }, {}, "empty"],
  ["a range before the first bar", { from: t(-100), to: t(-1) }, {}, "empty"],
  ["a range inside a gap-free stretch with no bar", { from: t(5) + 1, to: t(5) + 59 }, {}, "empty"],
];

describe("resolveWindow", () => {
  it.each(cases)("%s", async (_name, request, options, expected) => {
    const run = resolveWindow(store, request, { historyStart: options.historyStart ?? null, defaultBars: options.defaultBars ?? 5000 });
    if (expected === "empty") {
      await expect(run).resolves.toMatchObject({ kind: "empty" });
    } else if ("error" in expected) {
      const error = await run.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe(expected.error);
      expect((error as ApiError).status).toBe(400);
    } else {
      await expect(run).resolves.toEqual({ kind: "bars", ...expected, requestedFrom: request.from ?? null, requestedTo: request.to ?? null });
    }
  });

  it("accepts RFC 3339 strings and Dates, and rejects other strings", async () => {
    const iso = new Date(t(10) * 1000).toISOString();
    await expect(resolveWindow(store, { from: iso, to: new Date(t(12) * 1000) }, { historyStart: "2019-01-01T00:00:00Z" })).resolves.toMatchObject({
      kind: "bars",
      bars: 3,
    });
    await expect(resolveWindow(store, { from: "last tuesday" }, { historyStart: null })).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("says what is missing when the window has no bars", async () => {
    const result = await resolveWindow(memoryWindowStore([], "1m"), { from: "2001-01-01T00:00:00Z", to: "2001-02-01T00:00:00Z" }, {
      historyStart: null,
      label: { symbol: "AAPL", timeframe: "1m" },
    });
    expect(result).toEqual({ kind: "empty", requestedFrom: 978307200, requestedTo: 980985600, message: "No 1m bars for AAPL between 2001-01-01 and 2001-02-01." });
  });

  it("counts stored bars, not calendar time: a week of daily bars with a holiday is four bars", async () => {
    const days = [17, 18, 19, 20, 21, 24].filter((d) => d !== 17).map((d) => Date.UTC(2011, 0, d) / 1000);
    const daily = memoryWindowStore(days, "1d");
    await expect(resolveWindow(daily, { from: "2011-01-17T00:00:00Z", to: "2011-01-23T00:00:00Z" }, { historyStart: null })).resolves.toMatchObject({ bars: 4 });
    await expect(resolveWindow(daily, { bars: 5 }, { historyStart: null })).resolves.toMatchObject({ from: days[0], bars: 5 });
  });
});
