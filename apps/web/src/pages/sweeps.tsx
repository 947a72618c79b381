// /app/sweeps: the account's sweeps, newest first, paged as GET /v1/sweeps pages (50 a page);
// while one on the page is queued or running the page is read again every few seconds, so its
// status and progress stay live (docs/adr/0164-sweeps-list-address.md); a sweep whose status
// changes meanwhile is announced politely.
import { useState } from "preact/hooks";
import { api } from "../api";
import { sweepHref } from "../routes";
import type { Page as ListPage, Sweep } from "../types";
import { Announce, CursorPager, ErrorBox, Loading, Page, Scroll, useAsync, useLiveStatuses, when } from "../ui";
import { RunsTabs } from "./runs";

const SWEEPS_PAGE = 50;
export const isActiveSweep = (s: Sweep): boolean => s.status === "queued" || s.status === "running";

/** "level × len: 6 combinations" */
function gridText(s: Sweep): string {
  const names = Object.keys(s.grid);
  const n = names.reduce((a, k) => a * (s.grid[k]?.length ?? 0), 1);
  return `${names.join(" × ")}: ${n} combination${n === 1 ? "" : "s"}`;
}

export function SweepsPage() {
  const [{ cursor, number }, setPaged] = useState<{ cursor: string | null; number: number }>({ cursor: null, number: 1 });
  const setCursor = (c: string | null): void => setPaged({ cursor: c, number: c === null ? 1 : number + 1 });
  const list = useAsync(() => api<ListPage<Sweep>>(`/v1/sweeps?limit=${SWEEPS_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`), [cursor]);
  const news = useLiveStatuses(list, "Sweep");
  return (
    <Page title="Sweeps">
      <RunsTabs current="sweeps" />
      <ErrorBox error={list.error} />
      <Announce text={news} />
      {list.loading && !list.data ? <Loading what="sweeps" /> : null}
      {list.data && list.data.data.length === 0 ? <p>No sweeps yet. Open a definition script and start one from its page.</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <Scroll label="Your sweeps">
          {/* The status first, so a phone shows it before the table is scrolled sideways. */}
          <table class="lines">
            <caption>Your sweeps, newest first</caption>
            <thead><tr><th scope="col">Status</th><th scope="col">Sweep</th><th scope="col">Definition</th><th scope="col">Instruments</th><th scope="col">Grid</th><th scope="col">Created</th></tr></thead>
            <tbody>
              {list.data.data.map((s) => (
                <tr key={s.id}>
                  <td><span class={`badge ${s.status}`}>{s.status}</span>{isActiveSweep(s) ? <span class="muted"> {s.progress.done} of {s.progress.total}</span> : null}{s.failure ? <span class="muted"> ({s.failure.kind})</span> : null}</td>
                  <td><a href={sweepHref(s.id)}><code>{s.id}</code></a></td>
                  <td>{s.definition.owner}/{s.definition.slug} v{s.definition.version}</td>
                  <td>{s.instruments.join(", ")} {s.timeframe}</td>
                  <td>{gridText(s)}</td>
                  <td>{when(s.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : null}
      <CursorPager label="Pages of your sweeps" older="Older sweeps" newest="Newest sweeps" next={list.data?.next_cursor} cursor={cursor} page={list.data}
        number={number} count={list.data?.data.length} size={SWEEPS_PAGE} noun="sweeps" onCursor={setCursor} />
    </Page>
  );
}
