// The rest of TradingView's drawing setters and constants: text formatting (`text.format_*`,
// `label/box.set_text_formatting`, `table.cell_set_text_formatting`), the table cells' text size,
// alignment, font, tooltip and size setters, `label.set_xloc`/`box.set_xloc` with their
// coordinates, and the later label styles. A cell's extra properties are kept with the cell, as
// `table.cell` keeps its arguments; the run's Drawings give a cell's text and colors
// (docs/adr/0063-drawings-as-data.md).

import { builtinFunction, builtinVariable, constants } from "../../builtins/record";
import { AT, setters, type SetterDefault } from "./emit";

/** Formats add up (`text.format_bold + text.format_italic`), as TradingView's. */
export const textFormats = [
  builtinVariable({ name: "text.format_none", type: "const int", doc: "Plain text.", value: 0 }),
  builtinVariable({ name: "text.format_bold", type: "const int", doc: "Bold text (adds to text.format_italic).", value: 1 }),
  builtinVariable({ name: "text.format_italic", type: "const int", doc: "Italic text (adds to text.format_bold).", value: 2 }),
];

export const labelStylesMore = constants("label", "string", ["style_label_lower_left", "style_label_lower_right", "style_label_upper_left", "style_label_upper_right", "style_text_outline"], "A label style.");

// The v6 reference: text_formatting is "Optional. The default is text.format_none" in each setter.
const FORMAT_NONE: SetterDefault = ["text.format_none", "0"];
export const textFormattingSetters = [
  ...setters("label", [["text_formatting", "series int", "text_formatting", undefined, FORMAT_NONE]]),
  ...setters("box", [["text_formatting", "series int", "text_formatting", undefined, FORMAT_NONE]]),
];

export const labelSetXloc = builtinFunction({
  sig: "label.set_xloc(id: series label, x: series int, xloc: series string): void",
  doc: "Sets how the label's x coordinate is read (xloc.bar_index or xloc.bar_time), with the coordinate.",
  emit: (b) => `$rt.draw.placeXloc(${b.a("id")}, [["x", ${b.a("x")}]], ${b.a("xloc")}, ${AT})`,
});

export const boxSetXloc = builtinFunction({
  sig: "box.set_xloc(id: series box, left: series int, right: series int, xloc: series string): void",
  doc: "Sets how the box's left and right are read (xloc.bar_index or xloc.bar_time), with both of them.",
  emit: (b) => `$rt.draw.placeXloc(${b.a("id")}, [["left", ${b.a("left")}], ["right", ${b.a("right")}]], ${b.a("xloc")}, ${AT})`,
});

const CELL_SETTERS: ReadonlyArray<readonly [param: string, type: string]> = [
  ["text_size", "series int|string"], ["text_halign", "series string"], ["text_valign", "series string"], ["text_font_family", "series string"],
  ["text_formatting", "series int"], ["tooltip", "series string"], ["width", "series float"], ["height", "series float"],
];

export const tableCellSettersMore = CELL_SETTERS.map(([p, ty]) =>
  builtinFunction({
    sig: `table.cell_set_${p}(table_id: series table, column: series int, row: series int, ${p}: ${ty}${p === "text_formatting" ? ` = ${FORMAT_NONE[0]}` : ""}): void`,
    doc: `Sets a cell's ${p.replace(/_/g, " ")} (a cell outside the table is a runtime error).`,
    emit: (b) => `$rt.draw.cell(${b.a("table_id")}, ${b.a("column")}, ${b.a("row")}, {${p}: ${b.a(p, p === "text_formatting" ? FORMAT_NONE[1] : undefined)}})`,
  }),
);
