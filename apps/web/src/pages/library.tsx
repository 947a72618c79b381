// /app/library (search as you type, every word a prefix) and /app/library/{owner}/{slug}
// (read the script, fork it into your account under a slug you choose).
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { CodeView } from "../editor/diff";
import { navigate } from "../router";
import { editorHref } from "../routes";
import type { LibraryScript, Page as ListPage, Script } from "../types";
import { ErrorBox, LoadFailed, Loading, Page, SubmitButton, useAsync, when } from "../ui";

type Hit = Pick<LibraryScript, "owner" | "slug" | "kind" | "title" | "description" | "latest_version" | "updated_at">;

export function LibraryPage(props: { initial: string }) {
  const [q, setQ] = useState(props.initial);
  const [debounced, setDebounced] = useState(props.initial);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(q);
      navigate(`/app/library${q ? `?q=${encodeURIComponent(q)}` : ""}`, true);
    }, 200);
    return () => clearTimeout(timer);
  }, [q]);
  const list = useAsync(
    () => (debounced.trim()
      ? api<ListPage<Hit>>(`/app/api/library?q=${encodeURIComponent(debounced)}`)
      : api<ListPage<Hit>>("/v1/library?limit=100")),
    [debounced],
  );
  return (
    <Page title="Library">
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <label for="library-q">Search public scripts</label>
        <input id="library-q" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} aria-describedby="library-hint" autocomplete="off" />
        <p id="library-hint" class="hint">Matches as you type: every word is a prefix of a word in the title, slug or description.</p>
      </form>
      <ErrorBox error={list.error} />
      <div role="status" aria-live="polite">
        {list.loading ? <Loading what="results" /> : list.data ? <p class="muted">{list.data.data.length} script{list.data.data.length === 1 ? "" : "s"}{debounced.trim() ? ` match “${debounced.trim()}”` : ""}.</p> : null}
      </div>
      {list.data ? (
        <ul class="cards">
          {list.data.data.map((s) => (
            <li key={`${s.owner}/${s.slug}`}>
              <a href={`/app/library/${encodeURIComponent(s.owner)}/${encodeURIComponent(s.slug)}`}><strong>{s.title}</strong></a>
              <span class="muted"> {s.owner}/{s.slug} · {s.kind} · v{s.latest_version}</span>
              {s.description ? <p class="hint">{s.description}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

export function LibraryScriptPage(props: { owner: string; slug: string }) {
  const path = `/v1/library/${encodeURIComponent(props.owner)}/${encodeURIComponent(props.slug)}`;
  const script = useAsync(() => api<LibraryScript>(path), [path]);
  const [slug, setSlug] = useState(props.slug);
  const [error, setError] = useState<unknown>(null);
  const [forking, setForking] = useState(false);
  const s = script.data;

  async function fork(event: Event): Promise<void> {
    event.preventDefault();
    if (!s || forking) return;
    setForking(true); setError(null);
    try {
      const created = await api<Script>("/v1/scripts", {
        method: "POST",
        body: { slug, title: s.title, description: `Forked from ${s.owner}/${s.slug} v${s.latest_version}. ${s.description ?? ""}`.trim().slice(0, 2000), files: s.files ?? [] },
      });
      navigate(editorHref(created.slug, created.kind));
    } catch (e) {
      setError(e);
      setForking(false);
    }
  }

  if (script.error) return <LoadFailed what="Library script" error={script.error} />;
  if (!s) return <Page title="Library script"><Loading what="the script" /></Page>;
  return (
    <Page title={s.title}>
      <p class="muted">{s.owner}/{s.slug} · {s.kind} · version {s.latest_version} · updated {when(s.updated_at)}</p>
      {s.description ? <p>{s.description}</p> : null}
      <form onSubmit={(e) => void fork(e)} class="fork">
        <label for="fork-slug">Fork into your account as</label>
        <input id="fork-slug" required value={slug} onInput={(e) => setSlug(e.currentTarget.value)} />
        <SubmitButton busy={forking} busyText="Forking…">Fork</SubmitButton>
      </form>
      <ErrorBox error={error} />
      <h2>Source</h2>
      {(s.files ?? []).map((f) => (
        <section key={f.path}>
          <h3><code>{f.path}</code></h3>
          <CodeView content={f.content} label={`${f.path} of ${s.owner}/${s.slug}`} />
        </section>
      ))}
    </Page>
  );
}
