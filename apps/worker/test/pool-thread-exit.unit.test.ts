// The sandbox pool (apps/worker/src/runs/pool.ts) when a thread dies between tasks: no task's
// listener hears it, so a task handed to that thread got no answer before its time limit (the
// processor test's output-memory run waited past 60 s for its 120 s limit). Threads of 8 MB die
// out of memory while they load the language (it needs about 12 MB of heap), which makes such a
// death certain here.
import type { Bars } from "@barscript/lang";
import { SandboxPool } from "../src/runs/pool";
import { minuteBars } from "./support/minute-bars";
import type { EvalTask } from "../src/runs/protocol";

jest.setTimeout(60_000);

const TIME_LIMIT_MS = 30_000;

const bars = (n: number): Bars => minuteBars(n, () => 100);

const source = `//@version=6\nindicator("c")\nplot(close, "c")\n`;

const task: EvalTask = {
  cacheKey: "test:thread-exit",
  kind: "indicator",
  files: [{ path: "main.pine", content: source }],
  interface: { inputs: [], outputs: [{ name: "c", title: "c", type: "float" }], events: [], warmup_bars: 0 },
  bars: bars(10),
  windowStart: 0,
  inputs: {},
  symbol: { ticker: "TEST", timezone: "UTC", mintick: 0.01, timeframe: "1m" },
  timeBudgetMs: TIME_LIMIT_MS,
  maxEvents: 0,
};

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
}

describe("a sandbox thread that exits while idle", () => {
  it("when the pool's only thread died before a task came, then the task gets a fresh thread and an answer long before its time limit", async () => {
    const pool = new SandboxPool({ size: 1, heapMb: 8 });
    try {
      await until(() => pool.exits >= 1);
      const t0 = Date.now();
      const outcome = await pool.run(task, { timeoutMs: TIME_LIMIT_MS, resolve: () => Promise.resolve(null) });
      // the fresh thread dies the same way, now with the task on it: that is heard at once
      expect(outcome).toMatchObject({ ok: false, kind: "script", message: "The script used more than the sandbox's 8 MB memory limit." });
      expect(Date.now() - t0).toBeLessThan(TIME_LIMIT_MS / 2);
      expect(pool.replaced).toBeGreaterThanOrEqual(1);
    } finally {
      await pool.close();
    }
  });
});
