// A sandbox thread: compiles (cached by digest) and evaluates one script at a time, off the
// worker's main thread. Its heap is capped by the pool (resourceLimits); a thread that runs
// past the wall-clock limit or is cancelled is terminated by the pool and replaced.
import { isArrayBuffer } from "node:util/types";
import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { ProgramCache } from "@barscript/lang";
import { dropKeptShapes, EvaluationAborted, EvaluationTimeout, evaluate, portableProgram, programFromPortable, type Program } from "@barscript/lang";
import type { ResolvedScript } from "@barscript/lang";
import { compileScript, CompileFailure } from "./compile";
import { outputsOverLimit } from "./output-limit";
import { clock, CONTROL_PROGRESS, CONTROL_STOP, type EvalResult, type EvalTask, type FromThread, type TaskScript, type ThreadTask, type ToThread } from "./protocol";
import { runStudyInThread } from "../studies/sandbox";
import { chunkStreamer } from "./stream-chunks";
import { WARM_UP_KEY, warmUpTask } from "./warm-threads";

const port = parentPort;
if (!port) throw new Error("thread.ts runs as a worker thread");

/** Bars between progress reports and stop checks: small enough that a cancel lands quickly. */
const CHUNK_BARS = 512;

const programs = new ProgramCache<Program>({ maxEntries: 200, maxWeight: 64 * 1024 * 1024, weigh: (p) => p.source.length * 2 + 1024 });
/**
 * Above this share of the thread's heap limit after an evaluation, cached programs drop the
 * first-bar runs they keep for V8's sake (docs/adr/0113-finished-runs-keep-their-code.md): what
 * scripts keep must not leave the next run, maybe another account's, short of memory.
 */
const KEPT_HEAP_SHARE = 0.25;

const heapUsed = (): number => getHeapStatistics().used_heap_size;

function boundKeptRuns(): void {
  const h = getHeapStatistics();
  if (h.used_heap_size <= h.heap_size_limit * KEPT_HEAP_SHARE) return;
  for (const p of programs.values()) dropKeptShapes(p);
}

const pendingResolves = new Map<number, (script: ResolvedScript | null) => void>();
/** Tasks posted without their script whose program this thread no longer holds, by task id. */
const pendingScripts = new Map<number, (script: TaskScript) => void>();
let nextResolve = 1;

function send(message: FromThread, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

/** Imports are resolved by the main thread (it holds the database). */
function resolveViaParent(ref: { owner: string | null; slug: string; version: number | null }): Promise<ResolvedScript | null> {
  const id = nextResolve++;
  return new Promise((resolve) => {
    pendingResolves.set(id, resolve);
    send({ type: "resolve", id, ref });
  });
}

/** The task with its script: as posted, or asked of the pool when it was left out. */
async function withScript(id: number, task: ThreadTask): Promise<EvalTask> {
  if (task.files && task.interface) return { ...task, files: task.files, interface: task.interface };
  const script = await new Promise<TaskScript>((resolve) => {
    pendingScripts.set(id, resolve);
    send({ type: "script", id });
  });
  return { ...task, ...script };
}

/** The task's program: cached, made from the one the pool sent (another thread compiled it), or compiled here (`compiled`). */
async function programFor(id: number, task: ThreadTask): Promise<{ program: Program; compiled: boolean }> {
  const cached = programs.get(task.cacheKey);
  if (cached) return { program: cached, compiled: false };
  if (task.program) {
    const program = programFromPortable(task.program);
    programs.set(task.cacheKey, program);
    return { program, compiled: false };
  }
  const full = await withScript(id, task);
  const program = await compileScript(full.files, full.kind, full.interface, { resolve: resolveViaParent });
  programs.set(task.cacheKey, program);
  return { program, compiled: true };
}

/**
 * The progress report of an evaluation under the pool's control: after each chunk, the bars
 * evaluated go to shared memory and a stop asked for is honoured. Null without control.
 */
function controlled(task: ThreadTask): ((evaluated: number) => void) | null {
  const control = task.control ? new Int32Array(task.control) : null;
  if (!control) return null;
  return (evaluated) => {
    Atomics.store(control, CONTROL_PROGRESS, evaluated);
    if (Atomics.load(control, CONTROL_STOP) !== 0) throw new EvaluationAborted();
  };
}

/** Evaluates task `id`; its answers go to `reply` (the pool; the warm-up's own sink). */
async function run(id: number, task: ThreadTask, reply: typeof send = send): Promise<void> {
  if (task.kind === "study") {
    // a study reports its bars as a script does, so a cancelled or timed-out study counts them
    const progress = controlled(task);
    reply(await runStudyInThread(id, await withScript(id, task), { resolve: resolveViaParent }, progress ? { onChunk: progress, chunkBars: CHUNK_BARS } : {}));
    return;
  }
  let program: Program;
  let compiled: boolean;
  const queued = task.postedAt === undefined ? undefined : clock() - task.postedAt;
  const t0 = performance.now();
  try {
    ({ program, compiled } = await programFor(id, task));
  } catch (error) {
    const message = error instanceof CompileFailure ? error.message : `The script could not be compiled: ${(error as Error).message}`;
    reply({ type: "failed", id, kind: "script", message });
    return;
  }
  const t1 = performance.now();
  const tooBig = outputsOverLimit(program, task);
  if (tooBig) {
    reply({ type: "failed", id, kind: "script", message: tooBig });
    return;
  }
  // Progress and the stop flag live in memory shared with the pool: progress survives a
  // terminated thread, and a cancel is seen at the next chunk without a message round trip.
  const control = task.control ? new Int32Array(task.control) : null;
  if (control && Atomics.load(control, CONTROL_STOP) !== 0) {
    reply({ type: "failed", id, kind: "cancelled", message: "The run was cancelled." });
    return;
  }
  // Finished chunks of a large output go to the main thread during the evaluation, as views of
  // shared memory (stream-chunks.ts): posted, not transferred.
  const streamer = chunkStreamer(program, task, (seq, names, data) => reply({ type: "chunk", id, seq, names, data }));
  const progress = controlled(task);
  const onChunk = (evaluated: number): void => {
    progress?.(evaluated);
    streamer?.onChunk(evaluated);
  };
  try {
    const r = evaluate(streamer?.program ?? program, task.bars, task.inputs, {
      symbol: task.symbol,
      windowStart: task.windowStart,
      timeBudgetMs: task.timeBudgetMs,
      maxEvents: task.maxEvents,
      chunkBars: CHUNK_BARS,
      heapUsed,
      ...(task.contexts ? { contexts: task.contexts } : {}),
      ...(task.discover ? { discover: task.discover } : {}),
      ...(control || streamer ? { onChunk } : {}),
    });
    const result: EvalResult = {
      times: r.times,
      outputs: r.outputs.map((o) => ({ name: o.name, values: o.values })),
      events: r.events,
      eventsDropped: r.eventsDropped,
      barsEvaluated: r.barsEvaluated,
      windowBars: r.windowBars,
      errorBarsInWindow: r.errorBarsInWindow,
      runtimeErrors: r.runtimeErrors,
      ...(r.missingContexts ? { missingContexts: r.missingContexts } : {}),
      drawings: r.drawings,
      logs: r.logs,
      logsDropped: r.logsDropped,
      threadMs: { ...(queued === undefined ? {} : { queued }), compile: t1 - t0, eval: performance.now() - t1 },
      ...(compiled ? { compiled: portableProgram(program) } : {}),
    };
    // columns in shared memory (a streamed run's) are shared by the post itself, not transferred
    const transfer = [result.times.buffer, ...result.outputs.map((o) => o.values.buffer)].filter((b): b is ArrayBuffer => isArrayBuffer(b));
    result.sentAt = clock();
    reply({ type: "done", id, result }, [...new Set(transfer)]);
  } catch (error) {
    if (error instanceof EvaluationTimeout) reply({ type: "failed", id, kind: "timeout", message: "The run passed its time limit." });
    else if (error instanceof EvaluationAborted) reply({ type: "failed", id, kind: "cancelled", message: "The run was cancelled." });
    else reply({ type: "failed", id, kind: "internal", message: `Evaluation failed: ${(error as Error).message}` });
  } finally {
    boundKeptRuns();
  }
}

function onMessage(message: ToThread): void {
  if (message.type === "resolved") {
    const resolve = pendingResolves.get(message.id);
    pendingResolves.delete(message.id);
    resolve?.(message.script);
    return;
  }
  if (message.type === "script") {
    const resolve = pendingScripts.get(message.id);
    pendingScripts.delete(message.id);
    resolve?.(message.script);
    return;
  }
  void run(message.id, message.task);
}

// The warm-up runs before the thread takes tasks: messages the pool posts meanwhile wait, so no
// task runs beside it and a fresh thread's first task finds the language compiled
// (docs/adr/0349-sandbox-threads-warmed-at-start.md). The pool hears when it is over.
const warming = workerData as { warmUp?: boolean; warmUpBars?: number } | null;
let held: ToThread[] | null = warming?.warmUp === true ? [] : null;
port.on("message", (message: ToThread) => {
  if (held) held.push(message);
  else onMessage(message);
});
if (held) {
  const queued = held;
  void warmUpThread().then((outcome) => {
    send({ type: "warm", id: 0, ...outcome });
    held = null;
    for (const message of queued) onMessage(message);
  });
}

/** The warm-up task through run(), its answers dropped, its program out of the cache after (warm-threads.ts). */
async function warmUpThread(): Promise<{ ok: boolean; ms: number }> {
  const t0 = performance.now();
  let ok = false;
  await run(0, warmUpTask(warming?.warmUpBars), (message) => {
    if (message.type === "done" || message.type === "failed") ok = message.type === "done";
  }).catch(() => undefined);
  programs.delete(WARM_UP_KEY);
  return { ok, ms: performance.now() - t0 };
}
