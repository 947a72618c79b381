// Diagnostics as compilers print them: `path:line:col: severity code: message`, the source line,
// and a caret under the span. Later errors on a line that already has one are follow-ons of it
// (an undeclared name, then the call that used it) and are left out.
import { join, relative } from "node:path";
import type { Colors } from "./output";

export interface Diagnostic {
  severity: string;
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
}

export interface SourceFile {
  path: string;
  content: string;
}

/** Errors first in reading order, one per line; warnings kept unless an error shares their line. */
export function withoutFollowOns(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const ordered = [...diagnostics].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return ordered.filter((d) => {
    const key = `${d.file}:${d.line}`;
    if (seen.has(key)) return false;
    if (d.severity === "error") seen.add(key);
    return true;
  });
}

/**
 * `target` is what the person named (a file or a folder) and `cwd` where they ran the command:
 * paths are printed relative to it, so an editor can jump to them.
 */
export function displayPath(target: string, isFile: boolean, file: string, cwd: string): string {
  const absolute = isFile ? target : join(target, file);
  const shown = relative(cwd, absolute);
  return shown === "" ? file : shown;
}

export function formatDiagnostic(d: Diagnostic, path: string, source: string | undefined, c: Colors): string {
  const label = d.severity === "error" ? c.red(c.bold("error")) : d.severity === "warning" ? c.yellow(c.bold("warning")) : c.cyan("info");
  const head = `${c.bold(`${path}:${d.line}:${d.column}:`)} ${label} ${d.code}: ${d.message}`;
  const text = source?.split(/\r?\n/)[d.line - 1];
  if (text === undefined) return head;
  const width = d.end_line === d.line && d.end_column > d.column ? d.end_column - d.column : 1;
  const gutter = `${String(d.line).padStart(4)} | `;
  const pad = " ".repeat(gutter.length - 2);
  const caret = `${" ".repeat(Math.max(0, d.column - 1))}${"^".repeat(width)}`;
  return `${head}\n${gutter}${text}\n${pad}| ${c.green(caret)}`;
}

export function formatDiagnostics(diagnostics: Diagnostic[], files: SourceFile[], pathOf: (file: string) => string, c: Colors): string[] {
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  return withoutFollowOns(diagnostics).map((d) => formatDiagnostic(d, pathOf(d.file), byPath.get(d.file), c));
}
