// Built-in calls: the record's role decides (plots, inputs, events and no-ops are handled in
// roles.ts), else its inlined fast form (top level, unconditional) or its emitter writes the code,
// with the arguments compiled once in the order written and the state of the call site created
// once, sized by the call's derived window.

import type * as A from "../language/ast";
import { builtinFunction } from "../builtins";
import type { ParamSpec } from "../builtins";
import type { InlineSite } from "../builtins/record";
import { lowerTfOf, securityOf } from "../stdlib/request";
import { bind, callEmit, type BoundArgs } from "./binding";
import { collectionCall } from "./collections";
import { barsOnly } from "./own-context";
import { inLoop, type Gen } from "./context";
import { alert, input, plot } from "./roles";
import { asKind, calleeName, CodegenError, vtOf } from "./types";

export function builtinCall(g: Gen, c: A.Call, name: string): string {
  const f = builtinFunction(name);
  if (!f) throw new CodegenError(`'${name}' is not supported by the evaluator`, c.span);
  switch (f.role) {
    case "noop":
      return noopCall(g, c);
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
  naElements(c, bound, compiled);
  const b = callEmit(g, c, f, bound, (e) => compiled.get(e)!);
  const looped = inLoop(g);
  if (f.inline && g.scopes.ctx.fnId === null && g.flow.condDepth === 0 && !looped) {
    const site: InlineSite = {
      a: (n) => b.a(n),
      lit: b.lit,
      stateSlot: (impl, cap) => g.slots.slot(g.slots.newOf(impl, c.span, cap ?? null)),
      runLocal: (load, store) => g.slots.runLocal(load, store),
      before: (code) => g.flow.pre.push(code),
    };
    const inlined = f.inline(site);
    if (inlined !== null) return inlined;
  }
  const fast = collectionCall(g, c, name, bound, b);
  if (fast !== null) return fast;
  const first = g.scopes.ctx.slots.length;
  const code = name === "request.security" ? securityCode(g, c, bound, b) ?? f.emit(b) : name === "request.security_lower_tf" && g.unit.requestsReadByRequests.has(c) ? lowerTfOf(b, true) : f.emit(b);
  if (looped && committedPerBar(name)) snapshotStates(g, first);
  return isNumberArrayNew(c, name) ? `$rt.numbers(${code})` : code;
}

/**
 * Built-ins whose state is a series computed from the values committed at each bar's close: run
 * more than once on a bar (inside a loop), each execution starts from the previous bar's state
 * (docs/adr/0243). Not math.random (each call a new number), drawings or requests.
 */
function committedPerBar(name: string): boolean {
  return name.startsWith("ta.") || name === "math.sum" || name === "fixnan";
}

/**
 * The call's state objects (the slots its emitter made, from `first` on) get a snapshot each: the
 * bar's first execution copies the state, later ones on the bar put it back, before the call runs
 * (the statement's prelude: idempotent, so also right where the call itself runs only sometimes).
 */
function snapshotStates(g: Gen, first: number): void {
  const ctx = g.scopes.ctx;
  const end = ctx.slots.length;
  for (let k = first; k < end; k++) {
    if (!ctx.slots[k]!.startsWith("new $rt.")) continue;
    const st = ctx.fnId === null ? `$s${k}` : `$st[${k}]`;
    g.flow.pre.push(`${g.slots.state("new $rt.BarSnapshot()")}.at($i, ${st});`);
  }
}

/**
 * A call compiled to nothing (fill) still runs the plots written as its arguments:
 * `fill(p, plot(close, display = display.none), color)` declares that plot, one of the script's
 * outputs, as the same plot assigned to a variable first would.
 */
function noopCall(g: Gen, c: A.Call): string {
  const plots = c.args.filter((a) => isPlotCall(a.value)).map((a) => g.expr(a.value));
  return plots.length === 0 ? "undefined" : `(${plots.join(", ")}, undefined)`;
}

function isPlotCall(e: A.Expr): boolean {
  if (e.kind !== "Call") return false;
  const name = calleeName(e);
  return name !== null && builtinFunction(name)?.role === "plot";
}

/**
 * request.security: a bar column read directly (slice.ts directRequests), an expression of the bars
 * evaluated in place on the chart's own bars (own-context.ts), a result another request's
 * expression reads (request-feeds.ts).
 */
function securityCode(g: Gen, c: A.Call, bound: BoundArgs, b: ReturnType<typeof callEmit>): string | null {
  const expression = bound.byName.get("expression");
  const direct = g.unit.directRequests.has(c);
  const inPlace = expression !== undefined && barsOnly(expression, g.unit.functionsById);
  const feeds = g.unit.requestsReadByRequests.has(c);
  return direct || inPlace || feeds ? securityOf(b, { direct, barsOnly: inPlace, feeds }) : null;
}

/** `array.new<float>(...)`, `array.new_int(...)`: a new array whose elements are numbers. */
function isNumberArrayNew(c: A.Call, name: string): boolean {
  if (name !== "array.new" && name !== "array.new_float" && name !== "array.new_int" && name !== "array.new_color") return false;
  const t = c.type;
  return t?.kind === "array" && t.element.kind === "primitive" && t.element.name !== "bool" && t.element.name !== "string";
}

/**
 * A bare `na` given where an element of an array or matrix (`T`) or a key or value of a map (`K`,
 * `V`) of objects is expected (`array.new<P>(3, na)`, `a.push(na)`, `m.put(k, na)`) is the na
 * reference, as in a declaration (types.ts asKind): reading a field of it is then an error. Where
 * a string, collection or handle is expected (`str.upper(na)`, `time(na)`) it is the na those
 * hold (null), which the library functions take as na, not NaN (a JavaScript TypeError there).
 */
/** Whether a parameter of this type holds na as null: a string, a collection or a handle. */
function naIsNull(t: ParamSpec["type"]): boolean {
  if (t.kind === "primitive") return t.name === "string";
  return t.kind === "array" || t.kind === "matrix" || t.kind === "map" || t.kind === "handle";
}

function naElements(c: A.Call, bound: BoundArgs, compiled: Map<A.Expr, string>): void {
  const vars = typeVars(c);
  const fix = (p: ParamSpec, e: A.Expr): void => {
    if (p.type.kind !== "var") {
      if (naIsNull(p.type)) compiled.set(e, asKind(e, compiled.get(e)!, "obj"));
      return;
    }
    if (e.kind !== "NaLit") return;
    const t = vars.get(p.type.name);
    if (t) compiled.set(e, asKind(e, compiled.get(e)!, vtOf(t) ?? "num"));
  };
  for (const p of bound.params) {
    if (p.variadic) for (const e of bound.rest) fix(p, e);
    const e = bound.byName.get(p.name);
    if (e) fix(p, e);
  }
}

/** The element, key and value types of the collection a call works on (its first argument) or makes (its result). */
function typeVars(c: A.Call): Map<string, A.PineType> {
  const vars = new Map<string, A.PineType>();
  for (const t of [c.args[0]?.value.type, c.type]) {
    if ((t?.kind === "array" || t?.kind === "matrix") && !vars.has("T")) vars.set("T", t.element);
    if (t?.kind === "map" && !vars.has("V")) {
      vars.set("K", t.key);
      vars.set("V", t.value);
    }
  }
  return vars;
}
