// A sandbox thread warms the language up before its first task (docs/adr/0349). A task given a
// thread that is still warming up waits for it in the pool, not in the thread: its time limit
// starts once the thread can start it, so a long warm-up (a loaded machine, a replaced thread)
// never turns a run into a timeout. Answers are checked against the bars (close + k).
import { SandboxPool } from "../src/runs/pool";
import { expectPlotted, noResolve, plotTask } from "./support/plot-tasks";

jest.setTimeout(120_000);

/** A warm-up of this many bars takes seconds, far longer than the task's limit below. */
const LONG_WARM_UP_BARS = 300_000;
/** The task's limit: ample for plotting 50 bars once the thread is free, shorter than the warm-up. */
const TASK_LIMIT_MS = 700;

let pool: SandboxPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe("a task given a thread still warming up", () => {
  it("when the warm-up outlasts the task's time limit, then the task still runs to its answer", async () => {
    pool = new SandboxPool({ size: 1, warmUpBars: LONG_WARM_UP_BARS });
    expect(pool.threadsWarm()).toBe(0);
    const outcome = await pool.run(plotTask(3), { timeoutMs: TASK_LIMIT_MS, resolve: noResolve });
    expectPlotted(outcome, 3);
    const warmth = await pool.warmed();
    expect(warmth).toMatchObject({ threads: 1, failed: 0 });
    expect(warmth.ms).toBeGreaterThan(TASK_LIMIT_MS);
  });

  it("when the task is cancelled during the warm-up, then it answers cancelled at once and the thread serves the next task", async () => {
    pool = new SandboxPool({ size: 1, warmUpBars: LONG_WARM_UP_BARS });
    const controller = new AbortController();
    const waiting = pool.run(plotTask(1), { timeoutMs: 60_000, signal: controller.signal, resolve: noResolve });
    controller.abort();
    await expect(waiting).resolves.toEqual({ ok: false, kind: "cancelled", message: "The run was cancelled.", barsEvaluated: 0 });
    expect(pool.threadsWarm()).toBe(0);
    expectPlotted(await pool.run(plotTask(2), { timeoutMs: 60_000, resolve: noResolve }), 2);
  });
});
