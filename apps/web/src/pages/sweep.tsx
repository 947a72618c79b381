// /app/sweeps/{sweep_id}: a sweep's status (long-polled, with progress), its ranked rows and a
// heat map of one statistic over two of its inputs (docs/reference/api.md #34, #35).
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { ErrorBox, Loading, num, Page, Scroll } from "../ui";

interface Sweep { id: string; status: string; grid: Record<string, Array<string | number | boolean>>; horizons: number[]; definition: { owner: string; slug: string }; instruments: string[]; timeframe: string; progress?: { done: number; total: number }; failure?: { kind: string; message: string } }
interface SweepRow { rank: number; inputs: Record<string, unknown>; events: number; horizons: Array<{ h: number; count: number; mean: number | null; hit_rate: number | null; t_stat: number | null; p_value: number | null; p_adjusted: number | null }> }

export function SweepPage(props: { id: string }) {
  const [sweep, setSweep] = useState<Sweep | null>(null);
  const [rows, setRows] = useState<SweepRow[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      let s = await api<Sweep>(`/v1/sweeps/${encodeURIComponent(props.id)}`);
      while (live && ["queued", "running"].includes(s.status)) {
        setSweep(s);
        s = await api<Sweep>(`/v1/sweeps/${encodeURIComponent(props.id)}?wait=30`);
      }
      if (!live) return;
      setSweep(s);
      if (s.status === "succeeded") setRows((await api<{ data: SweepRow[] }>(`/v1/sweeps/${encodeURIComponent(props.id)}/results?limit=1000`)).data);
    })().catch((e: unknown) => { if (live) setError(e); });
    return () => { live = false; };
  }, [props.id]);
  return (
    <Page title="Sweep">
      <ErrorBox error={error} />
      {!sweep && !error ? <Loading what="the sweep" /> : null}
      {sweep ? <p role="status"><span class={`badge ${sweep.status}`}>{sweep.status}</span> {sweep.definition.owner}/{sweep.definition.slug} on {sweep.instruments.join(", ")} {sweep.timeframe}{sweep.progress ? ` · ${sweep.progress.done} of ${sweep.progress.total}` : ""}</p> : null}
      {sweep?.failure ? <p class="error">Failed ({sweep.failure.kind}): {sweep.failure.message}</p> : null}
      {rows && sweep ? <HeatMap sweep={sweep} rows={rows} /> : null}
      {rows ? (
        <Scroll label="Combinations ranked">
          <table class="numbers">
            <caption>Combinations ranked</caption>
            <thead><tr><th scope="col">Rank</th><th scope="col">Inputs</th><th scope="col">Events</th><th scope="col">First horizon: mean</th><th scope="col">t</th><th scope="col">p (Holm)</th></tr></thead>
            <tbody>{rows.map((r) => <tr><td>{r.rank}</td><td><code>{JSON.stringify(r.inputs)}</code></td><td>{r.events}</td><td>{num(r.horizons[0]?.mean ?? null, 6)}</td><td>{num(r.horizons[0]?.t_stat ?? null, 3)}</td><td>{num(r.horizons[0]?.p_adjusted ?? null, 4)}</td></tr>)}</tbody>
          </table>
        </Scroll>
      ) : null}
    </Page>
  );
}

type Stat = "t_stat" | "mean" | "hit_rate" | "p_adjusted";
const STATS: Stat[] = ["t_stat", "mean", "hit_rate", "p_adjusted"];

/**
 * One statistic at one horizon over two inputs of the grid: each cell the best value over the
 * other inputs' values (the largest; the smallest for p), colored from the worst to the best cell.
 */
function HeatMap(props: { sweep: Sweep; rows: SweepRow[] }) {
  const names = Object.keys(props.sweep.grid);
  const [x, setX] = useState(names[0] ?? "");
  const [y, setY] = useState(names[1] ?? names[0] ?? "");
  const [stat, setStat] = useState<Stat>("t_stat");
  const [h, setH] = useState(props.sweep.horizons[0] ?? 1);
  if (names.length === 0) return null;
  const xs = props.sweep.grid[x] ?? [];
  const ys = props.sweep.grid[y] ?? [];
  const lowBest = stat === "p_adjusted";
  const cell = (xv: unknown, yv: unknown): number | null => {
    let best: number | null = null;
    for (const r of props.rows) {
      if (r.inputs[x] !== xv || r.inputs[y] !== yv) continue;
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
    <section aria-label="Heat map">
      <p>
        <label>Across <select value={x} onChange={(e) => setX((e.target as HTMLSelectElement).value)}>{names.map((n) => <option value={n}>{n}</option>)}</select></label>{" "}
        <label>down <select value={y} onChange={(e) => setY((e.target as HTMLSelectElement).value)}>{names.map((n) => <option value={n}>{n}</option>)}</select></label>{" "}
        <label>statistic <select value={stat} onChange={(e) => setStat((e.target as HTMLSelectElement).value as Stat)}>{STATS.map((n) => <option value={n}>{n}</option>)}</select></label>{" "}
        <label>horizon <select value={String(h)} onChange={(e) => setH(Number((e.target as HTMLSelectElement).value))}>{props.sweep.horizons.map((n) => <option value={String(n)}>{n}</option>)}</select></label>
      </p>
      <Scroll label="Heat map values">
        <table class="numbers heatmap">
          <caption>{stat} at h = {h}{names.length > 2 ? " (best over the other inputs)" : ""}</caption>
          <thead><tr><th scope="col">{y} / {x}</th>{xs.map((v) => <th scope="col">{String(v)}</th>)}</tr></thead>
          <tbody>{ys.map((yv, i) => <tr><th scope="row">{String(yv)}</th>{xs.map((_, j) => <td style={{ background: shade(values[i]![j]!) }}>{num(values[i]![j]!, 4)}</td>)}</tr>)}</tbody>
        </table>
      </Scroll>
    </section>
  );
}
