// A sweep's evaluations post each instrument's bars in shared memory (apps/worker/src/sweeps/
// evaluate.ts, docs/adr/0244): a window already shared is posted as it is, any other is copied
// there once per sweep (the caller's columns stay attached). The rows over either are the ones
// worked out by hand below, with real sandbox threads.
import { validate, type Bars, type ScriptInterface } from "@barscript/lang";
import { allocBars, allocSharedBars, type BarColumns } from "@barscript/marketdata";
import { isSharedArrayBuffer } from "node:util/types";
import { SandboxPool } from "../src/runs/pool";
import { evaluateSweep, sharedBars } from "../src/sweeps/evaluate";

jest.setTimeout(60_000);

const SCRIPT = `//@version=6
definition("close at a level")
level = input.int(0, "Level")
alertcondition(close == level, "at level", "at")
`;
// Closes 1..8, two warmup bars: the window's closes are 3..8 (window bars 0..5).
const CLOSES = [1, 2, 3, 4, 5, 6, 7, 8];

function fill(out: BarColumns): Bars {
  CLOSES.forEach((c, i) => {
    out.time[i] = 1_600_000_020 + i * 60 - 20;
    out.open[i] = c;
    out.high[i] = c;
    out.low[i] = c;
    out.close[i] = c;
    out.volume[i] = 1;
  });
  return out;
}

let pool: SandboxPool;
let iface: ScriptInterface;
beforeAll(async () => {
  pool = new SandboxPool({ size: 2, heapMb: 128 });
  const v = await validate([{ path: "main.pine", content: SCRIPT }], { resolver: { resolve: async () => null } });
  if (!v.valid || !v.interface) throw new Error("script invalid");
  iface = v.interface;
});
afterAll(async () => {
  await pool.close();
});

async function sweepOver(bars: Bars) {
  const result = await evaluateSweep({
    id: `shared-${Math.random()}`,
    accountId: "acct",
    files: [{ path: "main.pine", content: SCRIPT }],
    iface,
    spec: { instruments: [], timeframe: "1m", window: {}, grid: { level: [5, 7] }, inputs: {}, horizons: [1, 2], events: null, cooldown: 0 },
    combinations: [{ level: 5 }, { level: 7 }],
    instruments: [{ symbol: "TEST", timezone: "UTC", bars, windowStart: 2 }],
    limitMs: 30_000,
    threads: 2,
    unitsLeft: 1_000_000,
    signal: new AbortController().signal,
    pool,
    resolve: async () => null,
    onProgress: () => undefined,
  });
  if (!result.ok) throw new Error(result.message);
  return result.accumulator.rows();
}

function expectHandWorked(rows: Awaited<ReturnType<typeof sweepOver>>): void {
  // level 5: one event, window bar 2 (close 5): h=1 6/5-1 = 0.2, h=2 7/5-1 = 0.4
  expect(rows[0]!.events).toBe(1);
  expect(rows[0]!.horizons[0]!.count).toBe(1);
  expect(rows[0]!.horizons[0]!.mean).toBeCloseTo(0.2, 12);
  expect(rows[0]!.horizons[1]!.count).toBe(1);
  expect(rows[0]!.horizons[1]!.mean).toBeCloseTo(0.4, 12);
  // level 7: one event, window bar 4 (close 7): h=1 8/7-1; h=2 runs past the window (no measure)
  expect(rows[1]!.events).toBe(1);
  expect(rows[1]!.horizons[0]!.count).toBe(1);
  expect(rows[1]!.horizons[0]!.mean).toBeCloseTo(1 / 7, 12);
  expect(rows[1]!.horizons[1]!.count).toBe(0);
}

test("bars already in shared memory are posted as they are, and the rows are the hand-worked ones", async () => {
  const bars = fill(allocSharedBars(CLOSES.length));
  expect(sharedBars(bars)).toBe(bars);
  expectHandWorked(await sweepOver(bars));
  expect(Array.from(bars.close)).toEqual(CLOSES);
});

test("bars in an ArrayBuffer are copied to shared memory once; the caller's stay attached and the rows are the same", async () => {
  const bars = fill(allocBars(CLOSES.length));
  const shared = sharedBars(bars);
  expect(shared).not.toBe(bars);
  expect(isSharedArrayBuffer(shared.close.buffer)).toBe(true);
  expect(Array.from(shared.close)).toEqual(CLOSES);
  expectHandWorked(await sweepOver(bars));
  // not transferred away (a transferred buffer is detached: length 0)
  expect(bars.close.length).toBe(CLOSES.length);
  expect(Array.from(bars.close)).toEqual(CLOSES);
});
