// /app/scripts/new and /app/scripts/{slug}[?version=N]: edit in CodeMirror with the service's
// diagnostics as you type, save (a version_conflict shows both texts and lets the person
// choose), versions with a diff, rename, delete, the run form of the script's Interface, and a
// definition's sweep form.
import { useEffect, useRef, useState } from "preact/hooks";
import type { EditorView } from "@codemirror/view";
import { api, ApiFailure, errorText } from "../api";
import { createEditor, type Validation } from "../editor/codemirror";
import { toLintDiagnostics } from "../editor/diagnostics";
import { CodeView } from "../editor/diff";
import { navigate, useLeaveGuard } from "../router";
import { editorHref } from "../routes";
import type { Diagnostic, FileBody, Page as ListPage, Script, ScriptKind } from "../types";
import { LoadFailed, Loading, Page, SubmitButton } from "../ui";
import { Conflict, Versions } from "./editor-versions";
import { RunForm } from "./run-form";
import { ScriptSettings } from "./script-settings";
import { SweepForm } from "./sweep-form";

const TEMPLATE = `//@version=6
indicator("My indicator")
length = input.int(14, "Length", minval = 1)
plot(ta.sma(close, length), "sma")
`;

const mainFile = (s: Script): string => s.files?.find((f) => f.path === "main.pine")?.content ?? "";
/** Files besides main.pine: kept as they are on save (the editor edits main.pine). */
const others = (s: Script | null): FileBody[] => (s?.files ?? []).filter((f) => f.path !== "main.pine");

/** A diagnostic's place: in main.pine a button that moves the editor's cursor there (a keyboard
 * user reaches the line without hunting for the underline); in another file its name and place. */
function Place(props: { d: Diagnostic; onGo(d: Diagnostic): void }) {
  const { d } = props;
  const where = `Line ${d.line}, column ${d.column}`;
  if (d.file && d.file !== "main.pine") return <strong>{d.file}: {where}</strong>;
  return <button type="button" class="link place" aria-label={`Go to line ${d.line}, column ${d.column}`} onClick={() => props.onGo(d)}>{where}</button>;
}

function DiagnosticList(props: { diagnostics: Diagnostic[]; checked: boolean; onGo(d: Diagnostic): void }) {
  if (!props.checked) return <p class="muted" role="status">Checking…</p>;
  if (props.diagnostics.length === 0) return <p class="ok" role="status">No problems found.</p>;
  return (
    <div role="status">
      <p>{props.diagnostics.length} problem{props.diagnostics.length === 1 ? "" : "s"}:</p>
      <ul class="diagnostics">
        {props.diagnostics.map((d) => (
          <li class={d.severity}><Place d={d} onGo={props.onGo} /> ({d.severity}, <code>{d.code}</code>): {d.message}</li>
        ))}
      </ul>
    </div>
  );
}

function OlderVersion(props: { slug: string; version: number; kind: ScriptKind | undefined }) {
  return <p class="notice">You are reading version {props.version}. Saving makes it the newest version. <a href={editorHref(props.slug, props.kind)}>Open the newest</a></p>;
}

/** A slug a study shares with another script (the API answers 409 without `?kind=`): one link for each. */
function SharedSlug(props: { slug: string; version: number | null }) {
  const [kinds, setKinds] = useState<ScriptKind[]>([]);
  useEffect(() => {
    api<ListPage<Script>>("/v1/scripts?limit=500").then((list) => setKinds(list.data.filter((s) => s.slug === props.slug).map((s) => s.kind)), () => setKinds([]));
  }, [props.slug]);
  return (
    <p class="notice" role="status">Two of your scripts are named {props.slug}: {kinds.map((k, i) => <>{i > 0 ? ", " : ""}<a href={editorHref(props.slug, k, props.version)}>open the {k}</a></>)}.</p>
  );
}

export function EditorPage(props: { slug: string | null; version: number | null; kind?: ScriptKind | undefined }) {
  const [script, setScript] = useState<Script | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [content, setContent] = useState<string | null>(props.slug === null ? TEMPLATE : null);
  const [validation, setValidation] = useState<Validation | null>(null);
  const [newSlug, setNewSlug] = useState("");
  const [message, setMessage] = useState("");
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [validationError, setValidationError] = useState<unknown>(null);
  const [notice, setNotice] = useState("");
  const [conflict, setConflict] = useState<Script | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor's validation reads the script's other files when it runs, not when it was made.
  const scriptRef = useRef<Script | null>(null);
  scriptRef.current = script;

  useEffect(() => {
    if (props.slug === null) return;
    api<Script>(`/v1${editorHref(props.slug, props.kind, props.version).slice("/app".length)}`).then(
      (s) => { setScript(s); setContent(mainFile(s)); },
      setLoadError,
    );
  }, [props.slug, props.version, props.kind]);

  // The editor is made once the text is known, and replaced only when the page changes.
  const ready = content !== null;
  useEffect(() => {
    if (!ready || !host.current || view.current) return;
    view.current = createEditor(host.current, content ?? "", {
      otherFiles: () => others(scriptRef.current),
      onChange: (text) => { setContent(text); setValidation(null); },
      onValidated: (result) => { setValidation(result); setValidationError(null); },
      onValidationFailed: setValidationError,
      // the form's own checks (a new script's slug) apply, as for its button
      onSave: () => form.current?.requestSubmit(),
    });
    return () => { view.current?.destroy(); view.current = null; };
  }, [ready]);

  /** Selects a diagnostic's range in the editor, scrolled into view, and focuses it. */
  const goTo = (d: Diagnostic): void => {
    const v = view.current;
    const range = v ? toLintDiagnostics(v.state.doc, [d])[0] : undefined;
    if (!v || !range) return;
    v.dispatch({ selection: { anchor: range.from, head: range.to }, scrollIntoView: true });
    v.focus();
  };

  const setEditorText = (text: string): void => {
    const v = view.current;
    if (v) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
  };

  async function save(baseVersion?: number): Promise<void> {
    if (saving) return;
    setSaving(true); setSaveError(null); setNotice("");
    const files = [...others(script), { path: "main.pine", content: view.current?.state.doc.toString() ?? content ?? "" }];
    try {
      const current = script;
      if (!current) {
        const created = await api<Script>("/v1/scripts", { method: "POST", body: { slug: newSlug, files } });
        navigate(editorHref(created.slug, created.kind), true);
        return;
      }
      const base = baseVersion ?? current.latest_version;
      const saved = await api<Script>(`/v1/scripts/${encodeURIComponent(current.slug)}?kind=${current.kind}`, {
        method: "PUT",
        body: { slug: current.slug, files, base_version: base, ...(message ? { message } : {}) },
      });
      setScript({ ...saved, files });
      setConflict(null); setMessage("");
      setNotice(`Saved as version ${saved.latest_version}.`);
      if (props.version !== null) navigate(editorHref(saved.slug, props.kind), true);
    } catch (error) {
      if (error instanceof ApiFailure && error.error.code === "version_conflict" && script) {
        // the newer version, to show beside the person's text; if it cannot be read, say why
        await api<Script>(`/v1/scripts/${encodeURIComponent(script.slug)}?kind=${script.kind}`).then(setConflict, setSaveError);
      } else {
        setSaveError(error);
      }
    } finally {
      setSaving(false);
    }
  }

  // the editor's text differs from what was saved (or, for a new script, from the template)
  const edited = content !== null && content !== (script ? mainFile(script) : TEMPLATE);
  useLeaveGuard(edited ? "Leave this page? Your edits to the script are not saved." : null);

  if (loadError && props.slug !== null && !props.kind && loadError instanceof ApiFailure && loadError.status === 409) {
    return <Page title={props.slug}><SharedSlug slug={props.slug} version={props.version} /></Page>;
  }
  if (loadError) return <LoadFailed what="Script" error={loadError} />;
  if (props.slug !== null && !script) return <Page title="Script"><Loading what="the script" /></Page>;
  const title = script ? `${script.title}${props.version ? ` (version ${props.version})` : ""}` : "New script";
  const errors = validation?.diagnostics.filter((d) => d.severity === "error").length ?? 0;

  return (
    <Page title={title}>
      {script ? <p class="muted"><code>{script.slug}</code> · {script.kind} · version {props.version ?? script.latest_version} of {script.latest_version} · {script.visibility}</p> : null}
      {script && props.version !== null && props.version !== script.latest_version ? <OlderVersion slug={script.slug} version={props.version} kind={props.kind} /> : null}
      <form ref={form} class="editor-form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        {!script ? (
          <>
            <label for="slug">Slug (its address: lowercase letters, digits, dashes)</label>
            <input id="slug" required pattern="[a-z0-9][a-z0-9\-]{0,62}" value={newSlug} onInput={(e) => setNewSlug(e.currentTarget.value)} />
          </>
        ) : null}
        <p class="label">Source (<code>main.pine</code>)</p>
        <p class="hint" id="editor-keys">Tab indents the line (Shift+Tab outdents); Esc then Tab leaves the editor.</p>
        <div class="editor" ref={host} />
        {validationError ? <p class="error" role="alert">Could not check the script: {errorText(validationError)}. It is checked again at your next edit.</p>
          : <DiagnosticList diagnostics={validation?.diagnostics ?? []} checked={validation !== null} onGo={goTo} />}
        {script ? (
          <>
            <label for="message">Version note (optional)</label>
            <input id="message" maxLength={500} value={message} onInput={(e) => setMessage(e.currentTarget.value)} />
          </>
        ) : null}
        <div class="actions">
          <SubmitButton busy={saving} busyText="Saving…">{script ? "Save version" : "Create script"}</SubmitButton>
          <span class="muted">or Ctrl+S in the editor</span>
          {errors > 0 ? <span class="muted">The service reports {errors} error{errors === 1 ? "" : "s"}: saving will be refused until they are fixed.</span> : null}
        </div>
      </form>
      {others(script).map((f) => (
        <section key={f.path} aria-label={`File ${f.path}`}>
          <p class="label"><code>{f.path}</code> (read-only here; saved with each version)</p>
          <CodeView content={f.content} label={`${f.path}, read-only`} />
        </section>
      ))}
      {notice ? <p class="notice" role="status">{notice}</p> : null}
      {saveError ? <p class="error" role="alert">{errorText(saveError)}</p> : null}
      {conflict && script ? (
        <Conflict
          theirs={conflict}
          mine={view.current?.state.doc.toString() ?? ""}
          onKeepMine={() => void save(conflict.latest_version)}
          onTakeTheirs={() => { setScript(conflict); setEditorText(mainFile(conflict)); setConflict(null); setNotice(`Loaded version ${conflict.latest_version}; your text was discarded.`); }}
        />
      ) : null}
      {script && props.version === null && script.kind !== "library" ? <RunForm key={script.latest_version} script={script} edited={edited} /> : null}
      {script && props.version === null && script.kind === "definition" ? <SweepForm key={script.latest_version} script={script} edited={edited} /> : null}
      {script ? <Versions script={script} current={content ?? ""} kind={props.kind} /> : null}
      {script ? <ScriptSettings script={script} onChanged={(s) => setScript({ ...s, files: script.files ?? [] })} /> : null}
    </Page>
  );
}
