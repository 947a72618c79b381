// A sweep's evaluations: the definition over every (combination, instrument) pair, fanned out
// over the sandbox threads (at most the plan's runs at once of them), each pair's events into
// the accumulator. Bars are read once per instrument and handed to every combination in shared
// memory: a window the chunk cache kept is shared already (docs/adr/0244), any other is copied
// into shared memory once per sweep, and every task posts those same columns to its thread,
// shared, neither copied nor transferred (nothing writes bar columns once assembled). Stops at the first pair that fails, on
// cancel, past the whole sweep's time limit and past the month's compute units.
import type { Bars, ContextBars, ScriptInterface, SourceFile } from "@barscript/lang";
import { SweepAccumulator, type SweepValue } from "@barscript/lang";
import type { SweepSpec } from "@barscript/db";
import { allocSharedBars, COLUMNS } from "@barscript/marketdata";
import { isSharedArrayBuffer } from "node:util/types";
import type { ResolvedScript } from "@barscript/lang";
import type { SandboxPool } from "../runs/pool";
import { evalTask, type ThreadFailureKind } from "../runs/protocol";
import type { InstrumentFacts } from "../runs/symbol-info";
import { HARD_STOP_GRACE_MS } from "../runs/kinds/script";

/** An instrument of the sweep (its facts are the script's syminfo.*) with its bars. */
export interface InstrumentBars extends InstrumentFacts {
  bars: Bars;
  windowStart: number;
  /** The contexts the definition's requests name on this instrument (../runs/requests.ts), read once for every combination. */
  contexts?: ContextBars[];
}

export interface SweepJob {
  id: string;
  accountId: string;
  files: SourceFile[];
  iface: ScriptInterface;
  spec: SweepSpec;
  combinations: Array<Record<string, SweepValue>>;
  instruments: InstrumentBars[];
  /** The plan's time limit of one evaluation. */
  limitMs: number;
  threads: number;
  /** Compute units left this month when the sweep started. */
  unitsLeft: number;
  signal: AbortSignal;
  pool: SandboxPool;
  resolve: (ref: { owner: string | null; slug: string; version: number | null }) => Promise<ResolvedScript | null>;
  onProgress: (done: number) => void;
}

export type SweepEvaluation =
  | { ok: true; accumulator: SweepAccumulator; barsEvaluated: number }
  | { ok: false; kind: ThreadFailureKind | "plan_limit"; message: string; barsEvaluated: number; done: number };

export async function evaluateSweep(job: SweepJob): Promise<SweepEvaluation> {
  const { spec, combinations, instruments } = job;
  const acc = new SweepAccumulator(spec.horizons, combinations, spec.cooldown);
  const windows = instruments.map((i) => ({ close: i.bars.close.subarray(i.windowStart), high: i.bars.high.subarray(i.windowStart), low: i.bars.low.subarray(i.windowStart) }));
  const barIndex = instruments.map((i) => {
    const m = new Map<number, number>();
    for (let k = i.windowStart; k < i.bars.length; k++) m.set(i.bars.time[k]!, k - i.windowStart);
    return m;
  });
  windows.forEach((w) => acc.addInstrument(w));
  const only = spec.events ? new Set(spec.events) : null;
  const posted = instruments.map((i) => sharedBars(i.bars));
  // contexts in shared memory too: every task posts them, so they are not copied per combination
  const contexts = instruments.map((i) => (i.contexts ?? []).map((c) => ({ ...c, bars: sharedBars(c.bars) })));

  const total = combinations.length * instruments.length;
  let next = 0;
  let done = 0;
  let barsEvaluated = 0;
  const state: { failed: Extract<SweepEvaluation, { ok: false }> | null } = { failed: null };
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  job.signal.addEventListener("abort", onAbort);

  const worker = async (): Promise<void> => {
    while (!state.failed && next < total) {
      const k = next++;
      const c = Math.floor(k / instruments.length);
      const i = k % instruments.length;
      const inst = instruments[i]!;
      const outcome = await job.pool.run(
        evalTask({
          cacheKey: `sweep:${job.id}`,
          kind: "definition",
          files: job.files,
          interface: job.iface,
          bars: posted[i]!,
          windowStart: inst.windowStart,
          run: { inputs: { ...spec.inputs, ...combinations[c]! }, timeframe: spec.timeframe },
          instrument: inst,
          remaining: job.limitMs,
          // A row measures all of the combination's events (docs/reference/api.md, Sweeps): the
          // 10,000 bound is what a definition run stores, and a sweep stores none (docs/adr/0322).
          maxEvents: Number.MAX_SAFE_INTEGER,
          contexts: contexts[i]!,
        }),
        { timeoutMs: job.limitMs + HARD_STOP_GRACE_MS, signal: stop.signal, account: { id: job.accountId, maxThreads: job.threads }, resolve: job.resolve },
      );
      // (set by another evaluation while this one ran: TypeScript cannot see that across the await)
      const stopped = state.failed as Extract<SweepEvaluation, { ok: false }> | null;
      if (stopped) {
        // Evaluations in flight when another failed or the sweep stopped evaluated bars too: the
        // sweep counts them, as a cancelled run counts what it evaluated (docs/adr/0305).
        stopped.barsEvaluated += outcome.ok ? outcome.result.barsEvaluated : outcome.barsEvaluated;
        return;
      }
      if (!outcome.ok) {
        barsEvaluated += outcome.barsEvaluated;
        state.failed = { ok: false, kind: outcome.kind, message: describe(outcome.kind, outcome.message, combinations[c]!, inst.symbol, job.signal), barsEvaluated, done };
        stop.abort();
        return;
      }
      barsEvaluated += outcome.result.barsEvaluated;
      if (Math.ceil(barsEvaluated / 1000) > job.unitsLeft) {
        state.failed = { ok: false, kind: "plan_limit", message: `This month's compute units ran out after ${done + 1} of ${total} evaluations of the sweep; no rows were kept.`, barsEvaluated, done };
        stop.abort();
        return;
      }
      const events: Array<{ bar: number; name: string }> = [];
      for (const e of outcome.result.events) {
        if (only && !only.has(e.name)) continue;
        const bar = barIndex[i]!.get(e.time);
        if (bar !== undefined) events.push({ bar, name: e.name });
      }
      acc.addEvents(c, i, events);
      done++;
      job.onProgress(done);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(job.threads, total)) }, worker));
  } finally {
    job.signal.removeEventListener("abort", onAbort);
  }
  if (state.failed) return state.failed;
  return { ok: true, accumulator: acc, barsEvaluated };
}

/** The bars themselves when every column is in shared memory, else one copy of them there. */
export function sharedBars(bars: Bars): Bars {
  if (COLUMNS.every((c) => isSharedArrayBuffer(bars[c].buffer))) return bars;
  const out = allocSharedBars(bars.length);
  for (const c of COLUMNS) out[c].set(bars[c].subarray(0, bars.length));
  return out;
}

function describe(kind: ThreadFailureKind, message: string, inputs: Record<string, SweepValue>, symbol: string, signal: AbortSignal): string {
  if (kind === "cancelled" && typeof signal.reason === "string") return signal.reason;
  if (kind === "cancelled") return "The sweep was cancelled.";
  return `The evaluation of ${JSON.stringify(inputs)} on ${symbol} failed: ${message}`;
}
