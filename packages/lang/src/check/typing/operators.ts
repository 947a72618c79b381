// Operators: the history operator `[]`, `not`/`-`, binary arithmetic, comparison and logic, and
// the ternary, each giving its result type and qualifier (the qualifier of a result is the widest
// of its operands').

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { BOOL, FLOAT, INT, isNumeric, maxQual, prim, show, STRING, unify } from "../types";
import { castInPlace } from "../match";
import { takeAsInt } from "./int-division";
import { POISON, POISONED, type Typer, type Value } from "./state";
import { comparesFloats, isComparison } from "../../runtime/float-compare";

export function index(t: Typer, node: A.Index): Value {
  const obj = t.expr(node.object);
  const idx = t.expr(node.index);
  if (obj.type === POISON) return POISONED;
  if (obj.type.kind === "void" || obj.type.kind === "tuple") {
    t.ctx.error(Code.type_mismatch, `The history operator [] needs a value, not ${show(obj.type)}.`, node.object.span);
    return POISONED;
  }
  if (idx.type !== POISON && !prim(idx.type, "int") && !takeAsInt(t, node.index) && !floatOffset(node.index)) {
    t.ctx.error(Code.type_mismatch, `A history offset must be an int, not ${show(idx.type)}.`, node.index.span);
  }
  return { type: obj.type, qual: "series" };
}

/**
 * A float history offset: TradingView's reference for `[]` says "Floats will be rounded down", so
 * it is read through `int()` in place (an offset is 0 or more, where truncating is rounding down).
 */
function floatOffset(e: A.Expr): boolean {
  if (!e.type || !prim(e.type, "float")) return false;
  castInPlace(e);
  return true;
}

export function condition(t: Typer, node: A.Expr, what: string): Value {
  const v = t.expr(node);
  if (v.type === POISON || prim(v.type, "bool") || v.type.kind === "na") return v;
  if (t.ctx.version < 6 && isNumeric(v.type)) return v;
  const hint = isNumeric(v.type) ? " Pine v6 has no implicit number-to-bool conversion: compare with 0 (`x != 0`)." : "";
  t.ctx.error(Code.type_mismatch, `${what} must be a bool, not ${show(v.type)}.${hint}`, node.span);
  return v;
}

export function unary(t: Typer, node: A.Unary): Value {
  if (node.op === "not") {
    const v = condition(t, node.operand, "The operand of 'not'");
    return { type: v.type === POISON ? POISON : BOOL, qual: v.qual };
  }
  const v = t.expr(node.operand);
  if (v.type === POISON || v.type.kind === "na") return v.type === POISON ? POISONED : { type: FLOAT, qual: v.qual };
  if (!isNumeric(v.type)) {
    t.ctx.error(Code.type_mismatch, `Unary '${node.op}' needs a number, not ${show(v.type)}.`, node.operand.span);
    return POISONED;
  }
  return v;
}

export function binary(t: Typer, node: A.Binary): Value {
  if (node.op === "and" || node.op === "or") {
    node.eager ??= t.ctx.version < 6;
    const l = condition(t, node.left, `The left operand of '${node.op}'`);
    const r = condition(t, node.right, `The right operand of '${node.op}'`);
    return { type: BOOL, qual: maxQual(l.qual, r.qual) };
  }
  const l = t.expr(node.left);
  const r = t.expr(node.right);
  const qual = maxQual(l.qual, r.qual);
  if (l.type === POISON || r.type === POISON) return POISONED;
  const type = binaryType(t, node, l.type, r.type, qual);
  // one compiled body for a function's instances: a comparison any instance makes of a float takes the tolerance (docs/adr/0315)
  if (isComparison(node.op) && comparesFloats(l.type, r.type)) node.floatCompare = true;
  // a function's instances share one compiled body: a `+` typed string by one call and a number by another adds or concatenates as it runs
  const before = node.type;
  if (node.op === "+" && type !== null && before !== undefined && before !== POISON && prim(before, "string") !== prim(type, "string")) node.stringOrNumber = true;
  return type === null ? POISONED : { type, qual };
}

function binaryType(t: Typer, node: A.Binary, l: A.PineType, r: A.PineType, qual: A.Qualifier): A.PineType | null {
  const op = node.op;
  const bothNa = l.kind === "na" && r.kind === "na";
  if (isComparison(op) && t.ctx.version >= 6 && (node.left.kind === "NaLit" || node.right.kind === "NaLit")) {
    // TradingView's user manual (Type system, `na` value): na used directly as a comparison's operand is a compilation error
    t.ctx.error(Code.type_mismatch, `Cannot compare with 'na' using '${op}': a comparison with na is always false; test the value with na() instead.`, node.span);
    return null;
  }
  if (op === "==" || op === "!=") {
    if (unify(l, r, t.ctx.version) === null) return mismatch(t, node, l, r);
    return BOOL;
  }
  if (op === "<" || op === "<=" || op === ">" || op === ">=") {
    // only numbers: "a" > "b" is invalid (TradingView's user manual, Operators), == and != compare any fundamental type
    const ok = (x: A.PineType): boolean => isNumeric(x) || x.kind === "na";
    if (!(ok(l) && ok(r))) return mismatch(t, node, l, r);
    return BOOL;
  }
  // `display.all - display.status_line`: display sets combine with + and - (Pine's plot_display)
  if ((op === "+" || op === "-") && isDisplay(node.left) && isDisplay(node.right)) return STRING;
  if (op === "+" && (prim(l, "string") || prim(r, "string"))) {
    const ok = (x: A.PineType): boolean => prim(x, "string") || x.kind === "na";
    return ok(l) && ok(r) ? STRING : mismatch(t, node, l, r);
  }
  const num = (x: A.PineType): boolean => isNumeric(x) || x.kind === "na";
  if (!num(l) || !num(r)) return mismatch(t, node, l, r);
  if (bothNa) return FLOAT;
  const ints = (prim(l, "int") || l.kind === "na") && (prim(r, "int") || r.kind === "na");
  if (!ints) return FLOAT;
  // Pine v6 divides ints exactly (5 / 2 = 2.5); v5 truncated the division of two const ints
  // (5 / 2 = 2, codegen truncates) and gave a float for any other int operands.
  if (op === "/" && (t.ctx.version >= 6 || qual !== "const")) return FLOAT;
  return INT;
}

function isDisplay(e: A.Expr): boolean {
  if (e.kind === "Binary") return (e.op === "+" || e.op === "-") && isDisplay(e.left) && isDisplay(e.right);
  return e.kind === "Member" && e.symbol?.kind === "builtinVariable" && e.symbol.name.startsWith("display.");
}

function mismatch(t: Typer, node: A.Binary, l: A.PineType, r: A.PineType): null {
  t.ctx.error(Code.type_mismatch, `Operator '${node.op}' cannot combine ${show(l)} and ${show(r)}.`, node.span);
  return null;
}

export function ternary(t: Typer, node: A.Ternary): Value {
  const c = condition(t, node.cond, "The condition of '?:'");
  const a = t.expr(node.then);
  const b = t.expr(node.else);
  const qual = maxQual(c.qual, a.qual, b.qual);
  if (a.type.kind === "tuple" || b.type.kind === "tuple") {
    // TradingView's user manual (Type system, Tuples): only local blocks return tuples; `?:` makes none
    t.ctx.error(Code.type_mismatch, `'?:' cannot give a tuple: only the local block of a function, if, switch or loop returns one.`, node.span);
    return POISONED;
  }
  if (a.type === POISON || b.type === POISON) {
    // the other branch's type keeps checking going, but an `na` beside an already-reported error
    // would ask for a type the error took away: the result stays poisoned (reported once)
    const other = a.type === POISON ? b.type : a.type;
    return { type: other.kind === "na" ? POISON : other, qual };
  }
  const u = unify(a.type, b.type, t.ctx.version);
  if (u === null) {
    t.ctx.error(Code.type_mismatch, `The branches of '?:' have different types: ${show(a.type)} and ${show(b.type)}.`, node.span);
    return POISONED;
  }
  return { type: u, qual };
}
