// Built-in calls: the record's role decides (plots, inputs, events and no-ops are handled in
// roles.ts), else its inlined fast form (top level, unconditional) or its emitter writes the code,
// with the arguments compiled once in the order written and the state of the call site created
// once, sized by the call's derived window.

import type * as A from "../language/ast";
import { builtinFunction } from "../builtins";
import type { CallEmit, InlineSite } from "../builtins/record";
import { bind } from "./binding";
import type { Gen } from "./context";
import { alert, input, plot } from "./roles";
import { CodegenError, kindOf } from "./types";

export function builtinCall(g: Gen, c: A.Call, name: string): string {
  const f = builtinFunction(name);
  if (!f) throw new CodegenError(`'${name}' is not supported by the evaluator`, c.span);
  switch (f.role) {
    case "noop":
    case "declaration":
      return "undefined";
    case "input":
      return input(g, c, f);
    case "plot":
      return plot(g, c, f);
    case "event":
      return alert(g, c, f);
    case null:
      break;
  }
  if (!f.emit) throw new CodegenError(`'${name}' is not supported by the evaluator`, c.span);
  const { byName, rest } = bind(c, f);
  // every argument compiled once, in the order written
  const compiledOf = new Map<A.Expr, string>();
  const written = c.args.map((a) => {
    const js = g.expr(a.value);
    compiledOf.set(a.value, js);
    return js;
  });
  const compiled = new Map<string, string>();
  for (const [k, v] of byName) compiled.set(k, compiledOf.get(v)!);
  const restJs = rest.map((r) => compiledOf.get(r)!);
  const arg = (n: string, d?: string): string => {
    const v = compiled.get(n);
    if (v !== undefined) return v;
    if (d !== undefined) return d;
    throw new CodegenError(`missing argument '${n}' of ${name}`, c.span);
  };
  const lit = (n: string): string | number | boolean | null => {
    const v = byName.get(n);
    return v && (v.kind === "StringLit" || v.kind === "NumberLit" || v.kind === "BoolLit") ? v.value : null;
  };
  if (f.inline && g.scopes.ctx.fnId === null && g.flow.condDepth === 0) {
    const site: InlineSite = {
      a: (n) => arg(n),
      lit,
      stateSlot: (impl) => g.slots.slot(g.slots.newOf(impl, c.span)),
      runLocal: (load, store) => g.slots.runLocal(load, store),
      before: (code) => g.flow.pre.push(code),
    };
    const inlined = f.inline(site);
    if (inlined !== null) return inlined;
  }
  const states = new Map<unknown, string>();
  const b: CallEmit = {
    a: arg,
    has: (n) => compiled.has(n),
    rest: () => restJs,
    written: () => written,
    lit,
    kind: (n) => {
      const v = byName.get(n);
      return v ? kindOf(v) : "num";
    },
    typeArg: (k) => c.typeArgs[k]?.name ?? null,
    state: (impl) => {
      let s = states.get(impl);
      if (!s) {
        const cap = windowOf(g, c, byName);
        s = g.slots.state(g.slots.newOf(impl, c.span, cap));
        states.set(impl, s);
      }
      return s;
    },
    fn: (impl) => g.slots.refOf(impl, c.span),
  };
  return f.emit(b);
}

/** A call site's window in bars: derived (per callSiteId), else its literal `length`. */
function windowOf(g: Gen, c: A.Call, byName: Map<string, A.Expr>): number | null {
  const derived = c.callSiteId !== undefined ? g.hist?.callSites.get(c.callSiteId) : undefined;
  if (typeof derived === "number" && Number.isFinite(derived) && derived >= 1) return Math.min(Math.ceil(derived), 10_000);
  const l = byName.get("length");
  if (l && l.kind === "NumberLit" && l.value >= 1) return Math.min(Math.floor(l.value), 10_000);
  return null;
}
