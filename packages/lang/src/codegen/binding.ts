// Binding a built-in call's arguments to the parameters of its record's signatures (positional,
// named and variadic), as the checker matched them, and the view of them its emitter gets.

import type * as A from "../language/ast";
import type { FunctionRecord, ParamSpec } from "../builtins";
import type { CallEmit, WrittenArg } from "../builtins/record";
import { barColumnOf } from "../builtins/core";
import { enumOptions } from "../language/enum-titles";
import type { Gen } from "./context";
import { CodegenError, kindOf, vtOf } from "./types";

export interface BoundArgs {
  params: ParamSpec[];
  byName: Map<string, A.Expr>;
  rest: A.Expr[];
}

/** Binds a call's arguments to the record's signature that fits them (or the one its `overload` picks). */
export function bind(c: A.Call, f: FunctionRecord): BoundArgs {
  if (f.overload) {
    const written: WrittenArg[] = c.args.map((a) => ({ name: a.name?.name ?? null, kind: kindOf(a.value) }));
    const sig = f.signatures[f.overload(written)];
    const b = sig ? bindTo(c, sig.params) : null;
    if (b) return b;
  } else {
    for (const sig of f.signatures) {
      const b = bindTo(c, sig.params);
      if (b) return b;
    }
  }
  throw new CodegenError(`no signature of '${f.name}' fits these arguments`, c.span);
}

/** The call's arguments bound to these parameters, or null when they do not fit. */
function bindTo(c: A.Call, params: ParamSpec[]): BoundArgs | null {
  const positional = c.args.filter((a) => a.name === null);
  const byName = new Map<string, A.Expr>();
  const rest: A.Expr[] = [];
  let k = 0;
  for (const p of params) {
    if (p.variadic) {
      while (k < positional.length) rest.push(positional[k++]!.value);
      continue;
    }
    if (k < positional.length) byName.set(p.name, positional[k++]!.value);
  }
  if (k < positional.length) return null;
  for (const a of c.args) {
    if (a.name === null) continue;
    const p = params.find((q) => q.name === a.name!.name);
    if (!p) return null;
    byName.set(p.name, a.value);
  }
  for (const p of params) if (!p.variadic && p.default === null && !byName.has(p.name)) return null;
  return { params, byName, rest };
}

/**
 * What `callEmit` reads of a code generator: the scopes of the script's names, the state and function
 * slots, the unit's types and the derived history sizes (a `Gen` is one; the check's const-value
 * evaluator gives one with no names, types or state).
 */
export interface EmitSite {
  readonly scopes: Pick<Gen["scopes"], "lookup" | "ring" | "ctx">;
  readonly slots: Pick<Gen["slots"], "state" | "newOf" | "refOf">;
  readonly unit: Pick<Gen["unit"], "types" | "enumDecls">;
  readonly hist: Gen["hist"];
}

/**
 * What an emitter sees of a bound call. `compile` gives an argument's JavaScript (compiled once:
 * all up front for most calls, on first use for plots, whose other arguments compile to nothing).
 */
export function callEmit(g: EmitSite, c: A.Call, f: FunctionRecord, bound: BoundArgs, compile: (e: A.Expr) => string): CallEmit {
  const { byName, rest } = bound;
  const states = new Map<unknown, string>();
  return {
    a: (n, d) => {
      const v = byName.get(n);
      if (v !== undefined) return compile(v);
      if (d !== undefined) return d;
      throw new CodegenError(`missing argument '${n}' of ${f.name}`, c.span);
    },
    has: (n) => byName.has(n),
    rest: () => rest.map(compile),
    written: () => c.args.map((a) => compile(a.value)),
    inOrder: () => {
      const out: string[] = [];
      let skipped = 0;
      const put = (e: A.Expr): void => {
        for (; skipped > 0; skipped--) out.push("undefined");
        out.push(compile(e));
      };
      for (const p of bound.params) {
        if (p.variadic) rest.forEach(put);
        else {
          const v = byName.get(p.name);
          if (v === undefined) skipped++;
          else put(v);
        }
      }
      return out;
    },
    lit: (n) => {
      const v = byName.get(n);
      return v && (v.kind === "StringLit" || v.kind === "NumberLit" || v.kind === "BoolLit") ? v.value : null;
    },
    kind: (n) => {
      const v = byName.get(n);
      return v ? kindOf(v) : "num";
    },
    typeName: (n) => {
      const t = byName.get(n)?.type;
      return t?.kind === "primitive" ? t.name : null;
    },
    tupleKinds: (n) => {
      const t = byName.get(n)?.type;
      return t?.kind === "tuple" ? t.elements.map((e) => vtOf(e) ?? "num") : null;
    },
    elementFields: (n) => {
      const t = byName.get(n)?.type;
      const elem = t?.kind === "array" || t?.kind === "matrix" ? t.element : null;
      const decl = elem?.kind === "udt" ? g.unit.types.get(elem.name) : undefined;
      return decl ? decl.fields.map((f) => f.name.name) : null;
    },
    elementType: (n) => {
      const t = byName.get(n)?.type;
      const elem = t?.kind === "array" || t?.kind === "matrix" ? t.element : null;
      return elem?.kind === "primitive" ? elem.name : null;
    },
    enumTitles: (n) => {
      const t = byName.get(n)?.type;
      const decl = t?.kind === "enum" ? g.unit.enumDecls.get(t.id.slice(t.id.lastIndexOf(":") + 1)) : undefined;
      return decl ? enumOptions(decl).map((o) => [o.member, o.title]) : null;
    },
    column: (n) => {
      const v = byName.get(n);
      return v?.kind === "Identifier" && !g.scopes.lookup(v.name) ? barColumnOf(v.name) : null;
    },
    history: (n, depth) => {
      const v = byName.get(n);
      const b = v?.kind === "Identifier" ? g.scopes.lookup(v.name) : undefined;
      // a variable written more than once on a bar keeps its ring per bar (docs/adr/0243): the call keeps its own window
      if (!b || b.vt !== "num" || b.perBar) return null;
      if (b.owner !== g.scopes.ctx) b.fnRead = true; // as a global's x[n] read inside a function
      if (depth !== null) b.hist = Math.max(b.hist, Math.min(depth, 10_000));
      return { ring: g.scopes.ring(b), current: b.js };
    },
    typeArg: (k) => c.typeArgs[k]?.name ?? null,
    state: (impl) => {
      let s = states.get(impl);
      if (!s) {
        s = g.slots.state(g.slots.newOf(impl, c.span, windowOf(g, c, byName)));
        states.set(impl, s);
      }
      return s;
    },
    fn: (impl) => g.slots.refOf(impl, c.span),
  };
}

/** A call site's window in bars: derived (per callSiteId), else its literal `length`. */
function windowOf(g: EmitSite, c: A.Call, byName: Map<string, A.Expr>): number | null {
  const derived = c.callSiteId !== undefined ? g.hist?.callSites.get(c.callSiteId) : undefined;
  if (typeof derived === "number" && Number.isFinite(derived) && derived >= 1) return Math.min(Math.ceil(derived), 10_000);
  const l = byName.get("length");
  if (l && l.kind === "NumberLit" && l.value >= 1) return Math.min(Math.floor(l.value), 10_000);
  return null;
}
