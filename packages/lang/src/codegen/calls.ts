// Calls: the dispatch of a call (user function, method, user-type constructor or built-in), and
// user functions, each compiled once into a closure function with its own state array per call
// site (`$mk_f()` makes it).

import type * as A from "../language/ast";
import type { Gen } from "./context";
import { calleeName, CodegenError, naOf, vtOf, type VT } from "./types";

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
  return g.builtinCall(c, name);
}

function isMethodCall(g: Gen, m: A.Member): boolean {
  if (m.object.kind === "Identifier") {
    const b = g.scopes.lookup(m.object.name);
    return b !== null && b.vt === "obj";
  }
  return false;
}

function userCall(g: Gen, c: A.Call, id: number): string {
  const f = g.unit.functionsById.get(id);
  if (!f) throw new CodegenError("unknown function", c.span);
  compileFn(g, f.id);
  const params = f.decl.params;
  const args: string[] = params.map((p) => (p.defaultValue ? g.expr(p.defaultValue) : naOf(vtOf(p.symbol?.type) ?? "num")));
  let receiver: A.Expr | null = null;
  if (c.target?.kind === "userMethod" && c.callee.kind === "Member") receiver = c.callee.object;
  const given = receiver ? [{ name: null, value: receiver }, ...c.args] : c.args;
  given.forEach((a, k) => {
    const idx = a.name ? params.findIndex((p) => p.name.name === a.name!.name) : k;
    if (idx < 0 || idx >= params.length) throw new CodegenError("too many arguments", c.span);
    args[idx] = g.expr(a.value);
  });
  const st = g.slots.state(`$mk_${f.js}()`);
  return `${f.js}(${st}, $i${args.map((a) => `, ${a}`).join("")})`;
}

function compileFn(g: Gen, id: number): void {
  if (g.unit.compiledFunctions.has(id)) return;
  g.unit.compiledFunctions.add(id);
  const f = g.unit.functionsById.get(id)!;
  const savedCtx = g.scopes.ctx;
  const savedScopes = g.scopes.stack;
  const savedPre = g.flow.pre;
  g.flow.pre = [];
  const tupleJs = `$tup_${f.js}`;
  g.scopes.ctx = { fnId: id, slots: [], hoisted: new Set(), bindings: [], tupleJs, baseDepth: 4 };
  // globals declared before the first call (the checker's rule) are readable, never locals of the caller
  g.scopes.stack = [savedScopes[0]!, g.scopes.global, new Map()];
  // parameters: their own bindings (never `var`)
  const params = f.decl.params.map((p) => {
    const b = g.scopes.declare(p.name.name, p.symbol, vtOf(p.symbol?.type) ?? "num", "none");
    g.scopes.ctx.hoisted.delete(`${b.js} = ${naOf(b.vt)}`);
    return b.js;
  });
  const ret = "$ret";
  const body = g.valueBlock(f.decl.body.body, ret, "num");
  const ctx = g.scopes.ctx;
  g.scopes.sizeRings(ctx);
  const pushes = g.scopes.histPushes(ctx);
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
}

function typeNew(g: Gen, c: A.Call, typeIdOrName: string): string {
  const t = g.unit.types.get(typeIdOrName) ?? [...g.unit.types.values()].find((d) => typeIdOrName.endsWith(d.name.name));
  if (!t) throw new CodegenError("unknown type", c.span);
  const vals = t.fields.map((f) => (f.defaultValue ? g.expr(f.defaultValue) : naOf(fieldKind(f.typeAnn))));
  c.args.forEach((a, k) => {
    const idx = a.name ? t.fields.findIndex((f) => f.name.name === a.name!.name) : k;
    if (idx < 0 || idx >= t.fields.length) throw new CodegenError("too many arguments", c.span);
    vals[idx] = g.expr(a.value);
  });
  return `[${vals.join(", ")}]`;
}

/** The value kind of a user-type field without a default (its na). */
function fieldKind(t: A.TypeRef): VT {
  if (t.name === "bool") return "bool";
  if (t.name === "string") return "str";
  return t.args.length > 0 ? "obj" : "num";
}
