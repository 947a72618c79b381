// `last_used_at` without a database write per request: uses are collected in memory (the latest
// time per key) and written in one statement every few seconds, and on shutdown.
import { recordKeysUsed, type Db } from "@barscript/db";
import type { Logger } from "pino";

export const LAST_USED_FLUSH_MS = 5_000;

export class LastUsedTracker {
  private pending = new Map<string, Date>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly logger: Pick<Logger, "warn"> | undefined,
    private readonly intervalMs = LAST_USED_FLUSH_MS,
  ) {}

  touch(keyId: string, at: Date): void {
    const seen = this.pending.get(keyId);
    if (!seen || seen < at) this.pending.set(keyId, at);
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes what was collected; a failed write is kept for the next flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await recordKeysUsed(this.db, batch);
      } catch (error) {
        for (const [id, at] of batch) this.touch(id, at);
        this.logger?.warn({ err: error }, "could not record key use; will retry");
      }
    });
    return this.flushing;
  }

  /** Stops the timer and writes what is left (graceful shutdown). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
