// The credentials file `barscript login` writes and the CLI and the MCP connector read: where it
// lives and what it holds, in one place (docs/adr/0284). Pure: the caller reads and writes the
// file, so the SDK keeps to fetch and runs where Node's fs does not.

/** What the file holds: the API address it was saved for and the key. */
export interface SavedCredentials {
  base_url?: string;
  api_key?: string;
}

/** BARSCRIPT_CREDENTIALS, else `$XDG_CONFIG_HOME` (or `<home>/.config`) + `barscript/credentials.json`. */
export function credentialsPath(env: Record<string, string | undefined>, home: string): string {
  const config = (env["XDG_CONFIG_HOME"] || `${home}/.config`).replace(/\/+$/, "");
  return env["BARSCRIPT_CREDENTIALS"] || `${config}/barscript/credentials.json`;
}

/** The file's text as saved credentials; nothing for what is not JSON or not a string. */
export function parseCredentials(text: string): SavedCredentials {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return {};
  }
  const { base_url: url, api_key: key } = (typeof file === "object" && file !== null ? file : {}) as Record<string, unknown>;
  return { ...(typeof url === "string" ? { base_url: url } : {}), ...(typeof key === "string" ? { api_key: key } : {}) };
}
