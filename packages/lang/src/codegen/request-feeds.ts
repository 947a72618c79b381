// The request calls whose result another request's expression may read (docs/adr/0307). TradingView
// evaluates a request's expression in the requested context, and a request.*() call the expression
// depends on is evaluated *within* that context too (its user manual, "Other timeframes and data",
// Dynamic requests, Nested requests): `x = request.security(t, "W", close)` read by
// `request.security(t, "D", x)` is the first call made from the daily context, as if written inline
// (docs/adr/0296). A context's run therefore makes such a call return its own context's value as
// seen from the run's context, even at the top of the script (stdlib/request/host.ts nested).
//
// The analysis is by variable and over-approximates: a variable depends on everything its
// declarations and assignments read (and the conditions of the blocks they sit in), a reference
// variable (array, map, matrix, object) on the calls that may change it, a function call on
// everything its body reads. A call found here that no request reads in fact still returns the
// right value in a context's run (what TradingView computes there); it only costs an alignment.

import type * as A from "../language/ast";
import type { PineType } from "../language/ast-types";
import { forEachChild } from "../language/visit";
import { builtinFunction } from "../builtins";
import { bind } from "./binding";
import { calleeName } from "./types";

/** The requests a context's run may nest (stdlib/request/index.ts emits them with the `feeds` flag). */
const NESTABLE: ReadonlySet<string> = new Set(["request.security", "request.security_lower_tf"]);
const REFERENCE_KINDS: ReadonlySet<PineType["kind"]> = new Set(["array", "matrix", "map", "udt"]);

/** What a value may carry: the local symbols it reads and the request calls in it. */
interface Sources {
  symbols: Set<number>;
  requests: Set<A.Call>;
}

const none = (): Sources => ({ symbols: new Set(), requests: new Set() });

function union(a: Sources, b: Sources): Sources {
  return { symbols: new Set([...a.symbols, ...b.symbols]), requests: new Set([...a.requests, ...b.requests]) };
}

function addTo(into: Sources, from: Sources): void {
  for (const s of from.symbols) into.symbols.add(s);
  for (const r of from.requests) into.requests.add(r);
}

class Dependencies {
  /** Per local symbol, what its definitions read. */
  private readonly defs = new Map<number, Sources>();
  private readonly fnDecls = new Map<number, A.FunctionDecl>();
  private readonly fnReads = new Map<number, Sources>();
  /** reads() per node: callers never change what it returns. */
  private readonly memo = new WeakMap<A.Node, Sources>();
  /** The expression argument of every nestable request call. */
  readonly expressions: A.Expr[] = [];

  constructor(scripts: readonly A.Script[]) {
    for (const s of scripts) for (const st of s.body) if (st.kind === "FunctionDecl" && st.fn) this.fnDecls.set(st.fn.id, st);
    for (const s of scripts) for (const st of s.body) this.visit(st, none());
  }

  definitionsOf(id: number): Sources | undefined {
    return this.defs.get(id);
  }

  private define(id: number | null | undefined, from: Sources): void {
    if (id === null || id === undefined) return;
    const d = this.defs.get(id);
    if (d === undefined) this.defs.set(id, union(from, none()));
    else addTo(d, from);
  }

  /** Everything `e` reads: local symbols, request calls, and what the user functions it calls read. */
  reads(e: A.Node): Sources {
    const known = this.memo.get(e);
    if (known !== undefined) return known;
    const out = none();
    const walk = (n: A.Node): void => {
      if (n.kind === "Identifier" && n.symbol?.kind === "local") out.symbols.add(n.symbol.id);
      else if (n.kind === "Call") {
        const t = n.target;
        if (t?.kind === "user" || t?.kind === "userMethod") addTo(out, this.fn(t.fn.id));
        else if (NESTABLE.has(calleeName(n) ?? "")) out.requests.add(n);
      }
      forEachChild(n, walk);
    };
    walk(e);
    this.memo.set(e, out);
    return out;
  }

  /** What a user function's body (and its parameters' defaults) reads; memoized, a recursion adds nothing. */
  private fn(id: number): Sources {
    const seen = this.fnReads.get(id);
    if (seen) return seen;
    const out = none();
    this.fnReads.set(id, out);
    const d = this.fnDecls.get(id);
    if (d) addTo(out, this.reads(d));
    return out;
  }

  /** Records the definitions in `n`; `control`: what the conditions of the blocks around it read. */
  private visit(n: A.Node, control: Sources): void {
    switch (n.kind) {
      case "VarDecl":
        this.define(n.symbol?.id, union(this.reads(n.init), control));
        break;
      case "TupleDecl": {
        const from = union(this.reads(n.init), control);
        for (const s of n.symbols ?? []) this.define(s?.id, from);
        break;
      }
      case "Assign":
        this.define(rootSymbol(n.target), union(this.reads(n.value), control));
        break;
      case "If": {
        this.visit(n.cond, control);
        const inner = union(control, this.reads(n.cond));
        this.visit(n.then, inner);
        if (n.else) this.visit(n.else, inner);
        return;
      }
      case "Switch": {
        let inner = n.subject ? union(control, this.reads(n.subject)) : control;
        for (const c of n.cases) if (c.test) inner = union(inner, this.reads(c.test));
        forEachChild(n, (x) => this.visit(x, inner));
        return;
      }
      case "For": {
        const bounds = union(union(this.reads(n.from), this.reads(n.to)), n.step ? this.reads(n.step) : none());
        this.define(n.symbol?.id, union(bounds, control));
        this.visit(n.body, union(control, bounds));
        return;
      }
      case "ForIn": {
        const items = union(this.reads(n.iterable), control);
        this.define(n.itemSymbol?.id, items);
        this.define(n.indexSymbol?.id, items);
        this.visit(n.body, items);
        return;
      }
      case "While": {
        const inner = union(control, this.reads(n.cond));
        this.visit(n.body, inner);
        return;
      }
      case "Call":
        this.call(n, control);
        break;
      case "FunctionDecl":
        forEachChild(n, (x) => this.visit(x, none()));
        return;
      default:
        break;
    }
    forEachChild(n, (x) => this.visit(x, control));
  }

  /**
   * A user function's parameters defined from the arguments of call `c`, each from its own (named,
   * or by position; a method called as `obj.m(...)` takes `obj` first): a wrapper `f(s, src) =>
   * request.security(s, tf, src)` called as `f("A", close)` makes `src` read nothing.
   */
  private parameters(c: A.Call, params: readonly A.Param[], control: Sources): void {
    const values: A.Expr[] = c.target?.kind === "userMethod" && c.callee.kind === "Member" ? [c.callee.object] : [];
    let k = values.length;
    const byName = new Map<string, A.Expr>();
    for (const a of c.args) {
      if (a.name !== null) byName.set(a.name.name, a.value);
      else values[k++] = a.value;
    }
    params.forEach((p, j) => {
      const v = byName.get(p.name.name) ?? values[j] ?? p.defaultValue ?? undefined;
      if (v !== undefined) this.define(p.symbol?.id, union(this.reads(v), control));
    });
  }

  private call(c: A.Call, control: Sources): void {
    const name = calleeName(c);
    if (name !== null && NESTABLE.has(name)) {
      const f = builtinFunction(name);
      const expression = f ? bind(c, f).byName.get("expression") : undefined;
      if (expression) this.expressions.push(expression);
    }
    const t = c.target;
    const args = union(this.reads(c), control);
    // a user function's parameter takes its argument (a method's receiver is its first)
    if (t?.kind === "user" || t?.kind === "userMethod") this.parameters(c, this.fnDecls.get(t.fn.id)?.params ?? [], control);
    // a reference passed to a call may be changed by it (`a.push(x)`, `m.put(k, v)`, a method)
    for (const a of c.args) {
      const v = a.value;
      if (v.kind === "Identifier" && v.symbol?.kind === "local" && REFERENCE_KINDS.has(v.symbol.type.kind)) this.define(v.symbol.id, args);
    }
    if (c.callee.kind === "Member") {
      const r = rootSymbol(c.callee.object);
      if (r !== null) this.define(r, args);
    }
  }
}

function rootSymbol(t: A.Expr): number | null {
  if (t.kind === "Identifier") return t.symbol?.kind === "local" ? t.symbol.id : null;
  if (t.kind === "Member") return rootSymbol(t.object);
  if (t.kind === "Index") return rootSymbol(t.object);
  return null;
}

/** The request.security / request.security_lower_tf calls whose result a request's expression may read. */
export function requestsReadByRequests(main: A.Script, libraries: readonly A.Script[] = []): Set<A.Call> {
  if (!makesNestableRequest([...libraries, main])) return new Set();
  const deps = new Dependencies([...libraries, main]);
  const out = new Set<A.Call>();
  const needed = new Set<number>();
  const queue: number[] = [];
  const take = (s: Sources): void => {
    for (const r of s.requests) out.add(r);
    for (const id of s.symbols) {
      if (needed.has(id)) continue;
      needed.add(id);
      queue.push(id);
    }
  };
  for (const e of deps.expressions) take(deps.reads(e));
  while (queue.length > 0) {
    const d = deps.definitionsOf(queue.pop()!);
    if (d !== undefined) take(d);
  }
  return out;
}

function makesNestableRequest(scripts: readonly A.Script[]): boolean {
  let found = false;
  const visit = (n: A.Node): void => {
    if (found) return;
    if (n.kind === "Call" && NESTABLE.has(calleeName(n) ?? "")) found = true;
    else forEachChild(n, visit);
  };
  for (const s of scripts) visit(s);
  return found;
}
