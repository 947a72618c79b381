// Where the CLI finds the API and its key: flags, then BARSCRIPT_URL / BARSCRIPT_API_KEY,
// then the credentials file written by `barscript login`.
import { chmodSync, existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { dirname } from "node:path";
import { credentialsPath as savedAt, parseCredentials, type SavedCredentials } from "@barscript/sdk";

export interface CliConfig {
  baseUrl: string;
  apiKey: string | undefined;
  credentialsPath: string;
}

type Stored = SavedCredentials;

export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  return savedAt(env, homedir());
}

function readStored(path: string): Stored {
  try {
    return parseCredentials(readFileSync(path, "utf8"));
  } catch {
    return {};
  }
}

export function loadCliConfig(flags: { baseUrl?: string; apiKey?: string }, env: NodeJS.ProcessEnv = process.env): CliConfig {
  const path = credentialsPath(env);
  const stored = readStored(path);
  const baseUrl = flags.baseUrl ?? env["BARSCRIPT_URL"] ?? stored.base_url ?? "http://localhost:8080/v1";
  return { baseUrl: baseUrl.replace(/\/$/, ""), apiKey: flags.apiKey ?? env["BARSCRIPT_API_KEY"] ?? stored.api_key, credentialsPath: path };
}

/** What the CLI says when it has no key (a person signs in; the server's 401 speaks of headers). */
export const NOT_SIGNED_IN = "Not signed in: run `barscript login` or set BARSCRIPT_API_KEY.";

/**
 * The key is written with mode 0600: it is a secret. A file already there keeps its mode through
 * writeFileSync (the mode applies only to a new file), so one left readable by others (0644) is
 * made 0600 before the key goes in.
 */
export function saveCredentials(path: string, stored: Stored): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (existsSync(path)) chmodSync(path, 0o600);
  writeFileSync(path, JSON.stringify(stored, null, 2) + "\n", { mode: 0o600 });
}

/** The process environment, read here only (the CLI's configuration is env + flags + file). */
export function processEnv(): NodeJS.ProcessEnv {
  return process.env;
}
