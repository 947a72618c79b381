// /app/runs/{run_id} and /app/studies/{run_id}: the run's status live, then its chart, table
// and CSV (indicator, definition) or its study tables and chart. /app/runs/ shows any run of the
// account; /app/studies/ only a study, else "not found" with a link to the run's own page
// (docs/adr/0165-study-address-of-another-run.md).
import { forwardRef } from "preact/compat";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, errorText, session } from "../api";
import { RunChart } from "../chart/chart";
import { drawingsPlan, eventMarkers, exchangeClock, planChart, shownTables, tablePlan, type Row } from "../chart/mapping";
import type { EventRow, OutputPoint, Run, ScriptInterface, StudyResult } from "../types";
import { navigate } from "../router";
import { runHref, scriptPageHref, type LogLevel, type RunState } from "../routes";
import { Announce, count, ErrorBox, LoadFailed, Loading, num, Page, Pager, Scroll, when } from "../ui";
import { DrawingTables, DrawingsText } from "./drawing-tables";
import { RunLogs } from "./run-logs";
import { allEvents, allOutputs, barsOf, downloadCsv, drawingsOf, followRun, instrumentZone, interfaceOf, isFinal, studyOf } from "./run-data";
import { StudyView } from "./study";

const TABLE_PAGE = 100;

/** What a run not yet final is doing, from its own times (a run has no progress count). */
function Pending(props: { run: Run }) {
  const r = props.run;
  const text = r.status === "queued"
    ? `Queued since ${when(r.created_at)}: it starts when a worker and one of the account's run slots are free.`
    : `Running since ${when(r.started_at ?? r.created_at)}.`;
  return <p class="muted">{text} This page follows it until it finishes.</p>;
}

/** Whether the run's results have expired (kept 7 days: docs/reference/api.md); the API answers 410 for them then. */
const expired = (r: Run): boolean => r.status === "succeeded" && !!r.expires_at && Date.parse(r.expires_at) <= Date.now();

/** The window a run ran on, as a new run asks for it: its resolved range, else what it was asked (a run cancelled while queued). */
function againWindow(r: Run): Record<string, string | number> {
  const w = r.window;
  if (w.from && w.to) return { from: w.from, to: w.to };
  if (w.requested_from && w.requested_to) return { from: w.requested_from, to: w.requested_to };
  const body: Record<string, string | number> = {};
  if (w.requested_from) body["from"] = w.requested_from;
  else if (w.requested_to) body["to"] = w.requested_to;
  if (w.bars > 0) body["bars"] = w.bars;
  return body;
}

/** Whether a finished run offers Run it again: its results expired, it was cancelled, or it failed in a way another try may not. */
const offersAgain = (r: Run): boolean => expired(r) || r.status === "cancelled" || (r.status === "failed" && r.failure?.retryable === true);

/**
 * A way on from a run whose results expired (said once, in place of the results and logs, whose
 * calls answer 410), that was cancelled, or that failed where starting it again may work
 * (docs/adr/0364): Run it again starts the same script version on the same instrument,
 * timeframe, window and inputs, and opens the new run.
 */
function RunAgain(props: { run: Run }) {
  const r = props.run;
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function again(): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      const next = await api<Run>("/v1/runs", { method: "POST", body: { script: r.script, kind: r.kind, instrument: r.instrument, timeframe: r.timeframe, ...againWindow(r), inputs: r.inputs ?? {} } });
      navigate(runHref(next));
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  }
  const same = "the same script version, instrument, timeframe, window and inputs";
  return (
    <section aria-label={expired(r) ? "Results" : "Run again"}>
      <p>{expired(r) ? `Its results expired at ${when(r.expires_at)}: the service keeps a run's results 7 days. Running it again computes them anew with ${same}.` : `Running it again starts a new run with ${same}.`}</p>
      <button class="primary" type="button" disabled={busy} onClick={() => void again()}>Run it again</button>
      <ErrorBox error={error} />
    </section>
  );
}

/**
 * The inputs a run was given ("len = 21, src = hl2"; the script's defaults fill the rest), in the
 * order the script declares them (its Interface's `inputs`), not the API's key order; names the
 * Interface lacks follow. A text in quotes, so an empty one (a timeframe input's "Chart") shows.
 */
export function inputsText(r: Run, order: readonly string[]): string {
  const rank = (k: string): number => { const i = order.indexOf(k); return i < 0 ? order.length : i; };
  const entries = Object.entries(r.inputs ?? {}).sort(([a], [b]) => rank(a) - rank(b));
  return entries.map(([k, v]) => `${k} = ${typeof v === "string" ? JSON.stringify(v) : String(v)}`).join(", ");
}

/** The failure a run ended with, named by its kind (docs/reference/errors.md). */
function failureText(r: Run): string {
  if (!r.failure) return "";
  const head = r.failure.kind === "cancelled" ? "Cancelled" : `Failed (${r.failure.kind})`;
  return `${head}: ${r.failure.message}${r.failure.retryable ? " Starting it again may work." : ""}`;
}

/** What a screen reader is told when the run's status changes while the page is open. */
export function statusNews(r: Run): string {
  switch (r.status) {
    case "queued": return "The run is queued.";
    case "running": return "The run is running.";
    case "succeeded": return `The run succeeded${r.summary ? ` over ${count(r.summary.bars, "bar")}` : ""}: its results follow.`;
    case "cancelled": return "The run was cancelled.";
    default: return `The run failed${r.failure ? ` (${r.failure.kind})` : ""}: see its status.`;
  }
}

/** A bar's time, marked when it is a warmup bar (before the window), as the logs mark theirs. */
const barTime = (iso: string, r: Run): string => `${when(iso)}${r.window.from && iso < r.window.from ? " (warmup)" : ""}`;

/**
 * The runtime errors a run met on some of its bars (each message once: how many bars raised it,
 * the first and the last), as the summary gives them (docs/reference/api.md "Summary";
 * docs/adr/0306-clients-used-from-outside-three.md).
 */
function RuntimeErrors(props: { run: Run }) {
  const r = props.run;
  const errors = r.summary?.runtime_errors ?? [];
  if (errors.length === 0) return null;
  // "On some bars" only while no error was raised on every bar the run evaluated (warmup included).
  const everyBar = errors.some((e) => r.summary !== undefined && e.count >= r.summary.bars_evaluated);
  const heading = errors.length === 1 ? `A runtime error on ${everyBar ? "every" : "some"} bar${everyBar ? "" : "s"}:` : `${errors.length} runtime errors${everyBar ? ", one on every bar" : " on some bars"}:`;
  return (
    <div class="runtime-errors">
      <p>{heading}</p>
      <ul>
        {errors.map((e) => (
          <li><code>{e.message}</code> on {count(e.count, "bar")}, {e.count === 1 || e.first_time === e.last_time ? barTime(e.first_time, r) : `first ${barTime(e.first_time, r)}, last ${barTime(e.last_time, r)}`}</li>
        ))}
      </ul>
    </div>
  );
}

const Status = forwardRef<HTMLDivElement, { run: Run; inputOrder: readonly string[] }>(function Status(props, ref) {
  const r = props.run;
  const inputs = inputsText(r, props.inputOrder);
  return (
    // Not a live region: the whole box would be read again at each change; statusNews says what changed.
    <div class="run-status" tabIndex={-1} ref={ref}>
      <p><span class={`badge ${r.status}`}>{r.status}</span> {r.kind} <a href={scriptPageHref(r.script, r.kind, session.handle)}>{r.script.owner}/{r.script.slug}</a> v{r.script.version} on <strong>{r.instrument}</strong> {r.timeframe}
        {r.window.from ? <> · {when(r.window.from)} to {when(r.window.to)} ({count(r.window.bars, "bar")})</> : null} · source {r.source}</p>
      {inputs ? <p>Inputs: {inputs}</p> : null}
      {r.failure ? <p class="error">{failureText(r)}</p> : null}
      {r.summary ? <p class="muted">{count(r.summary.bars, "bar")}{r.summary.events !== undefined ? ` · ${count(r.summary.events, "event")}` : ""} · {count(r.summary.compute_units, "compute unit")} · {num(r.summary.duration, 3)} s{r.expires_at && r.status === "succeeded" ? ` · results ${expired(r) ? "expired" : "kept until"} ${when(r.expires_at)}` : ""}</p> : null}
      {r.summary ? <RuntimeErrors run={r} /> : null}
    </div>
  );
});

/** The table's page (0 on) the address names, within the pages there are. */
const pageWithin = (at: number | undefined, pages: number): number => Math.max(0, Math.min((at ?? 1) - 1, pages - 1));

function OutputsTable(props: { names: string[]; points: OutputPoint[]; at: number | undefined; onPage(page: number): void }) {
  const pages = Math.ceil(props.points.length / TABLE_PAGE);
  const page = pageWithin(props.at, pages);
  const rows = props.points.slice(page * TABLE_PAGE, (page + 1) * TABLE_PAGE);
  return (
    <>
      <Scroll label="Table of results">
        <table class="numbers">
          <caption>Results, {count(props.points.length, "point")} ({TABLE_PAGE} a page)</caption>
          <thead><tr><th scope="col">Time (UTC)</th>{props.names.map((n) => <th scope="col">{n}</th>)}</tr></thead>
          <tbody>{rows.map((p) => <tr><td>{when(new Date(p.t * 1000).toISOString())}</td>{props.names.map((n) => <td>{p[n] === null ? "na" : num(p[n], 6)}</td>)}</tr>)}</tbody>
        </table>
      </Scroll>
      <Pager page={page} pages={pages} onPage={props.onPage} label="Result pages" />
    </>
  );
}

function EventsTable(props: { events: EventRow[]; at: number | undefined; onPage(page: number): void }) {
  const page = pageWithin(props.at, Math.ceil(props.events.length / TABLE_PAGE));
  const rows = props.events.slice(page * TABLE_PAGE, (page + 1) * TABLE_PAGE);
  return (
    <>
      <Scroll label="Table of events">
        <table>
          <caption>{count(props.events.length, "event")}</caption>
          <thead><tr><th scope="col">Time (UTC)</th><th scope="col">Event</th><th scope="col">Message</th><th scope="col">Price</th></tr></thead>
          <tbody>{rows.map((e) => <tr key={e.id}><td>{when(e.time)}</td><td>{e.name}</td><td>{e.message}</td><td>{num(e.price, 6)}</td></tr>)}</tbody>
        </table>
      </Scroll>
      <Pager page={page} pages={Math.ceil(props.events.length / TABLE_PAGE)} onPage={props.onPage} label="Event pages" />
    </>
  );
}

interface Loaded {
  bars: Row[];
  iface: ScriptInterface | null;
  points: OutputPoint[];
  events: EventRow[];
  drawings: Awaited<ReturnType<typeof drawingsOf>>;
  /** The instrument's time zone: the chart's intraday times are its wall clock (docs/adr/0364). */
  timeZone: string | null;
}

function Results(props: { run: Run; view: "chart" | "table"; state: RunState }) {
  const { run, view, state } = props;
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  // the view is the page's address (`?view=table`): choosing one pushes it
  const setView = (next: "chart" | "table"): void => { if (next !== view) navigate(runHref(run, next, { ...state, at: 1 })); };
  // the table's page is the address's too (`?page=3`), so a reload keeps it
  const setPage = (page: number): void => navigate(runHref(run, "table", { ...state, at: page + 1 }));
  const [csvError, setCsvError] = useState("");

  useEffect(() => {
    const indicator = run.kind === "indicator";
    Promise.all([
      barsOf(run.id),
      indicator ? interfaceOf(run) : Promise.resolve(null),
      indicator ? allOutputs(run.id) : Promise.resolve([]),
      indicator ? Promise.resolve([]) : allEvents(run.id),
      indicator ? drawingsOf(run.id) : Promise.resolve(null),
      instrumentZone(run.instrument),
    ]).then(([bars, iface, points, events, drawings, timeZone]) => setData({ bars, iface, points, events, drawings, timeZone }), setError);
  }, [run.id]);

  const names = useMemo(() => {
    if (!data) return [];
    if (data.iface) return data.iface.outputs.map((o) => o.name);
    return Object.keys(data.points[0] ?? {}).filter((k) => k !== "t");
  }, [data]);
  const intraday = !/^(1d|1w)$/.test(run.timeframe);
  // docs/adr/0364: the chart reads the exchange's clock, as TradingView's chart does by default
  const time = useMemo(() => exchangeClock(data?.timeZone, intraday, data?.bars.map((b) => b[0]) ?? []), [data, intraday]);
  const plan = useMemo(() => data && planChart(data.iface ?? { outputs: names.map((n) => ({ name: n, title: n })) }, data.bars, data.points, time.clock), [data, names, time]);
  const extra = useMemo(() => {
    const first = plan?.candles[0]?.time;
    const last = plan?.candles[plan.candles.length - 1]?.time;
    const span = first !== undefined && last !== undefined ? { first, last } : undefined;
    const drawn = data?.drawings ? drawingsPlan(data.drawings, span, time.clock) : { shapes: [], outside: 0 };
    // docs/adr/0235, 0354: the tables over the chart, in their pane (with cells, the last at each position)
    const tables = shownTables(data?.drawings?.tables ?? []).map(({ table, index }) => tablePlan(table, index));
    return { markers: eventMarkers(data?.events ?? [], time.clock), shapes: drawn.shapes, tables, outside: drawn.outside };
  }, [data, plan, time]);

  if (error) return <ErrorBox error={error} />;
  if (!data || !plan) return <Loading what="results" />;
  return (
    <section aria-label="Results">
      <div class="actions" role="group" aria-label="View">
        <button type="button" aria-pressed={view === "chart"} onClick={() => setView("chart")}>Chart</button>
        <button type="button" aria-pressed={view === "table"} onClick={() => setView("table")}>Table</button>
        <button class="primary" type="button" onClick={() => { setCsvError(""); downloadCsv(run.id).catch((e: unknown) => setCsvError(errorText(e))); }}>Download CSV</button>
      </div>
      {csvError ? <p class="error" role="alert">{csvError}</p> : null}
      {view === "chart"
        ? <RunChart plan={plan} markers={extra.markers} shapes={extra.shapes} tables={extra.tables} intraday={intraday} zone={intraday ? time.zone : null} label={`Candlestick chart of ${run.instrument} ${run.timeframe} with ${names.join(", ") || "the events"}`} />
        : run.kind === "indicator" ? <OutputsTable names={names} points={data.points} at={state.at} onPage={setPage} /> : <EventsTable events={data.events} at={state.at} onPage={setPage} />}
      {run.kind === "indicator" && !data.iface ? <p class="muted">The script of this run ({run.script.owner}/{run.script.slug} v{run.script.version}) can no longer be read (deleted): its outputs are drawn as lines in the default colors on a pane below the prices; its hlines, plot styles, colors and overlay are not known.</p> : null}
      {view === "chart" && extra.outside > 0 ? <p class="muted">{num(extra.outside, 0)} drawing{extra.outside === 1 ? " lies" : "s lie"} wholly before the window's first bar or after its last (drawn on warmup bars): not on the chart; the API's drawings hold {extra.outside === 1 ? "it" : "them"}.</p> : null}
      {view === "chart" && data.drawings ? <DrawingsText drawings={data.drawings} /> : null}
      {view === "table" && data.drawings ? <DrawingTables drawings={data.drawings} /> : null}
    </section>
  );
}

/** A study's address given another kind of run: not found, as the server's status says, with the run's own address. */
function NotAStudy(props: { run: Run }) {
  return (
    <Page title="Not found">
      <p class="error" role="alert">Not found: there is no study <code>{props.run.id}</code>. It is {props.run.kind === "indicator" ? "an" : "a"} {props.run.kind} run: <a href={runHref(props.run)}>open it on its run page</a>.</p>
    </Page>
  );
}

/**
 * A run page's title: a study's results are the study's ("Study of …", at /app/studies/, as a
 * sweep's page is "Sweep of …"), every other run's "Run of …"; before the run is read, the address says which.
 */
export function runTitle(run: Run | null, study: boolean): string {
  const noun = (run ? run.kind === "study" : study) ? "Study" : "Run";
  return run ? `${noun} of ${run.script.slug} on ${run.instrument} ${run.timeframe}` : noun;
}

/** The input names in the script's declaration order, read once a run with two inputs or more is known. */
function useInputOrder(run: Run | null): readonly string[] {
  const [order, setOrder] = useState<readonly string[]>([]);
  const wanted = run !== null && Object.keys(run.inputs ?? {}).length > 1;
  const id = run?.id;
  useEffect(() => {
    if (!wanted || !run) return;
    let live = true;
    // without the Interface (the script gone) the API's order stays
    interfaceOf(run).then((i) => { if (live && i) setOrder(i.inputs.map((x) => x.name)); }, () => undefined);
    return () => { live = false; };
  }, [id, wanted]);
  return order;
}

export function RunPage(props: { id: string; study: boolean; view: "chart" | "table"; state: RunState }) {
  const [run, setRun] = useState<Run | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [cancelError, setCancelError] = useState<unknown>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const statusBox = useRef<HTMLDivElement>(null);
  // Set when the run turns final while Cancel holds the focus: Cancel then goes away, and the
  // focus goes to the status that says what happened rather than to the page's start.
  const focusStatus = useRef(false);
  // The status said once it changes (not on the first answer: the page's heading and status say it).
  const [news, setNews] = useState("");
  const lastStatus = useRef<string | null>(null);
  const inputOrder = useInputOrder(run);

  useEffect(() => {
    const abort = new AbortController();
    const onState = (r: Run): void => {
      if (isFinal(r) && cancelButton.current !== null && document.activeElement === cancelButton.current) focusStatus.current = true;
      if (lastStatus.current !== null && lastStatus.current !== r.status) setNews(statusNews(r));
      lastStatus.current = r.status;
      setRun(r);
      if (props.study && r.kind !== "study") abort.abort();
    };
    followRun(props.id, onState, abort.signal).catch((e: unknown) => { if (!abort.signal.aborted) setError(e); });
    return () => abort.abort();
  }, [props.id, props.study]);
  useEffect(() => {
    if (focusStatus.current && statusBox.current) {
      focusStatus.current = false;
      statusBox.current.focus();
    }
  }, [run]);

  if (props.study && run && run.kind !== "study") return <NotAStudy run={run} />;
  const title = runTitle(run, props.study);
  if (!run && error) return <LoadFailed what={title} error={error} />;
  async function cancel(): Promise<void> {
    try {
      const r = await api<Run>(`/v1/runs/${encodeURIComponent(props.id)}/cancel`, { method: "POST" });
      if (document.activeElement === cancelButton.current) focusStatus.current = true;
      if (lastStatus.current !== r.status) setNews(statusNews(r));
      lastStatus.current = r.status;
      setRun(r);
    } catch (e) { setCancelError(e); }
  }
  return (
    <Page title={title} actions={run && !isFinal(run) ? <button class="danger" type="button" ref={cancelButton} onClick={() => void cancel()}>Cancel run</button> : null}>
      <ErrorBox error={error ?? cancelError} />
      <Announce text={news} />
      {!run && !error ? <Loading what={`the ${title.toLowerCase()}`} /> : null}
      {run ? <Status run={run} inputOrder={inputOrder} ref={statusBox} /> : null}
      {run && !isFinal(run) ? <Pending run={run} /> : null}
      {run && offersAgain(run) ? <RunAgain run={run} /> : null}
      {run?.status === "succeeded" && !expired(run) ? (run.kind === "study" ? <StudyLoader id={run.id} /> : <Results run={run} view={props.view} state={props.state} />) : null}
      {run?.status === "succeeded" && !expired(run) && run.kind !== "study" ? <RunLogs run={run} level={props.state.level} onLevel={(level: LogLevel | undefined) => navigate(runHref(run, props.view, { ...props.state, level }), true)} /> : null}
    </Page>
  );
}

function StudyLoader(props: { id: string }) {
  const [study, setStudy] = useState<StudyResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => { studyOf(props.id).then(setStudy, setError); }, [props.id]);
  if (error) return <ErrorBox error={error} />;
  return study ? <StudyView study={study} /> : <Loading what="the study" />;
}
