// A run's log lines (log.info, log.warning, log.error; GET /v1/runs/{run_id}/logs, docs/adr/0064-run-logs.md):
// the lines the service kept (its first 1,000, warmup bars' too), filtered by level and shown a
// page at a time, with how many were not kept.
import { useEffect, useState } from "preact/hooks";
import { LOG_LEVELS, type LogLevel } from "../routes";
import type { LogLine, Run } from "../types";
import { ErrorBox, Loading, num, Pager, Scroll, when } from "../ui";
import { allLogs } from "./run-data";

const PAGE = 100;

/** "(warmup)" after the time of a line logged on a bar before the window. */
function timeCell(line: LogLine, windowFrom: string | null): string {
  if (line.time === null) return "–";
  const warmup = windowFrom !== null && Date.parse(line.time) < Date.parse(windowFrom);
  return `${when(line.time)}${warmup ? " (warmup)" : ""}`;
}

/** `level` is the page address's (`?level=error`), so a reload keeps the filter; `onLevel` changes it. */
export function RunLogs(props: { run: Run; level: LogLevel | undefined; onLevel(level: LogLevel | undefined): void }) {
  const { run } = props;
  const level = props.level ?? "";
  const [lines, setLines] = useState<LogLine[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [page, setPage] = useState(0);
  useEffect(() => { allLogs(run.id).then(setLines, setError); }, [run.id]);

  const dropped = run.summary?.logs_dropped ?? 0;
  const shown = (lines ?? []).filter((l) => level === "" || l.level === level);
  const rows = shown.slice(page * PAGE, (page + 1) * PAGE);
  return (
    <section aria-labelledby="logs-title">
      <h2 id="logs-title">Logs</h2>
      <ErrorBox error={error} />
      {!lines && !error ? <Loading what="the log lines" /> : null}
      {lines && lines.length === 0 ? <p>No log lines: the script called no <code>log.info</code>, <code>log.warning</code> or <code>log.error</code>.</p> : null}
      {dropped > 0 ? <p class="notice">The service keeps a run's first {num(lines?.length ?? 0, 0)} lines; {num(dropped, 0)} more were not kept.</p> : null}
      {lines && lines.length > 0 ? (
        <>
          <div class="controls">
            <div>
              <label for="logs-level">Level</label>
              <select id="logs-level" value={level} onChange={(e) => { setPage(0); props.onLevel(LOG_LEVELS.find((l) => l === e.currentTarget.value)); }}>
                <option value="">any ({num(lines.length, 0)})</option>
                {LOG_LEVELS.map((l) => <option value={l}>{l} ({num(lines.filter((x) => x.level === l).length, 0)})</option>)}
              </select>
            </div>
          </div>
          <Scroll label="Log lines">
            <table class="logs">
              <caption>{num(shown.length, 0)} log line{shown.length === 1 ? "" : "s"}{level ? ` at level ${level}` : ""} ({PAGE} a page)</caption>
              <thead><tr><th scope="col">Time (UTC)</th><th scope="col">Level</th><th scope="col">Message</th></tr></thead>
              <tbody>
                {rows.map((l) => (
                  <tr class={`log-${l.level}`}><td>{timeCell(l, run.window.from)}</td><td>{l.level}</td><td class="message">{l.message}</td></tr>
                ))}
              </tbody>
            </table>
          </Scroll>
          <Pager page={page} pages={Math.ceil(shown.length / PAGE)} onPage={setPage} label="Log pages" />
        </>
      ) : null}
    </section>
  );
}
