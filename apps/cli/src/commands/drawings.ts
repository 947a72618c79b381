// `barscript drawings <run_id>`: what an indicator run's chart would show after its last bar
// (GET /v1/runs/{id}/drawings): JSON, or a summary table of labels, lines, boxes and tables.
import type { Command } from "commander";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { table, type OutputMode } from "../output";
import type { Cli, CommandModule } from "../context";

interface Drawings {
  labels: Array<{ time: string | null; price: number | null; text: string; style: string }>;
  lines: Array<{ time1: string | null; price1: number | null; time2: string | null; price2: number | null }>;
  boxes: Array<{ time1: string | null; top: number | null; time2: string | null; bottom: number | null; text: string }>;
  polylines: Array<{ points: unknown[] }>;
  tables: Array<{ position: string; rows: number; columns: number; cells: Array<{ row: number; column: number; text: string }> }>;
}

const at = (t: string | null, p: number | null): string => `${t ?? "na"} @ ${p ?? "na"}`;

/** One row per object (at most 50 a kind for a person; --json gives everything). */
function drawingsTable(m: OutputMode, d: Drawings): string {
  const rows: Array<Array<string | number>> = [
    ...d.labels.slice(0, 50).map((l) => ["label", at(l.time, l.price), "", `${l.style} ${JSON.stringify(l.text)}`]),
    ...d.lines.slice(0, 50).map((l) => ["line", at(l.time1, l.price1), at(l.time2, l.price2), ""]),
    ...d.boxes.slice(0, 50).map((b) => ["box", at(b.time1, b.top), at(b.time2, b.bottom), JSON.stringify(b.text)]),
    ...d.polylines.slice(0, 50).map((p) => ["polyline", "", "", `${p.points.length} points`]),
    ...d.tables.map((t) => ["table", t.position, `${t.columns}x${t.rows}`, t.cells.map((c) => `[${c.row},${c.column}] ${c.text}`).join("; ")]),
  ];
  if (rows.length === 0) return "(no drawings)";
  return table(m, ["kind", "from", "to", "what"], rows);
}

export const drawingsCommand: CommandModule = (program: Command, cli: Cli) => {
  program.command("drawings <run_id>").description("an indicator run's drawings after its last bar (labels, lines, boxes, polylines, tables)")
    .action(cli.action(async (runId: string): Promise<ExitCode> => {
      const d = (await cli.sdk().call("getRunDrawings", { path: { run_id: runId } })) as Drawings;
      cli.emit(d, (m) => drawingsTable(m, d));
      return EXIT.ok;
    }));
};
