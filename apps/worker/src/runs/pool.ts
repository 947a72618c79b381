// The sandbox pool: a fixed set of worker threads, each with a capped heap (resourceLimits),
// running one evaluation at a time. A thread that passes the run's wall-clock limit, is
// cancelled, or runs out of memory is terminated and replaced; the main thread never runs
// user code.
import { Worker } from "node:worker_threads";
import type { ResolvedScript } from "@barscript/lang/src/types";
import { barsTransferList, type EvalResult, type EvalTask, type FromThread, type ThreadFailureKind, type ToThread } from "./protocol";

export type EvalOutcome = { ok: true; result: EvalResult } | { ok: false; kind: ThreadFailureKind; message: string };

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
    if (this.closed) return { ok: false, kind: "internal", message: "The worker is shutting down." };
    let slot = await this.acquire();
    const id = ++taskIds;
    const worker = slot.worker;
    return new Promise<EvalOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: EvalOutcome, kill: boolean): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        if (kill) slot = this.replace(slot);
        this.release(slot);
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
        else finish({ ok: false, kind: message.kind, message: message.message }, false);
      };
      const onError = (error: Error & { code?: string }): void => {
        if (error.code === "ERR_WORKER_OUT_OF_MEMORY") finish({ ok: false, kind: "script", message: `The script used more than the sandbox's ${this.heapMb} MB memory limit.` }, true);
        else finish({ ok: false, kind: "internal", message: `The sandbox failed: ${error.message}` }, true);
      };
      const onExit = (): void => finish({ ok: false, kind: "internal", message: "The sandbox thread exited." }, true);
      const onAbort = (): void => finish({ ok: false, kind: "cancelled", message: "The run was cancelled." }, true);
      const timer = setTimeout(() => finish({ ok: false, kind: "timeout", message: "The run passed its time limit." }, true), Math.max(1, options.timeoutMs));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      if (options.signal?.aborted) {
        onAbort();
        return;
      }
      options.signal?.addEventListener("abort", onAbort, { once: true });
      worker.postMessage({ type: "eval", id, task } satisfies ToThread, barsTransferList(task.bars));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
