// REDIS_URL as every process reads it (docs/configuration.md): a redis:// or rediss:// URL. A bare
// `localhost:6379` or an http:// URL is refused at start naming the variable (docs/adr/0367).
import { z } from "zod";

export const redisUrlSetting = z
  .string()
  .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" })
  .default("redis://127.0.0.1:6379");
