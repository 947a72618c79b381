// Building Diagnostics from spans. Every phase collects diagnostics into a sink (never throws),
// so one validation can report many problems, capped by the caller. Codes come from the
// catalogue (codes.ts).

import type { Diagnostic, Severity, Stage } from "../types";
import type { Span } from "./ast";
import type { DiagnosticCode } from "./codes";

export function diagnostic(stage: Stage, code: DiagnosticCode, message: string, span: Span, severity: Severity = "error"): Diagnostic {
  return {
    severity,
    stage,
    code,
    message,
    file: span.file,
    line: span.line,
    column: span.column,
    end_line: span.endLine,
    end_column: span.endColumn,
  };
}

/** Span covering `a` through `b`. */
export function join(a: Span, b: Span): Span {
  return { file: a.file, line: a.line, column: a.column, endLine: b.endLine, endColumn: b.endColumn };
}

/** Whether `a` starts earlier in the same file's text than `b`. */
export function startsBefore(a: Span, b: Span): boolean {
  return a.file === b.file && (a.line < b.line || (a.line === b.line && a.column < b.column));
}
