// Leased semaphores (docs/reference/limits-and-plans.md "Limits a call meets"): each place is a lease id in a Redis sorted set
// scored by its expiry. Taken atomically (Lua: purge expired, check count < limit, add), renewed
// every 10 s while held with a 30 s time to live, released when done. The places of a process
// that dies come back once its leases expire, within the TTL.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { SCRIPTS, toNumbers } from "./lua";

export const LEASE_TTL_MS = 30_000;
export const LEASE_RENEW_MS = 10_000;

export interface LeaseOptions {
  /** A lease id chosen by the caller (e.g. a run id); acquiring an id already held renews it. */
  leaseId?: string;
  /** Called once if a renewal finds the lease gone (the process stalled past the TTL). */
  onLost?: (lease: Lease) => void;
}

export class Lease {
  private timer: NodeJS.Timeout | undefined;
  private released = false;
  private lostFlag = false;

  constructor(
    private readonly semaphore: LeaseSemaphore,
    readonly owner: string,
    readonly id: string,
    renewMs: number,
    private readonly onLost: ((lease: Lease) => void) | undefined,
  ) {
    this.timer = setInterval(() => void this.renew(), renewMs);
    // A held lease must never keep a process alive on its own.
    this.timer.unref();
  }

  get lost(): boolean {
    return this.lostFlag;
  }

  get held(): boolean {
    return !this.released && !this.lostFlag;
  }

  /** Pushes the expiry forward now; false when the lease was already gone. */
  async renew(): Promise<boolean> {
    if (!this.held) return false;
    let ok: boolean;
    try {
      ok = await this.semaphore.renew(this.owner, this.id);
    } catch {
      // Redis unreachable for a moment: the next tick tries again, the TTL covers the gap.
      return true;
    }
    if (!ok && !this.released) {
      this.lostFlag = true;
      this.stopTimer();
      this.onLost?.(this);
    }
    return ok;
  }

  /** Gives the place back. Safe to call more than once. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    this.stopTimer();
    await this.semaphore.release(this.owner, this.id);
  }

  /** Marks the lease released and names its place for releaseTogether; null when already released. */
  handOver(): { key: string; id: string } | null {
    if (this.released) return null;
    this.released = true;
    this.stopTimer();
    return { key: this.semaphore.key(this.owner), id: this.id };
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

export interface SemaphoreOptions {
  /** Full key prefix, e.g. `bs:limits:heavy:`; the owner (an account id) is appended. */
  keyPrefix: string;
  ttlMs?: number;
  renewMs?: number;
}

/**
 * Gives several places back, two at a time in one call (lease-release-2.lua: a call's heavy place
 * and its long-poll place at the end of its answer; an ioredis pipeline cost more CPU than this).
 */
export async function releaseTogether(redis: Redis, leases: readonly Lease[]): Promise<void> {
  const places = leases.map((lease) => lease.handOver()).filter((place) => place !== null);
  const calls: Array<Promise<unknown>> = [];
  for (let i = 0; i < places.length; i += 2) {
    const [a, b] = [places[i], places[i + 1]];
    if (!a) break;
    calls.push(b ? SCRIPTS.leaseReleaseTwo.run(redis, [a.key, b.key], [a.id, b.id]) : SCRIPTS.leaseRelease.run(redis, [a.key], [a.id]));
  }
  await Promise.all(calls);
}

/**
 * A place in `first` and, only when that one was taken, a place in `second`, for one owner in one
 * call (lease-acquire-2.lua; docs/adr/0234: a call's heavy place and its long-poll place). Null
 * when `first` is full (nothing taken); else the first lease and the second or null (full).
 */
export async function acquireBoth(
  redis: Redis,
  owner: string,
  first: { semaphore: LeaseSemaphore; limit: number },
  second: { semaphore: LeaseSemaphore; limit: number },
): Promise<{ first: Lease; second: Lease | null } | null> {
  const [a, b] = [first.semaphore, second.semaphore];
  if (a.ttlMs !== b.ttlMs || a.renewMs !== b.renewMs) throw new Error("places taken together need the same lease timing");
  if (first.limit <= 0) return null;
  const ids = [randomUUID(), randomUUID()] as const;
  const [takenFirst, takenSecond] = toNumbers(await SCRIPTS.leaseAcquireTwo.run(redis, [a.key(owner), b.key(owner)], [ids[0], first.limit, ids[1], Math.max(0, second.limit), a.ttlMs]));
  if (takenFirst !== 1) return null;
  return { first: new Lease(a, owner, ids[0], a.renewMs, undefined), second: takenSecond === 1 ? new Lease(b, owner, ids[1], b.renewMs, undefined) : null };
}

/** A message to publish (channel and text). */
export interface Message {
  channel: string;
  text: string;
}

/**
 * The heavy-call place and long-poll place of the call that started a run and waits for it, by
 * set and lease id: given back by the run's end (releaseAndPop, docs/adr/0308).
 */
export interface CallPlaceKeys {
  heavy: { key: string; id: string };
  wait: { key: string; id: string };
}

/**
 * Gives a place back (taken with handOver), first publishing `message` when given, and takes the
 * oldest member of the sorted set `waiting`, in one call (run-release-2.lua): the end of a run in
 * one round trip. With `callPlaces`, the places of the call waiting for the run are given back
 * first, in the same call (run-release-4.lua). Answers the member taken, or null.
 */
export async function releaseAndPop(redis: Redis, place: { key: string; id: string }, waiting: string, message: Message | null, callPlaces: CallPlaceKeys | null = null): Promise<string | null> {
  const taken = callPlaces
    ? await SCRIPTS.runReleaseWithCallPlaces.run(redis, [place.key, waiting, callPlaces.heavy.key, callPlaces.wait.key], [place.id, message?.channel ?? "", message?.text ?? "", callPlaces.heavy.id, callPlaces.wait.id])
    : await SCRIPTS.runRelease.run(redis, [place.key, waiting], [place.id, message?.channel ?? "", message?.text ?? ""]);
  return typeof taken === "string" ? taken : null;
}

export class LeaseSemaphore {
  readonly ttlMs: number;
  readonly renewMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly options: SemaphoreOptions,
  ) {
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS;
    this.renewMs = options.renewMs ?? LEASE_RENEW_MS;
    if (this.renewMs >= this.ttlMs) throw new Error("a lease must be renewed more often than it expires");
  }

  key(owner: string): string {
    return `${this.options.keyPrefix}${owner}`;
  }

  /** Takes a place for `owner` if fewer than `limit` are held; null when full. */
  async acquire(owner: string, limit: number, options: LeaseOptions = {}): Promise<Lease | null> {
    if (limit <= 0) return null;
    const id = options.leaseId ?? randomUUID();
    const [taken] = toNumbers(await SCRIPTS.leaseAcquire.run(this.redis, [this.key(owner)], [id, limit, this.ttlMs]));
    if (taken !== 1) return null;
    return new Lease(this, owner, id, this.renewMs, options.onLost);
  }

  async renew(owner: string, leaseId: string): Promise<boolean> {
    return Number(await SCRIPTS.leaseRenew.run(this.redis, [this.key(owner)], [leaseId, this.ttlMs])) === 1;
  }

  /** Releases by id: also for a lease this process does not hold an object for. */
  async release(owner: string, leaseId: string): Promise<boolean> {
    return Number(await SCRIPTS.leaseRelease.run(this.redis, [this.key(owner)], [leaseId])) === 1;
  }

  /** Places held now. */
  async used(owner: string): Promise<number> {
    return Number(await SCRIPTS.leaseCount.run(this.redis, [this.key(owner)], []));
  }
}
