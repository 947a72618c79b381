// A study's result for a person on a terminal (`results <study run>`): one table per group of
// events, then the baseline's, each horizon a row with the numbers that say what followed the
// events and whether it differs from every bar (docs/adr/0306-clients-used-from-outside-three.md).
// JSON (--json, a pipe) keeps the whole result.
import type { StudyResult } from "@barscript/sdk";
import { plural, table, type OutputMode } from "./output";

type Study = StudyResult["study"];
type Horizon = Study["baseline"]["horizons"][number];

const num = (v: number | null, digits: number): string => (v === null ? "-" : Number(v.toFixed(digits)).toString());
const interval = (r: [number, number] | null, digits: number): string => (r === null ? "-" : `${num(r[0], digits)} to ${num(r[1], digits)}`);

const HEAD = ["h", "n", "mean", "median", "stdev", "hit rate", "hit rate 95% CI", "t", "p", "mean 95% CI", "abnormal mean"];

function horizonsTable(m: OutputMode, horizons: Horizon[]): string {
  return table(m, HEAD, horizons.map((h) => [
    h.h, h.count, num(h.mean, 5), num(h.median, 5), num(h.stdev, 5), num(h.hit_rate, 3), interval(h.hit_rate_ci95, 3),
    num(h.t_stat, 2), num(h.p_value, 4), interval(h.mean_ci95, 5), num(h.abnormal_mean, 5),
  ]));
}

function groupTitle(g: Study["groups"][number]): string {
  const parts = Object.entries(g.group).map(([k, v]) => `${k} = ${String(v)}`);
  return `${g.definition} · ${g.event}${parts.length > 0 ? ` · ${parts.join(", ")}` : ""} (${plural(g.count, "event")})`;
}

export function studyTables(m: OutputMode, study: Study): string {
  const groups = study.groups.length === 0
    ? ["No events in the window."]
    : study.groups.map((g) => `${m.colors.bold(groupTitle(g))}\n${horizonsTable(m, g.horizons)}`);
  return [
    `${plural(study.events_used, "event")} used; forward returns after ${study.horizons.join(", ")} bars, against every bar of the window.`,
    ...groups,
    `${m.colors.bold(`Baseline: every bar of the window (${plural(study.baseline.count, "bar")})`)}\n${horizonsTable(m, study.baseline.horizons)}`,
  ].join("\n\n");
}
