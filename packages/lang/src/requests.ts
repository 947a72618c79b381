// The capture runs of request.*: the compiled script evaluated over a requested context's bars,
// with a capturing host, so that each request site records its expression's value per context
// bar (stdlib/request/host.ts). A bar that raises an error records nothing (the chart reads na).

import type { Program } from "./evaluate";
import { parseTimeframe, Runtime } from "./runtime/runtime";
import { EvaluationAborted } from "./runtime/errors";
import { runChunk } from "./run-chunk";
import { RequestHost, type CaptureRun, type ContextBars, type MissingContext } from "./stdlib/request/host";
import type { Column } from "./stdlib/request/site";
import { instrumentTickerId } from "./stdlib/ticker-id";
import type { Bars, SymbolInfo } from "./types";

export interface RequestEnv {
  inputs: Record<string, unknown>;
  version: number;
  now: number;
  signal?: AbortSignal;
  /** The chart's `timeframe.period` (timeframe.main_period inside a requested context). */
  mainPeriod: string;
  /** The chart's ticker identifier (syminfo.main_tickerid inside a requested context). */
  mainTicker: string;
}

const CHUNK = 2048;

function captureRun(program: Program, env: RequestEnv): CaptureRun {
  return (ctx: ContextBars, nested: () => RequestHost) => {
    const columns = captureLane(program, env, ctx, nested, 0);
    // requests a later statement of that run would change get runs of their own slices (docs/adr/0346)
    for (let lane = 1; lane <= (program.sliceLanes ?? 0); lane++) for (const [id, col] of captureLane(program, env, ctx, nested, lane)) columns.set(id, col);
    return columns;
  };
}

/** One run over the context's bars: the request slice's (lane 0), or a further one's, which gives only the columns of the requests it is for. */
function captureLane(program: Program, env: RequestEnv, ctx: ContextBars, nested: () => RequestHost, lane: number): Map<string, Column> {
  // the script's drawing caps (max_labels_count, ...): a request may read what they delete
  const rt = new Runtime(ctx.bars, { ...ctx.info, timeframe: ctx.timeframe }, program.outputs.length, env.inputs, program.everyBar, { version: env.version, now: env.now, drawingCaps: program.drawingCaps ?? {} });
  const host = new RequestHost("capture");
  host.lane = lane;
  // a request inside another request's expression reads its own context from this one (docs/adr/0296)
  host.nestWith(nested);
  // without dynamic requests each call is made as from the chart (docs/adr/0329)
  if (program.dynamicRequests === false) host.fromChart = { ticker: env.mainTicker, period: env.mainPeriod };
  rt.req = host;
  rt.mainPeriod = env.mainPeriod;
  rt.mainTicker = env.mainTicker;
  const compiled = program.factory(rt);
  const n = ctx.bars.length;
  for (let start = 0; start < n; start += CHUNK) {
    if (env.signal?.aborted) throw new EvaluationAborted();
    // a bar that fails inside a request's expression leaves no expression being evaluated
    runChunk(compiled, rt, start, Math.min(n, start + CHUNK), () => (host.depth = 0));
  }
  return lane === 0 ? host.columns : host.lanes.keep(host.columns);
}

/**
 * The request host of a chart evaluation: null when the program makes no request. `discover`
 * (the contexts already looked for and not found): contexts neither supplied nor among them read
 * as na and are reported missing, instead of raising the bar's runtime error (docs/adr/0223).
 */
export function requestHost(program: Program, chart: { bars: Bars; symbol: SymbolInfo }, contexts: readonly ContextBars[], env: Omit<RequestEnv, "mainPeriod" | "mainTicker">, discover: readonly MissingContext[] | null = null): RequestHost | null {
  if (!program.source.includes("$rt.req.")) return null;
  return new RequestHost("read", chart, contexts, captureRun(program, { ...env, mainPeriod: parseTimeframe(chart.symbol.timeframe, env.version).period, mainTicker: instrumentTickerId(chart.symbol) }), discover);
}
