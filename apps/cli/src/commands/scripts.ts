// `barscript validate` and `barscript push`: a script's files to the API.
import { ClientError, type BarscriptClient } from "@barscript/client";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { readScriptFiles } from "../files";
import { printJson, type Io } from "../output";

interface Validation {
  valid: boolean;
  diagnostics: Array<{ file: string; line: number; column: number; severity: string; code: string; message: string }>;
}

export async function validate(client: BarscriptClient, io: Io, target: string): Promise<ExitCode> {
  const { body } = await client.request<Validation>("POST", "/scripts/validate", { body: { files: readScriptFiles(target) } });
  for (const d of body.diagnostics) io.err(`${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`);
  printJson(io, body);
  return body.valid ? EXIT.ok : EXIT.scriptInvalid;
}

/** Creates the script, or saves a new version based on the latest one. */
export async function push(client: BarscriptClient, io: Io, slug: string, target: string, message: string | undefined): Promise<ExitCode> {
  const files = readScriptFiles(target);
  let latest: number | null = null;
  try {
    const { body } = await client.request<{ latest_version: number }>("GET", `/scripts/${encodeURIComponent(slug)}`);
    latest = body.latest_version;
  } catch (error) {
    if (!(error instanceof ClientError) || error.code !== "not_found") throw error;
  }
  const answer = latest === null
    ? await client.request("POST", "/scripts", { body: { slug, files, message } })
    : await client.request("PUT", `/scripts/${encodeURIComponent(slug)}`, { body: { files, base_version: latest, message } });
  printJson(io, answer.body);
  return EXIT.ok;
}
