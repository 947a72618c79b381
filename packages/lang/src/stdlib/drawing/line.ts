// line.* and linefill.*: segments between two points and fills between two lines (TradingView's
// reference order of parameters; line.get_price extends the line both ways).

import { builtinFunction, builtinVariable } from "../../builtins/record";
import { AT, getters, lifecycle, NA_NUM, newRecordWithPoints, pointSetters, setters, type FieldSpec } from "./emit";

const LINE_FIELDS: readonly FieldSpec[] = [
  ["x1", "x1", NA_NUM], ["y1", "y1", NA_NUM], ["x2", "x2", NA_NUM], ["y2", "y2", NA_NUM], ["xloc", "xloc", '"xloc.bar_index"'],
  ["extend", "extend", '"extend.none"'], ["color", "color", NA_NUM], ["style", "style", '"line.style_solid"'], ["width", "width", "1"], ["force_overlay", "force_overlay", "false"],
];

const LINE_REST = 'xloc: series string = "xloc.bar_index", extend: series string = "extend.none", color: series color = na, style: series string = "line.style_solid", width: series int = 1, force_overlay: const bool = false';

export const lineNew = newRecordWithPoints(
  "line",
  `line.new(x1: series int, y1: series float, x2: series int, y2: series float, ${LINE_REST}): series line`,
  `line.new(first_point: chart.point, second_point: chart.point, ${LINE_REST}): series line`,
  "A line from (`x1`, `y1`) to (`x2`, `y2`), or between two chart.points (their index or time by `xloc`); past max_lines_count the oldest line is deleted.",
  LINE_FIELDS,
  [["first_point", "x1", "y1"], ["second_point", "x2", "y2"]],
);

export const lineSetPoints = pointSetters("line", [["first_point", "x1", "y1", "first point"], ["second_point", "x2", "y2", "second point"]]);

export const lineSetters = setters("line", [
  ["x1", "series int", "x1", "x"], ["y1", "series float", "y1", "y"], ["x2", "series int", "x2", "x"], ["y2", "series float", "y2", "y"], ["color", "series color", "color"],
  ["width", "series int", "width"], ["style", "series string", "style"], ["extend", "series string", "extend"],
]);

export const lineSetXloc = builtinFunction({
  sig: "line.set_xloc(id: series line, x1: series int, x2: series int, xloc: series string): void",
  doc: "Sets how the line's x coordinates are read, with both of them.",
  emit: (b) => `$rt.draw.placeXloc(${b.a("id")}, [["x1", ${b.a("x1")}], ["x2", ${b.a("x2")}]], ${b.a("xloc")}, ${AT})`,
});

export const lineSetXy = [1, 2].map((k) =>
  builtinFunction({
    sig: `line.set_xy${k}(id: series line, x: series int, y: series float): void`,
    doc: `Moves the line's ${k === 1 ? "first" : "second"} point.`,
    emit: (b) => `$rt.draw.place2(${b.a("id")}, "x${k}", ${b.a("x")}, "y${k}", ${b.a("y")}, ${AT}, "line.set_xy${k}", "x")`,
  }),
);

export const lineGetters = getters("line", [["x1", "series int", "x1"], ["x2", "series int", "x2"], ["y1", "series float", "y1"], ["y2", "series float", "y2"]]);

export const lineGetPrice = builtinFunction({
  sig: "line.get_price(id: series line, x: series int): series float",
  doc: "The line's price at bar index `x` (the line extended both ways; only for lines with xloc.bar_index).",
  emit: (b) => `$rt.draw.linePrice(${b.a("id")}, ${b.a("x")})`,
});

export const lineLifecycle = lifecycle("line", "line");

export const lineAll = builtinVariable({ name: "line.all", type: "series array<line>", doc: "Every line the script has not deleted, oldest first.", emit: '$rt.draw.all("line")' });

export const linefillNew = builtinFunction({
  sig: "linefill.new(line1: series line, line2: series line, color: series color): series linefill",
  doc: "A fill between two lines; a pair of lines has one fill, so a new one replaces the pair's previous fill.",
  emit: (b) => `$rt.draw.linefill(${b.a("line1")}, ${b.a("line2")}, ${b.a("color")})`,
});
export const linefillSetColor = setters("linefill", [["color", "series color", "color"]]);
export const linefillGetters = getters("linefill", [["line1", "series line", "line1"], ["line2", "series line", "line2"]]);
export const linefillDelete = builtinFunction({ sig: "linefill.delete(id: series linefill): void", doc: "Deletes the fill.", emit: (b) => `$rt.draw.remove(${b.a("id")})` });
export const linefillAll = builtinVariable({ name: "linefill.all", type: "series array<linefill>", doc: "Every linefill the script has not deleted, oldest first.", emit: '$rt.draw.all("linefill")' });
