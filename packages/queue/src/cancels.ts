// Cancel requests of runs and sweeps: one publisher for the API and the operator CLI.
import type { Redis } from "ioredis";
import { cancelChannel, runChannel } from "./names";

/**
 * Asks the worker holding run or sweep `id` to stop it: its id on the workers' cancel channel (one
 * subscription per worker process, no subscription per run), and `{"type":"cancel"}` on its own
 * channel, where long polls listen and where workers of earlier versions listened for it.
 */
export async function publishCancel(redis: Redis, redisPrefix: string, id: string): Promise<void> {
  await Promise.all([redis.publish(cancelChannel(redisPrefix), id), redis.publish(runChannel(redisPrefix, id), JSON.stringify({ type: "cancel" }))]);
}
