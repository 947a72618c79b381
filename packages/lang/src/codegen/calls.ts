// Calls: the dispatch of a call (user function, method, user-type constructor or built-in), and
// user functions, each compiled once into a closure function with its own state array per call
// site (`$mk_f()` makes it).

import type * as A from "../language/ast";
import { asKindIn, inLoop, naBools, naIn, type FnForm, type Gen, type InlineForm } from "./context";
import { once } from "./expressions";
import { calleeName, CodegenError, kindOf, naOf, vtOf, type VT, type UserFunction } from "./types";

export function call(g: Gen, c: A.Call): string {
  const t = c.target;
  if (t?.kind === "user" || t?.kind === "userMethod") return userCall(g, c, t.fn.id);
  if (t?.kind === "typeNew") return typeNew(g, c, t.typeId);
  if (t?.kind === "typeCopy") return `$rt.obj(${g.expr(c.args[0]?.value ?? (c.callee as A.Member).object)}).slice()`;
  const name = calleeName(c);
  if (name === null) throw new CodegenError("unsupported call", c.span);
  if (!t && g.unit.functionsByName.has(name) && !g.scopes.lookup(name)) return userCall(g, c, g.unit.functionsByName.get(name)!.id);
  if (name.endsWith(".new")) {
    const typeName = name.slice(0, -4);
    if (g.unit.types.has(typeName)) return typeNew(g, c, typeName);
  }
  if (t?.kind === "builtinMethod" || (!t && c.callee.kind === "Member" && isMethodCall(g, c.callee))) {
    const m = c.callee as A.Member;
    const method = t?.kind === "builtinMethod" ? t.name : `array.${m.property.name}`;
    return g.builtinCall({ ...c, args: [{ kind: "Argument", span: m.object.span, name: null, value: m.object }, ...c.args] }, method);
  }
  return tupleValue(c, numericNa(g, c, name) ?? g.builtinCall(c, name));
}

/**
 * A built-in returning a tuple (`ta.bb`, `ta.vStop`) where its value is taken (a function's
 * result, request.security's expression): the array of its state's r0, r1, ... A tuple
 * declaration (`[a, b] = ta.bb(...)`, statements.ts) reads the state directly, without it.
 */
function tupleValue(c: A.Call, code: string): string {
  const n = c.type?.kind === "tuple" ? c.type.elements.length : 0;
  const st = n === 0 ? undefined : /^(\$s\d+|\$st\[\d+\])\.update\(/.exec(code)?.[1];
  return st === undefined ? code : `(${code}, [${Array.from({ length: n }, (_, k) => `${st}.r${k}`).join(", ")}])`;
}

/**
 * `na(x)` and `nz(x, r)` of a number, written out (a number's na is NaN): the bar loop makes no
 * call for them, which leaves V8's inlining budget of the loop to the calls it cannot avoid.
 */
function numericNa(g: Gen, c: A.Call, name: string): string | null {
  if ((name !== "na" && name !== "nz") || c.target?.kind !== "builtin" || c.args.some((a) => a.name !== null || a.value.type === undefined)) return null;
  const [x, r] = c.args;
  if (!x || kindOf(x.value) !== "num" || (r !== undefined && kindOf(r.value) !== "num")) return null;
  if (name === "na" && c.args.length === 1) {
    const v = once(g, g.expr(x.value));
    return `(${v.set} !== ${v.get})`;
  }
  if (name === "nz" && c.args.length <= 2) {
    // a color's default replacement is not 0 (#00000000): the record's emitter has it
    if (r === undefined && x.value.type?.kind === "primitive" && x.value.type.name === "color") return null;
    const v = once(g, g.expr(x.value));
    const alt = r ? g.expr(r.value) : "0";
    return `(${v.set} === ${v.get} ? ${v.get} : ${alt})`;
  }
  return null;
}

function isMethodCall(g: Gen, m: A.Member): boolean {
  if (m.object.kind === "Identifier") {
    const b = g.scopes.lookup(m.object.name);
    return b !== null && b.vt === "obj";
  }
  return false;
}

function userCall(g: Gen, c: A.Call, id: number): string {
  // read before the arguments compile (their own statements move the root)
  const inPlace = c === g.flow.root && g.flow.condDepth === 0;
  const f = g.unit.functionsById.get(id);
  if (!f) throw new CodegenError("unknown function", c.span);
  // a call site inside a loop runs the function's loop variant (docs/adr/0243); a function
  // without state has one form (nothing of it is history)
  const plain = compileFn(g, f.id);
  const loop = inLoop(g) && !plain.stateless;
  const form = loop ? compileFn(g, f.id, true) : plain;
  const js = loop ? loopName(f.js) : f.js;
  const params = f.decl.params;
  const args: string[] = params.map((p) => {
    if (!p.defaultValue) return naOf(vtOf(p.symbol?.type) ?? "num");
    const js = g.expr(p.defaultValue);
    // a bool parameter's default `na` is false in v6 (docs/adr/0262)
    return vtOf(p.symbol?.type) === "bool" ? asKindIn(g, p.defaultValue, js, "bool") : js;
  });
  let receiver: A.Expr | null = null;
  if (c.target?.kind === "userMethod" && c.callee.kind === "Member") receiver = c.callee.object;
  const given = receiver ? [{ name: null, value: receiver }, ...c.args] : c.args;
  given.forEach((a, k) => {
    const idx = a.name ? params.findIndex((p) => p.name.name === a.name!.name) : k;
    if (idx < 0 || idx >= params.length) throw new CodegenError("too many arguments", c.span);
    args[idx] = asKindIn(g, a.value, g.expr(a.value), vtOf(params[idx]!.symbol?.type) ?? "num");
  });
  if (inPlace && form.inline !== null && g.unit.inlinedChars + form.inline.body.length <= INLINE_TOTAL_CHARS) {
    g.unit.inlinedChars += form.inline.body.length;
    return boolResult(g, c, f, inlineCall(g, form.inline, args));
  }
  // each call site of a function with state has its own (a call site's series history, `var`s)
  const st = form.stateless ? "$E" : g.slots.state(`$mk_${js}()`);
  return boolResult(g, c, f, `${js}(${st}, $i${args.map((a) => `, ${a}`).join("")})`);
}

/**
 * A v6 bool is never na (docs/adr/0262): a function compiled once for all its calls gives na (NaN)
 * where its last if has no else, its switch no default or its loop no iteration, so a bool call of
 * a v6 function that can end so is false there; a v5 library's bool, which can be na (docs/adr/0260),
 * is false where a v6 script reads it. Other calls are left as they are.
 */
function boolResult(g: Gen, c: A.Call, f: UserFunction, js: string): string {
  if (kindOf(c) !== "bool") return js;
  const v5 = f.naBools === true;
  return (v5 && !naBools(g)) || (!v5 && mayGiveNoValue(f.decl.body.body)) ? `(${js} === true)` : js;
}

/** Whether a block's value can be a structure's na: it ends in an if without else, a switch without default, a loop (it may not iterate), or one whose branches end so. */
function mayGiveNoValue(stmts: readonly A.Stmt[]): boolean {
  const last = stmts[stmts.length - 1];
  if (last === undefined) return true;
  const s = last.kind === "ExprStmt" ? last.expr : last;
  switch (s.kind) {
    case "If":
      return s.else === null || mayGiveNoValue(s.then.body) || (s.else.kind === "If" ? mayGiveNoValue([s.else]) : mayGiveNoValue(s.else.body));
    case "Switch":
      return s.cases.every((k) => k.test !== null) || s.cases.some((k) => mayGiveNoValue(k.body.body));
    case "For":
    case "ForIn":
    case "While":
      return true;
    default:
      return false;
  }
}

/**
 * A stateless function's call at the root of a statement, run in place (docs/adr/0090-inline-user-functions.md):
 * the arguments (already compiled, in the order written) go to the parameters, the locals are
 * reset, the body runs in the statement's prelude and the call's value is the function's result.
 * Nothing of the statement runs before the call, so the order of evaluation is the call's.
 */
function inlineCall(g: Gen, form: InlineForm, args: string[]): string {
  const ctx = g.scopes.ctx;
  for (const p of form.params) ctx.hoisted.add(p);
  for (const l of form.locals) ctx.hoisted.add(l);
  ctx.hoisted.add(form.ret);
  // locals with an initial value start from it on every call, as in the function (temporaries are always assigned first)
  const resets = form.locals.filter((l) => l.includes(" = ")).map((l) => `${l};`);
  g.flow.pre.push([...form.params.map((p, k) => `${p} = ${args[k]!};`), ...resets, `${form.ret} = NaN;`, form.body].join("\n"));
  return form.ret;
}

/** Bodies longer than this (characters of JavaScript) are always called: inlining them would grow the bar loop past what V8 optimizes well. */
const INLINE_MAX_CHARS = 2500;
/** Characters of bodies run in place per program: past them calls stay calls (V8 does not optimize a function of more than 60 KB of bytecode). */
const INLINE_TOTAL_CHARS = 12_000;

/** The name of a function's variant for call sites inside loops (`$` is in no Pine name). */
function loopName(js: string): string {
  return `${js}$L`;
}

/**
 * A user function compiled once per variant: the ordinary one, and (`loop`) the one call sites
 * inside a loop run, where its history is committed once per bar and its stateful built-ins start
 * each execution from the previous bar's state (docs/adr/0243).
 */
function compileFn(g: Gen, id: number, loop = false): FnForm {
  const forms = loop ? g.unit.loopFnForms : g.unit.fnForms;
  const compiled = loop ? g.unit.compiledLoopFunctions : g.unit.compiledFunctions;
  const known = forms.get(id);
  if (known) return known;
  // being compiled (a call inside its own body, which the checker refuses): an ordinary call
  if (compiled.has(id)) return { stateless: false, inline: null };
  compiled.add(id);
  const fn = g.unit.functionsById.get(id)!;
  const f = loop ? { ...fn, js: loopName(fn.js) } : fn;
  const savedCtx = g.scopes.ctx;
  const savedScopes = g.scopes.stack;
  const savedPre = g.flow.pre;
  const savedRoot = g.flow.root;
  const savedDepth = g.flow.condDepth;
  const savedLoop = g.flow.loop;
  g.flow.pre = [];
  g.flow.condDepth = 0;
  g.flow.loop = 0;
  const tupleJs = `$tup_${f.js}`;
  g.scopes.ctx = { fnId: id, slots: [], hoisted: new Set(), bindings: [], tupleJs, baseDepth: 4, loop, ...(fn.naBools ? { naBools: true } : {}) };
  // globals declared before the first call (the checker's rule) are readable, never locals of the caller
  g.scopes.stack = [savedScopes[0]!, g.scopes.global, new Map()];
  // parameters: their own bindings (never `var`)
  const params = f.decl.params.map((p) => {
    const b = g.scopes.declare(p.name.name, p.symbol, vtOf(p.symbol?.type) ?? "num", "none");
    g.scopes.ctx.hoisted.delete(`${b.js} = ${naOf(b.vt)}`);
    return b.js;
  });
  // the result has the function's own name: an inlined body keeps it in the caller
  const ret = `$r_${f.js}`;
  const body = g.valueBlock(f.decl.body.body, ret, "num");
  const ctx = g.scopes.ctx;
  g.scopes.sizeRings(ctx);
  const pushes = g.scopes.histPushes(ctx);
  const stateless = ctx.slots.length === 0 && pushes.trim() === "";
  const inline = stateless && !body.includes(tupleJs) && body.length <= INLINE_MAX_CHARS ? { params, locals: [...ctx.hoisted], body, ret } : null;
  // A call that raises an error does not advance its variables' history (the bar fails).
  const code = [
    `var ${tupleJs} = [];`,
    `function ${f.js}($st, $i${params.map((p) => `, ${p}`).join("")}) {`,
    `var ${ret} = NaN;`,
    ...[...ctx.hoisted].map((h) => `var ${h};`),
    body,
    pushes,
    `return ${ret};`,
    "}",
    `function $mk_${f.js}() { return [${ctx.slots.join(", ")}]; }`,
  ].join("\n");
  g.unit.fnCode.push(code);
  g.scopes.ctx = savedCtx;
  g.scopes.stack = savedScopes;
  g.flow.pre = savedPre;
  g.flow.root = savedRoot;
  g.flow.condDepth = savedDepth;
  g.flow.loop = savedLoop;
  const form: FnForm = { stateless, inline };
  forms.set(id, form);
  return form;
}

function typeNew(g: Gen, c: A.Call, typeIdOrName: string): string {
  const t = g.unit.types.get(typeIdOrName) ?? [...g.unit.types.values()].find((d) => typeIdOrName.endsWith(d.name.name));
  if (!t) throw new CodegenError("unknown type", c.span);
  // a field without a default is na: a v5 bool field's na too (docs/adr/0260)
  const vals = t.fields.map((f) => (f.defaultValue ? asKindIn(g, f.defaultValue, g.expr(f.defaultValue), fieldKind(f.typeAnn)) : naIn(g, fieldKind(f.typeAnn))));
  c.args.forEach((a, k) => {
    const idx = a.name ? t.fields.findIndex((f) => f.name.name === a.name!.name) : k;
    if (idx < 0 || idx >= t.fields.length) throw new CodegenError("too many arguments", c.span);
    vals[idx] = asKindIn(g, a.value, g.expr(a.value), fieldKind(t.fields[idx]!.typeAnn));
  });
  return `[${vals.join(", ")}]`;
}

/** The value kind of a user-type field by its declared type (a user type's or a collection's na is null). */
function fieldKind(t: A.TypeRef): VT {
  if (t.name === "bool") return "bool";
  if (t.name === "string") return "str";
  return t.args.length === 0 && NUMERIC_TYPES.has(t.name) ? "num" : "obj";
}

const NUMERIC_TYPES: ReadonlySet<string> = new Set(["int", "float", "color"]);
