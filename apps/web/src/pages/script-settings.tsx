// Rename (slug and title; versions, runs and events follow) and delete, with a confirmation.
import { useState } from "preact/hooks";
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
      <h2>Delete</h2>
      {!confirming ? (
        <button class="danger" type="button" onClick={() => setConfirming(true)}>Delete this script…</button>
      ) : (
        <div class="confirm" role="group" aria-label="Confirm deletion">
          <p>Delete <strong>{s.title}</strong> and all its versions? Its runs stay listed. This cannot be undone.</p>
          <div class="actions">
            <button class="danger solid" type="button" onClick={() => void remove()}>Delete {s.slug}</button>
            <button type="button" onClick={() => setConfirming(false)}>Keep it</button>
          </div>
        </div>
      )}
    </section>
  );
}
