// The script editor: CodeMirror 6 with Pine highlighting and the service's own diagnostics,
// asked for as the person types (debounced) from POST /v1/scripts/validate.
import { basicSetup } from "codemirror";
import { EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { linter, lintGutter } from "@codemirror/lint";
import { indentUnit } from "@codemirror/language";
import { api } from "../api";
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

export function createEditor(parent: HTMLElement, content: string, hooks: EditorHooks): EditorView {
  const validate = linter(async (view) => {
    const doc = view.state.doc;
    try {
      const result = await api<Validation>("/v1/scripts/validate", { method: "POST", body: { files: [...hooks.otherFiles(), { path: "main.pine", content: doc.toString() }] } });
      // A later edit makes this answer stale: CodeMirror maps or drops it; show the freshest.
      hooks.onValidated(result);
      return toLintDiagnostics(doc, result.diagnostics);
    } catch (error) {
      hooks.onValidationFailed(error);
      return [];
    }
  }, { delay: VALIDATE_DELAY_MS });
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: content,
      extensions: [
        pineExtensions("Script source, main.pine"),
        lintGutter(),
        validate,
        Prec.highest(keymap.of([{ key: "Mod-s", preventDefault: true, run: () => { hooks.onSave?.(); return true; } }])),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) hooks.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
}
