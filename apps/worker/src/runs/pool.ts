// The sandbox pool: a fixed set of worker threads, each with a capped heap (resourceLimits),
// running one evaluation at a time. A thread that passes the run's wall-clock limit, is
// cancelled, or runs out of memory is terminated and replaced; the main thread never runs
// user code.
import { Worker } from "node:worker_threads";
import type { ResolvedScript } from "@barscript/lang";
import { barsTransferList, CONTROL_PROGRESS, CONTROL_STOP, type EvalResult, type EvalTask, type FromThread, type ThreadFailureKind, type ToThread } from "./protocol";

/** A failure carries the bars the thread reported evaluated (warmup included) before it stopped. */
export type EvalOutcome = { ok: true; result: EvalResult } | { ok: false; kind: ThreadFailureKind; message: string; barsEvaluated: number };

/** How long a cancelled thread may take to reach its next chunk boundary before it is terminated. */
export const STOP_GRACE_MS = 100;

export interface PoolOptions {
  size: number;
  /** Old-generation heap of each thread, MB. */
  heapMb?: number;
}

export interface RunOptions {
  /** Hard wall-clock limit: past it the thread is terminated. */
  timeoutMs: number;
  signal?: AbortSignal;
  resolve: (ref: { owner: string | null; slug: string; version: number | null }) => Promise<ResolvedScript | null>;
}

const THREAD_FILE = require.resolve("./thread");
/** Under tsx or jest the thread must load TypeScript the same way its parent does. */
function bootstrap(): string {
  let tsx: string | null;
  try {
    tsx = require.resolve("tsx/cjs");
  } catch {
    tsx = null;
  }
  return `${tsx ? `require(${JSON.stringify(tsx)});` : ""}require(${JSON.stringify(THREAD_FILE)});`;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  ready: Promise<void>;
}

let taskIds = 0;

export class SandboxPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Array<(slot: Slot) => void> = [];
  private closed = false;
  readonly heapMb: number;
  /** Threads replaced after a timeout, cancel or crash (for tests and metrics). */
  replaced = 0;

  constructor(private readonly options: PoolOptions) {
    this.heapMb = options.heapMb ?? 256;
    for (let i = 0; i < options.size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(bootstrap(), {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, busy: false, ready: Promise.resolve() };
    worker.on("error", () => undefined);
    return slot;
  }

  private acquire(): Promise<Slot> {
    const free = this.slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }

  /** Terminates a slot's thread and puts a fresh one in its place. */
  private replace(slot: Slot): Slot {
    void slot.worker.terminate();
    this.replaced++;
    const index = this.slots.indexOf(slot);
    const fresh = this.spawn();
    fresh.busy = true;
    if (index >= 0) this.slots[index] = fresh;
    return fresh;
  }

  async run(task: EvalTask, options: RunOptions): Promise<EvalOutcome> {
    if (this.closed) return { ok: false, kind: "internal", message: "The worker is shutting down.", barsEvaluated: 0 };
    const queuedAt = Date.now();
    const slot = await this.acquire();
    // Time spent waiting for a free thread counts against the run's limits.
    const waited = Date.now() - queuedAt;
    if (waited > 0) {
      task = { ...task, timeBudgetMs: Math.max(1, task.timeBudgetMs - waited) };
      options = { ...options, timeoutMs: Math.max(1, options.timeoutMs - waited) };
    }
    const id = ++taskIds;
    const worker = slot.worker;
    // Stop flag and progress, shared with the thread (protocol.ts, EvalTask.control).
    const control = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const evaluated = (): number => Atomics.load(control, CONTROL_PROGRESS);
    return new Promise<EvalOutcome>((resolve) => {
      let settled = false;
      const detach = (): void => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
      const finish = (outcome: EvalOutcome, kill: boolean): void => {
        if (settled) return;
        settled = true;
        detach();
        if (kill) this.release(this.replace(slot));
        else this.release(slot);
        resolve(outcome);
      };
      const onMessage = (message: FromThread): void => {
        if (message.type === "resolve") {
          options.resolve(message.ref).then(
            (script) => worker.postMessage({ type: "resolved", id: message.id, script } satisfies ToThread),
            (error: unknown) => worker.postMessage({ type: "resolved", id: message.id, script: null, error: String(error) } satisfies ToThread),
          );
          return;
        }
        if (message.id !== id) return;
        if (message.type === "done") finish({ ok: true, result: message.result }, false);
        else finish({ ok: false, kind: message.kind, message: message.message, barsEvaluated: evaluated() }, false);
      };
      const onError = (error: Error & { code?: string }): void => {
        if (error.code === "ERR_WORKER_OUT_OF_MEMORY") finish({ ok: false, kind: "script", message: `The script used more than the sandbox's ${this.heapMb} MB memory limit.`, barsEvaluated: evaluated() }, true);
        else finish({ ok: false, kind: "internal", message: `The sandbox failed: ${error.message}`, barsEvaluated: evaluated() }, true);
      };
      const onExit = (): void => finish({ ok: false, kind: "internal", message: "The sandbox thread exited.", barsEvaluated: evaluated() }, true);
      // A cancel answers at once with the progress so far; the thread is asked to stop at its
      // next chunk and kept if it does within STOP_GRACE_MS (its compiled programs stay
      // cached), else terminated and replaced. Either way the caller does not wait for it.
      const onAbort = (): void => {
        if (settled) return;
        settled = true;
        Atomics.store(control, CONTROL_STOP, 1);
        detach();
        resolve({ ok: false, kind: "cancelled", message: "The run was cancelled.", barsEvaluated: evaluated() });
        this.reclaim(slot, id);
      };
      const timer = setTimeout(() => finish({ ok: false, kind: "timeout", message: "The run passed its time limit.", barsEvaluated: evaluated() }, true), Math.max(1, options.timeoutMs));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      if (options.signal?.aborted) {
        onAbort();
        return;
      }
      options.signal?.addEventListener("abort", onAbort, { once: true });
      worker.postMessage({ type: "eval", id, task: { ...task, control: control.buffer as SharedArrayBuffer } } satisfies ToThread, barsTransferList(task.bars));
    });
  }

  /** After a cancel: the slot back once its thread has stopped task `id`, or a fresh thread. */
  private reclaim(slot: Slot, id: number): void {
    const worker = slot.worker;
    let done = false;
    const settle = (kill: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("exit", onGone);
      worker.off("error", onGone);
      this.release(kill ? this.replace(slot) : slot);
    };
    const onMessage = (message: FromThread): void => {
      if (message.type !== "resolve" && message.id === id) settle(false);
    };
    const onGone = (): void => settle(true);
    const timer = setTimeout(() => settle(true), STOP_GRACE_MS);
    worker.on("message", onMessage);
    worker.on("exit", onGone);
    worker.on("error", onGone);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
