// The connector's configuration: the API address and the key it acts with. BARSCRIPT_URL and
// BARSCRIPT_API_KEY first, then the credentials file `barscript login` writes (where it lives and
// what it holds: the SDK's credentialsPath and parseCredentials, which the CLI uses too), so a
// person signed in with the CLI can start the connector without copying the key (docs/adr/0284).
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { z } from "zod";
import { credentialsPath, parseCredentials } from "@barscript/sdk";

const KEY_REQUIRED = "is required: create one with `barscript login` (the connector then reads its credentials file) or on /account";

const schema = z.object({
  BARSCRIPT_URL: z.string().url().default("http://localhost:8080/v1"),
  BARSCRIPT_API_KEY: z.string({ error: KEY_REQUIRED }).min(1, KEY_REQUIRED),
});

/** The file `barscript login` saves: `{ base_url, api_key, ... }`; nothing when absent or unreadable. */
function stored(env: NodeJS.ProcessEnv): { BARSCRIPT_URL?: string; BARSCRIPT_API_KEY?: string } {
  let file;
  try {
    file = parseCredentials(readFileSync(credentialsPath(env, homedir()), "utf8"));
  } catch {
    return {};
  }
  return {
    ...(file.base_url !== undefined ? { BARSCRIPT_URL: file.base_url } : {}),
    ...(file.api_key !== undefined ? { BARSCRIPT_API_KEY: file.api_key } : {}),
  };
}

export function loadMcpConfig(env: NodeJS.ProcessEnv = process.env): { baseUrl: string; apiKey: string } {
  const file = stored(env);
  const parsed = schema.safeParse({ BARSCRIPT_URL: env["BARSCRIPT_URL"] ?? file.BARSCRIPT_URL, BARSCRIPT_API_KEY: env["BARSCRIPT_API_KEY"] ?? file.BARSCRIPT_API_KEY });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid configuration: ${String(issue?.path[0] ?? "configuration")}: ${issue?.message ?? "invalid"}`);
  }
  return { baseUrl: parsed.data.BARSCRIPT_URL.replace(/\/$/, ""), apiKey: parsed.data.BARSCRIPT_API_KEY };
}
