// Tools over runs: start, read, list, cancel, and results (a summary by default, pages on request).
import { z } from "zod";
import { RunSchema, TIMEFRAMES, RUN_STATUSES, RUN_KINDS } from "@barscript/contracts";
import { pageItems, type Barscript } from "@barscript/sdk";
import { defineTool, param, DESTRUCTIVE, READ, WRITE, type Tool } from "../tool";
import { fittedPage } from "../bounded";
import { eventsSummary, indicatorSummary } from "../summary";
import { outputSchema } from "./schemas";
import { runKind, scriptOwner, splitRef } from "./script-ref";

const runId = param(z.string().min(1, "must not be empty"), "A run's id, from start_run or list_runs", "run_4fV2kQ9mXb1LzT8cR3sW0aJe");
const wait = param(z.number().int().min(0).max(60).optional(), "Seconds to wait for the run to finish (at most 60; 0 answers at once)", 30);
const RUN = outputSchema(RunSchema);
const RESULTS = {
  type: "object",
  description: "mode=summary: kind, count, first, last, and per output values/na/min/max/mean (indicator) or by_name (definition); mode=page: outputs or events with next_cursor; a study: its statistics.",
  properties: { kind: { type: "string" }, count: { type: "integer" }, next_cursor: { type: ["string", "null"] } },
};

async function results(sdk: Barscript, id: string, mode: "summary" | "page", limit: number | undefined, cursor: string | undefined): Promise<unknown> {
  const path = { run_id: id };
  if (mode === "page") return fittedPage((n) => sdk.call("getRunResults", { path, query: { limit: n, cursor } }), limit ?? 100);
  const first = await sdk.call("getRunResults", { path });
  if ("study" in first) return { kind: "study", ...first.study };
  const next = first.next_cursor;
  const items = [...pageItems(first), ...(next ? await sdk.all("getRunResults", { path, query: { cursor: next } }) : [])];
  return "outputs" in first ? indicatorSummary(items as Array<Record<string, number | null>>) : eventsSummary(items as Array<{ name: string }>);
}

export const runTools: Tool[] = [
  defineTool({
    name: "start_run", title: "Run a script", hints: WRITE, output: RUN,
    description: "Run one of your saved scripts (or owner's public one) over an instrument and timeframe. Waits up to `wait` seconds and answers the run: status, window, summary or failure. Then read get_results.",
    input: z.object({
      script: param(z.string().min(1, "must not be empty"), "The slug of a saved script (owner/slug, e.g. core/rsi, for another account's public one)", "my-rsi"),
      owner: scriptOwner,
      version: param(z.number().int().min(1).optional(), "An older version of the script (default: the latest)", 2),
      kind: runKind,
      instrument: param(z.string(), "A symbol from find_instruments", "AAPL"),
      timeframe: param(z.enum(TIMEFRAMES), "Bar length", "1d"),
      from: param(z.string().optional(), "Window start, RFC 3339", "2010-01-01T00:00:00Z"),
      to: param(z.string().optional(), "Window end, RFC 3339", "2013-03-01T00:00:00Z"),
      bars: param(z.number().int().min(1).max(50000).optional(), "Bars in the window (instead of from or to); default the latest 5,000", 500),
      inputs: param(z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(), "Values of the script's inputs by name", { len: 21 }),
      wait,
    }),
    run: ({ script: given, owner: named, version, wait: w, ...rest }, sdk) => {
      const { slug: script, owner } = splitRef(given, named);
      return sdk.call("createRun", { body: { script: owner === undefined && version === undefined ? script : { slug: script, owner, version }, ...rest, wait: w ?? 30 } });
    },
  }),
  defineTool({
    name: "get_run", title: "Read a run", hints: READ, output: RUN,
    description: "A run's status, window, summary (bars, warmup, compute units, runtime errors) or failure; `wait` long-polls until it finishes.",
    input: z.object({ run_id: runId, wait }),
    run: ({ run_id, wait: w }, sdk) => sdk.call("getRun", { path: { run_id }, query: { wait: w === undefined ? undefined : String(w) } }),
  }),
  defineTool({
    name: "list_runs", title: "List your runs", hints: READ,
    description: "Your runs, newest first (status, script, instrument, timeframe, window).",
    input: z.object({
      status: param(z.enum(RUN_STATUSES).optional(), "Only runs with this status", "failed"),
      script: param(z.string().optional(), "Only runs of this script: a slug (any owner's), or owner/slug as the runs name it", "core/rsi"),
      kind: param(z.enum(RUN_KINDS).optional(), "Only runs of this kind (a study's runs, a definition's collects...)", "study"),
      limit: param(z.number().int().min(1).max(50).optional(), "Runs in the page (default 10, at most 50)", 10),
      cursor: param(z.string().optional(), "next_cursor of a previous page", "eyJsIjoi..."),
    }),
    run: ({ status, script, kind, limit, cursor }, sdk) => fittedPage(async (n) => {
      const page = await sdk.call("listRuns", { query: { status, script, kind, limit: n, cursor } });
      return { data: page.data.map(({ id, kind, script: s, instrument, timeframe, status: st, window, failure, created_at }) => ({ id, kind, script: s, instrument, timeframe, status: st, bars: window.bars, failure, created_at })), next_cursor: page.next_cursor };
    }, limit ?? 10),
  }),
  defineTool({
    name: "get_results", title: "Read a run's results", hints: READ, output: RESULTS,
    description: "A finished run's results. By default a summary (count, first and last points, min/max/mean of each output, or events per name); mode=page gives the points or events themselves, `limit` at a time (default 100), following `next_cursor`.",
    input: z.object({
      run_id: runId,
      mode: param(z.enum(["summary", "page"]).optional(), "summary (default) or page", "page"),
      limit: param(z.number().int().min(1).max(500).optional(), "Points or events in a page (mode=page; default 100, at most 500)", 100),
      cursor: param(z.string().optional(), "next_cursor of the previous page (mode=page)", "eyJsIjoi..."),
    }),
    run: ({ run_id, mode, limit, cursor }, sdk) => results(sdk, run_id, mode ?? (cursor || limit ? "page" : "summary"), limit, cursor),
  }),
  defineTool({
    name: "cancel_run", title: "Cancel a run", hints: DESTRUCTIVE, output: RUN,
    description: "Stop a queued or running run (it ends `cancelled`); a finished run keeps its state.",
    input: z.object({ run_id: runId }),
    run: ({ run_id }, sdk) => sdk.call("cancelRun", { path: { run_id } }),
  }),
];
