// How the CLI ends: JSON on stdout for results, one line on stderr for errors, and the exit
// code of docs/reference/errors.md.
import { ClientError } from "@barscript/client";
import { EXIT, exitCodeForError, type ExitCode } from "@barscript/contracts";

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
};

export function printJson(io: Io, value: unknown): void {
  io.out(JSON.stringify(value, null, 2));
}

export function reportError(io: Io, error: unknown): ExitCode {
  if (error instanceof ClientError) {
    io.err(`Error ${error.code}: ${error.message}`);
    for (const d of (error.diagnostics ?? []) as Array<{ file: string; line: number; column: number; code: string; message: string; severity: string }>) {
      io.err(`  ${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`);
    }
    return error.code === "network" ? EXIT.retryable : exitCodeForError(error.code);
  }
  io.err(`Error: ${(error as Error).message}`);
  return EXIT.usage;
}
