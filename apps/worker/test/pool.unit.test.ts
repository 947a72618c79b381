// The sandbox pool (apps/worker/src/runs/pool.ts) with real threads: a cancelled or timed-out
// evaluation answers with the bars its thread reported evaluated (not the whole read), a cancel
// answers at once, and the pool keeps working after both.
import type { Bars } from "@barscript/lang";
import { SandboxPool } from "../src/runs/pool";
import { minuteBars } from "./support/minute-bars";
import type { EvalTask } from "../src/runs/protocol";

jest.setTimeout(60_000);

const script = (loop: number): string => `//@version=6
indicator("busy ${loop}")
float x = 0.0
for i = 0 to ${loop}
    x += i
plot(close + x * 0, "c")
`;

const bars = (n: number): Bars => minuteBars(n, (i) => 100 + Math.sin(i / 10));

function task(source: string, n: number, timeBudgetMs = 60_000): EvalTask {
  return {
    cacheKey: `test:${source.length}:${source}`,
    kind: "indicator",
    files: [{ path: "main.pine", content: source }],
    interface: { inputs: [], outputs: [{ name: "c", title: "c", type: "float" }], events: [], warmup_bars: 0 },
    bars: bars(n),
    windowStart: 0,
    inputs: {},
    symbol: { ticker: "TEST", timezone: "UTC", mintick: 0.01, timeframe: "1m" },
    timeBudgetMs,
    maxEvents: 0,
  };
}

const noResolve = async (): Promise<null> => null;

let pool: SandboxPool;
beforeAll(async () => {
  pool = new SandboxPool({ size: 1, heapMb: 128 });
  // The thread loads the language once; later tasks only compile their script.
  expect((await pool.run(task(script(1), 10), { timeoutMs: 50_000, resolve: noResolve })).ok).toBe(true);
});
afterAll(async () => {
  await pool.close();
});

/** Waits until the thread has evaluated something (the program compiled and ran a chunk). */
async function cancelAfterProgress(source: string, n: number): Promise<{ outcome: Awaited<ReturnType<SandboxPool["run"]>>; answeredMs: number }> {
  const controller = new AbortController();
  const started = Date.now();
  const pending = pool.run(task(source, n), { timeoutMs: 60_000, signal: controller.signal, resolve: noResolve });
  let answeredMs = 0;
  setTimeout(() => {
    const t0 = Date.now();
    controller.abort();
    void pending.then(() => { answeredMs = Date.now() - t0; });
  }, 700);
  const outcome = await pending;
  expect(Date.now() - started).toBeLessThan(30_000);
  return { outcome, answeredMs };
}

describe("sandbox pool", () => {
  it("when an evaluation is cancelled midway, then it answers at once with the bars evaluated so far, and the pool runs the next task", async () => {
    const n = 400_000;
    const { outcome, answeredMs } = await cancelAfterProgress(script(3_000), n);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.kind).toBe("cancelled");
    expect(outcome.barsEvaluated).toBeGreaterThan(0);
    expect(outcome.barsEvaluated).toBeLessThan(n);
    expect(outcome.barsEvaluated % 512).toBe(0);
    expect(answeredMs).toBeLessThan(100);
    const next = await pool.run(task(script(1), 1_000), { timeoutMs: 30_000, resolve: noResolve });
    expect(next.ok).toBe(true);
    if (next.ok) expect(next.result.barsEvaluated).toBe(1_000);
    // It stopped at its next chunk: the same thread (and its compiled programs) stayed.
    expect(pool.replaced).toBe(0);
  });

  it("when a cancelled thread is stuck inside a chunk, then it is terminated and replaced, and the pool runs the next task", async () => {
    const before = pool.replaced;
    const { outcome, answeredMs } = await cancelAfterProgress(script(50_000_000), 5_000);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.kind).toBe("cancelled");
    expect(outcome.barsEvaluated).toBe(0);
    expect(answeredMs).toBeLessThan(100);
    const next = await pool.run(task(script(1), 1_000), { timeoutMs: 30_000, resolve: noResolve });
    expect(next.ok).toBe(true);
    expect(pool.replaced).toBe(before + 1);
  });

  it("when an evaluation passes its time budget, then it fails as timeout with the bars evaluated before it stopped", async () => {
    const n = 400_000;
    const outcome = await pool.run(task(script(3_000), n, 1_000), { timeoutMs: 30_000, resolve: noResolve });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.kind).toBe("timeout");
    expect(outcome.barsEvaluated).toBeGreaterThan(0);
    expect(outcome.barsEvaluated).toBeLessThan(n);
  });

  it("when the hard time limit passes inside a chunk, then the thread is terminated and the progress reported so far counts", async () => {
    const outcome = await pool.run(task(script(50_000_000), 5_000), { timeoutMs: 1_500, resolve: noResolve });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.kind).toBe("timeout");
    expect(outcome.barsEvaluated).toBe(0);
  });
});
