// label.*: text markers at a bar and price (TradingView's reference: label.new, label.set_*,
// label.get_*, label.delete, label.copy, label.all). Parameters in TradingView's positional order.

import { builtinFunction, builtinVariable } from "../../builtins/record";
import { AT, getters, lifecycle, NA_NUM, newRecordWithPoints, pointSetters, setters, type FieldSpec } from "./emit";

const LABEL_FIELDS: readonly FieldSpec[] = [
  ["x", "x", NA_NUM], ["y", "y", NA_NUM], ["text", "text", '""'], ["xloc", "xloc", '"xloc.bar_index"'], ["yloc", "yloc", '"yloc.price"'],
  ["color", "color", NA_NUM], ["style", "style", '"label.style_label_down"'], ["textcolor", "textcolor", NA_NUM], ["size", "size", '"size.normal"'],
  ["textalign", "textalign", '"text.align_center"'], ["tooltip", "tooltip", "null"], ["text_font_family", "text_font_family", '"font.family_default"'],
  ["text_formatting", "text_formatting", "0"], ["force_overlay", "force_overlay", "false"],
];

const LABEL_REST = 'text: series string = "", xloc: series string = "xloc.bar_index", yloc: series string = "yloc.price", color: series color = na, style: series string = "label.style_label_down", textcolor: series color = na, size: series int|string = "size.normal", textalign: series string = "text.align_center", tooltip: series string = na, text_font_family: series string = "font.family_default", force_overlay: const bool = false, text_formatting: series int = 0';

export const labelNew = newRecordWithPoints(
  "label",
  `label.new(x: series int, y: series float, ${LABEL_REST}): series label`,
  `label.new(point: chart.point, ${LABEL_REST}): series label`,
  "A label at bar `x` (a bar index, or a time with xloc.bar_time) and price `y`, or at a chart.point (its index or time by `xloc`); past max_labels_count the oldest label is deleted.",
  LABEL_FIELDS,
  [["point", "x", "y"]],
);

export const labelSetPoint = pointSetters("label", [["point", "x", "y", "position"]]);

export const labelSetters = setters("label", [
  ["x", "series int", "x"], ["y", "series float", "y"], ["text", "series string", "text"], ["color", "series color", "color"],
  ["textcolor", "series color", "textcolor"], ["style", "series string", "style"], ["size", "series int|string", "size"], ["tooltip", "series string", "tooltip"],
  ["textalign", "series string", "textalign"], ["yloc", "series string", "yloc"], ["text_font_family", "series string", "text_font_family"],
]);

export const labelSetXy = builtinFunction({
  sig: "label.set_xy(id: series label, x: series int, y: series float): void",
  doc: "Moves the label to bar `x` and price `y`.",
  emit: (b) => `$rt.draw.place2(${b.a("id")}, "x", ${b.a("x")}, "y", ${b.a("y")}, ${AT}, "label.set_xy", "x")`,
});

export const labelGetters = getters("label", [["x", "series int", "x"], ["y", "series float", "y"], ["text", "series string", "text"]]);

export const labelLifecycle = lifecycle("label", "label");

export const labelAll = builtinVariable({ name: "label.all", type: "series array<label>", doc: "Every label the script has not deleted, oldest first.", emit: '$rt.draw.all("label")' });
