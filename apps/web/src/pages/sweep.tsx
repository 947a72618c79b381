// /app/sweeps/{sweep_id}: a sweep's status (long-polled) and its ranked rows, once the service
// has sweeps (docs/reference/api.md #34, #35); until then the page says what the service answered.
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { ErrorBox, Loading, num, Page } from "../ui";

interface Sweep { id: string; status: string; definition: { owner: string; slug: string }; instruments: string[]; timeframe: string; progress?: { done: number; total: number }; failure?: { kind: string; message: string } }
interface SweepRow { rank: number; inputs: Record<string, unknown>; events: number; horizons: Array<{ h: number; count: number; mean: number | null; hit_rate: number | null; t_stat: number | null; p_adjusted?: number | null }> }

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
      if (s.status === "succeeded") setRows((await api<{ data: SweepRow[] }>(`/v1/sweeps/${encodeURIComponent(props.id)}/results?limit=100`)).data);
    })().catch((e: unknown) => { if (live) setError(e); });
    return () => { live = false; };
  }, [props.id]);
  return (
    <Page title="Sweep">
      <ErrorBox error={error} />
      {!sweep && !error ? <Loading what="the sweep" /> : null}
      {sweep ? <p role="status"><span class={`badge ${sweep.status}`}>{sweep.status}</span> {sweep.definition.owner}/{sweep.definition.slug} on {sweep.instruments.join(", ")} {sweep.timeframe}{sweep.progress ? ` · ${sweep.progress.done} of ${sweep.progress.total}` : ""}</p> : null}
      {sweep?.failure ? <p class="error">Failed ({sweep.failure.kind}): {sweep.failure.message}</p> : null}
      {rows ? (
        <div class="scroll">
          <table class="numbers">
            <caption>Combinations ranked</caption>
            <thead><tr><th scope="col">Rank</th><th scope="col">Inputs</th><th scope="col">Events</th><th scope="col">First horizon: mean</th><th scope="col">t</th><th scope="col">p (Holm)</th></tr></thead>
            <tbody>{rows.map((r) => <tr><td>{r.rank}</td><td><code>{JSON.stringify(r.inputs)}</code></td><td>{r.events}</td><td>{num(r.horizons[0]?.mean ?? null, 6)}</td><td>{num(r.horizons[0]?.t_stat ?? null, 3)}</td><td>{num(r.horizons[0]?.p_adjusted ?? null, 4)}</td></tr>)}</tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}
