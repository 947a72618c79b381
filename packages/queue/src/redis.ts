// Redis connections, one factory, each option with its reason (BullMQ's production guide).
import { Redis, type RedisOptions } from "ioredis";

export type RedisRole =
  /** BullMQ workers block on Redis: they must retry forever rather than throw. */
  | "worker"
  /** API-side commands (limits, enqueue): fail fast so a request answers 503 instead of hanging. */
  | "command"
  /** Pub/sub subscribers: retry forever, they only listen. */
  | "subscriber";

export function createRedis(url: string, role: RedisRole, extra: RedisOptions = {}): Redis {
  const options: RedisOptions = {
    // Required by BullMQ for blocking connections; harmless elsewhere.
    maxRetriesPerRequest: role === "command" ? 1 : null,
    // Commands issued before the first connect (or during a reconnect) wait in the offline
    // queue; for "command" connections maxRetriesPerRequest: 1 bounds that wait to about one
    // reconnect attempt, so an outage still fails fast.
    enableOfflineQueue: true,
    // Reconnect with a capped backoff: outages of Redis are expected to be brief.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    connectTimeout: 5_000,
    lazyConnect: false,
    ...extra,
  };
  const redis = new Redis(url, options);
  // An 'error' listener on every connection: without it ioredis errors crash the process.
  redis.on("error", () => undefined);
  return redis;
}
