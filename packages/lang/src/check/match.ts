// Matching a call's arguments against a built-in's signatures: positional and named arguments,
// defaults, variadics, generic T/N/K/V bindings, types and qualifiers. Overloads: the first
// signature that fits wins; when none does, the findings of the closest one are reported.

import type { Expr, PineType, Qualifier, Span } from "../language/ast";
import type { BuiltinFunction, ParamSpec, Signature, TypeSpec } from "../builtins";
import { parameterHint } from "./suggest";
import { Code, type DiagnosticCode } from "../language/codes";
import type { ArgInfo } from "./symbols";
import { assignable, FLOAT, INT, isNumeric, maxQual, prim, qualFits, sameType, show } from "./types";

export interface CallArg {
  name: string | null;
  nameSpan: Span | null;
  info: ArgInfo;
  node: Expr;
}

export interface Finding {
  code: DiagnosticCode;
  message: string;
  span: Span;
}

export interface MatchResult {
  sig: Signature;
  type: PineType;
  qual: Qualifier;
  findings: Finding[];
  /** Argument index -> parameter, for codegen-independent consumers (derive reads titles). */
  params: Array<ParamSpec | null>;
  /**
   * A v5 call's arguments given again for a parameter already given (`plot(x, color = a, color = b)`):
   * TradingView's v5 warns and uses the first, so the caller drops these (v6 refuses them).
   */
  dropped?: number[];
  /** Findings a v5 call compiles with, as warnings (a series `offset` of a plot: docs/adr/0261). */
  warnings?: Finding[];
}

type Bindings = Map<string, PineType>;

/** `division(e)`: `e` is an int division, or a variable holding one (see truncatedDivisions). */
export function matchBuiltin(fn: BuiltinFunction, args: CallArg[], typeArgs: PineType[], callSpan: Span, version: number, division: (e: Expr) => boolean = isIntDivision): MatchResult {
  let best: MatchResult | null = null;
  for (const sig of fn.signatures) {
    const r = matchSignature(fn.name, sig, args, typeArgs, callSpan, version, division);
    if (r.findings.length === 0) return truncatedDivisions(r, args, division);
    if (best === null || rank(r) < rank(best)) best = r;
  }
  return best as MatchResult;
}

/** Arity problems weigh more than type problems: prefer the overload the user meant. */
function rank(r: MatchResult): number {
  return r.findings.reduce((n, f) => n + (f.code === Code.type_mismatch || f.code === Code.qualifier_mismatch ? 1 : 100), 0);
}

function matchSignature(name: string, sig: Signature, args: CallArg[], typeArgs: PineType[], callSpan: Span, version: number, division: (e: Expr) => boolean): MatchResult {
  const findings: Finding[] = [];
  const warnings: Finding[] = [];
  const bindings: Bindings = new Map();
  bindTypeArgs(sig, typeArgs, bindings);
  const assigned = mapArguments(name, sig, args, callSpan, findings, version);
  args.forEach((a, i) => {
    const p = assigned.params[i];
    if (p) checkArgument(name, p, a, bindings, version, findings, division, version < 6 && SHIFTING.has(name) && p.name === "offset" ? warnings : null);
  });
  const type = instantiate(sig.returns, bindings);
  const qual = sig.returnQual ?? maxQual(...args.map((a) => a.info.qual));
  return { sig, type, qual, findings, params: assigned.params, ...(assigned.dropped.length > 0 ? { dropped: assigned.dropped } : {}), ...(warnings.length > 0 ? { warnings } : {}) };
}

/** `array.new<float>`: explicit type arguments bind T (or K, V for maps) in order. */
function bindTypeArgs(sig: Signature, typeArgs: PineType[], b: Bindings): void {
  const names = sig.returns.kind === "map" ? ["K", "V"] : ["T"];
  typeArgs.forEach((t, i) => {
    const n = names[i];
    if (n) b.set(n, t);
  });
}

function mapArguments(name: string, sig: Signature, args: CallArg[], callSpan: Span, findings: Finding[], version: number): { params: Array<ParamSpec | null>; dropped: number[] } {
  const params: Array<ParamSpec | null> = [];
  const dropped: number[] = [];
  const given = new Set<string>();
  let positional = 0;
  for (const [i, a] of args.entries()) {
    if (a.name === null) {
      const p = sig.params[positional] ?? lastVariadic(sig);
      if (!p) {
        findings.push({ code: Code.too_many_arguments, message: `${name}() takes at most ${sig.params.length} argument${sig.params.length === 1 ? "" : "s"}.`, span: a.node.span });
        params.push(null);
        continue;
      }
      if (!p.variadic) positional++;
      given.add(p.name);
      params.push(p);
      continue;
    }
    const p = sig.params.find((q) => q.name === a.name);
    const span = a.nameSpan ?? a.node.span;
    if (!p) findings.push({ code: Code.wrong_argument, message: `${name}() has no parameter '${a.name}'.${parameterHint(a.name, sig.params.map((q) => q.name), name)}`, span });
    // the values of `...number` are given in order; one named was dropped (math.avg's emitted no JavaScript)
    else if (p.variadic) findings.push({ code: Code.wrong_argument, message: `${name}() takes its '${a.name}' values by position, without a name.`, span });
    // TradingView's v6 migration guide: v5 compiles a parameter given twice with a warning and uses the first
    else if (given.has(p.name) && version < 6) {
      dropped.push(i);
      params.push(null);
      continue;
    } else if (given.has(p.name)) findings.push({ code: Code.wrong_argument, message: `Argument '${a.name}' of ${name}() is given twice.`, span });
    else given.add(p.name);
    params.push(p ?? null);
  }
  // A misspelt name is most likely the missing argument: one mistake, one diagnostic.
  if (findings.some((f) => f.code === Code.wrong_argument)) return { params, dropped };
  // math.max(), math.min(), math.avg() of nothing (array.from<T>() is an empty array)
  const only = sig.params[0];
  if (only?.variadic && sig.returns.kind !== "array" && args.length === 0) {
    findings.push({ code: Code.missing_argument, message: `${name}() needs at least one '${only.name}' value.`, span: callSpan });
  }
  for (const p of sig.params) {
    if (p.default === null && !p.variadic && !given.has(p.name)) {
      findings.push({ code: Code.missing_argument, message: `${name}() needs the argument '${p.name}' (${showSpec(p.type)}).`, span: callSpan });
    }
  }
  return { params, dropped };
}

/**
 * `m.add_row(0, array.from(5, 6, 7))` on a matrix<float>: an `array.from` of ints written where an
 * array of floats is expected is that array of floats (TradingView's Matrices page does this); the
 * call is retyped, its elements are the same numbers.
 */
function widensIntArrayFrom(spec: TypeSpec, a: CallArg, b: Bindings): boolean {
  const node = a.node;
  if (spec.kind !== "array" || a.info.type.kind !== "array" || !prim(a.info.type.element, "int")) return false;
  if (node.kind !== "Call" || node.target?.kind !== "builtin" || node.target.name !== "array.from") return false;
  const want = instantiate(spec, b);
  if (want.kind !== "array" || !prim(want.element, "float")) return false;
  node.type = want;
  return true;
}

function lastVariadic(sig: Signature): ParamSpec | undefined {
  const last = sig.params[sig.params.length - 1];
  return last?.variadic ? last : undefined;
}

/**
 * Built-ins whose `offset` a v5 script may give as a series: TradingView's v6 migration guide ("No
 * series offset values") says v5 warns and shifts the whole plot by the last bar's offset (docs/adr/0261).
 */
const SHIFTING: ReadonlySet<string> = new Set(["plot", "plotshape", "plotchar", "plotarrow", "bgcolor", "barcolor"]);

/** `seriesWarnings`: where a series value's finding goes when the call compiles with a warning (a v5 plot's `offset`), else null. */
function checkArgument(name: string, p: ParamSpec, a: CallArg, b: Bindings, version: number, findings: Finding[], division: (e: Expr) => boolean, seriesWarnings: Finding[] | null = null): void {
  if (p.type.kind === "list") {
    checkList(name, p, a, b, version, findings);
    return;
  }
  // an int division where an int is wanted is that int truncated (truncatedDivisions); its qualifier is still checked
  const intDivision = isIntSpec(p.type) && prim(a.info.type, "float") && division(a.node);
  if (!intDivision && !matchType(p.type, a.info.type, b, version)) {
    if (widensIntArrayFrom(p.type, a, b)) return;
    findings.push({
      code: Code.type_mismatch,
      message: `Argument '${p.name}' of ${name}() must be ${showSpec(p.type, b)}, not ${show(a.info.type)}.${boolHint(p.type, a.info.type, version)}`,
      span: a.node.span,
    });
    return;
  }
  if (!qualFits(a.info.qual, p.qual) && seriesWarnings !== null && a.info.qual === "series") {
    seriesWarnings.push({
      code: Code.qualifier_mismatch,
      message: `Argument '${p.name}' of ${name}() is series: Pine v5 draws the whole plot shifted by the last bar's offset (v6 refuses a series offset).`,
      span: a.node.span,
    });
  } else if (!qualFits(a.info.qual, p.qual)) {
    findings.push({
      code: Code.qualifier_mismatch,
      message: `Argument '${p.name}' of ${name}() must be ${p.qual} ${showSpec(p.type, b)}; this value is ${a.info.qual}${a.info.qual === "series" ? " (it can change from bar to bar)" : ""}.`,
      span: a.node.span,
    });
  }
}

function isIntSpec(spec: TypeSpec): boolean {
  return spec.kind === "primitive" && spec.name === "int";
}

/** `length / 2` of two ints, which this dialect types float where Pine's value is fractional (v6, and v5's non-const ints). */
function isIntDivision(e: Expr): boolean {
  const isInt = (x: Expr): boolean => x.type?.kind === "primitive" && x.type.name === "int";
  return e.kind === "Binary" && e.op === "/" && isInt(e.left) && isInt(e.right);
}

/**
 * TradingView's own scripts pass `length / 2` of an int input where an int is wanted (its
 * built-in Hull MA: `ta.wma(src, length / 2)`): its int division is int-typed with a value that may
 * be fractional, truncated where an int parameter takes it. The division passed so is typed int
 * here, which makes codegen truncate it toward zero (`Math.trunc`, codegen/expressions.ts); a
 * variable holding one (`half = length / 2`) is read through the `int()` cast, in place.
 */
function truncatedDivisions(r: MatchResult, args: CallArg[], division: (e: Expr) => boolean): MatchResult {
  args.forEach((a, i) => {
    const p = r.params[i];
    if (!p || !isIntSpec(p.type) || !prim(a.info.type, "float") || !division(a.node)) return;
    if (a.node.kind === "Binary" && a.node.op === "/") a.node.type = INT;
    else castInPlace(a.node);
  });
  return r;
}

/** Turns the node into `int(<the node as it was>)`, so every reader of the call's tree sees the cast. */
/** Rewrites `e` into `int(e)` in place: its value read truncated toward zero where an int is wanted. */
export function castInPlace(e: Expr): void {
  const inner = { ...e } as Expr;
  const call = {
    kind: "Call",
    span: e.span,
    callee: { kind: "Identifier", span: e.span, name: "int", symbol: { kind: "builtinFunction", name: "int" } },
    typeArgs: [],
    args: [{ kind: "Argument", span: e.span, name: null, value: inner }],
    target: { kind: "builtin", name: "int" },
    type: INT,
    qual: e.qual,
  };
  for (const k of Object.keys(e)) delete (e as unknown as Record<string, unknown>)[k];
  Object.assign(e, call);
}

function boolHint(spec: TypeSpec, actual: PineType, version: number): string {
  if (version >= 6 && spec.kind === "primitive" && spec.name === "bool" && isNumeric(actual)) {
    return " Pine v6 has no implicit number-to-bool conversion: compare with 0 (`x != 0`).";
  }
  return "";
}

/** `options = [1, 2, 3]`: a literal list of constants. */
function checkList(name: string, p: ParamSpec, a: CallArg, b: Bindings, version: number, findings: Finding[]): void {
  if (a.info.type.kind === "na") return;
  const elem = p.type.kind === "list" ? p.type.element : p.type;
  if (a.node.kind !== "TupleExpr" || a.info.type.kind !== "tuple") {
    findings.push({ code: Code.type_mismatch, message: `Argument '${p.name}' of ${name}() must be a list like [a, b, ...] of ${showSpec(elem, b)}.`, span: a.node.span });
    return;
  }
  a.info.type.elements.forEach((t, i) => {
    const el = (a.node as { elements: Expr[] }).elements[i];
    if (!matchType(elem, t, b, version) && el) {
      findings.push({ code: Code.type_mismatch, message: `Elements of '${p.name}' of ${name}() must be ${showSpec(elem, b)}, not ${show(t)}.`, span: el.span });
    }
  });
  if (!qualFits(a.info.qual, "const")) findings.push({ code: Code.qualifier_mismatch, message: `Argument '${p.name}' of ${name}() must be a list of constants.`, span: a.node.span });
}

/** Does `actual` fit `spec`, binding type variables on the way. */
function matchType(spec: TypeSpec, actual: PineType, b: Bindings, version: number): boolean {
  switch (spec.kind) {
    case "primitive":
      return assignable(actual, { kind: "primitive", name: spec.name }, version);
    case "void":
      return false;
    case "handle":
      return actual.kind === "na" || (actual.kind === "handle" && actual.name === spec.name);
    case "union":
      return spec.options.some((o) => matchType(o, actual, b, version));
    case "var":
      return bindVar(spec.name, actual, b, version);
    case "array":
    case "matrix":
      if (actual.kind === "na") return true;
      return actual.kind === spec.kind && matchExact(spec.element, actual.element, b);
    case "map":
      if (actual.kind === "na") return true;
      return actual.kind === "map" && matchExact(spec.key, actual.key, b) && matchExact(spec.value, actual.value, b);
    case "tuple":
    case "list":
      return false;
  }
}

/** Type variables that stand for int or float (`array.covariance` takes `array<N>` and `array<M>`, bound apart). */
const NUMERIC_VARS: ReadonlySet<string> = new Set(["N", "M"]);

/** Element types of collections match exactly (array<int> is not array<float>). */
function matchExact(spec: TypeSpec, actual: PineType, b: Bindings): boolean {
  if (spec.kind === "var") {
    const bound = b.get(spec.name);
    if (bound) return sameType(bound, actual);
    if (NUMERIC_VARS.has(spec.name) && !isNumeric(actual)) return false;
    b.set(spec.name, actual);
    return true;
  }
  const t = instantiate(spec, b);
  return sameType(t, actual);
}

function bindVar(name: string, actual: PineType, b: Bindings, version: number): boolean {
  if (actual.kind === "void" || (actual.kind === "tuple" && name !== "R")) return false;
  if (actual.kind === "na") return true;
  const bound = b.get(name);
  if (NUMERIC_VARS.has(name)) {
    if (!isNumeric(actual)) return false;
    if (!bound || prim(actual, "float")) b.set(name, actual);
    return true;
  }
  if (!bound) {
    b.set(name, actual);
    return true;
  }
  if (assignable(actual, bound, version)) return true;
  if (prim(bound, "int") && prim(actual, "float")) {
    b.set(name, FLOAT);
    return true;
  }
  return false;
}

/** A TypeSpec with its variables replaced; unbound variables become float (T) or int/float (N). */
export function instantiate(spec: TypeSpec, b: Bindings = new Map()): PineType {
  switch (spec.kind) {
    case "primitive":
      return { kind: "primitive", name: spec.name };
    case "void":
      return { kind: "void" };
    case "handle":
      return { kind: "handle", name: spec.name };
    case "var":
      return b.get(spec.name) ?? (NUMERIC_VARS.has(spec.name) ? INT : { kind: "na" });
    case "array": {
      // request.security_lower_tf's array<R> of a tuple expression is a tuple of arrays, one per element
      const element = instantiate(spec.element, b);
      return element.kind === "tuple" ? { kind: "tuple", elements: element.elements.map((e) => ({ kind: "array", element: e })) } : { kind: "array", element };
    }
    case "matrix":
      return { kind: spec.kind, element: instantiate(spec.element, b) };
    case "map":
      return { kind: "map", key: instantiate(spec.key, b), value: instantiate(spec.value, b) };
    case "tuple":
      return { kind: "tuple", elements: spec.elements.map((e) => instantiate(e, b)) };
    case "list":
      return { kind: "tuple", elements: [] };
    case "union":
      return instantiate(spec.options[0] ?? { kind: "void" }, b);
  }
}

export function showSpec(spec: TypeSpec, b: Bindings = new Map()): string {
  switch (spec.kind) {
    case "var":
      return b.has(spec.name) ? show(b.get(spec.name) as PineType) : NUMERIC_VARS.has(spec.name) ? "int or float" : "a value";
    case "union":
      return spec.options.map((o) => showSpec(o, b)).join(" or ");
    case "list":
      return `[${showSpec(spec.element, b)}, ...]`;
    case "array":
    case "matrix":
      return `${spec.kind}<${showSpec(spec.element, b)}>`;
    case "map":
      return `map<${showSpec(spec.key, b)}, ${showSpec(spec.value, b)}>`;
    case "tuple":
      return `[${spec.elements.map((e) => showSpec(e, b)).join(", ")}]`;
    default:
      return show(instantiate(spec, b));
  }
}
