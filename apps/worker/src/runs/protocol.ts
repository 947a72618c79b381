// Messages between the worker's main thread and its sandbox threads. Bars and output columns
// travel as transferred ArrayBuffers (no copy), or shared when in shared memory (a window the
// chunk cache keeps: docs/adr/0244).
import { isArrayBuffer } from "node:util/types";
import type { Bars, ContextBars, EvaluationResult, MissingContext, PortableProgram, ResolvedScript, ScriptInterface, ScriptKind, SourceFile, SymbolInfo } from "@barscript/lang";
import type { StudyThreadOutcome } from "../studies/protocol";
import type { StreamRequest } from "./stream-chunks";
import { symbolInfo, type InstrumentFacts } from "./symbol-info";

export type { StudyThreadOutcome } from "../studies/protocol";

export interface EvalTask {
  /** Program cache key: the files digest and who resolves its imports. */
  cacheKey: string;
  kind: ScriptKind;
  files: SourceFile[];
  interface: ScriptInterface;
  bars: Bars;
  windowStart: number;
  inputs: Record<string, unknown>;
  symbol: SymbolInfo;
  timeBudgetMs: number;
  maxEvents: number;
  /** Bars of the other symbols and timeframes request.* reads (copied to the thread, not transferred: the cache keeps them). */
  contexts?: ContextBars[];
  /** Discovering the contexts computed requests reach: those looked for and not found (lang evaluate()'s `discover`, docs/adr/0223). */
  discover?: MissingContext[];
  /**
   * Bytes the run's output columns may take (set by the pool: its threads' heap limit). Output
   * arrays live outside the thread's capped heap, so they are counted against it here.
   */
  outputLimitBytes?: number;
  /**
   * Shared with the pool (`Int32Array`): [0] set to 1 asks the thread to stop at the next chunk
   * boundary, [1] the bars evaluated so far (warmup included), written after each chunk. Survives
   * the thread being terminated, so a timed-out or cancelled run counts what it evaluated.
   */
  control?: SharedArrayBuffer;
  /** Send finished chunks of a large output during the evaluation (stream-chunks.ts); absent: all with the result. */
  stream?: StreamRequest;
  /** When the pool posted the task (ms on the clock every thread shares, `clock()`), for the timing spans. */
  postedAt?: number;
  /**
   * The program of `cacheKey` as another thread of the pool compiled it (set by the pool, posted
   * instead of the script): the thread makes it without compiling (docs/adr/0320).
   */
  program?: PortableProgram;
}

/**
 * The EvalTask of a run over `bars`: the run's inputs ({} when none) and its instrument's symbol
 * at the run's timeframe, with `remaining` ms of budget.
 */
export function evalTask(t: {
  cacheKey: string;
  kind: ScriptKind;
  files: SourceFile[];
  interface: ScriptInterface;
  bars: Bars;
  windowStart: number;
  run: { inputs: unknown; timeframe: string };
  instrument: InstrumentFacts;
  remaining: number;
  maxEvents: number;
  contexts?: ContextBars[];
  discover?: MissingContext[];
}): EvalTask {
  return {
    cacheKey: t.cacheKey,
    kind: t.kind,
    files: t.files,
    interface: t.interface,
    bars: t.bars,
    windowStart: t.windowStart,
    inputs: (t.run.inputs ?? {}) as Record<string, unknown>,
    symbol: symbolInfo(t.instrument, t.run.timeframe),
    timeBudgetMs: t.remaining,
    maxEvents: t.maxEvents,
    ...(t.contexts && t.contexts.length > 0 ? { contexts: t.contexts } : {}),
    ...(t.discover ? { discover: t.discover } : {}),
  };
}

/** Milliseconds on a clock every thread of the process shares (each thread's performance.now() has its own origin). */
export function clock(): number {
  return performance.timeOrigin + performance.now();
}

/** Indexes into EvalTask.control. */
export const CONTROL_STOP = 0;
export const CONTROL_PROGRESS = 1;

export interface EvalEvent {
  time: number;
  name: string;
  message: string;
  price: number;
}

export interface EvalResult {
  times: Float64Array;
  outputs: Array<{ name: string; values: Float64Array }>;
  events: EvalEvent[];
  eventsDropped: number;
  barsEvaluated: number;
  windowBars: number;
  errorBarsInWindow: number;
  runtimeErrors: Array<{ message: string; count: number; first_time: number; last_time: number }>;
  /** Contexts request.* asked for that the task did not carry (the worker fetches them and evaluates again). */
  missingContexts?: MissingContext[];
  /** Study runs only (apps/worker/src/studies). */
  study?: StudyThreadOutcome;
  /** Drawings left after the last bar and log.* lines (the first 1,000) with the count of the rest. */
  drawings?: EvaluationResult["drawings"];
  logs?: EvaluationResult["logs"];
  logsDropped?: number;
  /**
   * Timing spans (debug): the task's wait from its post to the thread picking it up (`queued`),
   * the compile and the evaluation in the thread, and the result's way back to the main thread
   * (`reply`, set by the pool).
   */
  threadMs?: { queued?: number; compile: number; eval: number; reply?: number };
  /** When the thread posted the result (`clock()`). */
  sentAt?: number;
  /** The program the thread compiled for this task (not taken from its cache or the task): the pool keeps it for its other threads. */
  compiled?: PortableProgram;
}

export type ThreadFailureKind = "script" | "timeout" | "cancelled" | "internal";

/**
 * A task as posted to a thread: without its script (files and interface) when the pool knows the
 * thread compiled `cacheKey` already, or holds the program another thread compiled (`program`)
 * (pool.ts); a thread whose cache no longer holds that program, and was given none, asks for the
 * script (`script` both ways) before it compiles.
 */
export type ThreadTask = Omit<EvalTask, "files" | "interface"> & Partial<Pick<EvalTask, "files" | "interface">>;

/** The script of a task (EvalTask.files and .interface). */
export type TaskScript = Pick<EvalTask, "files" | "interface">;

export type ToThread =
  | { type: "eval"; id: number; task: ThreadTask }
  | { type: "script"; id: number; script: TaskScript }
  | { type: "resolved"; id: number; script: ResolvedScript | null; error?: string };

export type FromThread =
  | { type: "done"; id: number; result: EvalResult }
  /** A finished output chunk (seq of the window's chunks), its times then each column (stream-chunks.ts's views of shared memory), before `done`. */
  | { type: "chunk"; id: number; seq: number; names: string[]; data: Float64Array[] }
  | { type: "failed"; id: number; kind: ThreadFailureKind; message: string }
  /** Task `id` was posted without its script and the thread's cache no longer holds its program. */
  | { type: "script"; id: number }
  | { type: "resolve"; id: number; ref: { owner: string | null; slug: string; version: number | null } }
  /** The thread's warm-up is over (warm-threads.ts; id 0, no task's): it takes tasks from now on. */
  | { type: "warm"; id: 0; ok: boolean; ms: number };

/** The buffers of `bars` to transfer: not a window in shared memory (the chunk cache keeps it; posted, it is shared read-only). */
export function barsTransferList(bars: Bars): ArrayBuffer[] {
  const list = [bars.time, bars.open, bars.high, bars.low, bars.close, bars.volume].map((a) => a.buffer).filter((b): b is ArrayBuffer => isArrayBuffer(b));
  return [...new Set(list)];
}
