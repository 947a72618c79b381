// /app/: the account's scripts, newest first, 50 a page (GET /v1/scripts pages by cursor; a
// plan may hold thousands).
import { useState } from "preact/hooks";
import { api } from "../api";
import { editorHref, NEW_SCRIPT } from "../routes";
import type { Page as ListPage, Script } from "../types";
import { CursorPager, ErrorBox, Loading, Page, Scroll, useAsync, when } from "../ui";

const SCRIPTS_PAGE = 50;

export function ScriptsPage() {
  const [{ cursor, number }, setPaged] = useState<{ cursor: string | null; number: number }>({ cursor: null, number: 1 });
  const setCursor = (c: string | null): void => setPaged({ cursor: c, number: c === null ? 1 : number + 1 });
  const list = useAsync(() => api<ListPage<Script>>(`/v1/scripts?limit=${SCRIPTS_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`), [cursor]);
  // A study may share its slug with another script: those two links name their kind (a twin on
  // another page is offered by the bare address's page).
  const shared = (slug: string): boolean => (list.data?.data.filter((o) => o.slug === slug).length ?? 0) > 1;
  return (
    <Page title="Your scripts" actions={<a class="button primary" href="/app/scripts/new">New script</a>}>
      <ErrorBox error={list.error} />
      {list.loading && !list.data ? <Loading what="scripts" /> : null}
      {list.data && list.data.data.length === 0 ? <p>No scripts yet. Write one, or fork one from the <a href="/app/library">library</a>.</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <Scroll label="Your scripts">
          <table>
            <thead><tr><th scope="col">Script</th><th scope="col">Kind</th><th scope="col">Version</th><th scope="col">Visibility</th><th scope="col">Updated</th></tr></thead>
            <tbody>
              {list.data.data.map((s) => (
                <tr key={`${s.kind}/${s.slug}`}>
                  <td><a href={editorHref(s.slug, shared(s.slug) || s.slug === NEW_SCRIPT ? s.kind : undefined)}>{s.title}</a> <code class="muted">{s.slug}</code></td>
                  <td>{s.kind}</td><td>{s.latest_version}</td><td>{s.visibility}</td><td>{when(s.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : null}
      <CursorPager label="Pages of your scripts" older="Older scripts" newest="Newest scripts" next={list.data?.next_cursor} cursor={cursor} page={list.data}
        number={number} count={list.data?.data.length} size={SCRIPTS_PAGE} noun="scripts" onCursor={setCursor} />
    </Page>
  );
}
