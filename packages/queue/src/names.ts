// Queue names and the BullMQ prefix. Every key lives under the configured REDIS_PREFIX so
// test files and deployments sharing one Redis never see each other's queues.
export const QUEUES = {
  runs: "runs",
  maintenance: "maintenance",
  sweeps: "sweeps",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}bull`;
}

/** Pub/sub channel carrying a run's status changes and cancel requests. */
export function runChannel(redisPrefix: string, runId: string): string {
  return `${redisPrefix}run:${runId}`;
}

/**
 * The `PSUBSCRIBE` pattern matching every run's channel (runChannel) of the deployment, the prefix's
 * glob characters escaped: one subscription per listening process for the life of it
 * (docs/adr/0121-one-pattern-subscription-for-long-polls.md).
 */
export function runChannelPattern(redisPrefix: string): string {
  return `${runChannel(redisPrefix, "").replace(/[*?[\]\\]/g, "\\$&")}*`;
}

/**
 * Pub/sub channel every worker process listens on for cancel requests, one subscription per
 * process for the life of it: each message is the id of the run or sweep to stop (cancels.ts).
 */
export function cancelChannel(redisPrefix: string): string {
  return `${redisPrefix}cancels`;
}
