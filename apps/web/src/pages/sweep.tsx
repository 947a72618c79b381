// /app/sweeps/{sweep_id}: a sweep's status and progress (read again every few seconds until it
// is final; Cancel while it is queued or running), its rows ranked as the API ranks them
// (`sort=h<N>:<stat>`, docs/reference/endpoints.md; the ranking shown is in the page's address,
// `?sort=h20:p_value`, docs/adr/0316) and a heat map of one statistic over two of
// its inputs; a row's Run starts the definition with that combination (its events on the run's chart).
import { useEffect, useRef, useState } from "preact/hooks";
import { api, session } from "../api";
import { navigate } from "../router";
import { editorHref, runHref, sweepHref, type HeatView, type SweepSort } from "../routes";
import type { Run, Sweep, SweepHorizon, SweepRow } from "../types";
import { Announce, count, ErrorBox, horizonBars, LoadFailed, Loading, num, Page, Scroll, when } from "../ui";
import { isActiveSweep } from "./sweeps";
import { RowStats, rowInputs } from "./sweep-row-stats";

/** How long one read of a queued or running sweep may wait (its progress moves meanwhile). */
const POLL_WAIT_S = 2;
/** A sweep's window when it named none (docs/reference/endpoints.md, POST /v1/sweeps). */
const DEFAULT_BARS = 5_000;
/** Every combination of a sweep (at most 500) fits in one page of its rows. */
const ROWS = 1_000;
/** The statistics shown as columns; the sort menu offers every one the rows carry. */
const COLUMNS = ["count", "mean", "median", "hit_rate", "t_stat", "p_value", "p_adjusted"] as const;
/** The API ranks p values ascending, every other statistic descending (docs/reference/endpoints.md). */
const ascending = (stat: string): boolean => stat.startsWith("p_");

/** Reads the sweep until it is final: short long-polls, so the progress shown moves. */
async function followSweep(id: string, onState: (s: Sweep) => void, signal: AbortSignal): Promise<void> {
  let s = await api<Sweep>(`/v1/sweeps/${encodeURIComponent(id)}`, { signal });
  onState(s);
  while (isActiveSweep(s) && !signal.aborted) {
    const started = Date.now();
    s = await api<Sweep>(`/v1/sweeps/${encodeURIComponent(id)}?wait=${POLL_WAIT_S}`, { signal });
    if (signal.aborted) return;
    onState(s);
    // A plan with no long-poll places answers at once: do not spin.
    if (isActiveSweep(s) && Date.now() - started < 500) await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The statistics the rows carry (a number or null at each horizon): the sort menu's choices. */
function statsOf(rows: SweepRow[]): string[] {
  const h = rows[0]?.horizons[0];
  if (!h) return [...COLUMNS];
  return Object.keys(h).filter((k) => k !== "h" && !Array.isArray(h[k as keyof SweepHorizon]));
}

/** The definition's page: the editor for one's own, the library's page for another account's. */
function definitionHref(d: Sweep["definition"]): string {
  return d.owner === session.handle ? editorHref(d.slug, "definition") : `/app/library/${encodeURIComponent(d.owner)}/${encodeURIComponent(d.slug)}`;
}

function Facts(props: { sweep: Sweep }) {
  const s = props.sweep;
  const w = s.window;
  return (
    <dl class="facts">
      <dt>Definition</dt><dd><a href={definitionHref(s.definition)}>{s.definition.owner}/{s.definition.slug}</a> v{s.definition.version}</dd>
      <dt>Instruments</dt><dd>{s.instruments.join(", ")} {s.timeframe}</dd>
      <dt>Window</dt><dd>{w.bars ? `latest ${count(w.bars, "bar")}` : ""}{w.from ? ` from ${when(w.from)}` : ""}{w.to ? ` to ${when(w.to)}` : ""}{!w.bars && !w.from && !w.to ? `the default (latest ${num(DEFAULT_BARS, 0)} bars)` : ""}</dd>
      <dt>Grid</dt><dd>{Object.entries(s.grid).map(([k, v]) => `${k}: ${v.map(String).join(", ")}`).join("; ")}</dd>
      <dt>Horizons</dt><dd>{horizonBars(s.horizons)}</dd>
      <dt>Created</dt><dd>{when(s.created_at)}{s.finished_at ? ` · finished ${when(s.finished_at)}` : ""}</dd>
      {s.summary ? <><dt>Summary</dt><dd>{count(s.summary.combinations, "combination")}, {count(s.summary.evaluations, "evaluation")}, {count(s.summary.events, "event")}, {count(s.summary.compute_units, "compute unit")}, {num(s.summary.duration, 3)} s</dd></> : null}
    </dl>
  );
}

/** What a screen reader is told when the sweep's status changes while its page is open. */
function sweepNews(s: Sweep): string {
  switch (s.status) {
    case "queued": return "The sweep is queued.";
    case "running": return "The sweep is running.";
    case "succeeded": return `The sweep succeeded: ${s.progress.done} of ${count(s.progress.total, "evaluation")}; its rows follow.`;
    case "cancelled": return "The sweep was cancelled.";
    default: return `The sweep failed${s.failure ? ` (${s.failure.kind})` : ""}: see its status.`;
  }
}

export function SweepPage(props: { id: string; sort?: SweepSort | undefined; heat?: HeatView | undefined }) {
  const [sweep, setSweep] = useState<Sweep | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [cancelError, setCancelError] = useState<unknown>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const statusBox = useRef<HTMLDivElement>(null);
  // Set when the sweep turns final while Cancel holds the focus: Cancel then goes away, and the
  // focus goes to the status that says what happened rather than to the page's start.
  const focusStatus = useRef(false);
  // A status change said once (the status box is not a live region: its progress changes at each reading)
  const [news, setNews] = useState("");
  const lastStatus = useRef<string | null>(null);
  const noteStatus = (s: Sweep): void => {
    if (lastStatus.current !== null && lastStatus.current !== s.status) setNews(sweepNews(s));
    lastStatus.current = s.status;
  };
  useEffect(() => {
    const abort = new AbortController();
    const onState = (s: Sweep): void => {
      if (!isActiveSweep(s) && cancelButton.current !== null && document.activeElement === cancelButton.current) focusStatus.current = true;
      noteStatus(s);
      setSweep(s);
    };
    followSweep(props.id, onState, abort.signal).catch((e: unknown) => { if (!abort.signal.aborted) setError(e); });
    return () => abort.abort();
  }, [props.id]);
  useEffect(() => {
    if (!focusStatus.current) return;
    focusStatus.current = false;
    statusBox.current?.focus();
  }, [sweep]);

  async function cancel(): Promise<void> {
    if (cancelling) return;
    setCancelling(true); setCancelError(null);
    try {
      const s = await api<Sweep>(`/v1/sweeps/${encodeURIComponent(props.id)}/cancel`, { method: "POST" });
      if (!isActiveSweep(s) && document.activeElement === cancelButton.current) focusStatus.current = true;
      noteStatus(s);
      setSweep(s);
    } catch (e) { setCancelError(e); }
    setCancelling(false);
  }
  if (!sweep && error) return <LoadFailed what="Sweep" error={error} />;
  const title = sweep ? `Sweep of ${sweep.definition.slug} on ${sweep.instruments.join(", ")} ${sweep.timeframe}` : "Sweep";
  const active = sweep !== null && isActiveSweep(sweep);
  // aria-disabled, not disabled, while the cancel is on its way: a disabled button drops the focus.
  const cancelAction = <button ref={cancelButton} class="danger" type="button" aria-disabled={cancelling ? "true" : undefined} onClick={() => void cancel()}>{cancelling ? "Cancelling…" : "Cancel sweep"}</button>;
  return (
    <Page title={title} actions={active ? cancelAction : null}>
      <p><a href="/app/sweeps">All your sweeps</a></p>
      <ErrorBox error={error ?? cancelError} />
      <Announce text={news} />
      {!sweep && !error ? <Loading what="the sweep" /> : null}
      {sweep ? (
        <div tabIndex={-1} ref={statusBox} class="sweep-status">
          <p><span class={`badge ${sweep.status}`}>{sweep.status}</span> {sweep.progress.done} of {count(sweep.progress.total, "evaluation")}{sweep.status === "queued" ? " · waiting for one of your run slots" : ""}</p>
          {active ? <progress max={sweep.progress.total} value={sweep.progress.done} aria-label="Evaluations done" /> : null}
          {sweep.failure ? <p class="error">{sweep.status === "cancelled" ? "Cancelled" : `Failed (${sweep.failure.kind})`}: {sweep.failure.message}</p> : null}
        </div>
      ) : null}
      {sweep ? <Facts sweep={sweep} /> : null}
      {sweep?.status === "succeeded" ? <Results sweep={sweep} sort={props.sort} heat={props.heat} /> : null}
    </Page>
  );
}

/**
 * A run of the sweep's definition with one row's inputs (over the sweep's fixed ones) on one of
 * its instruments, timeframe and window: its events drawn on the chart of the run's page.
 */
async function runCombination(sweep: Sweep, row: SweepRow, instrument: string): Promise<void> {
  const fixed = Object.fromEntries(Object.entries(sweep.inputs).filter((e): e is [string, number | string | boolean] => ["number", "string", "boolean"].includes(typeof e[1])));
  const w = sweep.window;
  const window = w.bars || w.from || w.to ? { ...(w.bars ? { bars: w.bars } : {}), ...(w.from ? { from: w.from } : {}), ...(w.to ? { to: w.to } : {}) } : { bars: DEFAULT_BARS };
  const run = await api<Run>("/v1/runs", {
    method: "POST",
    body: { script: sweep.definition, kind: "definition", instrument, timeframe: sweep.timeframe, ...window, inputs: { ...fixed, ...row.inputs } },
  });
  navigate(runHref(run));
}

/**
 * The ranking the address names when its horizon is one of the sweep's, else the API's default
 * (the first horizon's t_stat). Choosing another pushes its address: back returns to the previous
 * ranking, a reload keeps it.
 */
function rankingOf(sweep: Sweep, sort: SweepSort | undefined): SweepSort {
  return sort && sweep.horizons.includes(sort.h) ? sort : { h: sweep.horizons[0] ?? 1, stat: "t_stat" };
}

function Results(props: { sweep: Sweep; sort: SweepSort | undefined; heat: HeatView | undefined }) {
  const { sweep } = props;
  const { h, stat } = rankingOf(sweep, props.sort);
  const setH = (next: number): void => navigate(sweepHref(sweep.id, { h: next, stat }, props.heat));
  const setStat = (next: string): void => navigate(sweepHref(sweep.id, { h, stat: next }, props.heat));
  // The rows with the ranking they were read for: the table names the ranking it shows, not the one asked for.
  const [loaded, setLoaded] = useState<{ h: number; stat: string; rows: SweepRow[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [on, setOn] = useState(sweep.instruments[0] ?? "");
  const [runError, setRunError] = useState<unknown>(null);
  // one combination's run at a time: a double click on Run started two runs (docs/adr/0364)
  const [starting, setStarting] = useState(false);
  const startRow = (r: SweepRow, on: string): void => {
    if (starting) return;
    setStarting(true);
    setRunError(null);
    runCombination(sweep, r, on).catch((e: unknown) => { setRunError(e); setStarting(false); });
  };
  // the combinations whose every statistic is shown under their row, by inputs (ranks change with the sort)
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string): void => setOpen((o) => { const next = new Set(o); if (!next.delete(key)) next.add(key); return next; });
  useEffect(() => {
    let live = true;
    setError(null);
    api<{ data: SweepRow[] }>(`/v1/sweeps/${encodeURIComponent(sweep.id)}/results?limit=${ROWS}&sort=${encodeURIComponent(`h${h}:${stat}`)}`).then(
      (page) => { if (live) setLoaded({ h, stat, rows: page.data }); },
      (e: unknown) => { if (live) setError(e); },
    );
    return () => { live = false; };
  }, [sweep.id, h, stat]);
  // a statistic the service does not rank by, named in the address: its refusal, and the way back
  if (error) return <><ErrorBox error={error} />{props.sort ? <p><a href={sweepHref(sweep.id)}>Rank by the default (t_stat at h = {sweep.horizons[0]})</a></p> : null}</>;
  if (!loaded) return <Loading what="the ranked rows" />;
  const { rows } = loaded;
  const names = Object.keys(sweep.grid);
  const order = ascending(loaded.stat) ? "ascending" : "descending";
  const stale = loaded.h !== h || loaded.stat !== stat;
  const sortBy = (s: string) => (
    <button type="button" class="sort" onClick={() => setStat(s)} aria-label={`Rank by ${s} at h = ${h}`}>{s}</button>
  );
  return (
    <>
      <section aria-labelledby="ranked-title">
        <h2 id="ranked-title">Combinations ranked</h2>
        <div class="controls">
          <div><label for="rank-stat">Rank by</label><select id="rank-stat" value={stat} onChange={(e) => setStat(e.currentTarget.value)}>{statsOf(rows).map((n) => <option value={n}>{n}</option>)}</select></div>
          <div><label for="rank-h">at horizon</label><select id="rank-h" value={String(h)} onChange={(e) => setH(Number(e.currentTarget.value))}>{sweep.horizons.map((n) => <option value={String(n)}>{n}</option>)}</select></div>
          {sweep.instruments.length > 1 ? <div><label for="rank-on">Run on</label><select id="rank-on" value={on} onChange={(e) => setOn(e.currentTarget.value)}>{sweep.instruments.map((i) => <option value={i}>{i}</option>)}</select></div> : null}
          <p class="muted">{ascending(stat) ? "Smallest" : "Largest"} first, as the service ranks it; p_adjusted is Holm's over {rows.length === 1 ? "its one combination" : `all ${rows.length} combinations`}.{stale ? <span role="status"> Ranking…</span> : null}</p>
        </div>
        <ErrorBox error={runError} />
        <Scroll label="Table of the ranked combinations">
          <table class="numbers ranked">
            <caption>Combinations ranked by {loaded.stat} at h = {loaded.h}</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                {names.map((n) => <th scope="col">{n}</th>)}
                <th scope="col" class="n">Events</th>
                {COLUMNS.map((c) => <th scope="col" class="n" aria-sort={c === loaded.stat ? order : undefined}>{sortBy(c)}</th>)}
                <th scope="col"><span class="visually-hidden">Run</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.flatMap((r) => {
                const at = r.horizons.find((k) => k.h === loaded.h);
                const key = JSON.stringify(r.inputs);
                const shown = open.has(key);
                const statsId = `row-stats-${r.rank}`;
                return [
                  <tr key={key}>
                    <td>{r.rank}</td>
                    {names.map((n) => <td>{String(r.inputs[n] ?? "")}</td>)}
                    <td class="n">{num(r.events, 0)}</td>
                    {COLUMNS.map((c) => <td class="n">{num(at?.[c] ?? null, c === "count" ? 0 : 6)}</td>)}
                    <td class="row-actions">
                      <button type="button" disabled={starting} onClick={() => startRow(r, on)} aria-label={`Run ${rowInputs(r, names)} on ${on}`}>Run</button>
                      <button type="button" aria-expanded={shown} aria-controls={shown ? statsId : undefined} onClick={() => toggle(key)} aria-label={`Details of ${rowInputs(r, names)}`}>Details</button>
                    </td>
                  </tr>,
                  ...(shown ? [<tr key={`${key}/stats`} id={statsId} class="row-stats"><td colSpan={names.length + COLUMNS.length + 3}><RowStats row={r} names={names} /></td></tr>] : []),
                ];
              })}
            </tbody>
          </table>
        </Scroll>
      </section>
      <HeatMap sweep={sweep} rows={rows} view={props.heat} onView={(heat) => navigate(sweepHref(sweep.id, props.sort, heat))} />
    </>
  );
}

type Stat = "t_stat" | "mean" | "hit_rate" | "p_adjusted";
const STATS: Stat[] = ["t_stat", "mean", "hit_rate", "p_adjusted"];

/**
 * One statistic at one horizon over two inputs of the grid: each cell the best value over the
 * other inputs' values (the largest; the smallest for p), colored from the worst to the best cell.
 * A grid of one input is one row across its values (docs/adr/0364), not that input against itself.
 */
function HeatMap(props: { sweep: Sweep; rows: SweepRow[]; view: HeatView | undefined; onView(view: HeatView): void }) {
  const names = Object.keys(props.sweep.grid);
  const single = names.length === 1;
  // the map the address names, each part the default where the sweep has no such input, statistic or horizon
  const asked = props.view;
  const x = asked && names.includes(asked.x) ? asked.x : (names[0] ?? "");
  const y = asked && names.includes(asked.y) ? asked.y : (names[1] ?? names[0] ?? "");
  const stat: Stat = STATS.find((st) => st === asked?.stat) ?? "t_stat";
  const h = asked && props.sweep.horizons.includes(asked.h) ? asked.h : (props.sweep.horizons[0] ?? 1);
  const view = { x, y, stat, h };
  const setX = (next: string): void => props.onView({ ...view, x: next });
  const setY = (next: string): void => props.onView({ ...view, y: next });
  const setStat = (next: Stat): void => props.onView({ ...view, stat: next });
  const setH = (next: number): void => props.onView({ ...view, h: next });
  if (names.length === 0) return null;
  const xs = props.sweep.grid[x] ?? [];
  const ys: readonly unknown[] = single ? [null] : (props.sweep.grid[y] ?? []);
  const lowBest = stat === "p_adjusted";
  const cell = (xv: unknown, yv: unknown): number | null => {
    let best: number | null = null;
    for (const r of props.rows) {
      if (r.inputs[x] !== xv || (!single && r.inputs[y] !== yv)) continue;
      const v = r.horizons.find((k) => k.h === h)?.[stat] ?? null;
      if (v !== null && (best === null || (lowBest ? v < best : v > best))) best = v;
    }
    return best;
  };
  const values = ys.map((yv) => xs.map((xv) => cell(xv, yv)));
  const flat = values.flat().filter((v): v is number => v !== null);
  const lo = Math.min(...flat);
  const hi = Math.max(...flat);
  const shade = (v: number | null): string => {
    if (v === null || !(hi > lo)) return "transparent";
    const k = (v - lo) / (hi - lo);
    const good = lowBest ? 1 - k : k;
    return `hsl(${Math.round(good * 120)}, 70%, 80%)`;
  };
  return (
    <section aria-labelledby="heat-title">
      <h2 id="heat-title">Heat map</h2>
      <div class="controls">
        <div><label for="heat-x">Across</label><select id="heat-x" value={x} onChange={(e) => setX(e.currentTarget.value)}>{names.map((n) => <option value={n}>{n}</option>)}</select></div>
        {single ? null : <div><label for="heat-y">down</label><select id="heat-y" value={y} onChange={(e) => setY(e.currentTarget.value)}>{names.map((n) => <option value={n}>{n}</option>)}</select></div>}
        <div><label for="heat-stat">statistic</label><select id="heat-stat" value={stat} onChange={(e) => setStat(e.currentTarget.value as Stat)}>{STATS.map((n) => <option value={n}>{n}</option>)}</select></div>
        <div><label for="heat-h">horizon</label><select id="heat-h" value={String(h)} onChange={(e) => setH(Number(e.currentTarget.value))}>{props.sweep.horizons.map((n) => <option value={String(n)}>{n}</option>)}</select></div>
      </div>
      <Scroll label="Heat map values">
        <table class="numbers heatmap">
          <caption>{stat} at h = {h}{names.length > 2 ? " (best over the other inputs)" : ""}</caption>
          <thead><tr><th scope="col">{single ? x : `${y} / ${x}`}</th>{xs.map((v) => <th scope="col">{String(v)}</th>)}</tr></thead>
          <tbody>{ys.map((yv, i) => <tr><th scope="row">{single ? stat : String(yv)}</th>{xs.map((_, j) => <td style={{ background: shade(values[i]![j]!) }}>{num(values[i]![j]!, 4)}</td>)}</tr>)}</tbody>
        </table>
      </Scroll>
    </section>
  );
}
