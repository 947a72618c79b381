// What a run reports is bounded: runtime errors (20 distinct messages of at most 500
// characters, the rest counted), and output columns counted against the sandbox's memory.
import { capMessages, clip } from "@barscript/db";
import { runSummary } from "../src/runs/lifecycle";
import { outputsOverLimit } from "../src/runs/output-limit";

const err = (message: string, count: number, first: number, last = first) => ({ message, count, first_time: first, last_time: last });

describe("runtime errors in a summary", () => {
  it("when 25 distinct messages were raised, then the first 20 seen are kept and the other 5 counted by occurrences", () => {
    const list = Array.from({ length: 25 }, (_, i) => err(`error ${i}`, i + 1, 1_600_000_000 + i));
    const { kept, dropped } = capMessages(list);
    expect(kept.map((e) => e.message)).toEqual(Array.from({ length: 20 }, (_, i) => `error ${i}`));
    // Occurrences of errors 20..24: 21 + 22 + 23 + 24 + 25.
    expect(dropped).toBe(115);
  });

  it("when a message is longer than 500 characters, then it is cut to 500 with an ellipsis, and messages equal once cut are merged", () => {
    const long = "y".repeat(499);
    const { kept, dropped } = capMessages([err(`${long}a${"z".repeat(600)}`, 2, 10, 20), err(`${long}b${"z".repeat(10)}`, 3, 5, 30)]);
    expect(dropped).toBe(0);
    expect(kept).toEqual([{ message: `${long}…`, count: 5, first_time: 5, last_time: 30 }]);
    expect(kept[0]!.message).toHaveLength(500);
  });

  it("when cutting would split a surrogate pair, then the pair is left out whole", () => {
    const text = `${"a".repeat(498)}😀${"b".repeat(10)}`;
    expect(clip(text)).toBe(`${"a".repeat(498)}…`);
  });

  it("when a summary is built, then its errors are capped, dropped occurrences counted, and times are ISO", () => {
    const summary = runSummary({ bars: 100, warmupBars: 10, barsEvaluated: 110, durationSeconds: 1.23456, errors: Array.from({ length: 22 }, (_, i) => err(`e${i}`, 1, 1_600_000_000)) });
    expect(summary.runtime_errors).toHaveLength(20);
    expect(summary.runtime_errors[0]).toEqual({ message: "e0", count: 1, first_time: "2020-09-13T12:26:40Z", last_time: "2020-09-13T12:26:40Z" });
    expect(summary.runtime_errors_dropped).toBe(2);
    expect(summary).toMatchObject({ bars: 100, warmup_bars: 10, bars_evaluated: 110, compute_units: 1, duration: 1.235 });
    expect("runtime_errors_dropped" in runSummary({ bars: 5 })).toBe(false);
  });
});

describe("output memory of a run", () => {
  const limit = 1024 * 1024;
  it("when the columns fit the limit exactly, then the run goes on; one bar more and it fails with the figures", () => {
    // (15 plots + times) x 8,192 bars x 8 bytes = 1 MiB.
    const program = { outputs: Array.from({ length: 15 }, (_, k) => ({ name: `p${k}`, title: null })) };
    expect(outputsOverLimit(program, { bars: { length: 8192 } as never, outputLimitBytes: limit })).toBeNull();
    expect(outputsOverLimit(program, { bars: { length: 8193 } as never, outputLimitBytes: limit })).toBe(
      "The script's outputs would take 1.1 MB (15 plots over 8193 bars), over the sandbox's 1 MB memory limit; plot fewer series or run over fewer bars.",
    );
  });

  it("when a script plots nothing or no limit is set, then nothing is counted", () => {
    expect(outputsOverLimit({ outputs: [] }, { bars: { length: 1e9 } as never, outputLimitBytes: 1 })).toBeNull();
    expect(outputsOverLimit({ outputs: [{ name: "a", title: null }] }, { bars: { length: 1e9 } as never })).toBeNull();
  });
});
