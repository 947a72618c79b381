// Tools over what a run leaves besides its results: an indicator run's drawings (bounded: the
// newest 20 of each kind with the counts) and its log lines (pages of at most 100).
import { z } from "zod";
import type { Barscript } from "@barscript/sdk";
import { defineTool, param, READ, type Tool } from "../tool";
import { fittedPage, TEXT_BUDGET } from "../bounded";

const runId = param(z.string().min(1, "must not be empty"), "A run's id, from start_run or list_runs", "run_4fV2kQ9mXb1LzT8cR3sW0aJe");

/** Objects of each kind a model is shown by default (the newest, which TradingView also keeps last). */
export const DRAWINGS_SHOWN = 20;

const KINDS = ["labels", "lines", "boxes", "polylines", "linefills", "tables"] as const;
type Kind = (typeof KINDS)[number];
type Drawings = Record<Kind, unknown[]>;

interface Linefill { line1: number; line2: number }

/** The newest `n` of each kind asked, with every kind's count. */
function newest(d: Drawings, kinds: readonly Kind[], n: number): Record<string, unknown> {
  const out: Record<string, unknown> = { counts: Object.fromEntries(KINDS.map((k) => [k, d[k].length])) };
  for (const k of kinds) out[k] = d[k].slice(-n);
  if (kinds.includes("linefills")) {
    // a linefill names its two lines by their places in `lines`: shown are the fills whose lines
    // both are, with the places they have among the lines shown
    const dropped = d.lines.length - Math.min(n, d.lines.length);
    out["linefills"] = (d.linefills as Linefill[])
      .filter((f) => f.line1 >= dropped && f.line2 >= dropped)
      .map((f) => ({ ...f, line1: f.line1 - dropped, line2: f.line2 - dropped }))
      .slice(-n);
  }
  return out;
}

/**
 * The newest `limit` of each kind asked, fewer when they would not fit in one answer (a label is
 * some 200 characters, a box 450: 20 of each ran past the budget and the whole answer was a
 * truncation note; docs/adr/0306-clients-used-from-outside-three.md).
 */
async function drawings(sdk: Barscript, id: string, kinds: readonly Kind[], limit: number): Promise<Record<string, unknown>> {
  const d = (await sdk.call("getRunDrawings", { path: { run_id: id } })) as Drawings;
  d.linefills ??= [];
  const room = TEXT_BUDGET - 300;
  let n = limit;
  let out = newest(d, kinds, n);
  while (n > 1 && JSON.stringify(out).length > room) out = newest(d, kinds, (n = Math.max(1, Math.floor(n * 0.7))));
  if (kinds.some((k) => d[k].length > n)) {
    out["truncated"] = `the newest ${n} of each kind shown${n < limit ? " (more do not fit in one answer)" : ""}; ask for fewer kinds with \`kinds\`, or read GET /v1/runs/${id}/drawings for them all`;
  }
  return out;
}

export const drawingTools: Tool[] = [
  defineTool({
    name: "get_drawings", title: "Read a run's drawings", hints: READ,
    description: "What an indicator run's chart shows after its last bar: labels (with tooltips), lines, boxes, polylines (points, curved, closed, line_style, line_width), linefills (line1 and line2: places in `lines`) and tables (position, rows, columns, bg_color, frame, borders, merges as {start_column, start_row, end_column, end_row}; cells with row, column, text, colors, text_size, alignment, width and height in percent of the pane, tooltip), as TradingView's table.cell, polyline.new etc. take them (times RFC 3339, colors #RRGGBBAA, na as null), the newest 20 of each kind (`limit`, `kinds`) with every kind's count.",
    input: z.object({
      run_id: runId,
      kinds: param(z.array(z.enum(KINDS)).min(1).optional(), "Only these kinds (default all)", ["labels", "tables"]),
      limit: param(z.number().int().min(1).max(100).optional(), `The newest this many of each kind (default ${DRAWINGS_SHOWN}, at most 100; fewer when they do not fit in one answer)`, 20),
    }),
    run: ({ run_id, kinds, limit }, sdk) => drawings(sdk, run_id, kinds ?? KINDS, limit ?? DRAWINGS_SHOWN),
  }),
  defineTool({
    name: "get_logs", title: "Read a run's log lines", hints: READ,
    description: "A run's log.info / log.warning / log.error lines in bar order (time, level, message), `limit` at a time (default 50), following `next_cursor`; a run keeps its first 1,000 lines (summary.logs_dropped counts the rest).",
    input: z.object({
      run_id: runId,
      limit: param(z.number().int().min(1).max(100).optional(), "Lines in the page (default 50, at most 100)", 50),
      cursor: param(z.string().optional(), "next_cursor of the previous page", "eyJsIjoi..."),
    }),
    run: ({ run_id, limit, cursor }, sdk) => fittedPage((n) => sdk.call("getRunLogs", { path: { run_id }, query: { limit: String(n), cursor } }), limit ?? 50),
  }),
];
