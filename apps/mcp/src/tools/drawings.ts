// Tools over what a run leaves besides its results: an indicator run's drawings (bounded: the
// newest 20 of each kind with the counts) and its log lines (pages of at most 100).
import { z } from "zod";
import type { Barscript } from "@barscript/sdk";
import { defineTool, param, READ, type Tool } from "../tool";

const runId = param(z.string(), "A run's id, from start_run or list_runs", "run_4fV2kQ9mXb1LzT8cR3sW0aJe");

/** Objects of each kind a model is shown (the newest, which TradingView also keeps last). */
export const DRAWINGS_SHOWN = 20;

const KINDS = ["labels", "lines", "boxes", "polylines", "linefills", "tables"] as const;

interface Linefill { line1: number; line2: number }

async function drawings(sdk: Barscript, id: string): Promise<Record<string, unknown>> {
  const d = (await sdk.call("getRunDrawings", { path: { run_id: id } })) as Record<(typeof KINDS)[number], unknown[]>;
  d.linefills ??= [];
  const out: Record<string, unknown> = { counts: Object.fromEntries(KINDS.map((k) => [k, d[k].length])) };
  for (const k of KINDS) out[k] = d[k].slice(-DRAWINGS_SHOWN);
  // a linefill names its two lines by their places in `lines`: shown are the fills whose lines
  // both are, with the places they have among the lines shown
  const dropped = d.lines.length - (out["lines"] as unknown[]).length;
  out["linefills"] = (d.linefills as Linefill[])
    .filter((f) => f.line1 >= dropped && f.line2 >= dropped)
    .map((f) => ({ ...f, line1: f.line1 - dropped, line2: f.line2 - dropped }))
    .slice(-DRAWINGS_SHOWN);
  if (KINDS.some((k) => d[k].length > DRAWINGS_SHOWN)) out["truncated"] = `the newest ${DRAWINGS_SHOWN} of each kind shown; GET /v1/runs/${id}/drawings has them all`;
  return out;
}

export const drawingTools: Tool[] = [
  defineTool({
    name: "get_drawings", title: "Read a run's drawings", hints: READ,
    description: "What an indicator run's chart shows after its last bar: labels (with tooltips), lines, boxes, polylines (points, curved, closed, line_style, line_width), linefills (line1 and line2: places in `lines`) and tables (position, rows, columns, bg_color, frame, borders, merges as {start_column, start_row, end_column, end_row}; cells with row, column, text, colors, text_size, alignment, width and height in percent of the pane, tooltip), as TradingView's table.cell, polyline.new etc. take them (times RFC 3339, colors #RRGGBBAA, na as null), the newest 20 of each kind with the counts.",
    input: z.object({ run_id: runId }),
    run: ({ run_id }, sdk) => drawings(sdk, run_id),
  }),
  defineTool({
    name: "get_logs", title: "Read a run's log lines", hints: READ,
    description: "A run's log.info / log.warning / log.error lines in bar order (time, level, message), `limit` at a time (default 50), following `next_cursor`; a run keeps its first 1,000 lines (summary.logs_dropped counts the rest).",
    input: z.object({
      run_id: runId,
      limit: param(z.number().int().min(1).max(100).optional(), "Lines in the page (default 50, at most 100)", 50),
      cursor: param(z.string().optional(), "next_cursor of the previous page", "eyJsIjoi..."),
    }),
    run: ({ run_id, limit, cursor }, sdk) => sdk.call("getRunLogs", { path: { run_id }, query: { limit: String(limit ?? 50), cursor } }),
  }),
];
