// The sandbox pool posts a task's script (files, interface) to a thread only when no thread of the
// pool has compiled the task's program key yet (apps/worker/src/runs/pool.ts): two versions that
// alternate each go once, a thread that has not compiled a key another thread compiled (a second
// thread, a replaced one) gets that thread's program instead, and a thread whose program cache
// dropped a program asks for its script; of the free threads, a task goes to one that compiled its
// program (docs/adr/0320-sandbox-thread-affinity.md). The pools of two threads take an unused
// thread at once (coldAfterMs 0, docs/adr/0325), so tasks posted together spread over both. Each
// answer is checked against the bars (close + k).
import { SandboxPool } from "../src/runs/pool";
import { expectPlots, noResolve, plotTask } from "./support/plot-tasks";

jest.setTimeout(120_000);

let pool: SandboxPool;
beforeEach(() => {
  pool = new SandboxPool({ size: 1, heapMb: 128 });
});
afterEach(async () => {
  await pool.close();
});

describe("scripts posted to sandbox threads", () => {
  it("when two versions alternate on one thread, then each script is posted once and each run plots its own version", async () => {
    for (const k of [1, 2, 1, 2, 1, 2]) await expectPlots(pool, k);
    expect(pool.scriptsPosted).toBe(2);
    expect(pool.scriptsAsked).toBe(0);
  });

  it("when a thread is replaced, then the next run of a version it had compiled gets that program again, not its script", async () => {
    await expectPlots(pool, 1);
    await expectPlots(pool, 1);
    expect(pool.scriptsPosted).toBe(1);
    const busy = `//@version=6\nindicator("busy")\nfloat x = 0.0\nfor i = 0 to 50000000\n    x += i\nplot(close + x * 0, "c")\n`;
    const stuck = await pool.run({ ...plotTask(9, busy), cacheKey: "owner:busy:indicator" }, { timeoutMs: 1_000, resolve: noResolve });
    expect(stuck.ok).toBe(false);
    expect(pool.replaced).toBe(1);
    await expectPlots(pool, 1);
    expect(pool.scriptsPosted).toBe(2);
    expect(pool.programsPosted).toBe(1);
    expect(pool.scriptsAsked).toBe(0);
  });

  it("when the thread's program cache (200 programs) has dropped a version, then the thread asks for its script and the run still plots that version", async () => {
    await expectPlots(pool, 0);
    for (let k = 1; k <= 200; k++) await expectPlots(pool, k);
    expect(pool.scriptsAsked).toBe(0);
    await expectPlots(pool, 0);
    expect(pool.scriptsAsked).toBe(1);
    expect(pool.scriptsPosted).toBe(201);
  });

  it("when two threads are free and the second compiled the task's version, then the task goes to the second and its script is not posted again", async () => {
    await pool.close();
    pool = new SandboxPool({ size: 2, heapMb: 128, coldAfterMs: 0 });
    // at once: version 1 on the first thread, version 2 on the second (each compiles its own)
    await Promise.all([expectPlots(pool, 1), expectPlots(pool, 2)]);
    expect(pool.scriptsPosted).toBe(2);
    // one at a time, both threads free each time: each version back on the thread that compiled it
    for (const k of [2, 1, 2, 1]) await expectPlots(pool, k);
    expect(pool.scriptsPosted).toBe(2);
    expect(pool.scriptsAsked).toBe(0);
  });

  it("when a second thread runs a version the first compiled, then it gets the first's program instead of the script and plots that version", async () => {
    await pool.close();
    pool = new SandboxPool({ size: 2, heapMb: 128, coldAfterMs: 0 });
    await expectPlots(pool, 1);
    // at once: the first thread (which compiled it) takes one, the second the other
    await Promise.all([expectPlots(pool, 1), expectPlots(pool, 1)]);
    expect(pool.scriptsPosted).toBe(1);
    expect(pool.programsPosted).toBe(1);
    expect(pool.scriptsAsked).toBe(0);
    // a version neither compiled still goes with its script
    await expectPlots(pool, 2);
    expect(pool.scriptsPosted).toBe(2);
  });
});
