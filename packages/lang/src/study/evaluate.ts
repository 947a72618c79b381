// A study's evaluation over one array of bars (no I/O): each used definition (validate()'s
// `uses`, already pinned) is compiled and evaluated for its events inside the window, the study
// body is evaluated for its group() values (a runtime hook records them per window bar), then
// computeStudy() gives the numbers of docs/reference/language.md, "Studies".

import { compile, evaluate, type Program, type RuntimeErrorSummary } from "../evaluate";
import type { CheckedProgram } from "../link/program";
import type { Runtime } from "../runtime/runtime";
import { MAX_LOG_LINES, type LogLine } from "../stdlib/drawing/log";
import type { ContextBars, MissingContext } from "../stdlib/request";
import type { Bars, ScriptInterface, SymbolInfo } from "../types";
import { applyCooldown, computeStudy, type GroupValue, type StudyEventInput, type StudyResult } from "./statistics";

export const DEFAULT_HORIZONS = [1, 5, 20];

export interface StudyEvaluateOptions {
  symbol: SymbolInfo;
  /** Index of the first window bar; earlier bars are warmup (for the study and every definition). */
  windowStart: number;
  /** Time budget of the whole study, ms (every evaluation shares it). */
  timeBudgetMs?: number;
  /** Events one definition keeps (10,000); the rest are counted as dropped and not studied. */
  maxEvents?: number;
  signal?: AbortSignal;
  /** The study's own inputs (its input.* calls); definitions run with their defaults. */
  inputs?: Record<string, unknown>;
  /** Bars of the contexts request.* calls in the study or its definitions reach (read before). */
  contexts?: ContextBars[];
  /** Discovering the contexts computed requests reach (evaluate()'s `discover`, docs/adr/0223). */
  discover?: MissingContext[];
  /**
   * Progress: after each chunk of `chunkBars` bars of any evaluation, the bars the study has
   * evaluated so far (every definition's and the body's); it may throw to stop (evaluate()'s
   * `onChunk`), so a stopped study counts what it evaluated (docs/adr/0305).
   */
  onChunk?: (barsEvaluated: number) => void;
  chunkBars?: number;
}

export interface StudyDefinitionReport {
  definition: string;
  version: number;
  /** Its events inside the window (kept, after the use() filter). */
  events: number;
  eventsDropped: number;
}

export type StudyEvaluation =
  | {
      ok: true;
      study: StudyResult;
      definitions: StudyDefinitionReport[];
      /** Every bar evaluated: the study body's and each definition's. */
      barsEvaluated: number;
      windowBars: number;
      /** Window bars where the study body raised a runtime error. */
      errorBarsInWindow: number;
      runtimeErrors: RuntimeErrorSummary[];
      /** log.* lines of every definition and the body, by bar time, the first MAX_LOG_LINES kept (docs/adr/0064). */
      logs: LogLine[];
      logsDropped: number;
      /** Contexts a computed request reached that `contexts` did not hold (the caller reads them and evaluates again). */
      missingContexts?: MissingContext[];
    }
  | { ok: false; kind: "data_not_ready" | "script"; message: string; barsEvaluated: number; missingContexts?: MissingContext[]; retryable?: boolean };

/** A group() value as JSON: na (and non-finite numbers) null, other non-primitives null. */
export function groupValue(v: unknown): GroupValue {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" || typeof v === "boolean") return v;
  return null;
}

/** A Program whose evaluations hand every group() call to `hook`. */
function withGroupHook(program: Program, hook: (name: string, value: unknown, bar: number) => void): Program {
  return {
    ...program,
    factory: (rt: Runtime) => {
      rt.onGroup = hook;
      return program.factory(rt);
    },
  };
}

export function evaluateStudy(checked: CheckedProgram, iface: ScriptInterface, bars: Bars, options: StudyEvaluateOptions): StudyEvaluation {
  const n = bars.length;
  const ws = Math.min(Math.max(0, Math.floor(options.windowStart)), n);
  const windowBars = n - ws;
  const started = performance.now();
  const remaining = (): number => (options.timeBudgetMs === undefined ? Infinity : Math.max(1, options.timeBudgetMs - (performance.now() - started)));
  const horizons = iface.horizons && iface.horizons.length > 0 ? iface.horizons : DEFAULT_HORIZONS;
  const indexOf = new Map<number, number>();
  for (let i = ws; i < n; i++) indexOf.set(bars.time[i]!, i - ws);
  let barsEvaluated = 0;
  // each evaluation reports the study's bars so far: those of the evaluations before it, then its own
  const onChunk = options.onChunk;
  const progress = onChunk ? { onChunk: (k: number): void => onChunk(barsEvaluated + k), ...(options.chunkBars !== undefined ? { chunkBars: options.chunkBars } : {}) } : {};
  // the contexts every evaluation (each definition's, the body's) reached without their bars
  const missing = new Map<string, MissingContext>();
  const noteMissing = (list: MissingContext[] | undefined): void => {
    for (const m of list ?? []) missing.set(`${m.symbol}@${m.timeframe}`, m);
  };
  const withMissing = (): { missingContexts?: MissingContext[] } => (missing.size > 0 ? { missingContexts: [...missing.values()] } : {});
  let failed: string | null = null;
  const logs: LogLine[] = [];
  let logsDropped = 0;

  // One evaluation per definition, even when two use() calls name it (their event lists merge).
  const uses = new Map<string, { def: CheckedProgram["uses"][number]; events: Set<string> | null }>();
  for (const u of checked.uses) {
    const id = `${u.owner}/${u.slug}`;
    const seen = uses.get(id);
    if (!seen) uses.set(id, { def: u, events: u.events ? new Set(u.events) : null });
    else if (seen.events) seen.events = u.events ? new Set([...seen.events, ...u.events]) : null;
  }

  const events: StudyEventInput[] = [];
  const definitions: StudyDefinitionReport[] = [];
  const eventHolders: Array<{ definition: string; names: string[]; found: Array<{ name: string; bar: number }> }> = [];
  for (const [id, { def, events: only }] of uses) {
    let program: Program;
    try {
      program = compile(def.program, def.interface);
    } catch (error) {
      return { ok: false, kind: "data_not_ready", message: `The definition ${id} (version ${def.version}) this study uses cannot run over history: ${(error as Error).message}.`, barsEvaluated };
    }
    const r = evaluate(program, bars, {}, { symbol: options.symbol, windowStart: ws, timeBudgetMs: remaining(), maxEvents: options.maxEvents ?? 10_000, ...(options.signal ? { signal: options.signal } : {}), ...(options.contexts ? { contexts: options.contexts } : {}), ...(options.discover ? { discover: options.discover } : {}), ...progress });
    barsEvaluated += r.barsEvaluated;
    noteMissing(r.missingContexts);
    logs.push(...r.logs);
    logsDropped += r.logsDropped;
    if (r.windowBars > 0 && r.errorBarsInWindow >= r.windowBars) {
      // the service's "a study's definition could not run over history" (data_not_ready); its own
      // error, so running again cannot help: not retryable (docs/adr/0285)
      const first = r.runtimeErrors[0];
      failed ??= `The definition ${id} (version ${def.version}) this study uses raised a runtime error on every bar of the window${first ? `, first on the bar of ${new Date(first.first_time * 1000).toISOString()}: ${first.message.replace(/[.!?]$/, "")}` : ""}.`;
      // a context it lacks will be read and the study evaluated again: the others' are found first
      if (missing.size === 0) return { ok: false, kind: "data_not_ready", retryable: false, message: failed, barsEvaluated };
    }
    const found: Array<{ name: string; bar: number }> = [];
    for (const e of r.events) {
      if (only && !only.has(e.name)) continue;
      const bar = indexOf.get(e.time);
      if (bar !== undefined) found.push({ name: e.name, bar });
    }
    const names = def.interface.events.map((e) => e.name).filter((name) => !only || only.has(name));
    definitions.push({ definition: id, version: def.version, events: found.length, eventsDropped: r.eventsDropped });
    eventHolders.push({ definition: id, names, found });
  }

  // The study body: group() values per window bar, in the order the names were first seen.
  const groups = new Map<string, Array<GroupValue | undefined>>();
  const body = withGroupHook(compile(checked, iface), (name, value, bar) => {
    if (bar < ws) return;
    let col = groups.get(name);
    if (!col) {
      col = new Array<GroupValue | undefined>(windowBars);
      groups.set(name, col);
    }
    col[bar - ws] = groupValue(value);
  });
  const r = evaluate(body, bars, options.inputs ?? {}, { symbol: options.symbol, windowStart: ws, timeBudgetMs: remaining(), maxEvents: 0, ...(options.signal ? { signal: options.signal } : {}), ...(options.contexts ? { contexts: options.contexts } : {}), ...(options.discover ? { discover: options.discover } : {}), ...progress });
  barsEvaluated += r.barsEvaluated;
  noteMissing(r.missingContexts);
  // with contexts missing the study is evaluated again once they are read
  if (failed !== null) return { ok: false, kind: "data_not_ready", retryable: missing.size > 0, message: failed, barsEvaluated, ...withMissing() };
  logs.push(...r.logs);
  logsDropped += r.logsDropped;
  // stable: lines of one bar keep the order the evaluations gave them
  logs.sort((a, b) => a.time - b.time);
  if (logs.length > MAX_LOG_LINES) logsDropped += logs.splice(MAX_LOG_LINES).length;
  const groupAt = (bar: number): Record<string, GroupValue> => {
    const g: Record<string, GroupValue> = {};
    for (const [name, col] of groups) {
      const v = col[bar];
      if (v !== undefined) g[name] = v;
    }
    return g;
  };
  for (const h of eventHolders) {
    const kept = applyCooldown(h.found.map((e) => ({ definition: h.definition, event: e.name, bar: e.bar })), iface.cooldown ?? 0);
    for (const e of kept) events.push({ definition: h.definition, event: e.event, bar: e.bar, group: groupAt(e.bar) });
  }

  const study = computeStudy({
    close: bars.close.subarray(ws),
    high: bars.high.subarray(ws),
    low: bars.low.subarray(ws),
    horizons,
    events,
    order: eventHolders.map((h) => ({ definition: h.definition, events: h.names })),
  });
  return { ok: true, study, definitions, barsEvaluated, windowBars, errorBarsInWindow: r.errorBarsInWindow, runtimeErrors: r.runtimeErrors, logs, logsDropped, ...withMissing() };
}
