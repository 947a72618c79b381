// Calls: of a user function or method, a built-in (by name or as a method of its receiver's
// namespace, `a.push(x)`), or a user type's `.new()`; arguments are typed first, then matched.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { isBuiltinNamespace, isGlobalOnly, isInputFunction, lookupFunction, lookupVariable, needsCallSite, unsupportedNamespace } from "../builtin-lookup";
import { matchBuiltin, type CallArg, type MatchResult } from "../match";
import { libraryOverloadFix, tradingViewBuiltinName, tradingViewImportMissing, tradingViewLibraryMiss, withoutLibraryOverloads } from "../tradingview-libraries";
import { didYouMean, memberHint } from "../suggest";
import { DECLARATION_FUNCTIONS, PLOT_FUNCTIONS, type BuiltinFunction, type TypeSpec } from "../../builtins";
import type { ArgInfo, FunctionInfo, TypeInfo } from "../symbols";
import { assignable, heldCollection, heldCollectionMessage, NA, paramAssignable, show } from "../types";
import { resolveTypeRef } from "./declarations";
import { callUser } from "./functions";
import { pickOverload } from "./overloads";
import { importedFunction, methodsNamed, pending, typeNamed, undeclared } from "./lookup";
import { dotted, hiddenBuiltinName } from "./names";
import { intValued } from "./int-division";
import { foldInputArguments } from "./input-constants";
import { type CallArgs, POISON, POISONED, type Typer, type Value } from "./state";

export function call(t: Typer, node: A.Call): Value {
  const args = callArgs(t, node);
  const callee = node.callee;
  if (callee.kind === "Identifier") return callNamed(t, node, callee.name, callee, args);
  if (callee.kind === "Member") {
    const name = dotted(t, callee);
    const missing = name === null || importedFunction(t, name) ? null : tradingViewImportMissing(t.imports, name);
    if (missing !== null) {
      t.ctx.error(Code.undeclared_identifier, missing, callee.span);
      return POISONED;
    }
    if (name !== null && isCallableName(t, name)) return callNamed(t, node, name, callee, args);
    if (name !== null) {
      const root = name.split(".")[0] ?? "";
      const viaLibrary = tradingViewBuiltinName(t.imports.get(root), name.slice(root.length + 1));
      if (viaLibrary !== null && isCallableName(t, viaLibrary)) return callNamed(t, node, viaLibrary, callee, args);
      const unsupported = unsupportedNamespace(root);
      if (unsupported && !t.imports.has(root)) {
        t.ctx.error(Code.unsupported_feature, unsupported, callee.span);
        return POISONED;
      }
      if (t.imports.get(root) === null) return POISONED;
      if (t.imports.has(root) || (isBuiltinNamespace(root) && !t.enums.has(root) && !lookupVariable(name) && !lookupVariable(receiverOf(name)))) {
        const what = t.imports.has(root) ? `a function exported by '${root}'.` : `a built-in function.${memberHint(name) || didYouMean(name, "function")}`;
        t.ctx.error(Code.undeclared_identifier, tradingViewLibraryMiss(t.imports.get(root), root, name.slice(root.length + 1)) ?? `'${name}' is not ${what}`, callee.span);
        return POISONED;
      }
    }
    const hidden = hiddenBuiltinName(t, callee);
    if (hidden !== null && lookupFunction(hidden) && (!hasMethod(t, callee) || tooManyForMethod(hidden, args.length))) return callNamed(t, node, hidden, callee, args);
    return methodCall(t, node, callee, args);
  }
  t.expr(callee);
  t.ctx.error(Code.not_a_function, "Only functions can be called.", callee.span);
  return POISONED;
}

/** A library exports only its `export`ed overloads; a sibling file (nothing exported) all. */
function overloadsOf(fn: FunctionInfo, imported: boolean): FunctionInfo[] {
  const exported = fn.overloads.filter((o) => o.symbol.exported);
  return imported && exported.length > 0 ? exported : fn.overloads;
}

/** `label.all` of `label.all.size()`: a method called on a built-in variable. */
function receiverOf(name: string): string {
  return name.slice(0, name.lastIndexOf("."));
}

function isCallableName(t: Typer, name: string): boolean {
  if (lookupFunction(name) || importedFunction(t, name) || methodsNamed(t, name, true)) return true;
  if (name.endsWith(".new") && typeNamed(t, name.slice(0, -4))) return true;
  if (name.endsWith(".copy") && typeNamed(t, name.slice(0, -5))) return true;
  return false;
}

function callNamed(t: Typer, node: A.Call, name: string, callee: A.Identifier | A.Member, args: CallArgs): Value {
  const named = callee.kind === "Identifier" ? t.functions.get(name) : importedFunction(t, name);
  if (named) {
    const user = pickOverload(t, overloadsOf(named, callee.kind === "Member"), args, node);
    if (!user) return POISONED;
    callee.symbol = user.symbol;
    node.target = { kind: "user", fn: user.symbol };
    return callUser(t, user, node, args, null);
  }
  const methods = named ? undefined : methodsNamed(t, name, callee.kind === "Member");
  if (methods && !(callee.kind === "Identifier" && t.scope.lookup(name))) {
    const user = pickOverload(t, methods, args, node);
    if (!user) return POISONED;
    callee.symbol = user.symbol;
    node.target = { kind: "user", fn: user.symbol };
    return callUser(t, user, node, args, null);
  }
  if (name.endsWith(".new")) {
    const udt = typeNamed(t, name.slice(0, -4));
    if (udt) {
      node.target = { kind: "typeNew", typeId: udt.id };
      return callTypeNew(t, udt, node, args);
    }
  }
  const copied = name.endsWith(".copy") ? typeNamed(t, name.slice(0, -5)) : undefined;
  if (copied) return callTypeCopy(t, node, { kind: "udt", name: copied.name, id: copied.id }, args, null);
  if (lookupFunction(name)) {
    callee.symbol = { kind: "builtinFunction", name };
    node.target = { kind: "builtin", name };
    return callBuiltin(t, name, node, args, null);
  }
  if (name === "strategy") {
    t.ctx.error(Code.unsupported_feature, unsupportedNamespace("strategy") ?? "", callee.span);
    return POISONED;
  }
  if (callee.kind === "Identifier" && t.scope.lookup(name)) {
    t.ctx.error(Code.not_a_function, `'${name}' is a variable, not a function.`, callee.span);
    return POISONED;
  }
  if (!t.refusedFunctions.has(name)) undeclared(t, name, callee.span);
  return POISONED;
}

/** `recv.m(...)`: a user method, or a built-in of the receiver's namespace (`a.push(x)`). */
function methodCall(t: Typer, node: A.Call, callee: A.Member, args: CallArgs): Value {
  const recvValue = t.expr(callee.object);
  if (recvValue.type === POISON) return POISONED;
  const receiver: ArgInfo = { ...recvValue, span: callee.object.span };
  const method = findMethod(t, callee.property.name, recvValue.type);
  if (method) {
    callee.symbol = method.symbol;
    node.target = { kind: "userMethod", fn: method.symbol };
    return callUser(t, method, node, args, receiver);
  }
  if (recvValue.type.kind === "udt" && callee.property.name === "copy") return callTypeCopy(t, node, recvValue.type, args, receiver);
  const ns = methodNamespace(recvValue.type);
  const name = ns ? `${ns}.${callee.property.name}` : null;
  if (name && lookupFunction(name)) {
    callee.symbol = { kind: "builtinFunction", name };
    node.target = { kind: "builtinMethod", name };
    return callBuiltin(t, name, node, args, receiver);
  }
  t.ctx.error(Code.not_a_function, `A value of type ${show(recvValue.type)} has no method '${callee.property.name}'.`, callee.property.span);
  return POISONED;
}

/** Whether `v.m(...)` names a method of the variable `v`'s value (a user method, a user type's copy, or a built-in of its namespace). */
function hasMethod(t: Typer, callee: A.Member): boolean {
  const found = callee.object.kind === "Identifier" ? t.scope.lookup(callee.object.name) : undefined;
  if (!found) return true;
  const type = found.sym.type;
  const name = callee.property.name;
  if (findMethod(t, name, type)) return true;
  if (type.kind === "udt" && name === "copy") return true;
  const ns = methodNamespace(type);
  const fn = ns === null ? undefined : lookupFunction(`${ns}.${name}`);
  // `label.new(...)` with a variable `label` holding a label: label.new's first parameter is no label
  return fn !== undefined && fn.signatures.some((sig) => sig.params[0] !== undefined && takesReceiver(sig.params[0].type, type));
}

/** Whether a built-in's first parameter takes a value of `type` as the receiver of a method call. */
function takesReceiver(spec: TypeSpec, type: A.PineType): boolean {
  switch (spec.kind) {
    case "union":
      return spec.options.some((o) => takesReceiver(o, type));
    case "var":
      return true;
    case "handle":
    case "primitive":
      return type.kind === spec.kind && type.name === spec.name;
    case "array":
    case "matrix":
    case "map":
      return type.kind === spec.kind;
    default:
      return false;
  }
}

/**
 * `line.delete(line)` where the variable `line` holds a line: as a method call the receiver would be
 * one argument more than the built-in takes, so the call is the namespace's function.
 */
function tooManyForMethod(name: string, argCount: number): boolean {
  const most = Math.max(...(lookupFunction(name)?.signatures ?? []).map((sig) => (sig.params.some((p) => p.variadic) ? Infinity : sig.params.length)));
  return argCount + 1 > most;
}

/** The built-in `copy` of a user type: `p.copy()` (`receiver`) or `Point.copy(p)`, a new object of the type. */
function callTypeCopy(t: Typer, node: A.Call, udt: A.PineType, args: CallArgs, receiver: ArgInfo | null): Value {
  const object = receiver ?? args[0]?.info;
  if (!object) {
    t.ctx.error(Code.missing_argument, `copy() needs the object to copy.`, node.span);
    return POISONED;
  }
  if (args.length > (receiver ? 0 : 1)) {
    t.ctx.error(Code.too_many_arguments, `copy() takes only the object to copy.`, node.span);
    return POISONED;
  }
  if (object.type !== POISON && !assignable(object.type, udt, t.ctx.version)) {
    t.ctx.error(Code.type_mismatch, `copy() of ${show(udt)} needs a ${show(udt)}, not ${show(object.type)}.`, object.span);
    return POISONED;
  }
  node.target = { kind: "typeCopy" };
  return { type: udt, qual: "series" };
}

function findMethod(t: Typer, name: string, recv: A.PineType): FunctionInfo | undefined {
  const candidates = [...(t.methods.get(name) ?? [])];
  for (const m of t.imports.values()) candidates.push(...(m?.methods.get(name) ?? []));
  // a method of the receiver's own type first, then one that takes it (an int collection for a float one)
  const takes = (m: FunctionInfo, fits: typeof assignable): boolean => {
    const self = m.receiver?.() ?? null;
    return self !== null && fits(recv, self, t.ctx.version);
  };
  return candidates.find((m) => takes(m, assignable)) ?? candidates.find((m) => takes(m, paramAssignable));
}

function callArgs(t: Typer, node: A.Call): CallArgs {
  return node.args.map((a) => ({
    name: a.name?.name ?? null,
    nameSpan: a.name?.span ?? null,
    node: a.value,
    info: { ...t.expr(a.value), span: a.value.span },
  }));
}

function callBuiltin(t: Typer, name: string, node: A.Call, args: CallArgs, receiver: ArgInfo | null): Value {
  const fn = lookupFunction(name);
  if (!fn) return POISONED;
  if (pending(t, name, node.callee.span)) return POISONED;
  // reported by the local-scope-calls rule; its value is nobody's to check further
  if (isGlobalOnly(name) && t.scope !== t.globals) return POISONED;
  if (needsCallSite(fn)) node.callSiteId ??= ++t.ctx.ids.callSite;
  const callArgs = args.map((a) => ({ name: a.name, nameSpan: a.nameSpan, info: a.info, node: a.node }));
  if (receiver && node.callee.kind === "Member") callArgs.unshift({ name: null, nameSpan: null, info: receiver, node: node.callee.object });
  if (callArgs.some((a) => a.info.type === POISON)) return POISONED;
  const typeArgs: A.PineType[] = [];
  for (const ta of node.typeArgs) {
    const arg = resolveTypeRef(t, ta);
    if (!arg) return POISONED;
    typeArgs.push(arg);
  }
  const r = matchAsWritten(t, fn, receiver === null && node.callee.kind === "Member" ? dotted(t, node.callee) : name, (f) =>
    matchBuiltin(f, callArgs, typeArgs, node.span, t.ctx.version, (e) => intValued(t, e)),
  );
  for (const f of r.findings) t.ctx.error(f.code, f.message, f.span);
  if (r.findings.length > 0) return POISONED;
  if (t.ctx.version >= 6 && NA_FUNCTIONS.has(name) && naOfBool(t, name, callArgs, r)) return POISONED;
  if (r.dropped) dropRepeatedArguments(t, name, node, callArgs, r, callArgs.length - args.length);
  for (const w of r.warnings ?? []) t.ctx.warn(w.code, w.message, w.span);
  // an input's constant arguments, and a plot's, alertcondition's or hline's title (and message, price) written as a constant (`const string T = "A" + "B"`, `title = T`), name the Interface's entries
  if (isInputFunction(name) || PLOT_FUNCTIONS.has(name) || DECLARATION_FUNCTIONS.has(name) || name === "alertcondition" || name === "hline") foldInputArguments(t, callArgs.map((a, i) => [r.params[i]?.name ?? null, a.node] as const));
  // `input(close)`: a source input, named so for derive and codegen
  if (name === "input" && r.sig.returnQual === "series") node.target = { kind: "builtin", name: "input.source" };
  // `array.from(a1, a2)` of arrays: a collection of collections, which TradingView refuses (types.ts heldCollection)
  const held = heldCollection(r.type);
  if (held !== null) {
    t.ctx.error(Code.type_mismatch, heldCollectionMessage(r.type, held), node.span);
    return POISONED;
  }
  if (containsNa(r.type)) return unresolvedGeneric(t, name, node, r);
  return { type: r.type, qual: r.qual };
}

/** na(), nz() and fixnan(), which TradingView's v6 takes no bool in (docs/adr/0273), and the porting hint for each. */
const NA_FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ["na", "test the bool itself (`not b`), or keep a third state in an int (-1, 0, 1)"],
  ["nz", "use the bool itself: it is false where v5 had na"],
  ["fixnan", "use the bool itself, or keep the last state in a `var` variable"],
]);

/**
 * TradingView's v6 migration guide: "bool values can no longer be na. Consequently, the na(), nz(),
 * and fixnan() functions no longer accept bool types" (docs/adr/0273): a v6 call giving its first
 * argument a bool is refused with the porting hint; v5 keeps its bool na (docs/adr/0260).
 */
function naOfBool(t: Typer, name: string, args: readonly CallArg[], r: MatchResult): boolean {
  const i = r.params.findIndex((p) => p?.name === "x" || p?.name === "source");
  const a = i < 0 ? undefined : args[i];
  if (a === undefined || a.info.type.kind !== "primitive" || a.info.type.name !== "bool") return false;
  t.ctx.error(Code.type_mismatch, `${name}() does not take a bool in Pine v6: a v6 bool is true or false, never na (TradingView's v6 migration guide). ${NA_FUNCTIONS.get(name)!.replace(/^./, (c) => c.toUpperCase())}, or keep //@version=5.`, a.node.span);
  return true;
}

/**
 * A v5 call giving a parameter twice (`plot(close, color = color.blue, color = color.red)`): TradingView's
 * v6 migration guide says v5 compiles it with a warning and uses the first value, so the later ones are
 * warned about and removed from the call, which every later reader (derive, codegen) then sees without them.
 * `shift`: 1 when the receiver of a method-style call was prepended to the matched arguments.
 */
function dropRepeatedArguments(t: Typer, name: string, node: A.Call, matched: CallArg[], r: MatchResult, shift: number): void {
  for (const i of [...r.dropped!].sort((a, b) => b - a)) {
    const a = matched[i]!;
    t.ctx.warn(Code.wrong_argument, `Argument '${a.name ?? "?"}' of ${name}() is given twice: Pine v5 uses the first one and ignores this one (v6 refuses the call).`, a.nameSpan ?? a.node.span);
    node.args.splice(i - shift, 1);
    r.params.splice(i, 1);
    matched.splice(i, 1);
  }
}

/**
 * The call of `fn` written `written` (`ta.supertrend`, `TVta.supertrend`) matched: without
 * TradingView's ta library's import, against the built-in as TradingView has it, and a call only the
 * library's overload accepts (`ta.supertrend(3, 10, true)`) is told the import line to add
 * (docs/adr/0159, as docs/adr/0137 for the library's functions).
 */
function matchAsWritten(t: Typer, fn: BuiltinFunction, written: string | null, match: (f: BuiltinFunction) => MatchResult): MatchResult {
  const builtin = withoutLibraryOverloads(fn, t.imports, written);
  if (builtin === null) return match(fn);
  const r = match(builtin);
  if (r.findings.length === 0 || match(fn).findings.length > 0) return r;
  const fix = libraryOverloadFix(fn, t.imports, written ?? fn.name);
  return { ...r, findings: r.findings.map((f) => ({ ...f, message: `${f.message}${fix}` })) };
}

/** `array.new()` without a type argument or typed value: the element type is unknown. */
function unresolvedGeneric(t: Typer, name: string, node: A.Call, r: Value): Value {
  if (name === "na" || name === "nz" || name === "fixnan") return { type: NA, qual: r.qual };
  t.ctx.error(Code.type_mismatch, `Cannot infer the type of ${name}(): give a type argument, e.g. ${name}<float>(...).`, node.span);
  return POISONED;
}

function callTypeNew(t: Typer, udt: TypeInfo, node: A.Call, args: CallArgs): Value {
  let positional = 0;
  const given = new Set<string>();
  for (const a of args) {
    const f = a.name === null ? udt.fields[positional++] : udt.fields.find((x) => x.name === a.name);
    if (!f) {
      if (a.name === null) t.ctx.error(Code.too_many_arguments, `${udt.name}.new() takes at most ${udt.fields.length} arguments.`, a.node.span);
      else t.ctx.error(Code.wrong_argument, `Type ${udt.name} has no field '${a.name}'.`, a.nameSpan ?? a.node.span);
      continue;
    }
    given.add(f.name);
    if (a.info.type !== POISON && !assignable(a.info.type, f.type, t.ctx.version)) {
      t.ctx.error(Code.type_mismatch, `Field '${f.name}' of ${udt.name} is ${show(f.type)}, not ${show(a.info.type)}.`, a.node.span);
    }
  }
  return { type: { kind: "udt", name: udt.name, id: udt.id }, qual: "series" };
}

function methodNamespace(t: A.PineType): string | null {
  if (t.kind === "array" || t.kind === "map" || t.kind === "matrix") return t.kind;
  if (t.kind === "handle") return t.name;
  if (t.kind === "primitive" && t.name === "string") return "str";
  return null;
}

function containsNa(t: A.PineType): boolean {
  if (t.kind === "na") return true;
  if (t.kind === "array" || t.kind === "matrix") return containsNa(t.element);
  if (t.kind === "map") return containsNa(t.key) || containsNa(t.value);
  return false;
}
