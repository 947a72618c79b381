// User functions: declaring them, calling them (arguments matched to parameters), and checking
// a body once per distinct argument-type key (Pine compiles one body per type combination).
// Functions nobody called are checked at the end with their annotated types.

import type * as A from "../../language/ast";
import { Code, type DiagnosticCode } from "../../language/codes";
import { Scope } from "../scope";
import type { ArgInfo, FunctionInfo } from "../symbols";
import { FLOAT, INT, maxQual, paramAssignable, prim, qualFits, show, signatureKey } from "../types";
import { newLocal } from "./bindings";
import { resolveTypeRef } from "./declarations";
import { intValued, takeAsInt } from "./int-division";
import { sameSignature } from "./overloads";
import { type CallArgs, POISON, POISONED, type Typer, type Value, VALUELESS } from "./state";

/** Findings that hold whatever the types of a function's parameters. */
const TYPE_INDEPENDENT: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  Code.syntax_error, Code.undeclared_identifier, Code.assignment_to_undeclared, Code.duplicate_declaration, Code.invalid_assignment, Code.unsupported_feature, Code.not_a_value,
]);

/** Deepest chain of user functions calling each other (f1 calls f2 calls ... ): see instantiate(). */
export const MAX_CALL_DEPTH = 400;

export function functionDecl(t: Typer, s: A.FunctionDecl): void {
  if (t.scope !== t.globals) {
    // reported by the top-level rule; its calls are not reported again as undeclared names
    t.refusedFunctions.add(s.name.name);
    return;
  }
  const symbol: A.FunctionSymbol = s.fn ?? { kind: "function", id: ++t.ctx.ids.fn, name: s.name.name, file: t.ctx.file, isMethod: s.isMethod, exported: s.exported };
  s.fn = symbol;
  for (const p of s.params) if (p.defaultValue) t.expr(p.defaultValue);
  const info: FunctionInfo = { symbol, decl: s, overloads: [], instantiate: (args) => instantiate(t, info, args) };
  info.overloads.push(info);
  if (s.isMethod) {
    const first = s.params[0];
    if (!first?.typeAnn) t.ctx.error(Code.syntax_error, "A method's first parameter must have a type (the type it is a method of).", (first ?? s.name).span);
    const selfRef = first?.typeAnn;
    let self: A.PineType | null | undefined;
    info.receiver = () => (self ??= selfRef ? resolveTypeRef(t, selfRef, false) : null);
    const list = t.methods.get(s.name.name) ?? [];
    list.push(info);
    t.methods.set(s.name.name, list);
    if (s.exported || t.exportAll) t.exports.methods.set(s.name.name, list);
    return;
  }
  const first = t.functions.get(s.name.name);
  if (first) {
    // an overload: the same name with other parameter types or count (shares the first's list)
    if (first.overloads.some((o) => sameSignature(t, o.decl, s))) {
      t.ctx.error(Code.duplicate_declaration, `Function '${s.name.name}' is already declared with these parameter types.`, s.name.span);
      return;
    }
    first.overloads.push(info);
    info.overloads = first.overloads;
  } else t.functions.set(s.name.name, info);
  if ((s.exported || t.exportAll) && !t.exports.functions.has(s.name.name)) t.exports.functions.set(s.name.name, first ?? info);
}

export function callUser(t: Typer, fn: FunctionInfo, node: A.Call, args: CallArgs, receiver: ArgInfo | null): Value {
  node.callSiteId ??= ++t.ctx.ids.callSite;
  const params = fn.decl.params;
  const given: Array<ArgInfo | null> = params.map(() => null);
  if (receiver) given[0] = receiver;
  let positional = receiver ? 1 : 0;
  let ok = true;
  const seen = new Set<number>(receiver ? [0] : []);
  const repeated: number[] = [];
  for (const [k, a] of args.entries()) {
    const idx = a.name === null ? positional++ : params.findIndex((p) => p.name.name === a.name);
    if (idx < 0 || idx >= params.length) {
      ok = false;
      if (a.name === null) t.ctx.error(Code.too_many_arguments, `${fn.symbol.name}() takes ${params.length - (receiver ? 1 : 0)} argument(s).`, a.node.span);
      else t.ctx.error(Code.wrong_argument, `${fn.symbol.name}() has no parameter '${a.name}'.`, a.nameSpan ?? a.node.span);
      continue;
    }
    // a parameter given again: v5 warns and uses the first, v6 refuses (TradingView's v6 migration guide)
    if (seen.has(idx)) {
      const what = `Argument '${params[idx]!.name.name}' of ${fn.symbol.name}() is given twice`;
      if (t.ctx.version < 6) {
        t.ctx.warn(Code.wrong_argument, `${what}: Pine v5 uses the first one and ignores this one (v6 refuses the call).`, a.nameSpan ?? a.node.span);
        repeated.push(k);
      } else {
        ok = false;
        t.ctx.error(Code.wrong_argument, `${what}.`, a.nameSpan ?? a.node.span);
      }
      continue;
    }
    seen.add(idx);
    given[idx] = widenedArrayFrom(t, params[idx]!, intDivisionAsInt(t, params[idx]!, a), a.node);
  }
  // later readers (codegen) see the call without the ignored repeats
  for (const k of repeated.reverse()) node.args.splice(k, 1);
  params.forEach((p, i) => {
    const g = given[i];
    if (g) ok = checkParamArg(t, fn, p, g) && ok;
    else if (p.defaultValue) given[i] = { type: p.defaultValue.type ?? POISON, qual: p.defaultValue.qual ?? "const", span: p.defaultValue.span };
    else {
      ok = false;
      t.ctx.error(Code.missing_argument, `${fn.symbol.name}() needs the argument '${p.name.name}'.`, node.span);
    }
  });
  if (!ok) return POISONED;
  return fn.instantiate(given as ArgInfo[]);
}

/**
 * `f(length / 2)` (or an int-valued variable, int-division.ts) to an `int` parameter: TradingView's
 * int division is int-typed (its value may be fractional) and an int parameter takes it truncated.
 */
function intDivisionAsInt(t: Typer, p: A.Param, a: CallArgs[number]): ArgInfo {
  if (!intValued(t, a.node) || !prim(a.info.type, "float")) return a.info;
  // an untyped parameter is int-valued in the body: truncated where an int is wanted there
  if (!p.typeAnn) return { ...a.info, intValued: true };
  const want = resolveTypeRef(t, p.typeAnn, false);
  if (!(want?.kind === "primitive" && want.name === "int")) return a.info;
  takeAsInt(t, a.node);
  return { ...a.info, type: INT };
}

/**
 * `f(array.from(1, 2, 3))` to an `array<float>` parameter: an `array.from` of ints written where an
 * array of floats is expected is that array of floats, as for a built-in's parameter (match.ts,
 * widensIntArrayFrom). TradingView's reference does this (its `matrix.new<type>()` example 2 passes
 * `array.from(1, ..., 9)` to `matrixFromArray(int rows, int columns, array<float> data)`: docs/adr/0324).
 * Only the call itself is widened: a variable holding an array<int> is taken as it is (types.ts
 * paramAssignable, docs/adr/0332).
 */
function widenedArrayFrom(t: Typer, p: A.Param, info: ArgInfo, node: A.Expr): ArgInfo {
  if (!p.typeAnn || info.type.kind !== "array" || !prim(info.type.element, "int")) return info;
  if (node.kind !== "Call" || node.target?.kind !== "builtin" || node.target.name !== "array.from") return info;
  const want = resolveTypeRef(t, p.typeAnn, false);
  if (want?.kind !== "array" || !prim(want.element, "float")) return info;
  node.type = want;
  return { ...info, type: want };
}

function checkParamArg(t: Typer, fn: FunctionInfo, p: A.Param, a: ArgInfo): boolean {
  if (!p.typeAnn || a.type === POISON) return true;
  const want = resolveTypeRef(t, p.typeAnn, false);
  if (want && !paramAssignable(a.type, want, t.ctx.version)) {
    t.ctx.error(Code.type_mismatch, `Argument '${p.name.name}' of ${fn.symbol.name}() must be ${show(want)}, not ${show(a.type)}.`, a.span);
    return false;
  }
  const q = p.typeAnn.qualifier;
  if (q && q !== "input" && !qualFits(a.qual, q)) {
    t.ctx.error(Code.qualifier_mismatch, `Argument '${p.name.name}' of ${fn.symbol.name}() must be ${q}; this value is ${a.qual}.`, a.span);
    return false;
  }
  return true;
}

/** Check the body for these argument types (Pine compiles one body per type combination). */
function instantiate(t: Typer, fn: FunctionInfo, args: ArgInfo[]): Value {
  const key = signatureKey(args) + args.map((a) => (a.intValued ? "/" : "")).join("");
  const cache = t.instances.get(fn) ?? new Map<string, Value>();
  t.instances.set(fn, cache);
  const cached = cache.get(key);
  if (cached) return cached;
  if (t.active.has(fn)) {
    t.ctx.error(Code.unsupported_feature, `Function '${fn.symbol.name}' calls itself: Pine functions cannot be recursive.`, fn.decl.name.span);
    return POISONED;
  }
  if (t.active.size >= MAX_CALL_DEPTH) {
    // every later stage walks such a chain recursively: refused here, not by a stack overflow
    t.ctx.error(Code.too_complex, `Calls of user functions nest more than ${MAX_CALL_DEPTH} deep through '${fn.symbol.name}'.`, fn.decl.name.span);
    return POISONED;
  }
  t.active.add(fn);
  const promoted = promotedArgs(t, fn, args);
  // the body typed here, not through typeBody: a chain of calls nests one frame fewer a level (depth.unit.test.ts)
  const savedScope = t.scope;
  t.scope = new Scope(t.globals, true);
  try {
    fn.decl.params.forEach((p, i) => declareParam(t, p, promoted[i]));
    const v = functionBody(t, fn.decl.body);
    const result = { type: v.type, qual: maxQual(v.qual, ...promoted.map((a) => a.qual)) };
    cache.set(key, result);
    return result;
  } finally {
    t.scope = savedScope;
    t.active.delete(fn);
  }
}

/** The body typed with these arguments in a fresh function scope (promotedArgs' trial). */
function typeBody(t: Typer, fn: FunctionInfo, args: ArgInfo[]): Value {
  const savedScope = t.scope;
  t.scope = new Scope(t.globals, true);
  try {
    fn.decl.params.forEach((p, i) => declareParam(t, p, args[i]));
    return functionBody(t, fn.decl.body);
  } finally {
    t.scope = savedScope;
  }
}

/**
 * A parameter declared with a type keyword and no qualifier keyword does not take its argument's
 * qualifier: it is series, or simple when the body needs simple there (TradingView's user manual,
 * User-defined functions, Qualifier keywords: `pass(int source) => source` returns a series int even
 * for `pass(14)`). The body is first typed with such parameters series, its errors held back; a
 * qualifier error then makes them simple. Arguments already series, and untyped parameters, keep theirs.
 */
function promotedArgs(t: Typer, fn: FunctionInfo, args: ArgInfo[]): ArgInfo[] {
  const promotable = fn.decl.params.map((p, i) => p.typeAnn !== undefined && p.typeAnn !== null && !p.typeAnn.qualifier && args[i] !== undefined && args[i]!.qual !== "series");
  if (!promotable.includes(true)) return args;
  const asQual = (q: A.Qualifier): ArgInfo[] => args.map((a, i) => (promotable[i] ? { ...a, qual: q } : a));
  const series = asQual("series");
  let needsSimple = false;
  const { error, warn } = t.ctx;
  t.ctx.error = (code) => {
    if (code === Code.qualifier_mismatch) needsSimple = true;
  };
  t.ctx.warn = () => undefined;
  try {
    typeBody(t, fn, series);
  } finally {
    t.ctx.error = error;
    t.ctx.warn = warn;
  }
  return needsSimple ? asQual("simple") : series;
}

function declareParam(t: Typer, p: A.Param, arg: ArgInfo | undefined): void {
  const annotated = p.typeAnn ? resolveTypeRef(t, p.typeAnn, false) : null;
  let type = annotated ?? arg?.type ?? FLOAT;
  if (type.kind === "na" && type !== POISON) type = FLOAT;
  const qual: A.Qualifier = p.typeAnn?.qualifier && p.typeAnn.qualifier !== "input" ? p.typeAnn.qualifier : (arg?.qual ?? "series");
  const sym = p.symbol ?? newLocal(t, p.name, type, qual, "none", "param");
  sym.type = type;
  sym.qual = qual;
  p.symbol = sym;
  if (arg?.intValued && !annotated) t.intDivisions.add(sym.id);
  else t.intDivisions.delete(sym.id);
  t.scope.declare(sym);
}

function functionBody(t: Typer, b: A.Block): Value {
  let last: Value = VALUELESS;
  b.body.forEach((s, i) => {
    last = t.stmt(s, i === b.body.length - 1 ? "soft" : false);
  });
  return last;
}

/** Functions never called are still checked: with their annotated types, else int simple. */
function checkUncalled(t: Typer, fn: FunctionInfo): void {
  if (t.instances.has(fn)) return;
  if (fn.decl.params.some((p) => !p.typeAnn)) {
    // Untyped parameters have no type until a call gives them one (Pine compiles a function
    // only for its calls): report only what does not depend on their types.
    withFilteredErrors(t, TYPE_INDEPENDENT, () => instantiateUncalled(t, fn));
    return;
  }
  instantiateUncalled(t, fn);
}

function withFilteredErrors(t: Typer, keep: ReadonlySet<DiagnosticCode>, f: () => void): void {
  const error = t.ctx.error;
  t.ctx.error = (code, message, span) => {
    if (keep.has(code)) error(code, message, span);
  };
  try {
    f();
  } finally {
    t.ctx.error = error;
  }
}

function instantiateUncalled(t: Typer, fn: FunctionInfo): void {
  const args: ArgInfo[] = fn.decl.params.map((p) => {
    const annotated = p.typeAnn ? resolveTypeRef(t, p.typeAnn) : null;
    const def = p.defaultValue?.type;
    // Untyped and never called: int fits wherever a number is expected (int -> float), and
    // simple wherever a length is; Pine itself compiles a function only for its calls.
    // a written type that does not resolve was reported: its uses are not (POISON)
    const type = annotated ?? (p.typeAnn ? POISON : def && def.kind !== "na" ? def : INT);
    const qual = p.typeAnn?.qualifier && p.typeAnn.qualifier !== "input" ? p.typeAnn.qualifier : annotated ? "series" : "simple";
    return { type, qual, span: p.span };
  });
  instantiate(t, fn, args);
}


/** Check the functions and methods of the file that no call instantiated. */
export function checkUncalledFunctions(t: Typer): void {
  for (const fn of t.functions.values()) for (const o of fn.overloads) checkUncalled(t, o);
  for (const list of t.methods.values()) for (const fn of list) checkUncalled(t, fn);
}
