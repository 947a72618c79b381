// Cancel requests reach the worker over Redis pub/sub: one subscriber connection per worker
// process, subscribed once to the workers' cancel channel (@barscript/queue publishCancel), and
// one handler per running run or sweep, kept in memory. No SUBSCRIBE or UNSUBSCRIBE per run.
import type { Redis } from "ioredis";
import { cancelChannel, createRedis } from "@barscript/queue";

export class CancelListener {
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly handlers = new Map<string, () => void>();
  private subscribed: Promise<void> | null = null;

  constructor(redisUrl: string, prefix: string) {
    this.channel = cancelChannel(prefix);
    // ioredis subscribes again by itself after a reconnect.
    this.sub = createRedis(redisUrl, "subscriber");
    this.sub.on("message", (channel: string, id: string) => {
      if (channel === this.channel) this.handlers.get(id)?.();
    });
    // Subscribed from the start, so the first run does not wait for it.
    this.subscription().catch(() => undefined);
  }

  /** The subscription, confirmed by Redis (asked again after a failure). */
  private subscription(): Promise<void> {
    this.subscribed ??= this.sub.subscribe(this.channel).then(
      () => undefined,
      (error: unknown) => {
        this.subscribed = null;
        throw error;
      },
    );
    return this.subscribed;
  }

  /**
   * Calls `onCancel` when a cancel is published for run or sweep `id`, from when this resolves
   * (the channel's subscription confirmed); returns the function that stops listening.
   */
  async listen(id: string, onCancel: () => void): Promise<() => void> {
    await this.subscription();
    this.handlers.set(id, onCancel);
    return () => {
      if (this.handlers.get(id) === onCancel) this.handlers.delete(id);
    };
  }

  close(): void {
    this.sub.disconnect();
  }
}
