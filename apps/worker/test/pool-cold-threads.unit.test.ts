// The sandbox pool gives a task a thread that has evaluated before, and takes one that never has
// only when no used thread is alive or the task has waited the pool's coldAfterMs
// (docs/adr/0325-sandbox-threads-used-as-needed.md): each thread warms the language and every
// program on its own, so a burst spread over every thread paid that once per thread. Each answer
// is checked against the bars (close + k).
import { SandboxPool } from "../src/runs/pool";
import { BUSY, expectPlots, noResolve, plotTask } from "./support/plot-tasks";

jest.setTimeout(120_000);

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
    const busy = p.run(plotTask(7, BUSY), { timeoutMs: 120_000, resolve: noResolve, signal: stop.signal }).then((o) => {
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
