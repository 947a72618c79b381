// Rename (slug and title; versions, runs and events follow), the library's visibility and
// description, and delete, with a confirmation that takes the focus (docs/adr/0340).
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import { navigate } from "../router";
import { editorHref } from "../routes";
import type { Script } from "../types";
import { ErrorBox } from "../ui";

export function ScriptSettings(props: { script: Script; onChanged(script: Script): void }) {
  const s = props.script;
  const [slug, setSlug] = useState(s.slug);
  const [title, setTitle] = useState(s.title);
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  // the confirmation replaces the button that opened it: the focus goes to its safe choice, and
  // back to the button when it closes (it was left on the page's body)
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (wasConfirming.current) ask.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState("");
  const path = `/v1/scripts/${encodeURIComponent(s.slug)}?kind=${s.kind}`;

  async function rename(event: Event): Promise<void> {
    event.preventDefault();
    setError(null); setDone("");
    try {
      const body: Record<string, string> = {};
      if (slug !== s.slug) body["slug"] = slug;
      if (title !== s.title) body["title"] = title;
      const changed = await api<Script>(path, { method: "PATCH", body });
      props.onChanged(changed);
      setDone("Saved.");
      if (changed.slug !== s.slug) navigate(editorHref(changed.slug, changed.kind), true);
    } catch (e) {
      setError(e);
    }
  }

  async function remove(): Promise<void> {
    setError(null);
    try {
      await api<undefined>(path, { method: "DELETE" });
      navigate("/app/", true);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">Name and address</h2>
      <form onSubmit={(e) => void rename(e)}>
        <label for="rename-slug">Slug</label>
        <input id="rename-slug" required value={slug} onInput={(e) => setSlug(e.currentTarget.value)} />
        <label for="rename-title">Title</label>
        <input id="rename-title" required maxLength={200} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        <button type="submit">Rename</button>
      </form>
      {done ? <p role="status" class="notice">{done}</p> : null}
      <ErrorBox error={error} />
      <Sharing script={s} path={path} onChanged={props.onChanged} />
      <h2>Delete</h2>
      {!confirming ? (
        <button ref={ask} class="danger" type="button" onClick={() => setConfirming(true)}>Delete this script…</button>
      ) : (
        <div class="confirm" role="group" aria-label="Confirm deletion" onKeyDown={(e) => { if (e.key === "Escape") setConfirming(false); }}>
          <p>Delete <strong>{s.title}</strong> and all its versions? Its runs stay listed. This cannot be undone.</p>
          <div class="actions">
            <button class="danger solid" type="button" onClick={() => void remove()}>Delete {s.slug}</button>
            <button ref={keep} type="button" onClick={() => setConfirming(false)}>Keep it</button>
          </div>
        </div>
      )}
    </section>
  );
}

const VISIBILITY_TEXT = { private: "Private: only you", public: "Public: listed in the library; any account can read, run and fork it" } as const;

/**
 * The script's place in the library: its visibility and the description the library shows and
 * searches (the API's PATCH takes both; the app had no way to publish a script).
 */
function Sharing(props: { script: Script; path: string; onChanged(script: Script): void }) {
  const s = props.script;
  const [visibility, setVisibility] = useState<Script["visibility"]>(s.visibility);
  const [description, setDescription] = useState(s.description);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState("");

  async function save(event: Event): Promise<void> {
    event.preventDefault();
    setError(null); setDone("");
    try {
      const changed = await api<Script>(props.path, { method: "PATCH", body: { visibility, description } });
      props.onChanged(changed);
      setDone(changed.visibility === "public" ? "Saved: the script is public, listed in the library." : "Saved: the script is private.");
    } catch (e) {
      setError(e);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} aria-labelledby="sharing-title">
      <h2 id="sharing-title">Library</h2>
      <label for="script-visibility">Visibility</label>
      <select id="script-visibility" value={visibility} onChange={(e) => setVisibility(e.currentTarget.value === "public" ? "public" : "private")}>
        <option value="private">{VISIBILITY_TEXT.private}</option>
        <option value="public">{VISIBILITY_TEXT.public}</option>
      </select>
      <label for="script-description">Description (the library shows and searches it)</label>
      <textarea id="script-description" rows={3} maxLength={5000} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
      <button type="submit">Save visibility and description</button>
      {done ? <p role="status" class="notice">{done}</p> : null}
      <ErrorBox error={error} />
    </form>
  );
}
