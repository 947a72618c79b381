// Tasks waiting for a sandbox thread, by account, served fairly (docs/adr/0025-fair-run-scheduling.md):
// the sandbox pool (pool.ts) pushes a task here and gives a free thread to the entry `shiftEntry`
// answers; a task whose run is cancelled while it waits leaves the queue (`remove`).

export interface Waiting<T> {
  maxThreads: number;
  resolve: (slot: T) => void;
  /** The task's program cache key: a free thread that compiled it is preferred (null: none). */
  key: string | null;
  /** When it was queued (performance.now()). */
  since: number;
}

/**
 * Tasks waiting for a thread, by account: `shift` answers the oldest task of the account that
 * holds the fewest threads and is under its `maxThreads`; accounts that hold as many are served
 * in turn (the one served longest ago first).
 */
export class FairQueue<T> {
  private readonly waiting = new Map<string, Array<Waiting<T>>>();
  private readonly holding = new Map<string, number>();
  /** Accounts in the order they were last served (least recent first). */
  private readonly turns: string[] = [];

  /** Queues a task of `account`; the entry is what `remove` takes back. */
  push(account: string, maxThreads: number, resolve: (slot: T) => void, key: string | null = null): Waiting<T> {
    const entry = { maxThreads, resolve, key, since: performance.now() };
    const list = this.waiting.get(account);
    if (list) list.push(entry);
    else this.waiting.set(account, [entry]);
    if (!this.turns.includes(account)) this.turns.push(account);
    return entry;
  }

  /** Takes a task that has not been served out of the queue (false: it was served already). */
  remove(account: string, entry: Waiting<T>): boolean {
    const list = this.waiting.get(account);
    const at = list ? list.indexOf(entry) : -1;
    if (!list || at < 0) return false;
    list.splice(at, 1);
    if (list.length > 0) return true;
    this.waiting.delete(account);
    // an account that neither waits nor holds a thread has no turn to keep (as in `done`)
    const turn = this.turns.indexOf(account);
    if (this.held(account) === 0 && turn >= 0) this.turns.splice(turn, 1);
    return true;
  }

  held(account: string): number {
    return this.holding.get(account) ?? 0;
  }

  private pick(): string | null {
    let best: string | null = null;
    for (const account of this.turns) {
      const first = this.waiting.get(account)?.[0];
      if (!first || this.held(account) >= first.maxThreads) continue;
      if (best === null || this.held(account) < this.held(best)) best = account;
    }
    return best;
  }

  hasEligible(): boolean {
    return this.pick() !== null;
  }

  /** The next task to give a thread to (counted as held by its account), or null. */
  shift(): ((slot: T) => void) | null {
    return this.shiftEntry()?.resolve ?? null;
  }

  /** The task `shift` would answer next, left in the queue. */
  peekEntry(): Waiting<T> | null {
    const account = this.pick();
    return account === null ? null : ((this.waiting.get(account) as Array<Waiting<T>>)[0] as Waiting<T>);
  }

  /** As `shift`, with the task's program cache key. */
  shiftEntry(): Waiting<T> | null {
    const account = this.pick();
    if (account === null) return null;
    const list = this.waiting.get(account) as Array<Waiting<T>>;
    const next = list.shift() as Waiting<T>;
    if (list.length === 0) this.waiting.delete(account);
    this.holding.set(account, this.held(account) + 1);
    this.turns.splice(this.turns.indexOf(account), 1);
    this.turns.push(account);
    return next;
  }

  /** A task of `account` gave its thread back. */
  done(account: string): void {
    const n = this.held(account) - 1;
    if (n > 0) this.holding.set(account, n);
    else {
      this.holding.delete(account);
      const at = this.turns.indexOf(account);
      if (!this.waiting.has(account) && at >= 0) this.turns.splice(at, 1);
    }
  }
}
