// Variable declarations (single and tuple) and assignments: a variable's type is its value's (or
// its annotation), its qualifier series when it is reassigned anywhere.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { assignable, INT, isNumeric, maxQual, prim, qualFits, show } from "../types";
import { intValued, takeAsInt } from "./int-division";
import { declare, newLocal } from "./bindings";
import { join } from "../../language/diagnostics";
import { mixedNote } from "./control";
import { localSettledQualifier, settledQualifier } from "./input-settled";
import { inlineConstants } from "./lookup";
import { resolveTypeRef } from "./declarations";
import { POISON, POISONED, setValue, type Typer, type Value } from "./state";

/** Variables declared with the `const` keyword (`const int N = 5`), which no `:=` or `+=` may reassign. */
const constDeclared = new WeakSet<A.LocalSymbol>();
/** Variables declared `simple` (`simple float x = 5.0`), which no series value may be assigned later (docs/adr/0324). */
const simpleDeclared = new WeakSet<A.LocalSymbol>();

export function varDecl(t: Typer, s: A.VarDecl): Value {
  elementTypeFromDeclaration(s);
  // a loop a var/varip takes its value from ends after its first iteration (A.For.firstIterationOnly)
  if (s.mode !== "none" && (s.init.kind === "For" || s.init.kind === "ForIn" || s.init.kind === "While")) s.init.firstIterationOnly = true;
  t.declaring.push({ name: s.name.name, depth: t.active.size });
  let v: Value;
  try {
    v = t.expr(s.init);
  } finally {
    t.declaring.pop();
  }
  let type = v.type;
  const declared = s.typeAnn ? resolveTypeRef(t, s.typeAnn) : null;
  if (s.typeAnn && declared === null) type = POISON;
  else if (declared) {
    // `int half = length / 2`: TradingView's int division is int-typed
    const taken = prim(declared, "int") && takeAsInt(t, s.init);
    if (v.type !== POISON && !taken && !assignable(v.type, declared, t.ctx.version)) {
      t.ctx.error(Code.type_mismatch, `Cannot assign ${show(v.type)} to '${s.name.name}' declared ${show(declared)}.`, s.init.span);
    } else if (t.ctx.version >= 6 && prim(declared, "bool") && s.init.kind === "NaLit") {
      // TradingView's v6 migration guide: "A variable declared as bool can no longer be assigned na as its default value" (docs/adr/0273)
      t.ctx.error(Code.type_mismatch, `'${s.name.name}' is declared bool and given na: in Pine v6 a bool is true or false, never na (TradingView's v6 migration guide). Start it at false (\`bool ${s.name.name} = false\`), keep a third state in an int (-1, 0, 1), or keep //@version=5.`, s.init.span);
    }
    type = declared;
  } else type = inferredDeclType(t, s.name.name, v.type, s.init.span);
  // A `var` never reassigned keeps its value's qualifier, as in Pine (`var isBB = maTypeInput ==
  // "SMA + Bollinger Bands"` is an input bool that `active = isBB` accepts).
  // A variable reassigned only with values settled by inputs and the chart keeps the strongest of
  // their qualifiers (input-settled.ts, docs/adr/0182, docs/adr/0232).
  const settled = t.scope === t.globals ? settledQualifier(t.reassigned, s.name.name) : localSettledQualifier(s);
  let qual: A.Qualifier = t.reassigned.has(s.name.name) && settled === undefined ? "series" : settled ? maxQual(v.qual, settled) : v.qual;
  const q = s.typeAnn?.qualifier;
  // `var const float[] buffer = array.new<float>()`: on a collection, object or drawing, `const`
  // holds the reference and asks no constant value of the call that makes it (docs/adr/0208)
  if (q === "const" && isReferenceType(type)) {
    // the variable keeps its value's qualifier
  } else if (q && q !== "input") {
    if (!qualFits(v.qual, q)) t.ctx.error(Code.qualifier_mismatch, `'${s.name.name}' is declared ${q} but its value is ${v.qual}.`, s.init.span);
    qual = q;
  }
  const sym = declare(t, s.name, s.symbol, () => newLocal(t, s.name, type, qual, s.mode, "variable"), join(s.span, s.init.span));
  if (q === "const") constDeclared.add(sym);
  if (q === "simple") simpleDeclared.add(sym);
  sym.type = type;
  sym.qual = qual;
  if (s.init.kind === "Call" && s.init.target?.kind === "builtin" && s.init.target.name.startsWith("input")) sym.input = s.name.name;
  s.symbol = sym;
  if (!s.typeAnn && prim(type, "float") && intValued(t, s.init)) t.intDivisions.add(sym.id);
  if (t.scope === t.globals && qual === "const") t.constants.set(sym.id, s.init);
  if (s.exported === true) exportConstant(t, s, type, v.qual);
  return { type, qual };
}

/**
 * `array<int> bins = array.from(na, na, na)`: arguments that are all na give no element type, and
 * TradingView takes it from the declaration (a public three-drive pattern indicator of issue 16's
 * survey declares so), so the call reads as `array.from<int>(na, na, na)`.
 */
function elementTypeFromDeclaration(s: A.VarDecl): void {
  const ann = s.typeAnn;
  const init = s.init;
  if (ann?.name !== "array" || ann.args.length !== 1 || init.kind !== "Call" || init.typeArgs.length > 0) return;
  const callee = init.callee;
  if (callee.kind !== "Member" || callee.object.kind !== "Identifier" || callee.object.name !== "array" || callee.property.name !== "from") return;
  if (init.args.length > 0 && init.args.every((a) => a.value.kind === "NaLit")) init.typeArgs = [ann.args[0]!];
}

/** `export const <type> X = <const value>`: what TradingView accepts as a library constant. */
function exportConstant(t: Typer, s: A.VarDecl, type: A.PineType, valueQual: A.Qualifier): void {
  if (t.scope !== t.globals) return; // reported by the top-level rule
  if (s.typeAnn?.qualifier !== "const" || s.mode !== "none") {
    t.ctx.error(Code.invalid_context, `An exported variable must be declared 'export const <type> ${s.name.name} = <value>'.`, s.name.span);
    return;
  }
  if (valueQual !== "const") return; // qualifier_mismatch already reported
  const other = inlineConstants(t, s.init);
  if (other !== null) {
    t.ctx.error(Code.unsupported_feature, `An exported constant's value is written with literals and constants, not with the variable '${other.name}'.`, other.span);
    return;
  }
  t.exports.constants.set(s.name.name, { decl: s, type });
}

function inferredDeclType(t: Typer, name: string, v: A.PineType, span: A.Span): A.PineType {
  if (v === POISON) return POISON;
  if (v.kind === "na") {
    t.ctx.error(Code.type_mismatch, `Cannot infer the type of '${name}' from na: declare it with a type, e.g. 'float ${name} = na'.`, span);
    return POISON;
  }
  if (v.kind === "void") {
    const why = mixedNote(v);
    t.ctx.error(Code.type_mismatch, why === "" ? `This call returns no value to assign to '${name}'.` : `This value cannot be assigned to '${name}'${why}.`, span);
    return POISON;
  }
  if (v.kind === "tuple") {
    t.ctx.error(Code.type_mismatch, `A tuple of ${v.elements.length} values must be destructured: [a, b, ...] = ...`, span);
    return POISON;
  }
  return v;
}

export function tupleDecl(t: Typer, s: A.TupleDecl): Value {
  const v = t.expr(s.init);
  let elements: A.PineType[] = s.names.map(() => POISON);
  if (v.type !== POISON) {
    if (v.type.kind !== "tuple") t.ctx.error(Code.type_mismatch, `Only a tuple can be destructured, not ${show(v.type)}${mixedNote(v.type)}.`, s.init.span);
    else if (v.type.elements.length !== s.names.length) {
      t.ctx.error(Code.type_mismatch, `The value is a tuple of ${v.type.elements.length}, not ${s.names.length}.`, s.init.span);
    } else elements = v.type.elements;
  }
  const symbols = s.names.map((n, i) => {
    if (!n) return null;
    const el = elements[i] ?? POISON;
    const qual: A.Qualifier = t.reassigned.has(n.name) ? "series" : v.qual;
    // each member's warning starts at the tuple, as TradingView's, and ends at its name, so the
    // warnings of two members stay two (docs/adr/0358)
    const sym = declare(t, n, s.symbols?.[i] ?? undefined, () => newLocal(t, n, el, qual, "none", "variable"), join(s.span, n.span));
    sym.type = el;
    sym.qual = qual;
    return sym;
  });
  s.symbols = symbols;
  return v;
}

export function assign(t: Typer, s: A.Assign): Value {
  const v = t.expr(s.value);
  let target: Value;
  if (s.target.kind === "Identifier") {
    const found = t.scope.lookup(s.target.name);
    if (!found) {
      t.ctx.error(Code.assignment_to_undeclared, `'${s.target.name}' is not declared: declare it with '${s.target.name} = ...' before reassigning it with '${s.op}'.`, s.target.span);
      return POISONED;
    }
    if (found.crossesFunction) {
      t.ctx.error(Code.invalid_assignment, `Cannot modify the global variable '${s.target.name}' inside a function.`, s.target.span);
    }
    // TradingView's user manual (Type system): a function cannot reassign its parameters, their arguments being fixed for the call
    if (found.sym.role === "param") {
      t.ctx.error(Code.invalid_assignment, `Cannot modify the parameter '${s.target.name}' with '${s.op}': a function's parameters keep their arguments' values; declare a local variable instead.`, s.target.span);
    }
    // `const int N = 5` then `N := 6` (or `N += 1`): TradingView refuses it at compilation (docs/adr/0232)
    if (constDeclared.has(found.sym)) {
      t.ctx.error(Code.invalid_assignment, `Cannot modify the constant variable '${s.target.name}' with '${s.op}': a variable declared 'const' keeps its value; declare it without 'const' to reassign it.`, s.target.span);
    }
    // `simple float myVar = 5.0` then `myVar := close`: TradingView refuses it (docs/adr/0324)
    if (simpleDeclared.has(found.sym) && v.type !== POISON && !qualFits(v.qual, "simple")) {
      t.ctx.error(Code.qualifier_mismatch, `'${s.target.name}' is declared simple but this value is ${v.qual}: a variable declared 'simple' cannot change its qualifier to ${v.qual}; declare it without 'simple' to give it ${v.qual} values.`, s.value.span);
    }
    s.target.symbol = found.sym;
    target = setValue(s.target, { type: found.sym.type, qual: found.sym.qual });
  } else target = t.expr(s.target);
  if (target.type === POISON || v.type === POISON) return target;
  keepIntValued(t, s);
  checkAssignedValue(t, s, target.type, prim(target.type, "int") && takeAsInt(t, s.value) ? INT : v.type);
  return target;
}

/** A variable holding an int division stays one while every value assigned to it is int-valued (int-division.ts). */
function keepIntValued(t: Typer, s: A.Assign): void {
  const sym = s.target.kind === "Identifier" ? s.target.symbol : undefined;
  if (sym?.kind === "local" && t.intDivisions.has(sym.id) && !intValued(t, s.value)) t.intDivisions.delete(sym.id);
}

function checkAssignedValue(t: Typer, s: A.Assign, target: A.PineType, v: A.PineType): void {
  if (s.op === ":=") {
    if (!assignable(v, target, t.ctx.version)) t.ctx.error(Code.type_mismatch, `Cannot assign ${show(v)} to a variable of type ${show(target)}.`, s.value.span);
    return;
  }
  const stringConcat = s.op === "+=" && prim(target, "string") && (prim(v, "string") || v.kind === "na");
  const numeric = isNumeric(target) && (isNumeric(v) || v.kind === "na") && !(prim(target, "int") && prim(v, "float")) && !(prim(target, "int") && s.op === "/=" && t.ctx.version >= 6);
  if (!stringConcat && !numeric) t.ctx.error(Code.type_mismatch, `'${s.op}' cannot combine ${show(target)} and ${show(v)}.`, s.value.span);
}

/** Collections, objects and drawings: values a variable holds by reference. */
function isReferenceType(t: A.PineType): boolean {
  return t.kind === "array" || t.kind === "matrix" || t.kind === "map" || t.kind === "udt" || (t.kind === "handle" && t.name !== "plot" && t.name !== "hline");
}
