// The default answer of get_results: what a model needs to judge a run without reading every
// point. Indicator: count, first and last points, and per output its count of numbers, min, max
// and mean. Definition: count, first and last events, count per event name. Study: as given,
// groups cut to fit.
type Point = Record<string, number | null>;

export interface OutputStats {
  values: number;
  na: number;
  min: number | null;
  max: number | null;
  mean: number | null;
}

export function indicatorSummary(points: Point[]): { kind: "indicator"; count: number; first: Point | null; last: Point | null; outputs: Record<string, OutputStats> } {
  const outputs: Record<string, OutputStats & { sum: number }> = {};
  for (const point of points) {
    for (const [name, value] of Object.entries(point)) {
      if (name === "t") continue;
      const s = (outputs[name] ??= { values: 0, na: 0, min: null, max: null, mean: null, sum: 0 });
      if (value === null || !Number.isFinite(value)) { s.na++; continue; }
      s.values++;
      s.sum += value;
      s.min = s.min === null ? value : Math.min(s.min, value);
      s.max = s.max === null ? value : Math.max(s.max, value);
    }
  }
  const stats = Object.fromEntries(Object.entries(outputs).map(([name, { sum, ...s }]) => [name, { ...s, mean: s.values > 0 ? sum / s.values : null }]));
  return { kind: "indicator", count: points.length, first: points[0] ?? null, last: points[points.length - 1] ?? null, outputs: stats };
}

export function eventsSummary(events: Array<{ name: string }>): { kind: "definition"; count: number; first: unknown; last: unknown; by_name: Record<string, number> } {
  const byName: Record<string, number> = {};
  for (const e of events) byName[e.name] = (byName[e.name] ?? 0) + 1;
  return { kind: "definition", count: events.length, first: events[0] ?? null, last: events[events.length - 1] ?? null, by_name: byName };
}
