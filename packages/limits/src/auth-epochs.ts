// Auth epochs (docs/adr/0082-key-lookup-cache.md): the API keeps key lookups (key, account, plan)
// in memory, tagged with these epochs; every writer of a key, account or plan row bumps them, and
// every keyed call reads them in the Redis round trip it already makes (auth-hit-4.lua), so a
// cached lookup is used only while nothing it was read from has changed.
// - the account's epoch: an integer, INCR by every change to the account, its keys or its plan;
// - the deployment's generation: a random token, replaced when every lookup must be read again
//   (a plan's figures changed) and set afresh by the script when missing (a flushed Redis).
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

export class AuthEpochs {
  constructor(
    private readonly redis: Redis,
    /** REDIS_PREFIX, e.g. `bs:`. */
    private readonly prefix: string,
  ) {}

  accountKey(accountId: string): string {
    return `${this.prefix}auth:epoch:${accountId}`;
  }

  generationKey(): string {
    return `${this.prefix}auth:generation`;
  }

  /** After (and before) a change to the account's row, its keys or which plan it is on. */
  async accountChanged(accountId: string): Promise<void> {
    await this.redis.incr(this.accountKey(accountId));
  }

  /** After a change that touches many accounts at once (a plan's figures): every lookup is read again. */
  async everythingChanged(): Promise<void> {
    await this.redis.set(this.generationKey(), randomUUID());
  }
}
