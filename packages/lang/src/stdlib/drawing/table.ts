// table.*: grids of cells at a fixed place of the chart (TradingView's reference order of
// parameters). A cell outside the table's columns and rows is a runtime error of the bar.

import { builtinFunction, builtinVariable } from "../../builtins/record";
import { NAMED } from "../color";
import { NA_NUM, newRecord, setters, type FieldSpec, type SetterDefault } from "./emit";

// The v6 reference: a cell's text is color.black unless the call gives text_color.
const BLACK = String(NAMED.black);

const TABLE_FIELDS: readonly FieldSpec[] = [
  ["position", "position", '"position.top_right"'], ["columns", "columns", NA_NUM], ["rows", "rows", NA_NUM], ["bgcolor", "bgcolor", NA_NUM],
  ["frame_color", "frame_color", NA_NUM], ["frame_width", "frame_width", "0"], ["border_color", "border_color", NA_NUM], ["border_width", "border_width", "0"], ["force_overlay", "force_overlay", "false"],
];

export const tableNew = newRecord(
  "table",
  "table.new(position: series string, columns: series int, rows: series int, bgcolor: series color = na, frame_color: series color = na, frame_width: series int = 0, border_color: series color = na, border_width: series int = 0, force_overlay: const bool = false): series table",
  "A table of `columns` x `rows` cells at `position` (position.top_right, ...).",
  TABLE_FIELDS,
);

export const tableCell = builtinFunction({
  sig: 'table.cell(table_id: series table, column: series int, row: series int, text: series string = "", width: series float = 0, height: series float = 0, text_color: series color = color.black, text_halign: series string = "text.align_center", text_valign: series string = "text.align_center", text_size: series int|string = "size.normal", bgcolor: series color = na, tooltip: series string = na, text_font_family: series string = "font.family_default", text_formatting: series int = 0): void',
  doc: "Sets a cell's text and colors (a cell outside the table is a runtime error).",
  // docs/adr/0235: the cell keeps its size, alignment and tooltip, as the cell_set_* setters set them
  emit: (b) =>
    `$rt.draw.cell(${b.a("table_id")}, ${b.a("column")}, ${b.a("row")}, {text: ${b.a("text", '""')}, text_color: ${b.a("text_color", BLACK)}, bg_color: ${b.a("bgcolor", NA_NUM)}, ` +
    `width: ${b.a("width", "0")}, height: ${b.a("height", "0")}, text_halign: ${b.a("text_halign", '"text.align_center"')}, text_valign: ${b.a("text_valign", '"text.align_center"')}, ` +
    `text_size: ${b.a("text_size", '"size.normal"')}, tooltip: ${b.a("tooltip", "null")}, ` +
    // docs/adr/0242: the v6 text_font_family and text_formatting, kept as the cell_set_* setters keep them
    `text_font_family: ${b.a("text_font_family", '"font.family_default"')}, text_formatting: ${b.a("text_formatting", "0")}})`,
});

const CELL_SETTERS: ReadonlyArray<readonly [string, string, string]> = [["text", "series string", "text"], ["bgcolor", "series color", "bg_color"], ["text_color", "series color", "text_color"]];

export const tableCellSetters = CELL_SETTERS.map(([p, ty, f]) =>
  builtinFunction({
    sig: `table.cell_set_${p}(table_id: series table, column: series int, row: series int, ${p}: ${ty}): void`,
    doc: `Sets a cell's ${p.replace(/_/g, " ")}.`,
    emit: (b) => `$rt.draw.cell(${b.a("table_id")}, ${b.a("column")}, ${b.a("row")}, {${f}: ${b.a(p)}})`,
  }),
);

// The v6 reference makes every value but the position optional: no color, a width of 0.
const NO_COLOR: SetterDefault = ["na", NA_NUM];
const NO_WIDTH: SetterDefault = ["0", "0"];
export const tableSetters = setters("table", [
  ["bgcolor", "series color", "bgcolor", undefined, NO_COLOR], ["position", "series string", "position"], ["frame_color", "series color", "frame_color", undefined, NO_COLOR],
  ["frame_width", "series int", "frame_width", undefined, NO_WIDTH], ["border_color", "series color", "border_color", undefined, NO_COLOR], ["border_width", "series int", "border_width", undefined, NO_WIDTH],
], "table_id");

export const tableMergeCells = builtinFunction({
  sig: "table.merge_cells(table_id: series table, start_column: series int, start_row: series int, end_column: series int, end_row: series int): void",
  doc: "Merges a rectangle of cells (the data keeps each cell; a chart draws the first over the rectangle).",
  // docs/adr/0235: the first cell keeps the rectangle's far corner
  emit: (b) => `$rt.draw.cell(${b.a("table_id")}, ${b.a("start_column")}, ${b.a("start_row")}, {merge_to: [${b.a("end_column")}, ${b.a("end_row")}]})`,
});

export const tableClear = builtinFunction({
  sig: "table.clear(table_id: series table, start_column: series int, start_row: series int, end_column: series int = na, end_row: series int = na): void",
  doc: "Removes the cells of a rectangle (one cell when the end is na).",
  emit: (b) => `$rt.draw.clearCells(${b.a("table_id")}, ${b.a("start_column")}, ${b.a("start_row")}, ${b.a("end_column", NA_NUM)}, ${b.a("end_row", NA_NUM)})`,
});

export const tableDelete = builtinFunction({ sig: "table.delete(table_id: series table): void", doc: "Deletes the table.", emit: (b) => `$rt.draw.remove(${b.a("table_id")})` });

export const tableAll = builtinVariable({ name: "table.all", type: "series array<table>", doc: "Every table the script has not deleted, oldest first.", emit: '$rt.draw.all("table")' });
