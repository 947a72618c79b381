// The sandbox pool gives a task a thread that has evaluated before, and takes one that never has
// only when no used thread is alive or the task has waited the pool's coldAfterMs
// (docs/adr/0325-sandbox-threads-used-as-needed.md): each thread warms the language and every
// program on its own, so a burst spread over every thread paid that once per thread. Each answer
// is checked against the bars (close + k).
import type { Bars } from "@barscript/lang";
import { SandboxPool } from "../src/runs/pool";
import { minuteBars } from "./support/minute-bars";
import type { EvalTask } from "../src/runs/protocol";

jest.setTimeout(120_000);

const N = 50;

const bars = (): Bars => minuteBars(N, (i) => 100 + i * 0.5);

function task(k: number, source?: string): EvalTask {
  return {
    cacheKey: `owner:digest-${k}:indicator`,
    kind: "indicator",
    files: [{ path: "main.pine", content: source ?? `//@version=6\nindicator("v${k}")\nplot(close + ${k}, "c")\n` }],
    interface: { inputs: [], outputs: [{ name: "c", title: "c", type: "float" }], events: [], warmup_bars: 0 },
    bars: bars(),
    windowStart: 0,
    inputs: {},
    symbol: { ticker: "TEST", timezone: "UTC", mintick: 0.01, timeframe: "1m" },
    timeBudgetMs: 60_000,
    maxEvents: 0,
  };
}

const noResolve = async (): Promise<null> => null;

async function expectPlots(pool: SandboxPool, k: number): Promise<void> {
  const outcome = await pool.run(task(k), { timeoutMs: 60_000, resolve: noResolve });
  if (!outcome.ok) throw new Error(`version ${k} failed: ${outcome.message}`);
  expect(Array.from(outcome.result.outputs[0]?.values ?? [])).toEqual(Array.from({ length: N }, (_, i) => 100 + i * 0.5 + k));
}

/** A script that keeps its thread busy far longer than the test (10^9 additions a bar); the test cancels it. */
const BUSY = `//@version=6\nindicator("busy")\nfloat x = 0.0\nfor i = 0 to 1000000000\n    x += i\nplot(close + x * 0, "c")\n`;

let pool: SandboxPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe("sandbox threads used as needed", () => {
  it("when tasks arrive together while a used thread is free or soon free, then they all run on it and no other thread is used", async () => {
    pool = new SandboxPool({ size: 4, heapMb: 128, coldAfterMs: 60_000 });
    const p = pool;
    await expectPlots(p, 1);
    await Promise.all([1, 2, 3, 1, 2, 3].map((k) => expectPlots(p, k)));
    expect(p.threadsUsed()).toBe(1);
  });

  it("when the pool takes unused threads at once (coldAfterMs 0), then tasks arriving together spread over them", async () => {
    pool = new SandboxPool({ size: 4, heapMb: 128, coldAfterMs: 0 });
    const p = pool;
    await expectPlots(p, 1);
    await Promise.all([1, 2, 3, 1, 2, 3].map((k) => expectPlots(p, k)));
    expect(p.threadsUsed()).toBeGreaterThan(1);
  });

  it("when the used thread stays busy past the wait, then a waiting task takes an unused thread and finishes while the other still runs", async () => {
    pool = new SandboxPool({ size: 2, heapMb: 128, coldAfterMs: 200 });
    const p = pool;
    await expectPlots(p, 1);
    const stop = new AbortController();
    let busyDone = false;
    const busy = p.run(task(7, BUSY), { timeoutMs: 120_000, resolve: noResolve, signal: stop.signal }).then((o) => {
      busyDone = true;
      return o;
    });
    await expectPlots(p, 2);
    expect(busyDone).toBe(false);
    expect(p.threadsUsed()).toBe(2);
    stop.abort();
    expect((await busy).ok).toBe(false);
  });
});
