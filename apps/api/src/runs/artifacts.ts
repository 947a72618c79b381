// #30 drawings and #31 logs of a run (docs/adr/0063-drawings-as-data.md, 0064-run-logs.md):
// readable as results are (409 until the run succeeded, 410 once expired); drawings only for
// indicator runs, logs for every run kind (a study's: its definitions' and its own lines).
import { ApiError } from "@barscript/contracts";
import { readRunArtifacts, type Run, type StoredLogLine } from "@barscript/db";
import type { AppDeps } from "../deps";
import { PAGE_LIMITS, parseLimit } from "../http/cursor";
import { assertResultsReadable } from "./results";

const NO_DRAWINGS = { labels: [], lines: [], boxes: [], polylines: [], linefills: [], tables: [] };

/** A box's fields kept since docs/adr/0214, as TradingView's defaults for the boxes of a run kept before. */
const BOX_BEFORE_0214 = { border_width: 1, border_style: "solid", extend: "none", text_color: null, text_size: "auto", text_halign: "center", text_valign: "center" };

/** Fields kept since docs/adr/0235, at polyline.new's, table.new's and table.cell's defaults for a run kept before. */
const POLYLINE_BEFORE_0235 = { curved: false, xloc: "bar_index", line_style: "solid", line_width: 1 };
const TABLE_BEFORE_0235 = { bg_color: null, frame_color: null, frame_width: 0, border_color: null, border_width: 0, merges: [] };
const CELL_BEFORE_0235 = { text_size: "normal", text_halign: "center", text_valign: "center", width: 0, height: 0, tooltip: null };

/** docs/adr/0242: a label's, box's and cell's text style, plain in the default font for a run kept before. */
const TEXT_BEFORE_0242 = { text_formatting: "none", text_font_family: "default" };

type Stored = Record<string, unknown>;
type StoredDrawings = Stored & { labels?: Stored[]; boxes?: Stored[]; linefills?: unknown[]; polylines?: Stored[]; tables?: Array<Stored & { cells?: Stored[] }> };

export async function runDrawings(deps: AppDeps, run: Run): Promise<unknown> {
  if (run.kind !== "indicator") throw new ApiError("not_found", `Run ${run.id} is a ${run.kind} run: only indicator runs have drawings.`);
  assertResultsReadable(run, deps.clock.now());
  const row = await readRunArtifacts(deps.db, run.id);
  // runs finished before drawings were kept have none
  const stored = (row?.drawings ?? null) as StoredDrawings | null;
  if (stored === null) return NO_DRAWINGS;
  // runs kept before docs/adr/0214 lack the boxes' styles and the linefills, before docs/adr/0235 the
  // polylines' styles and the tables' frames, borders and cell layout, before docs/adr/0242 the text
  // styles of labels, boxes and cells: the answer has every field
  return {
    ...stored,
    labels: (stored.labels ?? []).map((l) => ({ ...TEXT_BEFORE_0242, ...l })),
    boxes: (stored.boxes ?? []).map((b) => ({ ...BOX_BEFORE_0214, ...TEXT_BEFORE_0242, ...b })),
    linefills: stored.linefills ?? [],
    polylines: (stored.polylines ?? []).map((p) => ({ ...POLYLINE_BEFORE_0235, ...p })),
    tables: (stored.tables ?? []).map((t) => ({ ...TABLE_BEFORE_0235, ...t, cells: (t.cells ?? []).map((c) => ({ ...CELL_BEFORE_0235, ...TEXT_BEFORE_0242, ...c })) })),
  };
}

export async function runLogs(deps: AppDeps, run: Run, query: { limit?: string; cursor?: string }): Promise<{ data: StoredLogLine[]; next_cursor: string | null }> {
  assertResultsReadable(run, deps.clock.now());
  const limit = parseLimit(query.limit, PAGE_LIMITS.logs);
  let offset = 0;
  if (query.cursor) {
    const values = deps.cursors.decode(`logs:${run.id}`, query.cursor);
    if (values.length !== 1 || typeof values[0] !== "number" || !Number.isSafeInteger(values[0]) || values[0] < 0) throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
    offset = values[0];
  }
  const lines = (await readRunArtifacts(deps.db, run.id))?.logs ?? [];
  const data = lines.slice(offset, offset + limit);
  const next = offset + limit < lines.length ? offset + limit : null;
  return { data, next_cursor: next === null ? null : deps.cursors.encode(`logs:${run.id}`, [next]) };
}
