// /app/runs: the account's runs, newest first, with status and failure kind; filter by status;
// while one on the page is queued or running the page is read again every 2 s (useLiveStatuses).
// Its tabs lead to the account's sweeps at /app/sweeps (docs/adr/0164-sweeps-list-address.md).
import { useState } from "preact/hooks";
import { api } from "../api";
import type { Page as ListPage, Run } from "../types";
import { navigate } from "../router";
import { runHref, runsHref, RUN_STATUSES, type RunStatus } from "../routes";
import { Announce, CursorPager, ErrorBox, Loading, num, Page, Scroll, useAsync, useLiveStatuses, when } from "../ui";

const RUNS_PAGE = 50;

/** Runs and sweeps: two lists of the account's work, one tab each. */
export function RunsTabs(props: { current: "runs" | "sweeps" }) {
  return (
    <nav class="tabs" aria-label="Runs and sweeps">
      <a href="/app/runs" aria-current={props.current === "runs" ? "page" : undefined}>Runs</a>
      <a href="/app/sweeps" aria-current={props.current === "sweeps" ? "page" : undefined}>Sweeps</a>
    </nav>
  );
}

/** The list, filtered by the status its address names (`/app/runs?status=failed`): choosing
 * another is a new address, so back and forward and a shared link keep the filter. */
export function RunsPage(props: { status?: RunStatus | undefined }) {
  const status = props.status ?? "";
  // The page kept in view belongs to one filter; another filter starts at its newest runs. (Not
  // remounted on a new filter: the focus stays on the menu a keyboard user is choosing in.)
  const [paged, setPaged] = useState<{ status: string; cursor: string | null; number: number }>({ status, cursor: null, number: 1 });
  const [cursor, number] = paged.status === status ? [paged.cursor, paged.number] : [null, 1];
  const setCursor = (c: string | null): void => setPaged({ status, cursor: c, number: c === null ? 1 : number + 1 });
  const list = useAsync(() => api<ListPage<Run>>(`/v1/runs?limit=${RUNS_PAGE}${status ? `&status=${status}` : ""}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`), [status, cursor]);
  // a queued or running run's status follows on the list, as on the sweeps list (docs/adr/0364)
  const news = useLiveStatuses(list, "Run");
  return (
    <Page title="Runs">
      <RunsTabs current="runs" />
      <Announce text={news} />
      <label for="runs-status">Status</label>
      <select id="runs-status" value={status} onChange={(e) => navigate(runsHref(RUN_STATUSES.find((s) => s === e.currentTarget.value)))}>
        <option value="">any</option>
        {RUN_STATUSES.map((s) => <option value={s}>{s}</option>)}
      </select>
      <ErrorBox error={list.error} />
      {list.loading && !list.data ? <Loading what="runs" /> : null}
      {list.data && list.data.data.length === 0 ? <p>{status ? `No ${status} runs.` : "No runs yet. Open a script and run it."}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <Scroll label="Your runs">
          {/* As the sweeps list: the status first, so a phone shows it before the table is scrolled sideways. */}
          <table class="lines">
            <thead><tr><th scope="col">Status</th><th scope="col">Run</th><th scope="col">Script</th><th scope="col">Instrument</th><th scope="col">Bars</th><th scope="col">Source</th><th scope="col">Started</th></tr></thead>
            <tbody>
              {list.data.data.map((r) => (
                <tr key={r.id}>
                  <td><span class={`badge ${r.status}`}>{r.status}</span>{r.failure ? <span class="muted"> ({r.failure.kind})</span> : null}</td>
                  <td><a href={runHref(r)}><code>{r.id}</code></a></td>
                  <td>{r.script.owner}/{r.script.slug} v{r.script.version} <span class="muted">{r.kind}</span></td>
                  <td>{r.instrument} {r.timeframe}</td>
                  <td>{num(r.window.bars, 0)}</td><td>{r.source}</td><td>{when(r.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : null}
      <CursorPager label="Pages of your runs" older="Older runs" newest="Newest runs" next={list.data?.next_cursor} cursor={cursor} page={list.data}
        number={number} count={list.data?.data.length} size={RUNS_PAGE} noun={status ? `${status} runs` : "runs"} onCursor={setCursor} />
    </Page>
  );
}
