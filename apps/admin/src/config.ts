// What the operator CLI reads besides DATABASE_URL (packages/db loadDbConfig): Redis, for the
// commands that touch the queues (`runs cancel`). Same variables and defaults as the services.
import { z } from "zod";
import { withoutEmpty } from "@barscript/db";
import { redisUrlSetting } from "@barscript/queue";

const schema = z.object({
  REDIS_URL: redisUrlSetting,
  REDIS_PREFIX: z.string().min(1).default("bs:"),
});

export interface AdminRedisConfig {
  redisUrl: string;
  redisPrefix: string;
}

export function loadAdminRedisConfig(env: NodeJS.ProcessEnv = process.env): AdminRedisConfig {
  const parsed = schema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid configuration: ${String(issue?.path[0] ?? "REDIS_URL")}: ${issue?.message ?? "invalid"}`);
  }
  return { redisUrl: parsed.data.REDIS_URL, redisPrefix: parsed.data.REDIS_PREFIX };
}
