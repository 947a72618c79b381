// Cancel requests reach the worker over Redis pub/sub: one subscriber connection per worker
// process, one listener per running run.
import type { Redis } from "ioredis";
import { createRedis, runChannel } from "@barscript/queue";
import type { RunMessage } from "@barscript/db";

export class CancelListener {
  private readonly sub: Redis;
  private readonly handlers = new Map<string, () => void>();

  constructor(redisUrl: string, private readonly prefix: string) {
    this.sub = createRedis(redisUrl, "subscriber");
    this.sub.on("message", (channel: string, text: string) => {
      let message: RunMessage | null;
      try {
        message = JSON.parse(text) as RunMessage;
      } catch {
        message = null;
      }
      if (message?.type === "cancel") this.handlers.get(channel)?.();
    });
  }

  /** Calls `onCancel` when a cancel is published for the run; returns the unsubscribe. */
  async listen(runId: string, onCancel: () => void): Promise<() => Promise<void>> {
    const channel = runChannel(this.prefix, runId);
    this.handlers.set(channel, onCancel);
    await this.sub.subscribe(channel);
    return async () => {
      this.handlers.delete(channel);
      await this.sub.unsubscribe(channel).catch(() => undefined);
    };
  }

  close(): void {
    this.sub.disconnect();
  }
}
