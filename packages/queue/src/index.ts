export { createRedis, RedisUnavailableError, type RedisRole } from "./redis";
export { redisUrlSetting } from "./config";
export { QUEUES, bullPrefix, cancelChannel, runChannel, runChannelPattern, type QueueName } from "./names";
export { publishCancel } from "./cancels";
export { runsQueue, maintenanceQueue, quietQueue, enqueueRun, RUN_JOB, SWEEP_JOB, RECONCILE_JOB, RUN_JOB_LOCK_MS, RUN_JOB_STALLED_INTERVAL_MS, type RunJobData, type CallPlaces, type MaintenanceJobData } from "./jobs";
export { spans, type Spans } from "./spans";
