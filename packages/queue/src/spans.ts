// Timing spans of one run through the pipeline, logged at debug level (docs/performance.md):
// `mark(name)` closes the span since the previous mark, `log(msg)` writes them as one line
// `{ runId, ms: { name: elapsed, ... }, total, start }` (`start`: when the spans began, epoch ms on
// the clock every process of the machine shares, so bench/_runs-profile.ts lays one run's spans of
// the API and worker on one timeline). Costs nothing when debug is off.
import type { Logger } from "pino";

export interface Spans {
  mark(name: string): void;
  /** Adds figures measured elsewhere (e.g. inside a sandbox thread) to the line. */
  note(values: Record<string, number>): void;
  log(message: string, extra?: Record<string, unknown>): void;
}

const NONE: Spans = { mark: () => undefined, note: () => undefined, log: () => undefined };

export function spans(logger: Pick<Logger, "isLevelEnabled" | "debug">, runId: string): Spans {
  if (!logger.isLevelEnabled("debug")) return NONE;
  const t0 = performance.now();
  let last = t0;
  const ms: Record<string, number> = {};
  const noted: Record<string, number> = {};
  return {
    mark(name) {
      const now = performance.now();
      ms[name] = Math.round((now - last) * 10) / 10 + (ms[name] ?? 0);
      last = now;
    },
    note(values) {
      for (const [k, v] of Object.entries(values)) noted[k] = Math.round(v * 10) / 10;
    },
    log(message, extra = {}) {
      logger.debug({ runId, ms, ...(Object.keys(noted).length > 0 ? { noted } : {}), total: Math.round((performance.now() - t0) * 10) / 10, start: Math.round((performance.timeOrigin + t0) * 100) / 100, ...extra }, message);
    },
  };
}
