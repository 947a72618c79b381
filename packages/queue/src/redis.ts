// Redis connections, one factory, each option with its reason (BullMQ's production guide).
import { Redis, ReplyError, type RedisOptions } from "ioredis";

/**
 * Redis could not be reached, cut the connection or did not answer within the command timeout:
 * an outage, not Redis refusing the command (that stays a ReplyError). ioredis reports these as
 * plain `Error`s or MaxRetriesPerRequestError; command connections give them this class, so
 * callers classify by type (the API answers 503 busy).
 */
export class RedisUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`Redis is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "RedisUnavailableError";
  }
}

type Command = Parameters<Redis["sendCommand"]>[0];

/** Every command's rejection that is not Redis's own reply becomes RedisUnavailableError. */
function classifyOutages(redis: Redis): void {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: Command, ...rest: unknown[]) => {
    const reject = command.reject;
    command.reject = (error: Error) => reject(error instanceof ReplyError || error instanceof RedisUnavailableError ? error : new RedisUnavailableError(error));
    return (send as (c: Command, ...r: unknown[]) => unknown)(command, ...rest);
  }) as Redis["sendCommand"];
}

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
    // A command connection whose server accepts but never answers fails the command instead of
    // holding the caller (API requests must answer 503 within seconds).
    // socketTimeout then drops a connection that stays silent, so it reconnects when Redis is back.
    ...(role === "command" ? { commandTimeout: 2_500, socketTimeout: 3_000 } : {}),
    lazyConnect: false,
    ...extra,
  };
  const redis = new Redis(url, options);
  if (role === "command") classifyOutages(redis);
  // An 'error' listener on every connection: without it ioredis errors crash the process.
  redis.on("error", () => undefined);
  return redis;
}
