// The bars a run reads around its window, in the worker, in-process against real Postgres and
// Redis. indicator(calc_bars_count = N): the run reads as many bars before its window as make N
// with the window's, and the script is calculated on the run's last N bars only
// (docs/adr/0140-calc-bars-count.md). A plot with a negative offset: the run reads as many bars
// after its window as the offset draws back, so the window's last rows show those bars' values
// (docs/adr/0141-bars-after-the-window.md). Bars are synthetic so values are worked by hand: XCB
// closes 100 + i on day i (daily from 2020-01-01, 200 days).
import { randomUUID } from "node:crypto";
import { newRunId, type Run } from "@barscript/db";
import { writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import { barsBefore, CALC_BARS_READ_CAP } from "../src/runs/around-window";
import { admittedAccount, createWorkerRig, runOnce, saveScript, type WorkerRig } from "./support/run-processor";

jest.setTimeout(120_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const BARS = 200;

let rig: WorkerRig;
let env: TestEnv;

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  env = rig.env;
  await writeFlatSeries(env.db, { id: "ins_xcb", symbol: "XCB", timeframe: "1d", t0: T0, step: DAY, count: BARS, value: (i) => 100 + i });
});

afterAll(() => rig.close());

/** Runs `source` over days `last + 1 - windowBars` ... `last`: the run row and its columns (times first). */
async function runScript(source: string, windowBars: number, last: number, inputs: Record<string, number> = {}): Promise<{ row: Run; columns: number[][] }> {
  const account = await admittedAccount(env.db, `cbc-${randomUUID().slice(0, 8)}`);
  const script = await saveScript(env.db, account, "s", source);
  const run = await env.db.run.create({
    data: {
      id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1,
      instrument: "XCB", timeframe: "1d", windowFrom: new Date((T0 + (last + 1 - windowBars) * DAY) * 1000), windowTo: new Date((T0 + last * DAY) * 1000), windowBars, inputs,
    },
  });
  await runOnce(rig, run.id);
  const row = await env.db.run.findUniqueOrThrow({ where: { id: run.id } });
  const chunks = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
  const data = chunks.length > 0 ? Array.from(new Float64Array(new Uint8Array(chunks[0]!.data).buffer.slice(0))) : [];
  const columns: number[][] = [];
  for (let k = 0; k < data.length; k += windowBars) columns.push(data.slice(k, k + windowBars));
  return { row, columns };
}

/** 100 + d summed over days d = from ... to. */
const cum = (from: number, to: number): number => (to - from + 1) * 100 + ((from + to) * (to - from + 1)) / 2;

const SRC = `//@version=6
indicator("c", calc_bars_count = 15)
plot(bar_index, "index")
plot(ta.cum(close), "cum")
`;

test("the bars read before a window: the warmup, or as many as make the count with the window's", () => {
  const version = (content: string) => ({ digest: randomUUID(), files: [{ path: "main.pine", content }], interface: {} });
  expect(barsBefore(version(SRC), 10, 3)).toBe(5);
  expect(barsBefore(version(SRC), 10, 8)).toBe(8);
  expect(barsBefore(version(SRC), 20, 0)).toBe(0);
  expect(barsBefore(version('//@version=6\nindicator("c")\nplot(close)'), 10, 3)).toBe(3);
  expect(barsBefore(version('//@version=6\nindicator("c", calc_bars_count = 1000000)\nplot(close)'), 10, 3)).toBe(CALC_BARS_READ_CAP);
});

describe("indicator(calc_bars_count) in the worker", () => {
  it("when the count is larger than the window, then the bars before it are read and the calculation starts 15 bars before the window's last", async () => {
    const { row, columns } = await runScript(SRC, 10, BARS - 1);
    expect(row.status).toBe("succeeded");
    // only the last 15 bars are calculated, whatever the read holds before them
    expect((row.summary as unknown as { bars_evaluated: number }).bars_evaluated).toBe(15);
    // days 190-199; the calculation starts on day 185
    expect(columns[1]).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(columns[2]).toEqual(Array.from({ length: 10 }, (_, k) => cum(185, 190 + k)));
  });

  it("when the window is longer than the count, then its first rows are na; a window ending earlier counts back from its own last bar", async () => {
    const longer = await runScript(SRC, 20, BARS - 1);
    expect(longer.row.status).toBe("succeeded");
    expect(longer.columns[1]).toEqual([...new Array<number>(5).fill(NaN), ...Array.from({ length: 15 }, (_, k) => k)]);
    expect(longer.columns[2]!.slice(5, 7)).toEqual([cum(185, 185), cum(185, 186)]);
    const earlier = await runScript(SRC, 10, 150);
    expect(earlier.columns[1]).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(earlier.columns[2]![0]).toBe(cum(136, 141));
  });
});

describe("a plot with a negative offset in the worker", () => {
  const LAG = `//@version=6
indicator("o")
n = input.int(3, "Lag")
plot(close, "lag", offset = -n)
plot(close, "three", offset = -3)
`;

  it("when the window ends before the data, then its last rows show the later bars' values, and the run has the window's ten rows only", async () => {
    const { row, columns } = await runScript(LAG, 10, 150);
    expect(row.status).toBe("succeeded");
    // days 141-150: the close three days later, days 151-153 read after the window
    expect(columns[0]).toEqual(Array.from({ length: 10 }, (_, k) => T0 + (141 + k) * DAY));
    expect(columns[1]).toEqual(Array.from({ length: 10 }, (_, k) => 100 + 141 + k + 3));
    expect(columns[2]).toEqual(columns[1]);
    expect((row.summary as unknown as { bars: number }).bars).toBe(10);
  });

  it("when the offset comes from an input, then the run's value decides how many bars are read; at the data's end the last rows stay na", async () => {
    const five = await runScript(LAG, 10, 150, { n: 5 });
    expect(five.columns[1]).toEqual(Array.from({ length: 10 }, (_, k) => 100 + 141 + k + 5));
    expect(five.columns[2]).toEqual(Array.from({ length: 10 }, (_, k) => 100 + 141 + k + 3));
    const atEnd = await runScript(LAG, 10, BARS - 1);
    expect(atEnd.columns[1]).toEqual([...Array.from({ length: 7 }, (_, k) => 100 + 190 + k + 3), NaN, NaN, NaN]);
  });
});
