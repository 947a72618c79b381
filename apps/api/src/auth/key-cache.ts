// Key lookups kept in memory per API process (docs/adr/0082-key-lookup-cache.md), by the key's
// SHA-256. A lookup is kept only with the account's auth epochs read BEFORE the Postgres read it
// came from, and used only while the Redis call of the check chain finds the same epochs: a
// writer bumps them after its commit, so a lookup read before a commit never outlives it.
// A record without a lookup holds only epochs (read by one call) for the next call to fill.
// A lookup is also read again from Postgres `ttlMs` after it was read (a safety net), and the map
// is bounded (the oldest record goes first).
import type { KeyForAuth } from "@barscript/db";

export const KEY_CACHE_TTL_MS = 30_000;
export const KEY_CACHE_MAX = 10_000;

interface KeyRecord {
  epochs: string;
  found: KeyForAuth | null;
  until: number;
}

export class KeyCache {
  private readonly records = new Map<string, KeyRecord>();

  constructor(
    private readonly ttlMs = KEY_CACHE_TTL_MS,
    private readonly max = KEY_CACHE_MAX,
  ) {}

  /** The lookup to use with `epochs` (the Redis call must find the same), if one is kept and not past its TTL. */
  lookup(hash: string, nowMs: number): { found: KeyForAuth; epochs: string } | undefined {
    const record = this.records.get(hash);
    return record?.found && record.until > nowMs ? { found: record.found, epochs: record.epochs } : undefined;
  }

  /**
   * Epochs an earlier call read, so before this call's Postgres read: a lookup read now may be
   * kept under them if this call's Redis call finds them unchanged. Their age does not matter.
   */
  epochsBefore(hash: string): string | undefined {
    return this.records.get(hash)?.epochs;
  }

  /** Keeps `found` under `epochs` (read before it), or with null only the epochs for the next call. */
  keep(hash: string, epochs: string, found: KeyForAuth | null, nowMs: number): void {
    this.records.delete(hash);
    if (this.records.size >= this.max) {
      const oldest = this.records.keys().next();
      if (!oldest.done) this.records.delete(oldest.value);
    }
    this.records.set(hash, { epochs, found, until: nowMs + this.ttlMs });
  }

  forget(hash: string): void {
    this.records.delete(hash);
  }

  get size(): number {
    return this.records.size;
  }
}
