// Loading what a run page shows: the run (long-polled until final), its results (every page),
// its bars, its script's Interface, and its drawings when the service has them.
import { api, apiText, ApiFailure, session } from "../api";
import type { Drawings, Row } from "../chart/mapping";
import type { EventRow, Instrument, LibraryScript, LogLine, OutputPoint, Run, Script, ScriptInterface, StudyResult } from "../types";

const FINAL = new Set(["succeeded", "failed", "cancelled"]);
export const isFinal = (run: Run): boolean => FINAL.has(run.status);

/** Long-polls the run (30 s a call) and reports each state until it is final. */
export async function followRun(id: string, onState: (run: Run) => void, signal: AbortSignal): Promise<Run> {
  let run = await api<Run>(`/v1/runs/${encodeURIComponent(id)}`, { signal });
  onState(run);
  while (!isFinal(run) && !signal.aborted) {
    const started = Date.now();
    run = await api<Run>(`/v1/runs/${encodeURIComponent(id)}?wait=30`, { signal });
    onState(run);
    // A plan with no long-poll places answers at once: do not spin.
    if (!isFinal(run) && Date.now() - started < 500) await new Promise((r) => setTimeout(r, 1000));
  }
  return run;
}

export async function allOutputs(id: string): Promise<OutputPoint[]> {
  const out: OutputPoint[] = [];
  let cursor: string | null = null;
  do {
    const page: { outputs: OutputPoint[]; next_cursor: string | null } = await api(`/v1/runs/${id}/results?limit=50000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    out.push(...page.outputs);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

export async function allEvents(id: string): Promise<EventRow[]> {
  const out: EventRow[] = [];
  let cursor: string | null = null;
  do {
    const page: { events: EventRow[]; next_cursor: string | null } = await api(`/v1/runs/${id}/results?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    out.push(...page.events);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

/** Every log line the service kept for the run (at most 1,000: one page of the largest size). */
export async function allLogs(id: string): Promise<LogLine[]> {
  const out: LogLine[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: LogLine[]; next_cursor: string | null } = await api(`/v1/runs/${encodeURIComponent(id)}/logs?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

export async function studyOf(id: string): Promise<StudyResult> {
  return (await api<{ study: StudyResult }>(`/v1/runs/${id}/results`)).study;
}

export async function barsOf(id: string): Promise<Row[]> {
  return (await api<{ bars: Row[] }>(`/app/api/runs/${id}/bars`)).bars;
}

/** The Interface of the exact version the run used; null when the script is gone. */
export async function interfaceOf(run: Run): Promise<ScriptInterface | null> {
  const { owner, slug, version } = run.script;
  try {
    if (owner === session.handle) {
      return (await api<Script>(`/v1/scripts/${encodeURIComponent(slug)}?version=${version}&kind=${run.kind}`)).interface;
    }
    return (await api<LibraryScript>(`/v1/library/${encodeURIComponent(owner)}/${encodeURIComponent(slug)}?version=${version}`)).interface;
  } catch (error) {
    if (error instanceof ApiFailure && (error.status === 404 || error.status === 409)) return null;
    throw error;
  }
}

/** The time zone of the run's instrument (GET /v1/instruments/{symbol}); null when it cannot be read. */
export async function instrumentZone(symbol: string): Promise<string | null> {
  try {
    return (await api<Instrument>(`/v1/instruments/${encodeURIComponent(symbol)}`)).timezone;
  } catch {
    return null;
  }
}

/** Drawings of an indicator run (docs/reference/api.md #30); null where the service has none to give. */
export async function drawingsOf(id: string): Promise<Drawings | null> {
  try {
    return await api<Drawings>(`/v1/runs/${id}/drawings`);
  } catch {
    return null;
  }
}

/** Saves the service's own CSV of the results as a file. */
export async function downloadCsv(id: string): Promise<void> {
  const text = await apiText(`/v1/runs/${id}/results?format=csv`);
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `${id}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
