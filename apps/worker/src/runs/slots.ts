// Runs-at-once slots of an account (a leased semaphore in Redis shared by every worker and
// source). A run that finds none free goes back to BullMQ's delayed set and lists itself as
// waiting on its account; a run that frees a slot promotes the oldest waiting run of the
// account at once, so the delay is only the fallback for a wake-up that was missed.
import { DelayedError, type Job, type Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { releaseAndPop, type Lease, type Limits, type RunAccount } from "@barscript/limits";
import type { CallPlaces, RunJobData } from "@barscript/queue";

/**
 * How long a run that found no free slot waits before trying again: this plus up to as much
 * again at random, so runs waiting on one account do not retry in step (docs/performance.md).
 */
export const SLOT_RETRY_MS = 500;
/** Waiting entries older than this are dropped (their runs retry on their own anyway). */
const WAITING_TTL_MS = 10 * 60_000;

export interface SlotsDeps {
  redis: Redis;
  prefix: string;
  limits: Limits;
  logger: Logger;
  /** The runs queue, to wake a delayed run of the account when a slot frees; absent: runs poll. */
  queue?: Pick<Queue<RunJobData>, "getJob">;
}

/** A run's final message, sent with the release of its slot (RunSlots.release). */
export interface FinalMessage {
  /** The run's channel. */
  channel: string;
  /** Sent as JSON. */
  message: object;
  /**
   * The places of the call that started the run and waits for it (RunJobData.places): given back
   * in the same call, and named in the message as `releasedPlaces` (docs/adr/0308).
   */
  callPlaces?: CallPlaces | undefined;
}

export class RunSlots {
  constructor(private readonly deps: SlotsDeps) {}

  private waitingKey(accountId: string): string {
    return `${this.deps.prefix}limits:runs-waiting:${accountId}`;
  }

  /** A slot leased under the run id, or null when the account's runs at once are all taken. */
  acquire(account: RunAccount, runId: string): Promise<Lease | null> {
    return this.deps.limits.tryAcquireRun(account, runId);
  }

  /**
   * Back to delayed for a short while (never past `deadlineMs` from now), listed as waiting on
   * the account. Always throws BullMQ's DelayedError: the job is not finished.
   */
  async defer(job: Job<RunJobData>, token: string | undefined, accountId: string, deadlineMs: number): Promise<never> {
    const delay = Math.min(SLOT_RETRY_MS + Math.floor(Math.random() * SLOT_RETRY_MS), Math.max(1, deadlineMs));
    await job.moveToDelayed(Date.now() + delay, token);
    // Delayed first, then listed: a release that pops it can promote it.
    if (this.deps.queue) {
      const key = this.waitingKey(accountId);
      await this.deps.redis.multi().zadd(key, Date.now(), job.data.runId).pexpire(key, WAITING_TTL_MS).exec().catch(() => null);
    }
    throw new DelayedError();
  }

  /**
   * Publishes the run's final message (when given), gives the slot back and takes the oldest run
   * of the account still waiting, in one Lua call (run-release-2.lua), then wakes that run. The
   * places of the call waiting for the run go back in the same call, before the message is
   * published (run-release-4.lua, docs/adr/0308). A lost message or release is not worth failing
   * the run for (long polls also read; the leases expire).
   */
  async release(lease: Lease, accountId: string, runId: string, final: FinalMessage | null = null): Promise<void> {
    const place = lease.handOver();
    if (!place) {
      if (final) await this.deps.redis.publish(final.channel, JSON.stringify(final.message)).catch(() => 0);
      return;
    }
    const given = final?.callPlaces;
    const limits = this.deps.limits;
    const callPlaces = given ? { heavy: { key: limits.heavy.key(accountId), id: given.heavy }, wait: { key: limits.waits.key(accountId), id: given.wait } } : null;
    const message = final ? { channel: final.channel, text: JSON.stringify(given ? { ...final.message, releasedPlaces: [given.heavy, given.wait] } : final.message) } : null;
    const first = await releaseAndPop(this.deps.redis, place, this.waitingKey(accountId), message, callPlaces).catch(() => null);
    if (first === null || !this.deps.queue) return;
    await this.wakeOne(accountId, first).catch((error: unknown) => this.deps.logger.warn({ err: error, runId }, "could not wake a waiting run"));
  }

  /** Promotes the oldest delayed run of the account that is still waiting (stale entries skipped). */
  private async wakeOne(accountId: string, first: string): Promise<void> {
    const queue = this.deps.queue;
    if (!queue) return;
    let id: string | undefined = first;
    for (let i = 0; i < 3 && id; i++) {
      const waiting = await queue.getJob(id);
      if (waiting && (await waiting.isDelayed())) {
        await waiting.promote().catch(() => undefined);
        return;
      }
      id = (await this.deps.redis.zpopmin(this.waitingKey(accountId)))[0];
    }
  }
}
