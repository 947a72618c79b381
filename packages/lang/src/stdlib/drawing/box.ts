// box.*: rectangles between two bars and two prices (TradingView's reference order of parameters).

import { builtinFunction, builtinVariable } from "../../builtins/record";
import { NAMED } from "../color";
import { AT, getters, lifecycle, NA_NUM, newRecordWithPoints, pointSetters, setters, type FieldSpec } from "./emit";

// The v6 reference gives box.new its own colors: border and fill color.blue, text color.black.
const BLUE = String(NAMED.blue);
const BLACK = String(NAMED.black);

const BOX_FIELDS: readonly FieldSpec[] = [
  ["left", "left", NA_NUM], ["top", "top", NA_NUM], ["right", "right", NA_NUM], ["bottom", "bottom", NA_NUM], ["border_color", "border_color", BLUE],
  ["border_width", "border_width", "1"], ["border_style", "border_style", '"line.style_solid"'], ["extend", "extend", '"extend.none"'], ["xloc", "xloc", '"xloc.bar_index"'],
  ["bgcolor", "bgcolor", BLUE], ["text", "text", '""'], ["text_size", "text_size", '"size.auto"'], ["text_color", "text_color", BLACK],
  ["text_halign", "text_halign", '"text.align_center"'], ["text_valign", "text_valign", '"text.align_center"'], ["text_wrap", "text_wrap", '"text.wrap_none"'],
  ["text_font_family", "text_font_family", '"font.family_default"'], ["text_formatting", "text_formatting", "0"], ["force_overlay", "force_overlay", "false"],
];

const BOX_REST = 'border_color: series color = color.blue, border_width: series int = 1, border_style: series string = "line.style_solid", extend: series string = "extend.none", xloc: series string = "xloc.bar_index", bgcolor: series color = color.blue, text: series string = "", text_size: series int|string = "size.auto", text_color: series color = color.black, text_halign: series string = "text.align_center", text_valign: series string = "text.align_center", text_wrap: series string = "text.wrap_none", text_font_family: series string = "font.family_default", force_overlay: const bool = false, text_formatting: series int = 0';

export const boxNew = newRecordWithPoints(
  "box",
  `box.new(left: series int, top: series float, right: series int, bottom: series float, ${BOX_REST}): series box`,
  `box.new(top_left: chart.point, bottom_right: chart.point, ${BOX_REST}): series box`,
  "A box from bar `left` to bar `right` between prices `top` and `bottom`, or between two chart.point corners (their index or time by `xloc`); past max_boxes_count the oldest box is deleted.",
  BOX_FIELDS,
  [["top_left", "left", "top"], ["bottom_right", "right", "bottom"]],
);

export const boxSetPoints = pointSetters("box", [["top_left_point", "left", "top", "top-left corner"], ["bottom_right_point", "right", "bottom", "bottom-right corner"]]);

export const boxSetters = setters("box", [
  ["left", "series int", "left"], ["right", "series int", "right"], ["top", "series float", "top"], ["bottom", "series float", "bottom"],
  ["bgcolor", "series color", "bgcolor", "color"], ["border_color", "series color", "border_color", "color"], ["border_width", "series int", "border_width", "width"],
  ["border_style", "series string", "border_style", "style"], ["extend", "series string", "extend"], ["text", "series string", "text"],
  ["text_color", "series color", "text_color"], ["text_size", "series int|string", "text_size"], ["text_halign", "series string", "text_halign"],
  ["text_valign", "series string", "text_valign"], ["text_wrap", "series string", "text_wrap"], ["text_font_family", "series string", "text_font_family"],
]);

export const boxSetCorners = [
  builtinFunction({ sig: "box.set_lefttop(id: series box, left: series int, top: series float): void", doc: "Moves the box's top-left corner.", emit: (b) => `$rt.draw.place2(${b.a("id")}, "left", ${b.a("left")}, "top", ${b.a("top")}, ${AT}, "box.set_lefttop", "left")` }),
  builtinFunction({ sig: "box.set_rightbottom(id: series box, right: series int, bottom: series float): void", doc: "Moves the box's bottom-right corner.", emit: (b) => `$rt.draw.place2(${b.a("id")}, "right", ${b.a("right")}, "bottom", ${b.a("bottom")}, ${AT}, "box.set_rightbottom", "right")` }),
];

export const boxGetters = getters("box", [["left", "series int", "left"], ["right", "series int", "right"], ["top", "series float", "top"], ["bottom", "series float", "bottom"]]);

export const boxLifecycle = lifecycle("box", "box");

export const boxAll = builtinVariable({ name: "box.all", type: "series array<box>", doc: "Every box the script has not deleted, oldest first.", emit: '$rt.draw.all("box")' });
