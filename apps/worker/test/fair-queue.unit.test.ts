// How the sandbox pool hands out threads across accounts (docs/adr/0025-fair-run-scheduling.md):
// the waiting account holding the fewest threads first, accounts holding as many in turn, each
// account's tasks in order, and never more threads to an account than its runs at once.
import { FairQueue } from "../src/runs/fair-queue";

function queue(): { q: FairQueue<string>; served: string[]; push(account: string, task: string, max?: number): void; next(): string | null } {
  const q = new FairQueue<string>();
  const served: string[] = [];
  return {
    q,
    served,
    push(account, task, max = 10) {
      q.push(account, max, () => served.push(task));
    },
    next() {
      const resolve = q.shift();
      if (!resolve) return null;
      resolve("thread");
      return served[served.length - 1] ?? null;
    },
  };
}

describe("FairQueue", () => {
  it("when one account queued many tasks before another queued one, then the other's task is served second, not last", () => {
    const t = queue();
    for (let i = 1; i <= 4; i++) t.push("flood", `f${i}`);
    t.push("light", "l1");
    expect([t.next(), t.next(), t.next()]).toEqual(["f1", "l1", "f2"]);
  });

  it("when a thread frees, then the waiting account holding the fewest threads gets it", () => {
    const t = queue();
    t.push("a", "a1");
    t.push("a", "a2");
    expect([t.next(), t.next()]).toEqual(["a1", "a2"]);
    t.push("a", "a3");
    t.push("b", "b1");
    t.push("b", "b2");
    // a holds 2, b holds 0: b twice before a again (b then holds 2, as many as a).
    expect([t.next(), t.next(), t.next()]).toEqual(["b1", "b2", "a3"]);
  });

  it("when accounts hold as many threads, then they are served in turn", () => {
    const t = queue();
    for (const acc of ["a", "b", "c"]) for (let i = 1; i <= 2; i++) t.push(acc, `${acc}${i}`);
    expect(Array.from({ length: 6 }, () => t.next())).toEqual(["a1", "b1", "c1", "a2", "b2", "c2"]);
  });

  it("when an account holds its runs at once, then its next task waits even with threads free, until one of its own is done", () => {
    const t = queue();
    t.push("a", "a1", 1);
    t.push("a", "a2", 1);
    expect(t.next()).toBe("a1");
    expect(t.q.hasEligible()).toBe(false);
    expect(t.next()).toBeNull();
    t.q.done("a");
    expect(t.next()).toBe("a2");
    expect(t.q.held("a")).toBe(1);
  });
});
