// Script validation off the API's event loop (issue 18 point 3): a fixed set of worker threads
// run lint, link and derive; imports are resolved here on the main thread (they read Postgres),
// one message round trip each. A call waits for a free thread; the heavy-call lease of its
// request is held all the while (the route awaits this). A thread that fails or passes the time
// limit is replaced, so one bad script cannot take a thread away for good.
import { Worker } from "node:worker_threads";
import type { ScriptResolver, Validation, ValidateFn } from "@barscript/db";
import type { FromThread, ToThread } from "./protocol";

/** Lint, link and derive of the largest script take about a second; past this the thread is replaced. */
export const VALIDATION_TIMEOUT_MS = 30_000;

const THREAD_FILE = require.resolve("./thread");

/** Under tsx or jest the thread loads TypeScript the way its parent does; a bundle's thread file is JavaScript and needs no hook. */
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

type SourceFile = Parameters<ValidateFn>[0][number];

interface Task {
  id: number;
  files: SourceFile[];
  resolver: ScriptResolver;
  resolve: (validation: Validation) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

export class ValidationPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private ids = 0;
  private closed = false;

  /** Threads start on the first validation, so an API that never validates holds none. */
  constructor(private readonly size: number, private readonly timeoutMs: number = VALIDATION_TIMEOUT_MS) {}

  /** The ValidateFn of the scripts service. */
  readonly validate: ValidateFn = (files, { resolver }) => new Promise<Validation>((resolve, reject) => {
    if (this.closed) {
      reject(new Error("the validation pool is closed"));
      return;
    }
    this.queue.push({ id: ++this.ids, files: files.map((f) => ({ path: f.path, content: f.content })), resolver, resolve, reject });
    this.dispatch();
  });

  private spawn(): Slot {
    const worker = new Worker(bootstrap(), { eval: true, resourceLimits: { maxOldGenerationSizeMb: 512, stackSizeMb: 4 }, stdout: false, stderr: false });
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null };
    worker.on("message", (message: FromThread) => this.onMessage(slot, message));
    worker.on("error", (error) => this.fail(slot, error));
    worker.on("exit", () => this.fail(slot, new Error("a validation thread stopped")));
    return slot;
  }

  private dispatch(): void {
    while (!this.closed && this.slots.length < this.size) this.slots.push(this.spawn());
    for (const slot of this.slots) {
      if (slot.task || this.queue.length === 0) continue;
      const task = this.queue.shift() as Task;
      slot.task = task;
      slot.timer = setTimeout(() => this.fail(slot, new Error(`validation took longer than ${this.timeoutMs} ms`)), this.timeoutMs);
      slot.worker.postMessage({ type: "validate", id: task.id, files: task.files } satisfies ToThread);
    }
  }

  private finish(slot: Slot): Task | null {
    const task = slot.task;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    return task;
  }

  private onMessage(slot: Slot, message: FromThread): void {
    const task = slot.task;
    if (!task || message.id !== task.id) return;
    if (message.type === "resolve") {
      task.resolver.resolve(message.ref).then(
        (found) => slot.worker.postMessage({ type: "resolved", id: task.id, request: message.request, found, error: null } satisfies ToThread),
        (error: unknown) => slot.worker.postMessage({ type: "resolved", id: task.id, request: message.request, found: null, error: error instanceof Error ? error.message : String(error) } satisfies ToThread),
      );
      return;
    }
    this.finish(slot);
    if (message.type === "done") task.resolve(message.validation);
    else task.reject(new Error(message.message));
    this.dispatch();
  }

  /** The slot's task fails and its thread is replaced by a fresh one. */
  private fail(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    const task = this.finish(slot);
    task?.reject(error);
    slot.worker.removeAllListeners();
    slot.worker.on("error", () => undefined);
    void slot.worker.terminate();
    if (this.closed) {
      this.slots.splice(index, 1);
      return;
    }
    this.slots[index] = this.spawn();
    this.dispatch();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error("the validation pool is closed"));
    await Promise.all(this.slots.splice(0).map(async (slot) => {
      this.finish(slot)?.reject(new Error("the validation pool is closed"));
      slot.worker.removeAllListeners();
      slot.worker.on("error", () => undefined);
      await slot.worker.terminate();
    }));
  }
}

const pools = new WeakMap<object, ValidationPool>();

/** The one pool of an app (keyed by its deps), made on first use. */
export function validationPoolOf(owner: object, size: number): ValidationPool {
  let pool = pools.get(owner);
  if (!pool) pools.set(owner, (pool = new ValidationPool(size)));
  return pool;
}

export async function closeValidationPool(owner: object): Promise<void> {
  const pool = pools.get(owner);
  pools.delete(owner);
  await pool?.close();
}
