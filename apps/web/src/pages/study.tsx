// A study's results: for each definition/event/group a table of horizons, and a small chart of
// the mean forward return by horizon against the baseline (an SVG of our own: a few points).
import type { StudyGroup, StudyHorizon, StudyResult } from "../types";
import { count, horizonBars, num, Scroll } from "../ui";

const groupLabel = (g: StudyGroup): string => {
  const parts = Object.entries(g.group ?? {}).map(([k, v]) => `${k} = ${String(v)}`);
  return `${g.definition} · ${g.event}${parts.length > 0 ? ` · ${parts.join(", ")}` : ""}`;
};

type Cell = (h: StudyHorizon) => string;
const range = (r: [number, number] | null | undefined, digits: number): string => (r ? `${num(r[0], digits)} to ${num(r[1], digits)}` : "–");

/** Every number of a horizon (docs/reference/api.md "Study result", and the extended statistics). */
const BASE_COLUMNS: Array<[string, Cell]> = [
  ["Count", (h) => num(h.count, 0)], ["Mean", (h) => num(h.mean, 6)], ["Median", (h) => num(h.median, 6)], ["Stdev", (h) => num(h.stdev, 6)],
  ["Hit rate", (h) => num(h.hit_rate, 4)], ["MFE mean", (h) => num(h.mfe_mean, 6)], ["MAE mean", (h) => num(h.mae_mean, 6)], ["t", (h) => num(h.t_stat, 3)],
];
const EXTENDED_COLUMNS: Array<[string, Cell]> = [
  ["p", (h) => num(h.p_value, 4)], ["Mean 95% CI", (h) => range(h.mean_ci95, 6)], ["Abnormal mean", (h) => num(h.abnormal_mean, 6)],
  ["Hit rate 95% CI", (h) => range(h.hit_rate_ci95, 4)], ["MFE median", (h) => num(h.mfe_median, 6)], ["MAE median", (h) => num(h.mae_median, 6)],
];

/** A table of horizons, one row each; `more` adds columns (a sweep row's p adjusted). */
export function HorizonTable<H extends StudyHorizon>(props: { caption: string; horizons: H[]; more?: Array<[string, (h: H) => string]> }) {
  // The extended statistics, when the service gives them.
  const extended = props.horizons.some((h) => h.p_value !== undefined);
  const columns: Array<[string, (h: H) => string]> = [...(extended ? [...BASE_COLUMNS, ...EXTENDED_COLUMNS] : BASE_COLUMNS), ...(props.more ?? [])];
  return (
    <Scroll label={props.caption}>
      <table class="numbers">
        <caption>{props.caption}</caption>
        <thead><tr><th scope="col">Horizon (bars)</th>{columns.map(([name]) => <th scope="col">{name}</th>)}</tr></thead>
        <tbody>
          {props.horizons.map((h) => (
            <tr key={h.h}><th scope="row">{h.h}</th>{columns.map(([, cell]) => <td>{cell(h)}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

function MeanChart(props: { group: StudyGroup; baseline: StudyHorizon[] }) {
  const W = 360, H = 160, pad = 40;
  const hs = props.group.horizons.map((h) => h.h);
  const base = new Map(props.baseline.map((b) => [b.h, b.mean]));
  const values = [...props.group.horizons.map((h) => h.mean), ...props.baseline.map((b) => b.mean), 0].filter((v): v is number => v !== null);
  const lo = Math.min(...values), hi = Math.max(...values);
  const span = hi - lo || 1;
  const y = (v: number): number => pad / 2 + (H - pad) * (1 - (v - lo) / span);
  const step = (W - pad) / Math.max(1, hs.length);
  const barW = Math.max(4, step * 0.5);
  const summary = props.group.horizons.map((h) => `h${h.h}: ${num(h.mean, 5)} vs ${num(base.get(h.h) ?? null, 5)}`).join("; ");
  return (
    <figure class="study-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Mean forward return by horizon against the baseline: ${summary}`}>
        <line x1={pad} x2={W} y1={y(0)} y2={y(0)} stroke="#6b7385" stroke-width="1" />
        {[hi, 0, lo].filter((v, i, all) => all.indexOf(v) === i).map((v) => (
          <text x={pad - 4} y={y(v) + 3} text-anchor="end" font-size="9" fill="#1a1f2b">{`${(v * 100).toFixed(1)}%`}</text>
        ))}
        {props.group.horizons.map((h, i) => {
          const x = pad + i * step + (step - barW) / 2;
          const m = h.mean ?? 0;
          const b = base.get(h.h);
          return (
            <g key={h.h}>
              <rect x={x} width={barW} y={Math.min(y(m), y(0))} height={Math.max(1, Math.abs(y(m) - y(0)))} fill={m >= 0 ? "#089981" : "#F23645"} />
              {b !== undefined && b !== null ? <line x1={x - 3} x2={x + barW + 3} y1={y(b)} y2={y(b)} stroke="#1a1f2b" stroke-width="2" stroke-dasharray="4 2" /> : null}
              <text x={x + barW / 2} y={H - 2} text-anchor="middle" font-size="10" fill="#1a1f2b">{h.h}</text>
            </g>
          );
        })}
      </svg>
      <figcaption class="muted">Bars: mean forward return of the events by horizon (bars). Dashed: the baseline (every bar of the window).</figcaption>
    </figure>
  );
}

export function StudyView(props: { study: StudyResult }) {
  const { study } = props;
  return (
    <section aria-label="Study results">
      <p>{count(study.events_used, "event")} used; {study.horizons.length === 1 ? "horizon" : "horizons"} {horizonBars(study.horizons)}.</p>
      {study.groups.length === 0 ? <p>No events in the window.</p> : null}
      {study.groups.map((g) => (
        <article class="study-group">
          <h2>{groupLabel(g)}</h2>
          <p class="muted">{count(g.count, "event")}</p>
          <HorizonTable caption={`Forward returns after ${groupLabel(g)}`} horizons={g.horizons} />
          <MeanChart group={g} baseline={study.baseline.horizons} />
        </article>
      ))}
      <h2>Baseline</h2>
      <HorizonTable caption={`Baseline: every bar of the window (${num(study.baseline.count, 0)})`} horizons={study.baseline.horizons} />
    </section>
  );
}
