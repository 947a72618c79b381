// The context every check reports through: diagnostics (deduplicated, capped), and the id
// counters shared by all files of one program so ids are unique in the CheckedProgram.

import type { Span } from "../language/ast";
import type { DiagnosticCode } from "../language/codes";
import { diagnostic } from "../language/diagnostics";
import type { Diagnostic, Severity, Stage } from "../types";

export const MAX_DIAGNOSTICS = 100;

export class IdCounters {
  local = 0;
  fn = 0;
  callSite = 0;
}

export class DiagnosticSink {
  readonly list: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly max: number = MAX_DIAGNOSTICS) {}

  report(stage: Stage, code: DiagnosticCode, message: string, span: Span, severity: Severity = "error"): void {
    const key = `${code}|${span.file}:${span.line}:${span.column}:${span.endLine}:${span.endColumn}`;
    // A user function checked once per argument-type combination must not repeat its findings.
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (this.list.length < this.max) this.list.push(diagnostic(stage, code, message, span, severity));
  }

  add(d: Diagnostic): void {
    const key = `${d.code}|${d.file}:${d.line}:${d.column}:${d.end_line}:${d.end_column}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (this.list.length < this.max) this.list.push(d);
  }

  get full(): boolean {
    return this.list.length >= this.max;
  }

  hasErrors(): boolean {
    return this.list.some((d) => d.severity === "error");
  }
}

export interface CheckContext {
  file: string;
  version: number;
  sink: DiagnosticSink;
  ids: IdCounters;
  error(code: DiagnosticCode, message: string, span: Span): void;
  warn(code: DiagnosticCode, message: string, span: Span): void;
}

export function makeContext(file: string, version: number, sink: DiagnosticSink, ids: IdCounters): CheckContext {
  return {
    file,
    version,
    sink,
    ids,
    error: (code, message, span) => sink.report("lint", code, message, span),
    warn: (code, message, span) => sink.report("lint", code, message, span, "warning"),
  };
}
