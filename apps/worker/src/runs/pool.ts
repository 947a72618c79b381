// The sandbox pool: up to `size` worker threads (started when first needed), each with a capped
// heap (resourceLimits), running one evaluation at a time. A thread that passes the run's
// wall-clock limit, is cancelled, or runs out of memory is terminated and replaced; the main
// thread never runs user code. Threads are shared fairly across accounts (docs/adr/0025-fair-
// run-scheduling.md): a free thread goes to the waiting account holding the fewest threads,
// accounts tied in turn, each account's tasks in order; no account holds more threads than its
// runs at once; and a run's time limit counts from when it gets its thread. Of the free threads,
// a task goes to one that compiled its program already (docs/adr/0320-sandbox-thread-affinity.md),
// and it waits up to COLD_THREAD_AFTER_MS for one that has evaluated before rather than taking
// a thread that never has (docs/adr/0325-sandbox-threads-used-as-needed.md). Every thread warms
// the language up before its first task (docs/adr/0349-sandbox-threads-warmed-at-start.md).
import type { Worker } from "node:worker_threads";
import { ProgramCache, type PortableProgram, type ResolvedScript } from "@barscript/lang";
import { FairQueue } from "./fair-queue";
import { barsTransferList, clock, CONTROL_PROGRESS, CONTROL_STOP, type EvalResult, type EvalTask, type FromThread, type TaskScript, type ThreadFailureKind, type ThreadTask, type ToThread } from "./protocol";
import { startSandboxThread } from "./sandbox-thread";
import { WARM_UP_BARS } from "./warm-threads";

/** A failure carries the bars the thread reported evaluated (warmup included) before it stopped. */
export type EvalOutcome = { ok: true; result: EvalResult } | { ok: false; kind: ThreadFailureKind; message: string; barsEvaluated: number };

/** A task cancelled before it had a thread: nothing was posted, nothing evaluated. */
/** Resolves when the slot's warm-up is over (or its thread exited) or `signal` aborts, whichever is first. */
function warmOrAborted(slot: Slot, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      signal?.removeEventListener("abort", done);
      resolve();
    };
    signal?.addEventListener("abort", done, { once: true });
    void slot.warmedUp.then(done);
  });
}

const CANCELLED_WAITING: EvalOutcome = { ok: false, kind: "cancelled", message: "The run was cancelled.", barsEvaluated: 0 };

/** How long a cancelled thread may take to reach its next chunk boundary before it is terminated. */
export const STOP_GRACE_MS = 100;

export interface PoolOptions {
  size: number;
  /** Old-generation heap of each thread, MB. */
  heapMb?: number;
  /** How long a task waits for a thread that has evaluated before, when only unused ones are free (default COLD_THREAD_AFTER_MS). */
  coldAfterMs?: number;
  /** Each thread warms up before its first task (warm-threads.ts); default true. */
  warmUp?: boolean;
  /** Bars of each thread's warm-up (default WARM_UP_BARS; tests lengthen it). */
  warmUpBars?: number;
}

/** The warm-up of the threads a pool starts with: when the last was over, how many were, how many failed. */
export interface PoolWarmth {
  threads: number;
  failed: number;
  /** From the pool's construction to the last thread's report. */
  ms: number;
}

/**
 * A task waits this long (ms) for a thread that has evaluated before when only threads that
 * never have are free: each thread warms the language's runtime and every program it runs on
 * its own (V8 compiles them per isolate), so a burst spread over every thread paid that warm-up
 * once per thread (docs/adr/0325). A task still gets an unused thread at once when no used one is
 * alive; a thread once used stays used, so the wait happens at most once per thread.
 */
export const COLD_THREAD_AFTER_MS = 250;

export interface RunOptions {
  /** Hard wall-clock limit from when the task gets its thread: past it the thread is terminated. */
  timeoutMs: number;
  /** Whose task it is, for fair shares; `maxThreads` is the most threads it may hold at once. */
  account?: { id: string; maxThreads?: number };
  signal?: AbortSignal;
  resolve: (ref: { owner: string | null; slug: string; version: number | null }) => Promise<ResolvedScript | null>;
  /** A finished output chunk the thread sent during the evaluation (EvalTask.stream). */
  onChunk?: (seq: number, names: string[], data: Float64Array[]) => void;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  /**
   * Program cache keys this thread has evaluated a task of (so it compiled and cached them): a
   * task of one of them goes without its script. A fresh thread (started or replaced) has none.
   */
  compiled: Set<string>;
  /** Its thread exited (a thread can die between tasks, e.g. out of memory while it loads the language). */
  exited: boolean;
  /** It has been given a task (its thread has evaluated, or is evaluating). */
  used: boolean;
  /** Its thread's warm-up is over (or it was started without one). */
  warm: boolean;
  /** Resolves when the warm-up is over: true, false when it failed or the thread exited first. */
  warmedUp: Promise<boolean>;
}

/** Keys a slot remembers (more than the thread's cache holds: a miss costs a round trip, not a failure). */
const COMPILED_KEYS = 1000;

function remember(slot: Slot, key: string): void {
  slot.compiled.delete(key);
  slot.compiled.add(key);
  if (slot.compiled.size > COMPILED_KEYS) {
    const oldest = slot.compiled.values().next().value;
    if (oldest !== undefined) slot.compiled.delete(oldest);
  }
}

/**
 * The task as posted to a thread: without its script when the thread compiled its key already
 * (`known`), or with the program another thread compiled instead of it (study tasks are not
 * cached by the thread and always carry theirs).
 */
function forThread(task: EvalTask, known: boolean, compiled: PortableProgram | undefined): { posted: ThreadTask; withScript: boolean } {
  if (task.kind === "study" || (!known && !compiled)) return { posted: task, withScript: true };
  const { files: _files, interface: _interface, ...rest } = task;
  return { posted: known || !compiled ? rest : { ...rest, program: compiled }, withScript: false };
}

/** Programs the threads compiled, kept for the pool's other threads (by cache key; their generated source weighs). */
const PORTABLE_PROGRAMS = { maxEntries: 200, maxWeight: 32 * 1024 * 1024 };

let taskIds = 0;

/** Threads a pool starts with; the rest start when tasks need them (one spare ahead). */
export const WARM_THREADS = 4;

export class SandboxPool {
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue<Slot>();
  private closed = false;
  readonly heapMb: number;
  readonly size: number;
  private readonly coldAfterMs: number;
  private readonly warmUp: boolean;
  private readonly warmUpBars: number;
  private readonly warmth: Promise<PoolWarmth>;
  /** Set while a task waits for a used thread: dispatches again when its wait is over. */
  private coldTimer: ReturnType<typeof setTimeout> | null = null;
  /** Threads replaced after a timeout, cancel or crash (for tests and metrics). */
  replaced = 0;
  /** Threads that exited, whether or not a task was on them (for tests). */
  exits = 0;
  /** Tasks posted with their script, and scripts a thread asked for afterwards (for tests). */
  scriptsPosted = 0;
  scriptsAsked = 0;
  /** Tasks posted with a program another thread compiled, instead of their script (for tests). */
  programsPosted = 0;
  /** Programs a thread compiled, by cache key, posted to the others instead of the script (docs/adr/0320). */
  private readonly programs = new ProgramCache<PortableProgram>({ ...PORTABLE_PROGRAMS, weigh: (p) => p.source.length * 2 + 1024 });

  constructor(options: PoolOptions) {
    this.heapMb = options.heapMb ?? 256;
    this.size = Math.max(1, options.size);
    this.coldAfterMs = options.coldAfterMs ?? COLD_THREAD_AFTER_MS;
    this.warmUp = options.warmUp ?? true;
    this.warmUpBars = options.warmUpBars ?? WARM_UP_BARS;
    // A few threads at once (they load the language while the process starts), the others when
    // needed, so a worker sized for the plans it sells does not load them all at every start.
    const since = performance.now();
    for (let i = 0; i < Math.min(this.size, WARM_THREADS); i++) this.slots.push(this.spawn());
    this.warmth = Promise.all(this.slots.map((slot) => slot.warmedUp)).then((outcomes) => ({
      threads: outcomes.filter((ok) => ok).length,
      failed: outcomes.filter((ok) => !ok).length,
      ms: performance.now() - since,
    }));
  }

  /** Resolves once every thread the pool started with has warmed up (or failed to, or exited). */
  warmed(): Promise<PoolWarmth> {
    return this.warmth;
  }

  private spawn(): Slot {
    const worker = startSandboxThread(this.heapMb, { warmUp: this.warmUp, warmUpBars: this.warmUpBars });
    let warmDone: (ok: boolean) => void = () => undefined;
    const warmedUp = this.warmUp ? new Promise<boolean>((resolve) => { warmDone = resolve; }) : Promise.resolve(true);
    const slot: Slot = { worker, busy: false, compiled: new Set(), exited: false, used: false, warm: !this.warmUp, warmedUp };
    if (this.warmUp) {
      const onWarm = (message: FromThread): void => {
        if (message.type !== "warm") return;
        worker.off("message", onWarm);
        slot.warm = true;
        warmDone(message.ok);
      };
      worker.on("message", onWarm);
    }
    // No task's listener hears a thread die between tasks; a task posted to it would get no
    // answer before its time limit, so the slot is marked and the next task gets a fresh thread.
    worker.once("exit", () => {
      slot.exited = true;
      this.exits++;
      warmDone(false);
    });
    return slot;
  }

  /** Threads whose warm-up is over, of those alive (for tests). */
  threadsWarm(): number {
    return this.slots.filter((s) => s.warm && !s.exited).length;
  }

  /** Threads that have been given a task, of those alive (for tests). */
  threadsUsed(): number {
    return this.slots.filter((s) => s.used && !s.exited).length;
  }

  /** Threads busy now, by account (for tests). */
  held(accountId: string): number {
    return this.queue.held(accountId);
  }

  /**
   * A thread for a task of `account`; `key`: the task's program cache key (null: not cached by the
   * thread). Null when `signal` aborts first: a task cancelled while it waits (every thread busy,
   * or the wait for a used one, ADR 0325) leaves the queue at once rather than when a thread frees.
   */
  private acquire(account: string, maxThreads: number, key: string | null, signal: AbortSignal | undefined): Promise<Slot | null> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(null);
      const onAbort = (): void => {
        if (!this.queue.remove(account, entry)) return;
        resolve(null);
        this.dispatch();
      };
      const entry = this.queue.push(account, maxThreads, (slot) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(slot);
      }, key);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.dispatch();
    });
  }

  /**
   * Hands free threads (spawning up to `size`) to waiting tasks, fairest first; of the free
   * threads, the first that compiled the task's program, else the first used one (ADR 0320); an
   * unused thread only when no used one is alive or the task has waited COLD_THREAD_AFTER_MS (ADR 0325).
   */
  private dispatch(): void {
    for (;;) {
      let first = this.slots.find((s) => !s.busy && s.used);
      if (!first) {
        const head = this.queue.peekEntry();
        if (!head) return;
        const waited = performance.now() - head.since;
        if (waited < this.coldAfterMs && this.slots.some((s) => s.used && !s.exited)) {
          this.dispatchAfter(this.coldAfterMs - waited);
          return;
        }
        // a thread still warming up would hold the task until it is done
        first = this.slots.find((s) => !s.busy && s.warm) ?? this.slots.find((s) => !s.busy);
        if (!first && this.slots.length < this.size) {
          first = this.spawn();
          this.slots.push(first);
        }
      }
      if (!first) return;
      const next = this.queue.shiftEntry();
      if (!next) return;
      const key = next.key;
      const free = (key === null ? undefined : this.slots.find((s) => !s.busy && s.used && s.compiled.has(key))) ?? first;
      free.busy = true;
      free.used = true;
      next.resolve(free);
      // A spare thread loads the language ahead of the next task rather than on its clock.
      if (this.slots.length < this.size && this.slots.every((s) => s.busy)) this.slots.push(this.spawn());
    }
  }

  /** Dispatches again in `ms` (one timer at a time: the earliest wait's end). */
  private dispatchAfter(ms: number): void {
    if (this.coldTimer !== null || this.closed) return;
    this.coldTimer = setTimeout(() => {
      this.coldTimer = null;
      this.dispatch();
    }, Math.max(1, Math.ceil(ms)));
  }

  private release(slot: Slot, account: string): void {
    slot.busy = false;
    this.queue.done(account);
    this.dispatch();
  }

  /** Terminates a slot's thread and puts a fresh one in its place. */
  private replace(slot: Slot): Slot {
    void slot.worker.terminate();
    this.replaced++;
    const index = this.slots.indexOf(slot);
    const fresh = this.spawn();
    if (index >= 0) this.slots[index] = fresh;
    return fresh;
  }

  /**
   * The task's thread once it can start: a thread still warming up (ADR 0349) is waited for here,
   * before the task is posted, so the warm-up is never on the task's time limit. A thread that died
   * (idle, or while it warmed up) is replaced and the task goes to the fresh one at once, as before
   * warm-ups: a thread that cannot start at all (a heap too small to load the language) then fails
   * the task rather than being replaced for ever. `ready` false when the task is cancelled or the
   * pool closes first.
   */
  private async ready(acquired: Slot, signal: AbortSignal | undefined): Promise<{ slot: Slot; ready: boolean }> {
    const slot = acquired;
    for (;;) {
      if (this.closed || signal?.aborted) return { slot, ready: false };
      if (slot.exited) {
        const fresh = this.replace(slot);
        fresh.busy = true;
        fresh.used = true;
        return { slot: fresh, ready: true };
      }
      if (slot.warm) return { slot, ready: true };
      await warmOrAborted(slot, signal);
    }
  }

  async run(task: EvalTask, options: RunOptions): Promise<EvalOutcome> {
    if (this.closed) return { ok: false, kind: "internal", message: "The worker is shutting down.", barsEvaluated: 0 };
    const account = options.account?.id ?? "";
    // The task's time budget and timeout start here, once it has its thread.
    const acquired = await this.acquire(account, Math.max(1, options.account?.maxThreads ?? this.size), task.kind === "study" ? null : task.cacheKey, options.signal);
    if (acquired === null) return CANCELLED_WAITING;
    const { slot, ready } = await this.ready(acquired, options.signal);
    if (!ready) {
      this.release(slot, account);
      return this.closed ? { ok: false, kind: "internal", message: "The worker is shutting down.", barsEvaluated: 0 } : CANCELLED_WAITING;
    }
    const id = ++taskIds;
    const worker = slot.worker;
    // Stop flag and progress, shared with the thread (protocol.ts, EvalTask.control).
    const control = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const evaluated = (): number => Atomics.load(control, CONTROL_PROGRESS);
    const script: TaskScript = { files: task.files, interface: task.interface };
    const known = task.kind !== "study" && slot.compiled.has(task.cacheKey);
    const portable = task.kind === "study" || known ? undefined : this.programs.get(task.cacheKey);
    const { posted, withScript } = forThread(task, known, portable);
    if (withScript) this.scriptsPosted++;
    else if (posted.program) this.programsPosted++;
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
        this.release(kill ? this.replace(slot) : slot, account);
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
        if (message.type === "script") {
          this.scriptsAsked++;
          worker.postMessage({ type: "script", id, script } satisfies ToThread);
          return;
        }
        if (message.type === "chunk") {
          options.onChunk?.(message.seq, message.names, message.data);
          return;
        }
        if (message.type === "done") {
          let result = message.result;
          if (task.kind !== "study") remember(slot, task.cacheKey);
          if (result.compiled) {
            const { compiled, ...rest } = result;
            if (task.kind !== "study" && !this.programs.has(task.cacheKey)) this.programs.set(task.cacheKey, compiled);
            result = rest;
          }
          finish({ ok: true, result: withReply(result) }, false);
        }
        else if (message.type === "failed") finish({ ok: false, kind: message.kind, message: message.message, barsEvaluated: evaluated() }, false);
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
        this.reclaim(slot, id, account, script);
      };
      const timer = setTimeout(() => finish({ ok: false, kind: "timeout", message: "The run passed its time limit.", barsEvaluated: evaluated() }, true), Math.max(1, options.timeoutMs));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      options.signal?.addEventListener("abort", onAbort, { once: true });
      worker.postMessage({ type: "eval", id, task: { ...posted, outputLimitBytes: this.heapMb * 1024 * 1024, control: control.buffer as SharedArrayBuffer, postedAt: clock() } } satisfies ToThread, barsTransferList(task.bars));
    });
  }

  /** After a cancel: the slot back once its thread has stopped task `id`, or a fresh thread. */
  private reclaim(slot: Slot, id: number, account: string, script: TaskScript): void {
    const worker = slot.worker;
    let done = false;
    const settle = (kill: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("exit", onGone);
      worker.off("error", onGone);
      this.release(kill ? this.replace(slot) : slot, account);
    };
    const onMessage = (message: FromThread): void => {
      if (message.id !== id) return;
      // a thread still compiling asks for the script it was posted without; it stops before evaluating
      if (message.type === "script") worker.postMessage({ type: "script", id, script } satisfies ToThread);
      if (message.type === "done" || message.type === "failed") settle(false);
    };
    const onGone = (): void => settle(true);
    const timer = setTimeout(() => settle(true), STOP_GRACE_MS);
    worker.on("message", onMessage);
    worker.on("exit", onGone);
    worker.on("error", onGone);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.coldTimer !== null) clearTimeout(this.coldTimer);
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/** The result with the time its message took to reach this thread (timing spans). */
function withReply(result: EvalResult): EvalResult {
  if (result.sentAt === undefined || !result.threadMs) return result;
  return { ...result, threadMs: { ...result.threadMs, reply: clock() - result.sentAt } };
}
