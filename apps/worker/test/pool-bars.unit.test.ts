// A sandbox thread keeps the last bars it was given with a key (EvalTask.barsKey), and the pool
// posts a task of that key without its bars (apps/worker/src/runs/pool.ts,
// docs/adr/0142-threads-keep-their-bars.md). Each run plots close, so its values show which bars
// it read; the closes are worked by hand (base + i).
import type { Bars } from "@barscript/lang";
import { SandboxPool } from "../src/runs/pool";
import { KEPT_BARS_BYTES, type EvalTask } from "../src/runs/protocol";

jest.setTimeout(120_000);

function bars(n: number, base: number): Bars {
  const time = new Float64Array(n);
  const close = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    time[i] = 1_600_000_000 + i * 60;
    close[i] = base + i;
  }
  return { length: n, time, open: close.slice(), high: close.slice(), low: close.slice(), close, volume: close.slice() };
}

const PLOT_CLOSE = `//@version=6\nindicator("c")\nplot(close, "c")\n`;

function task(b: Bars, barsKey?: string, source = PLOT_CLOSE): EvalTask {
  return {
    cacheKey: `owner:${source.length}:indicator`,
    kind: "indicator",
    files: [{ path: "main.pine", content: source }],
    interface: { inputs: [], outputs: [{ name: "c", title: "c", type: "float" }], events: [], warmup_bars: 0 },
    bars: b,
    ...(barsKey === undefined ? {} : { barsKey }),
    windowStart: 0,
    inputs: {},
    symbol: { ticker: "TEST", timezone: "UTC", mintick: 0.01, timeframe: "1m" },
    timeBudgetMs: 60_000,
    maxEvents: 0,
  };
}

const noResolve = async (): Promise<null> => null;

/** Runs the task and returns its plotted values. */
async function plotted(pool: SandboxPool, t: EvalTask): Promise<number[]> {
  const outcome = await pool.run(t, { timeoutMs: 60_000, resolve: noResolve });
  if (!outcome.ok) throw new Error(`run failed: ${outcome.message}`);
  return Array.from(outcome.result.outputs[0]?.values ?? []);
}

const closes = (n: number, base: number): number[] => Array.from({ length: n }, (_, i) => base + i);

let pool: SandboxPool;
beforeEach(() => {
  pool = new SandboxPool({ size: 1, heapMb: 128 });
});
afterEach(async () => {
  await pool.close();
});

describe("bars a sandbox thread keeps", () => {
  it("when tasks of one key follow each other on a thread, then the bars go once and every run reads them; another key brings its own bars, and the first key then goes again", async () => {
    expect(await plotted(pool, task(bars(50, 100), "A"))).toEqual(closes(50, 100));
    expect(pool.barsPosted).toBe(1);
    const again = task(bars(50, 100), "A");
    expect(await plotted(pool, again)).toEqual(closes(50, 100));
    expect(pool.barsPosted).toBe(1);
    // the bars not posted stay the caller's (not transferred away)
    expect(again.bars.close.length).toBe(50);
    expect(await plotted(pool, task(bars(50, 200), "B"))).toEqual(closes(50, 200));
    expect(pool.barsPosted).toBe(2);
    expect(await plotted(pool, task(bars(50, 100), "A"))).toEqual(closes(50, 100));
    expect(pool.barsPosted).toBe(3);
  });

  it("when tasks have no key, then their bars go every time and each run reads its own", async () => {
    expect(await plotted(pool, task(bars(50, 100)))).toEqual(closes(50, 100));
    expect(await plotted(pool, task(bars(50, 300)))).toEqual(closes(50, 300));
    expect(pool.barsPosted).toBe(2);
  });

  it("when keyed bars are larger than a thread keeps, then they go with every task of that key", async () => {
    const n = Math.floor(KEPT_BARS_BYTES / 48) + 1;
    const big = await plotted(pool, task(bars(n, 1), "big"));
    expect([big.length, big[0], big[n - 1]]).toEqual([n, 1, n]);
    await plotted(pool, task(bars(n, 1), "big"));
    expect(pool.barsPosted).toBe(2);
  });

  it("when a thread is replaced, then the next task of the key it held brings its bars again", async () => {
    await plotted(pool, task(bars(50, 100), "A"));
    const busy = `//@version=6\nindicator("busy")\nfloat x = 0.0\nfor i = 0 to 50000000\n    x += i\nplot(close + x * 0, "c")\n`;
    const stuck = await pool.run(task(bars(50, 100), "A", busy), { timeoutMs: 1_000, resolve: noResolve });
    expect(stuck.ok).toBe(false);
    expect(pool.replaced).toBe(1);
    expect(await plotted(pool, task(bars(50, 100), "A"))).toEqual(closes(50, 100));
    expect(pool.barsPosted).toBe(2);
  });
});
