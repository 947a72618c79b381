// The service's diagnostics (1-based line/column ranges) as CodeMirror lint ranges (offsets),
// clamped to the document so a range past its end still shows on the right line.
import type { Text } from "@codemirror/state";
import type { Diagnostic as LintDiagnostic } from "@codemirror/lint";
import type { Diagnostic } from "../types";

export function toLintDiagnostics(doc: Text, diagnostics: readonly Diagnostic[], file = "main.pine"): LintDiagnostic[] {
  const out: LintDiagnostic[] = [];
  for (const d of diagnostics) {
    if (d.file && d.file !== file) continue;
    const line = doc.line(Math.min(Math.max(1, d.line), doc.lines));
    const from = Math.min(line.from + Math.max(0, d.column - 1), line.to);
    const endLine = doc.line(Math.min(Math.max(d.line, d.end_line || d.line), doc.lines));
    let to = Math.min(endLine.from + Math.max(0, (d.end_column || d.column) - 1), endLine.to);
    if (to <= from) to = Math.min(from + 1, line.to);
    out.push({ from, to: Math.max(from, to), severity: d.severity, source: d.code, message: d.message });
  }
  return out;
}
