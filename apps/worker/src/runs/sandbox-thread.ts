// Starting one sandbox thread (runs/pool.ts owns them): the bootstrap that loads thread.ts the
// way this process loads TypeScript, the process-wide V8 heap flags set before the first one, and
// the thread's heap caps. The thread cannot print: its output goes nowhere.
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";

const THREAD_FILE = require.resolve("./thread");
/** Under tsx or jest the thread must load TypeScript the same way its parent does; a bundle's thread file is JavaScript and needs no hook. */
function bootstrap(): string {
  let tsx: string | null = null;
  if (THREAD_FILE.endsWith(".ts")) {
    try {
      tsx = require.resolve("tsx/cjs");
    } catch {
      tsx = null;
    }
  }
  return `${tsx ? `require(${JSON.stringify(tsx)});` : ""}require(${JSON.stringify(THREAD_FILE)});`;
}

/**
 * Old generation (MB) a sandbox isolate may fill before its first full collection, within its
 * cap (PoolOptions.heapMb): V8 counts the bars and output columns that come and go with each task
 * (external memory) against it, and with its default a thread collected its whole heap, which is
 * the language's code, every 30 or so 5,000-bar runs (docs/adr/0143-worker-heap-growth.md).
 */
export const SANDBOX_INITIAL_OLD_MB = 64;

/**
 * How far (percent) V8 lets an isolate's old generation grow past what the last full collection
 * left before the next: V8 picks 10-30 % for a heap that collects fast, and the worker's main
 * isolate (about 47 MB live) then ran a full collection about every second of runs, for the few
 * MB of buffers each run leaves (ADR 0143).
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * The sandbox threads' young generation starts at this size a semi-space (MiB) and is never
 * shrunk below it (docs/adr/0258-sandbox-young-generation-kept.md). V8 starts it at 1 MiB and
 * grows and shrinks it with the allocation rate; a thread between bursts of runs shrank it and
 * each regrowth took fresh pages, a page fault each (about 17 µs of CPU each on the 2-core VMs
 * CI runs on: docs/performance.md, fourteenth session). Within the cap of `maxYoungGenerationSizeMb`.
 */
export const SANDBOX_SEMI_SPACE_MB = 16;

let heapsSized = false;

/**
 * Node gives a worker thread no initial old generation of its own (resourceLimits has only the
 * maxima), so these are V8 flags of the process, set once before the first sandbox thread: the
 * initial sizes are read when an isolate is made (the sandbox threads, not the running main
 * thread), the growth at each full collection of every isolate (the main thread's too).
 */
function sizeHeaps(): void {
  if (heapsSized) return;
  heapsSized = true;
  setFlagsFromString(`--initial-old-space-size=${SANDBOX_INITIAL_OLD_MB}`);
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  setFlagsFromString(`--min-semi-space-size=${SANDBOX_SEMI_SPACE_MB}`);
}

/** What a thread is told at its start (thread.ts reads it): whether and how long it warms up (docs/adr/0349). */
export interface SandboxThreadData {
  warmUp: boolean;
  warmUpBars: number;
}

/** A sandbox thread with an old generation capped at `heapMb`, not keeping the process alive; its errors are heard by the pool's listeners. */
export function startSandboxThread(heapMb: number, data: SandboxThreadData): Worker {
  sizeHeaps();
  const worker = new Worker(bootstrap(), {
    eval: true,
    workerData: data,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  worker.on("error", () => undefined);
  return worker;
}
