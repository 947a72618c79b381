// `barscript drawings <run_id>`: what an indicator run's chart would show after its last bar
// (GET /v1/runs/{id}/drawings, docs/reference/api.md; the fields of docs/adr/0235): the API's JSON
// unchanged (--json or a pipe), or for a person a summary table of labels, lines (numbered), boxes,
// polylines (a polyline's style, width, curved, closed) and linefills (the two lines they fill
// between, by those numbers) and each table as its grid of cells (merged cells spanning their
// rectangle, tooltips listed under it).
import type { Command } from "commander";
import Table from "cli-table3";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { plural, table, type OutputMode } from "../output";
import type { Cli, CommandModule } from "../context";

interface Point { time: string | null; price: number | null }
interface Cell { row: number; column: number; text: string; tooltip?: string | null }
interface Merge { start_column: number; start_row: number; end_column: number; end_row: number }
interface DrawnTable { position: string; rows: number; columns: number; cells: Cell[]; merges?: Merge[]; force_overlay?: true }
interface Drawings {
  labels: Array<{ time: string | null; price: number | null; text: string; style: string }>;
  lines: Array<{ time1: string | null; price1: number | null; time2: string | null; price2: number | null }>;
  boxes: Array<{ time1: string | null; top: number | null; time2: string | null; bottom: number | null; text: string }>;
  polylines: Array<{ points: Point[]; closed?: boolean; curved?: boolean; line_style?: string; line_width?: number }>;
  /** line1, line2: places (0-based) in `lines` */
  linefills: Array<{ line1: number; line2: number; color: string | null }>;
  tables: DrawnTable[];
}

/** Objects of a kind a person is shown; --json gives everything. */
const SHOWN = 50;
/** A table's rows and columns shown as a grid, and the characters of a cell's text. */
const GRID_ROWS = 50;
const GRID_COLUMNS = 12;
const CELL_CHARS = 40;

const at = (t: string | null, p: number | null): string => `${t ?? "na"} @ ${p ?? "na"}`;
const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const span = (a: number, b: number): string => (a === b ? `${a}` : `${a}-${b}`);

/** "3 points, dashed, width 2, curved, closed" */
function polylineWhat(p: Drawings["polylines"][number]): string {
  const parts = [plural(p.points.length, "point"), p.line_style ?? "solid", `width ${p.line_width ?? 1}`];
  if (p.curved) parts.push("curved");
  if (p.closed) parts.push("closed");
  return parts.join(", ");
}

/** "columns 1-2, row 1" (table.merge_cells(start_column, start_row, end_column, end_row)) */
const mergeText = (m: Merge): string =>
  `${m.start_column === m.end_column ? "column" : "columns"} ${span(m.start_column, m.end_column)}, ${m.start_row === m.end_row ? "row" : "rows"} ${span(m.start_row, m.end_row)}`;

/**
 * One table as TradingView lays it out: its row and column numbers (table.cell's column and row)
 * around a grid of the cells' text, a merged rectangle as one cell holding its first cell's text.
 */
function tableBlock(m: OutputMode, t: DrawnTable, index: number): string {
  const rows = Math.max(0, Math.floor(t.rows));
  const columns = Math.max(0, Math.floor(t.columns));
  const merges = t.merges ?? [];
  const head = `Table ${index + 1}: ${t.position}${t.force_overlay ? " (price pane)" : ""}, ${plural(columns, "column")} × ${plural(rows, "row")}, ${plural(t.cells.length, "cell")}`;
  const lines = [m.colors.bold(head)];
  if (merges.length > 0) lines.push(`merged: ${merges.map(mergeText).join("; ")}`);
  if (t.cells.length === 0) return [...lines, "(no cells)"].join("\n");
  const text = new Map(t.cells.map((c) => [`${c.row},${c.column}`, c.text]));
  const shownRows = Math.min(rows, GRID_ROWS);
  const shownColumns = Math.min(columns, GRID_COLUMNS);
  const spans = new Map<string, Merge>();
  const covered = new Set<string>();
  for (const g of merges) {
    if (covered.has(`${g.start_row},${g.start_column}`)) continue;
    spans.set(`${g.start_row},${g.start_column}`, g);
    for (let r = g.start_row; r <= g.end_row; r += 1) for (let c = g.start_column; c <= g.end_column; c += 1) if (r !== g.start_row || c !== g.start_column) covered.add(`${r},${c}`);
  }
  const grid = new Table({ head: ["", ...Array.from({ length: shownColumns }, (_, c) => m.colors.bold(String(c)))], style: { head: [], border: [] } });
  for (let r = 0; r < shownRows; r += 1) {
    const row: Array<string | { content: string; colSpan?: number; rowSpan?: number }> = [m.colors.bold(String(r))];
    for (let c = 0; c < shownColumns; c += 1) {
      if (covered.has(`${r},${c}`)) continue;
      const content = clip(text.get(`${r},${c}`) ?? "", CELL_CHARS);
      const g = spans.get(`${r},${c}`);
      if (g) row.push({ content, colSpan: Math.min(shownColumns - 1, g.end_column) - c + 1, rowSpan: Math.min(shownRows - 1, g.end_row) - r + 1 });
      else row.push(content);
    }
    grid.push(row as never);
  }
  lines.push(grid.toString());
  if (rows > shownRows || columns > shownColumns) lines.push(`(the first ${plural(shownRows, "row")} and ${plural(shownColumns, "column")} shown; --json has all)`);
  const tips = t.cells.filter((c) => (c.tooltip ?? "") !== "");
  for (const c of tips) lines.push(`tooltip of row ${c.row}, column ${c.column}: ${JSON.stringify(c.tooltip)}`);
  return lines.join("\n");
}

/** One row per object (at most 50 a kind), then each table as its grid. */
function drawingsText(m: OutputMode, d: Drawings): string {
  const rows: Array<Array<string | number>> = [
    ...d.labels.slice(0, SHOWN).map((l) => ["label", at(l.time, l.price), "", `${l.style} ${JSON.stringify(l.text)}`]),
    ...d.lines.slice(0, SHOWN).map((l, i) => ["line", at(l.time1, l.price1), at(l.time2, l.price2), `#${i + 1}`]),
    ...d.boxes.slice(0, SHOWN).map((b) => ["box", at(b.time1, b.top), at(b.time2, b.bottom), JSON.stringify(b.text)]),
    ...d.polylines.slice(0, SHOWN).map((p) => {
      const [first, last] = [p.points[0], p.points[p.points.length - 1]];
      return ["polyline", first ? at(first.time, first.price) : "", last && p.points.length > 1 ? at(last.time, last.price) : "", polylineWhat(p)];
    }),
    ...d.linefills.slice(0, SHOWN).map((f) => ["linefill", `line #${f.line1 + 1}`, `line #${f.line2 + 1}`, `fill ${f.color ?? "na"}`]),
  ];
  const blocks: string[] = [];
  if (rows.length > 0) blocks.push(table(m, ["kind", "from", "to", "what"], rows));
  d.tables.forEach((t, i) => blocks.push(tableBlock(m, t, i)));
  return blocks.length === 0 ? "(no drawings)" : blocks.join("\n\n");
}

export const drawingsCommand: CommandModule = (program: Command, cli: Cli) => {
  program.command("drawings <run_id>").description("an indicator run's drawings after its last bar (labels, lines, boxes, polylines, linefills, tables)")
    .action(cli.action(async (runId: string): Promise<ExitCode> => {
      const d = (await cli.sdk().call("getRunDrawings", { path: { run_id: runId } })) as Drawings;
      cli.emit(d, (m) => drawingsText(m, d));
      return EXIT.ok;
    }));
};
