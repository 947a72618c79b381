// A sweep stopped while several evaluations run at once (apps/worker/src/sweeps/evaluate.ts)
// counts the bars every one of them evaluated (docs/adr/0305): only the first to answer was
// counted, the others' bars were dropped from the summary and the month's compute units. The
// pool here is a stand-in whose answers (and their bar counts) the test chooses.
import type { ScriptInterface } from "@barscript/lang";
import { allocBars } from "@barscript/marketdata";
import type { EvalOutcome, SandboxPool } from "../src/runs/pool";
import { evaluateSweep } from "../src/sweeps/evaluate";

const IFACE: ScriptInterface = { inputs: [{ name: "level", type: "int", default: 0, title: "Level", min: null, max: null, options: null }], outputs: [], events: [{ name: "at level", message: "at" }], warmup_bars: 0 };

/** A pool whose evaluations answer, once the sweep stops them, with the given bar counts in order. */
function stoppedPool(bars: number[]): { pool: SandboxPool; started: () => number } {
  let calls = 0;
  const run = (_task: unknown, options: { signal?: AbortSignal }): Promise<EvalOutcome> => {
    const evaluated = bars[calls++] ?? 0;
    return new Promise((resolve) => {
      const stop = (): void => resolve({ ok: false, kind: "cancelled", message: "The run was cancelled.", barsEvaluated: evaluated });
      if (options.signal?.aborted) stop();
      else options.signal?.addEventListener("abort", stop, { once: true });
    });
  };
  return { pool: { run } as unknown as SandboxPool, started: () => calls };
}

test("when a sweep is cancelled while two evaluations run, then its bars are both evaluations' (300 + 500)", async () => {
  const { pool, started } = stoppedPool([300, 500]);
  const cancel = new AbortController();
  const sweep = evaluateSweep({
    id: "stop-bars",
    accountId: "acct",
    files: [{ path: "main.pine", content: "" }],
    iface: IFACE,
    spec: { instruments: [], timeframe: "1m", window: {}, grid: { level: [5, 7] }, inputs: {}, horizons: [1], events: null, cooldown: 0 },
    combinations: [{ level: 5 }, { level: 7 }],
    instruments: [{ symbol: "TEST", timezone: "UTC", bars: allocBars(0), windowStart: 0 }],
    limitMs: 30_000,
    threads: 2,
    unitsLeft: 1_000_000,
    signal: cancel.signal,
    pool,
    resolve: async () => null,
    onProgress: () => undefined,
  });
  // both evaluations are with the pool before the cancel
  await new Promise((r) => setImmediate(r));
  expect(started()).toBe(2);
  cancel.abort();
  const result = await sweep;
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.kind).toBe("cancelled");
  expect(result.done).toBe(0);
  expect(result.barsEvaluated).toBe(800);
});
