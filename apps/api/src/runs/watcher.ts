// Long polls listen on Redis pub/sub (the run's channel), never poll Postgres in a loop: the run
// is read once after the process listens (so a change between the first read and the listening is
// not missed), then again only when its channel says something changed. A run started with `wait`
// is listened for before its row is written, so the row as written is current and is not read again.
// The process holds one pattern subscription to every run's channel for its life, and a run is
// listened for by a map entry: no SUBSCRIBE or UNSUBSCRIBE per run
// (docs/adr/0121-one-pattern-subscription-for-long-polls.md).
import type { Redis } from "ioredis";
import { createRedis, RedisUnavailableError, runChannel, runChannelPattern } from "@barscript/queue";

/** A subscription Redis does not confirm this fast is an outage: the long poll answers 503 instead of hanging. */
export const SUBSCRIBE_TIMEOUT_MS = 3_000;

function psubscribeWithin(sub: Redis, pattern: string, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RedisUnavailableError(new Error(`PSUBSCRIBE not confirmed in ${ms} ms`))), ms);
    sub.psubscribe(pattern).then(
      () => { clearTimeout(timer); resolve(); },
      (error: unknown) => { clearTimeout(timer); reject(new RedisUnavailableError(error)); },
    );
  });
}

/** `interpret`'s answer for a message that cannot matter to the wait. */
export const IGNORED: unique symbol = Symbol("ignored");

/**
 * What a message on a run's channel tells a wait: IGNORED, the value it carries itself (then it is
 * not read again), or null (read the value again).
 */
export type Interpret<T> = (message: string) => T | null | typeof IGNORED;

interface WatchState<T> {
  dirty: boolean;
  pushed: T | null;
  wake: (() => void) | null;
}

/** A run listened for, opened by RunWatcher.watch. */
export interface Watch<T> {
  /**
   * Holds until `done(value)` or `ms` pass; `value` starts as `initial` when the caller knows it
   * is current as of the listening (the run was written after it), else as `load()`.
   */
  until(ms: number, load: () => Promise<T>, done: (value: T) => boolean, signal?: AbortSignal, initial?: T): Promise<T>;
  stop(): Promise<void>;
}

async function until<T>(state: WatchState<T>, ms: number, load: () => Promise<T>, done: (value: T) => boolean, signal: AbortSignal | undefined, initial: T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  let value = initial !== undefined ? initial : await load();
  while (!done(value) && Date.now() < deadline && !signal?.aborted) {
    if (!state.dirty) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        const onAbort = (): void => resolve();
        signal?.addEventListener("abort", onAbort, { once: true });
        state.wake = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
      });
      state.wake = null;
    }
    if (!state.dirty) break;
    state.dirty = false;
    const given: T | null = state.pushed;
    state.pushed = null;
    value = given ?? (await load());
  }
  return value;
}

/** A listener gets each message on its run's channel, or null when messages may have been lost. */
type Listener = (message: string | null) => void;

export class RunWatcher {
  private subscriber: Redis | null = null;
  /** The pattern subscription, confirmed since the connection last opened; null: to be made. */
  private subscribed: Promise<void> | null = null;
  /** The connection closed since the pattern was last confirmed: messages may have been lost. */
  private dropped = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pattern: string;
  /** Aborted when the process stops: every wait, held or new, answers at once (endWaits). */
  private readonly ending = new AbortController();

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    /** Opens the subscriber connection (tests keep it to cut it). */
    private readonly connect: (url: string) => Redis = (url) => createRedis(url, "subscriber"),
  ) {
    this.pattern = runChannelPattern(prefix);
  }

  private connection(): Redis {
    if (!this.subscriber) {
      const sub = this.connect(this.redisUrl);
      sub.on("pmessage", (_pattern: string, channel: string, message: string) => {
        const set = this.listeners.get(channel);
        if (set) for (const listener of set) listener(message);
      });
      sub.on("close", () => {
        this.subscribed = null;
        this.dropped = true;
      });
      // Back after a drop: once the pattern is confirmed again, every wait reads its run anew
      // (a final state published while the connection was down is not sent again).
      sub.on("ready", () => {
        if (!this.dropped) return;
        this.listening().then(() => this.wakeAll(), () => undefined);
      });
      this.subscriber = sub;
    }
    return this.subscriber;
  }

  private wakeAll(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener(null);
  }

  /** Resolves once Redis has confirmed the pattern subscription on the current connection. */
  private listening(): Promise<void> {
    if (this.subscribed) return this.subscribed;
    const attempt = psubscribeWithin(this.connection(), this.pattern, SUBSCRIBE_TIMEOUT_MS).then(() => {
      if (this.subscribed === attempt) this.dropped = false;
    });
    this.subscribed = attempt;
    attempt.catch(() => {
      if (this.subscribed === attempt) this.subscribed = null;
    });
    return attempt;
  }

  private async listen(runId: string, listener: Listener): Promise<() => Promise<void>> {
    await this.listening();
    const channel = runChannel(this.prefix, runId);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(channel);
      if (current) {
        current.delete(listener);
        if (current.size === 0) this.listeners.delete(channel);
      }
      return Promise.resolve();
    };
  }

  /**
   * Listens for the run's messages from now on (resolves once Redis has confirmed the
   * subscription): messages that arrive before `until` is called are kept for it. `interpret`
   * says what a message means to the wait (default: read the value again).
   */
  async watch<T>(runId: string, interpret?: Interpret<T>): Promise<Watch<T>> {
    const state: WatchState<T> = { dirty: false, pushed: null, wake: null };
    const stop = await this.listen(runId, (message) => {
      const heard = message === null || !interpret ? null : interpret(message);
      if (heard === IGNORED) return;
      state.pushed = heard;
      state.dirty = true;
      state.wake?.();
    });
    const ending = this.ending.signal;
    return { until: (ms, load, done, signal, initial) => until(state, ms, load, done, signal ? AbortSignal.any([signal, ending]) : ending, initial), stop };
  }

  /**
   * Reads the value with `load` until `done` says so or `ms` pass: after listening, and after each
   * message on the run's channel that `interpret` does not ignore. Answers the last value read.
   */
  async waitUntil<T>(runId: string, ms: number, load: () => Promise<T>, done: (value: T) => boolean, signal?: AbortSignal, interpret?: Interpret<T>): Promise<T> {
    const watch = await this.watch(runId, interpret);
    try {
      return await watch.until(ms, load, done, signal);
    } finally {
      await watch.stop();
    }
  }

  /** Listeners held now (one per wait in progress). */
  get waiting(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  /**
   * The process is stopping: every wait in progress, and any started from now on, answers at once
   * with its value as last read (a run as it is, like a wait that passed), so a rollout's SIGTERM
   * does not cut held long polls without an answer.
   */
  endWaits(): void {
    this.ending.abort();
  }

  async close(): Promise<void> {
    this.ending.abort();
    this.subscriber?.disconnect();
    this.subscriber = null;
    this.subscribed = null;
  }
}
