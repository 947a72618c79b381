// The script editor: CodeMirror 6 with Pine highlighting and the service's own diagnostics,
// asked for as the person types (debounced) from POST /v1/scripts/validate.
import { basicSetup } from "codemirror";
import { EditorState, Prec, type Text } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { indentWithTab } from "@codemirror/commands";
import { linter, lintGutter, type Diagnostic as LintDiagnostic } from "@codemirror/lint";
import { indentUnit } from "@codemirror/language";
import { api, ApiFailure } from "../api";
import type { Diagnostic, FileBody } from "../types";
import { toLintDiagnostics } from "./diagnostics";
import { pineLanguage } from "./pine";

export const VALIDATE_DELAY_MS = 400;

export interface Validation {
  valid: boolean;
  diagnostics: Diagnostic[];
}

export interface EditorHooks {
  /** The script's other files (validated and saved with main.pine, unchanged). */
  otherFiles(): FileBody[];
  onChange(content: string): void;
  onValidated(result: Validation): void;
  onValidationFailed(error: unknown): void;
  /** Ctrl+S (Cmd+S): saves as the form's button does, instead of the browser saving the page. */
  onSave?(): void;
}

export function pineExtensions(label: string) {
  return [
    basicSetup,
    pineLanguage,
    indentUnit.of("    "),
    // tabindex: the editable text is already reached by Tab; saying so makes its scroller (a
    // tall script scrolls inside the editor) one a keyboard reaches (axe's scrollable-region-focusable)
    EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" }),
    EditorView.lineWrapping,
  ];
}

/** How often a check the service refused as busy (429, Retry-After) is asked again before it is reported. */
const BUSY_RETRIES = 3;

/**
 * Asks the service to check `doc` and tells the page what it said. An answer about text the person
 * has since edited is dropped (that edit's own check follows): a slow answer about the previous
 * text would otherwise say "No problems found." under a script with an error. A refusal that says
 * when to try again (429 `busy`: another check of the account still running) is asked again then,
 * instead of leaving the script unchecked until the next edit.
 */
async function check(view: EditorView, doc: Text, hooks: EditorHooks): Promise<LintDiagnostic[]> {
  const current = (): boolean => view.state.doc.eq(doc);
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await api<Validation>("/v1/scripts/validate", { method: "POST", body: { files: [...hooks.otherFiles(), { path: "main.pine", content: doc.toString() }] } });
      if (!current()) return [];
      hooks.onValidated(result);
      return toLintDiagnostics(doc, result.diagnostics);
    } catch (error) {
      const wait = error instanceof ApiFailure && error.status === 429 ? error.retryAfter : null;
      if (wait !== null && attempt < BUSY_RETRIES && current()) {
        await new Promise((done) => setTimeout(done, Math.max(1, wait) * 1000));
        if (current()) continue;
      }
      if (current()) hooks.onValidationFailed(error);
      return [];
    }
  }
}

export function createEditor(parent: HTMLElement, content: string, hooks: EditorHooks): EditorView {
  const validate = linter((view) => check(view, view.state.doc, hooks), { delay: VALIDATE_DELAY_MS });
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: content,
      extensions: [
        pineExtensions("Script source, main.pine"),
        lintGutter(),
        validate,
        Prec.highest(keymap.of([{ key: "Mod-s", preventDefault: true, run: () => { hooks.onSave?.(); return true; } }])),
        // Pine blocks are indented (4 spaces): Tab and Shift+Tab indent as in TradingView's Pine
        // editor; Escape then Tab (CodeMirror's own tab-focus mode) leaves the editor, as the hint says
        keymap.of([indentWithTab]),
        EditorView.contentAttributes.of({ "aria-describedby": "editor-keys" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) hooks.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
}
