// The pool tests' tasks: version k of an indicator that plots close + k over PLOT_BARS minute bars
// (its program key as the worker makes it: owner, digest, kind), the check of its answer against
// the bars, and a script that keeps its thread busy far longer than a test.
import type { EvalTask } from "../../src/runs/protocol";
import type { EvalOutcome, SandboxPool } from "../../src/runs/pool";
import { minuteBars } from "./minute-bars";

export const PLOT_BARS = 50;
const closeAt = (i: number): number => 100 + i * 0.5;

/** Version k (plots close + k), or `source` under version k's key. */
export function plotTask(k: number, source?: string): EvalTask {
  return {
    cacheKey: `owner:digest-${k}:indicator`,
    kind: "indicator",
    files: [{ path: "main.pine", content: source ?? `//@version=6\nindicator("v${k}")\nplot(close + ${k}, "c")\n` }],
    interface: { inputs: [], outputs: [{ name: "c", title: "c", type: "float" }], events: [], warmup_bars: 0 },
    bars: minuteBars(PLOT_BARS, closeAt),
    windowStart: 0,
    inputs: {},
    symbol: { ticker: "TEST", timezone: "UTC", mintick: 0.01, timeframe: "1m" },
    timeBudgetMs: 60_000,
    maxEvents: 0,
  };
}

/** The pool's resolver for tasks that import nothing. */
export const noResolve = async (): Promise<null> => null;

/** Checks that version k's evaluation succeeded and every output value is close + k. */
export function expectPlotted(outcome: EvalOutcome, k: number): void {
  if (!outcome.ok) throw new Error(`version ${k} failed: ${outcome.message}`);
  expect(Array.from(outcome.result.outputs[0]?.values ?? [])).toEqual(Array.from({ length: PLOT_BARS }, (_, i) => closeAt(i) + k));
}

/** Runs version k (or `source` under its key) and checks its answer (expectPlotted). */
export async function expectPlots(pool: SandboxPool, k: number, source?: string): Promise<void> {
  expectPlotted(await pool.run(plotTask(k, source), { timeoutMs: 60_000, resolve: noResolve }), k);
}

/** A script that keeps its thread busy far longer than a test (10^9 additions a bar); the test cancels it or its time limit ends it. */
export const BUSY = `//@version=6\nindicator("busy")\nfloat x = 0.0\nfor i = 0 to 1000000000\n    x += i\nplot(close + x * 0, "c")\n`;
