// Built-in calls: the record's role decides (plots, inputs, events and no-ops are handled in
// roles.ts), else its inlined fast form (top level, unconditional) or its emitter writes the code,
// with the arguments compiled once in the order written and the state of the call site created
// once, sized by the call's derived window.

import type * as A from "../language/ast";
import { builtinFunction } from "../builtins";
import type { InlineSite } from "../builtins/record";
import { bind, callEmit } from "./binding";
import type { Gen } from "./context";
import { alert, input, plot } from "./roles";
import { CodegenError } from "./types";

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
  const bound = bind(c, f);
  // every argument compiled once, in the order written
  const compiled = new Map<A.Expr, string>();
  for (const a of c.args) compiled.set(a.value, g.expr(a.value));
  const b = callEmit(g, c, f, bound, (e) => compiled.get(e)!);
  if (f.inline && g.scopes.ctx.fnId === null && g.flow.condDepth === 0) {
    const site: InlineSite = {
      a: (n) => b.a(n),
      lit: b.lit,
      stateSlot: (impl) => g.slots.slot(g.slots.newOf(impl, c.span)),
      runLocal: (load, store) => g.slots.runLocal(load, store),
      before: (code) => g.flow.pre.push(code),
    };
    const inlined = f.inline(site);
    if (inlined !== null) return inlined;
  }
  const code = f.emit(b);
  return isNumberArrayNew(c, name) ? `$rt.numbers(${code})` : code;
}

/** `array.new<float>(...)`, `array.new_int(...)`: a new array whose elements are numbers. */
function isNumberArrayNew(c: A.Call, name: string): boolean {
  if (name !== "array.new" && name !== "array.new_float" && name !== "array.new_int" && name !== "array.new_color") return false;
  const t = c.type;
  return t?.kind === "array" && t.element.kind === "primitive" && t.element.name !== "bool" && t.element.name !== "string";
}
