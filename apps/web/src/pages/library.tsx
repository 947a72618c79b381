// /app/library (every public script, 100 a page; search as you type, every word a prefix, 50 a page) and /app/library/{owner}/{slug}
// (read the script, fork it into your account under a slug you choose).
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import { CodeView } from "../editor/diff";
import { navigate } from "../router";
import { editorHref, libraryHref, type ListAt } from "../routes";
import type { LibraryScript, Page as ListPage, Script } from "../types";
import { CursorPager, ErrorBox, LoadFailed, Loading, Page, SubmitButton, useAsync, when } from "../ui";

type Hit = Pick<LibraryScript, "owner" | "slug" | "kind" | "title" | "description" | "latest_version" | "updated_at">;

/** Scripts a page of the library shows (GET /v1/library's most is 200), and of a search (the app API's page). */
const BROWSE_PAGE = 100;
const SEARCH_PAGE = 50;

/**
 * The address holds the search and the page (`?q=…&page=2&cursor=…`): a later page is a new
 * history entry, so Back returns to the page before, and a script opened from page 3 comes back
 * to page 3; typing replaces the entry and starts again at the first page.
 */
export function LibraryPage(props: { q: string; at?: ListAt }) {
  const [q, setQ] = useState(props.q);
  // the search this page last put in the address: Back or Forward to another one refills the box
  const asked = useRef(props.q);
  useEffect(() => {
    if (props.q !== asked.current) { asked.current = props.q; setQ(props.q); }
  }, [props.q]);
  useEffect(() => {
    if (q === asked.current) return;
    const timer = setTimeout(() => {
      asked.current = q;
      navigate(libraryHref(q), true);
    }, 200);
    return () => clearTimeout(timer);
  }, [q]);
  const words = props.q.trim();
  const cursor = props.at?.cursor ?? null;
  const number = props.at?.page ?? 1;
  const size = words ? SEARCH_PAGE : BROWSE_PAGE;
  const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
  const list = useAsync(
    () => (words
      ? api<ListPage<Hit>>(`/app/api/library?q=${encodeURIComponent(words)}${after}`)
      : api<ListPage<Hit>>(`/v1/library?limit=${BROWSE_PAGE}${after}`)),
    [words, cursor],
  );
  const shown = list.data?.data.length;
  return (
    <Page title="Library">
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <label for="library-q">Search public scripts</label>
        <input id="library-q" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} aria-describedby="library-hint" autocomplete="off" />
        <p id="library-hint" class="hint">Matches as you type: every word is a prefix of a word in the title, slug or description.</p>
      </form>
      <ErrorBox error={list.error} />
      <div role="status" aria-live="polite">
        {list.loading ? <Loading what="results" /> : list.data ? <p class="muted">{listedText(list.data.data.length, number, size, Boolean(list.data.next_cursor), words)}</p> : null}
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
      <CursorPager label="Pages of the library" older="Next page" newest="First page" next={list.data?.next_cursor} cursor={cursor} page={list.data}
        number={number} count={shown} size={size} noun="scripts" onCursor={(c) => navigate(libraryHref(props.q, c ? { page: number + 1, cursor: c } : undefined))} />
    </Page>
  );
}

/** "12 scripts match “rsi”." on a list of one page; "Scripts 101 to 200 (more on the next page)." on one of several. */
export function listedText(count: number, number: number, size: number, more: boolean, words: string): string {
  const match = words ? ` match “${words}”` : "";
  if (number === 1 && !more) return `${count} script${count === 1 ? "" : "s"}${match}.`;
  const from = (number - 1) * size + 1;
  const which = count === 0 ? `No scripts from ${from} on` : `Scripts ${from} to ${from + count - 1}`;
  return `${which}${words ? ` matching “${words}”` : ""} (${more ? "more on the next page" : "the last page"}).`;
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
