// How the CLI speaks: human text (tables, colour) on a terminal, JSON with --json or in a pipe;
// one `Error <code>: message` line on stderr for a refusal (the API's, or the CLI's own: usage.ts); the exit codes of docs/reference/errors.md.
import Table from "cli-table3";
import { createColors } from "picocolors";
import { ClientError } from "@barscript/client";
import { EXIT, exitCodeForError, type ExitCode } from "@barscript/contracts";
import { NOT_SIGNED_IN } from "./config";
import { UsageError } from "./usage";

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stdout and stderr are terminals (a person is reading). */
  stdoutTTY: boolean;
  stderrTTY: boolean;
}

const line = (write: (s: string) => void) => (text: string): void => { write(text.endsWith("\n") ? text : `${text}\n`); };

export const processIo: Io = {
  out: line((s) => process.stdout.write(s)),
  err: line((s) => process.stderr.write(s)),
  stdoutTTY: process.stdout.isTTY === true,
  stderrTTY: process.stderr.isTTY === true,
};

export type Colors = ReturnType<typeof createColors>;

export interface OutputMode {
  /** JSON on stdout: --json, or stdout is not a terminal. */
  json: boolean;
  colors: Colors;
  /** For stderr (diagnostics, progress): a terminal there, whatever stdout is. */
  errColors: Colors;
}

/** Colour only on a terminal, never with NO_COLOR (any non-empty value) or --no-color. */
export function outputMode(io: Io, flags: { json?: boolean; color?: boolean }, env: NodeJS.ProcessEnv): OutputMode {
  const json = flags.json === true || !io.stdoutTTY;
  const allowed = flags.color !== false && !(env["NO_COLOR"] ?? "");
  return { json, colors: createColors(allowed && io.stdoutTTY && !json), errColors: createColors(allowed && io.stderrTTY) };
}

/** "1 compute unit", "3 events": a count with its noun, singular for one. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export function printJson(io: Io, value: unknown): void {
  io.out(JSON.stringify(value, null, 2));
}

/** A table for people: bold headers, no borders' colour codes when colour is off; `empty` (a line saying so) for no rows. */
export function table(mode: OutputMode, head: string[], rows: Array<Array<string | number | null | undefined>>, empty = "(none)"): string {
  if (rows.length === 0) return empty;
  const t = new Table({ head: head.map((h) => mode.colors.bold(h)), style: { head: [], border: [] } });
  for (const row of rows) t.push(row.map((cell) => (cell === null || cell === undefined ? "" : String(cell))));
  return t.toString();
}

/**
 * A refusal as one line on stderr and its exit code. Without a key (`signedIn` false) the server's
 * 401 says to send an Authorization header; the person is told how the CLI gets a key instead.
 */
export function reportError(io: Io, error: unknown, signedIn = true): ExitCode {
  if (error instanceof ClientError) {
    // A slug a study shares with another script: the API's remedy (`?kind=`) is the flag `--kind` here.
    const message = error.code === "unauthorized" && !signedIn ? NOT_SIGNED_IN : error.code === "conflict" ? error.message.replace(/\?kind=/g, "--kind ") : error.message;
    io.err(`Error ${error.code}: ${message}`);
    return error.code === "network" ? EXIT.retryable : exitCodeForError(error.code);
  }
  if (error instanceof UsageError) {
    io.err(`Error ${error.code}: ${error.message}`);
    return EXIT.usage;
  }
  const code = fileErrorCode(error);
  io.err(`Error ${code}: ${(error as Error).message}`);
  return code === "internal" ? EXIT.retryable : EXIT.usage;
}

/**
 * A file or folder the command could not read or write (`pull` where a file has the folder's
 * name: EEXIST) keeps the one-line form with a code, as apps/cli/README.md says of every refusal:
 * it was `Error: EEXIST: ...`. Missing: not_found; in the way: conflict; a full or failing disk:
 * internal (retry later, as main.ts says of stdout); anything else: invalid_request.
 */
function fileErrorCode(error: unknown): "not_found" | "conflict" | "internal" | "invalid_request" {
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  if (errno === "ENOENT" || errno === "ENOTDIR") return "not_found";
  if (errno === "EEXIST" || errno === "EISDIR") return "conflict";
  if (errno === "ENOSPC" || errno === "EIO" || errno === "EDQUOT") return "internal";
  return "invalid_request";
}
