// A task cancelled while it waits for a sandbox thread (every thread busy, or waiting for a used
// one, docs/adr/0325-sandbox-threads-used-as-needed.md) answers `cancelled` at once and leaves the
// queue: it is never posted to a thread, no thread is used or replaced for it, and the task behind
// it gets the next free thread. Answers of tasks that run are checked against the bars (close + k).
import { FairQueue } from "../src/runs/fair-queue";
import { SandboxPool, type EvalOutcome } from "../src/runs/pool";
import { BUSY, expectPlotted, noResolve, plotTask } from "./support/plot-tasks";

jest.setTimeout(120_000);

/**
 * A task that holds its thread until `stop` is called, or until its time limit (BLOCKER_LIMIT_MS),
 * which on the tree before this change was what let a cancelled waiting task answer.
 */
const BLOCKER_LIMIT_MS = 8_000;
function blocker(pool: SandboxPool, k: number): { done: Promise<EvalOutcome>; stop: () => void } {
  const controller = new AbortController();
  const done = pool.run(plotTask(k, BUSY), { timeoutMs: BLOCKER_LIMIT_MS, signal: controller.signal, resolve: noResolve });
  return { done, stop: () => controller.abort() };
}

/** Which of two outcomes comes first. */
function first(a: Promise<EvalOutcome>, b: Promise<EvalOutcome>): Promise<"a" | "b"> {
  return Promise.race([a.then(() => "a" as const), b.then(() => "b" as const)]);
}

/** Resolves once the pool has given `account` a thread (the blocker is on its thread). */
async function holding(pool: SandboxPool, account: string): Promise<void> {
  while (pool.held(account) === 0) await new Promise((r) => setTimeout(r, 10));
}

const CANCELLED = { ok: false, kind: "cancelled", message: "The run was cancelled.", barsEvaluated: 0 };

let pool: SandboxPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe("a task cancelled while it waits for a sandbox thread", () => {
  it("when every thread is busy and the waiting task is cancelled, then it answers cancelled before any thread frees, and the task behind it runs next", async () => {
    pool = new SandboxPool({ size: 1, heapMb: 128 });
    const busy = blocker(pool, 1);
    const controller = new AbortController();
    const waiting = pool.run(plotTask(2), { timeoutMs: 60_000, signal: controller.signal, resolve: noResolve, account: { id: "b" } });
    const behind = pool.run(plotTask(3), { timeoutMs: 60_000, resolve: noResolve, account: { id: "c" } });
    controller.abort();
    expect(await first(waiting, busy.done)).toBe("a");
    expect(await waiting).toEqual(CANCELLED);
    expect(pool.held("b")).toBe(0);
    busy.stop();
    expect((await busy.done).ok).toBe(false);
    expectPlotted(await behind, 3);
  });

  it("when it waits for a used thread rather than take an unused one (ADR 0325) and is cancelled, then it answers cancelled at once and no unused thread is taken", async () => {
    pool = new SandboxPool({ size: 2, heapMb: 128, coldAfterMs: 60_000 });
    const busy = blocker(pool, 1);
    await holding(pool, "");
    const controller = new AbortController();
    const waiting = pool.run(plotTask(2), { timeoutMs: 60_000, signal: controller.signal, resolve: noResolve, account: { id: "b" } });
    controller.abort();
    expect(await first(waiting, busy.done)).toBe("a");
    expect(await waiting).toEqual(CANCELLED);
    expect(pool.threadsUsed()).toBe(1);
    busy.stop();
    await busy.done;
  });

  it("when the task is cancelled before it asks for a thread, then it answers cancelled and no thread is used for it", async () => {
    pool = new SandboxPool({ size: 1, heapMb: 128 });
    const controller = new AbortController();
    controller.abort();
    expect(await pool.run(plotTask(1), { timeoutMs: 60_000, signal: controller.signal, resolve: noResolve })).toEqual(CANCELLED);
    expect(pool.threadsUsed()).toBe(0);
    expect(pool.replaced).toBe(0);
  });
});

describe("FairQueue.remove", () => {
  it("when a waiting task is removed, then it is never served and the account's next task is", () => {
    const q = new FairQueue<string>();
    const served: string[] = [];
    const a1 = q.push("a", 10, () => served.push("a1"));
    q.push("a", 10, () => served.push("a2"));
    q.push("b", 10, () => served.push("b1"));
    expect(q.remove("a", a1)).toBe(true);
    for (let r = q.shift(); r; r = q.shift()) r("thread");
    expect(served).toEqual(["a2", "b1"]);
    expect(q.remove("a", a1)).toBe(false);
  });

  it("when an account's only waiting task is removed, then the queue has nothing to serve", () => {
    const q = new FairQueue<string>();
    const entry = q.push("a", 10, () => undefined);
    expect(q.remove("a", entry)).toBe(true);
    expect(q.hasEligible()).toBe(false);
    expect(q.shift()).toBeNull();
  });
});
