// The connector's configuration: the API address and the key it acts with.
import { z } from "zod";

const KEY_REQUIRED = "is required: create one with `barscript login` or on /account";

const schema = z.object({
  BARSCRIPT_URL: z.string().url().default("http://localhost:8080/v1"),
  BARSCRIPT_API_KEY: z.string({ error: KEY_REQUIRED }).min(1, KEY_REQUIRED),
});

export function loadMcpConfig(env: NodeJS.ProcessEnv = process.env): { baseUrl: string; apiKey: string } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid configuration: ${String(issue?.path[0] ?? "configuration")}: ${issue?.message ?? "invalid"}`);
  }
  return { baseUrl: parsed.data.BARSCRIPT_URL.replace(/\/$/, ""), apiKey: parsed.data.BARSCRIPT_API_KEY };
}
