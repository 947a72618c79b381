export { createRedis, type RedisRole } from "./redis";
export { QUEUES, bullPrefix, runChannel, type QueueName } from "./names";
