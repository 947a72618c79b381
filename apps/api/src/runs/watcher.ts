// Long polls listen on Redis pub/sub (the run's channel), never poll Postgres in a loop: the run
// is read once after subscribing (so a change between the first read and the subscription is not
// missed), then again only when its channel says something changed. A run started with `wait` is
// subscribed to before its row is written, so the row as written is current and is not read again.
import type { Redis } from "ioredis";
import { createRedis, RedisUnavailableError, runChannel } from "@barscript/queue";

/** A subscription Redis does not confirm this fast is an outage: the long poll answers 503 instead of hanging. */
export const SUBSCRIBE_TIMEOUT_MS = 3_000;

function subscribeWithin(sub: Redis, channel: string, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RedisUnavailableError(new Error(`SUBSCRIBE not confirmed in ${ms} ms`))), ms);
    sub.subscribe(channel).then(
      () => { clearTimeout(timer); resolve(); },
      (error: unknown) => { clearTimeout(timer); reject(new RedisUnavailableError(error)); },
    );
  });
}

interface WatchState<T> {
  dirty: boolean;
  pushed: T | null;
  wake: (() => void) | null;
}

/** A subscription to one run's channel, opened by RunWatcher.watch. */
export interface Watch<T> {
  /**
   * Holds until `done(value)` or `ms` pass; `value` starts as `initial` when the caller knows it
   * is current as of the subscription (the run was written after it), else as `load()`.
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

export class RunWatcher {
  private subscriber: Redis | null = null;
  private readonly listeners = new Map<string, Set<(message: string) => void>>();

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
  ) {}

  private connection(): Redis {
    if (!this.subscriber) {
      const sub = createRedis(this.redisUrl, "subscriber");
      sub.on("message", (channel: string, message: string) => {
        for (const listener of this.listeners.get(channel) ?? []) listener(message);
      });
      this.subscriber = sub;
    }
    return this.subscriber;
  }

  private async listen(runId: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    const channel = runChannel(this.prefix, runId);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    const sub = this.connection();
    if (set.size === 1) {
      try {
        await subscribeWithin(sub, channel, SUBSCRIBE_TIMEOUT_MS);
      } catch (error) {
        this.listeners.delete(channel);
        throw error;
      }
    }
    return async () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.listeners.delete(channel);
        await sub.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  /**
   * Listens on the run's channel from now on (resolves once Redis confirmed the subscription):
   * messages that arrive before `until` is called are kept for it. `ignore` drops messages that
   * cannot matter; `carried` gives the value a message carries itself (then it is not read again).
   */
  async watch<T>(runId: string, ignore?: (message: string) => boolean, carried?: (message: string) => T | null): Promise<Watch<T>> {
    const state: WatchState<T> = { dirty: false, pushed: null, wake: null };
    const stop = await this.listen(runId, (message) => {
      if (ignore?.(message)) return;
      state.pushed = carried?.(message) ?? null;
      state.dirty = true;
      state.wake?.();
    });
    return { until: (ms, load, done, signal, initial) => until(state, ms, load, done, signal, initial), stop };
  }

  /**
   * Reads the run with `load` until `done` says so or `ms` pass: after subscribing, and after each
   * message on the run's channel (except those `ignore` says cannot matter). Answers the last value read.
   */
  async waitUntil<T>(
    runId: string,
    ms: number,
    load: () => Promise<T>,
    done: (value: T) => boolean,
    signal?: AbortSignal,
    ignore?: (message: string) => boolean,
    /** The value a message carries itself (then it is not read again); null: read it. */
    carried?: (message: string) => T | null,
  ): Promise<T> {
    const watch = await this.watch(runId, ignore, carried);
    try {
      return await watch.until(ms, load, done, signal);
    } finally {
      await watch.stop();
    }
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.subscriber = null;
  }
}
