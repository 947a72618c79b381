// The request slice: the top-level statements a run over a requested context must execute so that
// every request site records the value the whole script would record there (docs/adr/0070-request-slices.md).
//
// Seeds: every top-level statement that makes a request (directly or through the user functions
// it calls) and every statement before the last such one that could raise a runtime error (an
// error ends the bar before the request records its value) and declares, assigns or names a
// variable; one that could fail and does nothing else (`if tfTooHigh` then `runtime.error(...)`) is
// not run there (docs/adr/0170-request-context-runs-dependencies-only.md). Closure: a statement is added when it
// declares, assigns or may mutate a variable an included statement reads. Objects (arrays, maps,
// matrices, user types, drawings) may be aliased: the reference variables one statement touches
// form one class, and a statement touching a class the slice reads is included. The drawing
// store (its caps delete old objects) is read only through its getters, `copy` and `*.all`: a slice
// with such a read includes every statement that draws, one without needs none of them beyond
// its own (docs/adr/0223). Null when the program makes no request or the slice cannot be
// determined (the whole script runs).

import type * as A from "../language/ast";
import type { LocalSymbol, PineType } from "../language/ast-types";
import { forEachChild } from "../language/visit";
import { builtinFunction } from "../builtins";
import { bind } from "./binding";
import { calleeName } from "./types";
import { INTRABAR_LIBRARY_FUNCTIONS } from "../stdlib/ta/tv-library/intrabar";

/** What one statement (with the user functions it calls) declares, reads and touches. */
interface Effects {
  /** Top-level variables declared or assigned (`:=`, `+=`, a field of). */
  writes: Set<number>;
  /** Local symbols read (anywhere, callees included). */
  reads: Set<number>;
  /** Reference-typed symbols named (callees included): possibly mutated or aliased. */
  refs: Set<number>;
  request: boolean;
  /** Could raise a runtime error (anything beyond inputs, literals, names and operators). */
  mayFail: boolean;
  /** Reads state outside the program's variables (`strategy.*`, an unresolved call): no slice can be proven. */
  opaque: boolean;
  /** Creates, changes or deletes drawings (`label.new`, `t.cell`, `line.delete`, ...). */
  draws: boolean;
  /** Reads the drawing store's state (`label.get_y`, `box.copy`, `label.all`): what every drawing call before it did. */
  readsDrawings: boolean;
  /** Local symbols read through the history operator (`x[1]`: the value a bar ended with). */
  histReads: Set<number>;
}

const REFERENCE_KINDS: ReadonlySet<PineType["kind"]> = new Set(["array", "matrix", "map", "udt", "handle"]);
/** Node kinds that evaluate without a runtime error (with calls limited to inputs and the declaration). */
const QUIET_KINDS = new Set(["VarDecl", "Assign", "ExprStmt", "Identifier", "Member", "NumberLit", "StringLit", "BoolLit", "ColorLit", "NaLit", "Unary", "Binary", "Ternary", "Argument", "TypeRef", "Call"]);

/** Built-ins whose state is the evaluation's and read in ways not tracked here (strategies). */
const OPAQUE_NAMESPACES = /^strategy\./;
/** Drawing built-ins: their objects live in the evaluation's drawing store. */
const DRAWING_NAMESPACES = /^(label|line|box|table|linefill|polyline)\./;
/** Drawing built-ins that read the store: a deleted object's fields read as na, its copy is na. */
const DRAWING_READS = /\.(get_[a-z_]+|copy)$/;

function emptyEffects(): Effects {
  return { writes: new Set(), reads: new Set(), refs: new Set(), request: false, mayFail: false, opaque: false, draws: false, readsDrawings: false, histReads: new Set() };
}

function merge(into: Effects, from: Effects): void {
  for (const id of from.writes) into.writes.add(id);
  for (const id of from.reads) into.reads.add(id);
  for (const id of from.refs) into.refs.add(id);
  for (const id of from.histReads) into.histReads.add(id);
  into.request ||= from.request;
  into.mayFail ||= from.mayFail;
  into.opaque ||= from.opaque;
  into.draws ||= from.draws;
  into.readsDrawings ||= from.readsDrawings;
}

class Analysis {
  private readonly fnEffects = new Map<number, Effects>();
  private readonly fnDecls = new Map<number, A.FunctionDecl>();

  constructor(scripts: readonly A.Script[]) {
    for (const s of scripts) for (const st of s.body) if (st.kind === "FunctionDecl" && st.fn) this.fnDecls.set(st.fn.id, st);
  }

  /** Effects of a subtree; `e.opaque` when a call cannot be resolved. */
  walk(root: A.Node, e: Effects): void {
    const visit = (n: A.Node): void => {
      if (!QUIET_KINDS.has(n.kind)) e.mayFail = true;
      switch (n.kind) {
        case "Identifier":
          this.symbol(n.symbol, e);
          break;
        case "Member":
          if (n.symbol?.kind === "field") e.mayFail = true;
          if (n.symbol?.kind === "builtinVariable" && n.symbol.name.startsWith("strategy.")) e.opaque = true;
          else if (n.symbol?.kind === "builtinVariable" && n.symbol.name.endsWith(".all")) e.readsDrawings = true;
          // the property is a name, not a variable
          visit(n.object);
          return;
        case "Argument":
          visit(n.value);
          return;
        case "Assign": {
          const root = rootSymbol(n.target);
          if (root !== null) e.writes.add(root);
          break;
        }
        case "Call":
          this.call(n, e);
          break;
        case "Index":
          historyOf(n.object, e.histReads);
          break;
        default:
          break;
      }
      forEachChild(n, visit);
    };
    visit(root);
  }

  private symbol(s: A.Identifier["symbol"], e: Effects): void {
    if (s?.kind !== "local") return;
    e.reads.add(s.id);
    // a drawing's handle is a reference like any other (its identity does not change when the
    // store deletes the object); what the store did to it is read through the drawing getters
    if (REFERENCE_KINDS.has(s.type.kind)) e.refs.add(s.id);
  }

  private call(c: A.Call, e: Effects): void {
    const t = c.target;
    if (t?.kind === "user" || t?.kind === "userMethod") {
      e.mayFail = true;
      const fx = this.fn(t.fn.id);
      if (fx === null) e.opaque = true;
      else merge(e, fx);
      return;
    }
    const name = calleeName(c);
    if (name === null) {
      e.opaque = true;
      return;
    }
    if (name.startsWith("request.") || INTRABAR_LIBRARY_FUNCTIONS.has(name)) e.request = true;
    if (OPAQUE_NAMESPACES.test(name)) e.opaque = true;
    if (DRAWING_NAMESPACES.test(name)) {
      if (DRAWING_READS.test(name)) e.readsDrawings = true;
      else e.draws = true;
    }
    const role = builtinFunction(name)?.role;
    if (t?.kind !== "typeNew" && role !== "input" && role !== "declaration") e.mayFail = true;
    if (t === undefined && this.isUserName(name)) e.opaque = true;
  }

  private isUserName(name: string): boolean {
    for (const d of this.fnDecls.values()) if (d.name.name === name) return true;
    return false;
  }

  /** A user function's effects (memoized; null when its declaration is not found). */
  private fn(id: number): Effects | null {
    const seen = this.fnEffects.get(id);
    if (seen) return seen;
    const d = this.fnDecls.get(id);
    if (!d) return null;
    const fx = emptyEffects();
    // recursion (refused by the checker) stops here
    this.fnEffects.set(id, fx);
    for (const p of d.params) if (p.defaultValue) this.walk(p.defaultValue, fx);
    this.walk(d.body, fx);
    return fx;
  }
}

/** The local symbols of an expression whose history is read (`x[1]`, `(x + y)[1]`). */
function historyOf(n: A.Node, into: Set<number>): void {
  if (n.kind === "Identifier" && n.symbol?.kind === "local") into.add(n.symbol.id);
  forEachChild(n, (c) => historyOf(c, into));
}

function rootSymbol(t: A.Expr): number | null {
  if (t.kind === "Identifier") return t.symbol?.kind === "local" ? t.symbol.id : null;
  if (t.kind === "Member") return rootSymbol(t.object);
  if (t.kind === "Index") return rootSymbol(t.object);
  return null;
}

/** The top-level statements that run (not function, type, enum or import declarations) and their effects. */
function statementEffects(main: A.Script, libraries: readonly A.Script[]): { stmts: A.Stmt[]; fx: Effects[] } {
  const analysis = new Analysis([...libraries, main]);
  const stmts = main.body.filter((s) => s.kind !== "FunctionDecl" && s.kind !== "TypeDecl" && s.kind !== "EnumDecl" && s.kind !== "ImportDecl");
  const fx = stmts.map((s) => {
    const e = emptyEffects();
    for (const d of declared(s)) {
      if (d === undefined) e.opaque = true;
      else if (d !== null) e.writes.add(d.id);
    }
    analysis.walk(s, e);
    return e;
  });
  return { stmts, fx };
}

function declared(s: A.Stmt): Array<LocalSymbol | null | undefined> {
  if (s.kind === "VarDecl") return [s.symbol];
  if (s.kind === "TupleDecl") return s.names.map((n, k) => (n === null ? null : s.symbols?.[k]));
  return [];
}

/** Reference variables touched together may alias one another: one class per connected group. */
class AliasClasses {
  private readonly parent = new Map<number, number>();
  find(x: number): number {
    let p = this.parent.get(x) ?? x;
    while (p !== x) {
      x = p;
      p = this.parent.get(x) ?? x;
    }
    return x;
  }
  unite(ids: Iterable<number>): void {
    let first: number | null = null;
    for (const id of ids) {
      if (first === null) first = this.find(id);
      else this.parent.set(this.find(id), first);
    }
  }
}

/**
 * A statement whose only effect on a context's run could be its runtime error: it declares,
 * assigns and names no variable (a chart-timeframe check with `runtime.error`, a log line). Such
 * a check is about the chart: TradingView evaluates a request with what its expression depends
 * on, and there `timeframe.period` is the requested timeframe, so running the check would fail
 * every bar of a higher timeframe the script asks for (docs/adr/0170).
 */
function checkOnly(e: Effects): boolean {
  return !e.request && e.writes.size === 0 && e.refs.size === 0;
}

/** Statements of a context's run (indexes into the running statements) and what they read. */
interface Closure {
  included: Set<number>;
  /** Variables read (an object's alias class by its root). */
  needed: Set<number>;
  /** An included statement reads the drawing store. */
  drawingsNeeded: boolean;
}

/** Closures of the running statements' effects: what a request's value depends on among the statements before it. */
class Slicer {
  readonly aliases = new AliasClasses();
  /** Variables whose value a bar ends with reaches the next bar's reads (`var`, `varip`, read with `[]`), and objects (which a later bar may still hold). */
  private readonly persistent = new Set<number>();

  constructor(
    stmts: readonly A.Stmt[],
    private readonly fx: readonly Effects[],
  ) {
    for (const e of fx) {
      this.aliases.unite(e.refs);
      for (const id of e.refs) this.persistent.add(id);
    }
    stmts.forEach((s, k) => {
      if (s.kind === "VarDecl" && s.mode !== "none" && s.symbol) this.persistent.add(s.symbol.id);
      for (const id of fx[k]!.histReads) this.persistent.add(id);
    });
  }

  /** The closure of `seeds` over the statements before `end`: a statement is added when it declares, assigns or may mutate what an included one reads. */
  closure(seeds: Iterable<number>, end: number): Closure {
    const fx = this.fx;
    const c: Closure = { included: new Set(), needed: new Set(), drawingsNeeded: false };
    const include = (k: number): void => {
      c.included.add(k);
      for (const id of fx[k]!.reads) c.needed.add(fx[k]!.refs.has(id) ? this.aliases.find(id) : id);
      c.drawingsNeeded ||= fx[k]!.readsDrawings;
    };
    for (const k of seeds) include(k);
    for (let changed = true; changed; ) {
      changed = false;
      for (let k = 0; k < end; k++) {
        if (!c.included.has(k) && this.touches(fx[k]!, c, false)) {
          include(k);
          changed = true;
        }
      }
    }
    return c;
  }

  /**
   * Whether statement effects `e` change what closure `c` reads: a variable it reads, an object of
   * a class it reads, the drawing store it reads. `later`: `e` runs after the closure's statements on
   * each bar, so only what the next bar still sees counts (a plain variable is declared again first).
   */
  touches(e: Effects, c: Closure, later: boolean): boolean {
    if (c.drawingsNeeded && e.draws) return true;
    for (const id of e.writes) {
      const cls = this.aliases.find(id);
      if ((c.needed.has(id) || c.needed.has(cls)) && (!later || this.persistent.has(id))) return true;
    }
    for (const id of e.refs) if (c.needed.has(this.aliases.find(id))) return true;
    return false;
  }
}

/**
 * The statements of a context's run (ADR 0070): those that make a request, those before `end`
 * that could fail and touch variables (an error ends the bar before a request records its value;
 * not the checks that could only fail, docs/adr/0170), and by closure what they read, before `end`:
 * a request evaluates only the code before it (user manual, Other timeframes and data, "Declared
 * variables"), even a `var` the script changes later (docs/adr/0327).
 */
function runClosure(slicer: Slicer, fx: readonly Effects[], end: number): Closure {
  const seeds: number[] = [];
  fx.forEach((e, k) => {
    if (k === end || (k < end && (e.request || (e.mayFail && !checkOnly(e))))) seeds.push(k);
  });
  return slicer.closure(seeds, end);
}

/** A further run over each requested context for requests a later statement of the context's run would change (docs/adr/0346). */
export interface RequestLane {
  /** The statements it executes. */
  stmts: Set<A.Stmt>;
  /** The request statements whose values it records. */
  owners: Set<A.Stmt>;
}

export interface RequestSlices {
  /** The top-level statements a context's run executes; null: the whole script (or no request). */
  slice: Set<A.Stmt> | null;
  /** Further runs, for requests whose values the run above would change after them. */
  lanes: RequestLane[];
}

/**
 * The runs over a requested context. The first executes the slice of the script's last request:
 * the statements every request needs. A request before a statement of it that changes what the
 * request's value depends on (`var c = 0`, `a = request.security(t, tf, c)`, `c += 1`, `b =
 * request.security(t, tf, c)`) reads, in that run, what the later statement made of it on the
 * bars before: TradingView evaluates each request with only the code before it (user manual,
 * Other timeframes and data, "Declared variables"), so such requests get a run of their own slice,
 * shared by those a common slice leaves unchanged (docs/adr/0346). Scripts where no such statement
 * exists keep one run per context. Function, type, enum and import declarations are not
 * statements that run.
 */
export function requestSlices(main: A.Script, libraries: readonly A.Script[] = []): RequestSlices {
  const { stmts, fx } = statementEffects(main, libraries);
  const last = fx.map((e) => e.request).lastIndexOf(true);
  if (last < 0) return { slice: null, lanes: [] };
  const slicer = new Slicer(stmts, fx);
  const run = runClosure(slicer, fx, last);
  for (const k of run.included) if (fx[k]!.opaque) return { slice: null, lanes: [] };
  const lanes = requestLanes(slicer, fx, run.included, last);
  const asStmts = (ks: Iterable<number>): Set<A.Stmt> => new Set([...ks].sort((x, y) => x - y).map((k) => stmts[k]!));
  return {
    slice: run.included.size === stmts.length ? null : asStmts(run.included),
    lanes: lanes.map((l) => ({ stmts: asStmts(l.included), owners: asStmts(l.owners) })),
  };
}

/**
 * The request statements whose value the first run (`first`) changes after them, grouped into as
 * few further runs as leave each one's value unchanged: a request's value depends on the closure
 * of its own statement before it; a statement after it in the run that changes what that closure
 * reads on the next bar (a `var`, a variable read with `[]`, an object, drawings read back) changes it.
 */
function requestLanes(slicer: Slicer, fx: readonly Effects[], first: ReadonlySet<number>, last: number): Array<{ included: Set<number>; owners: number[] }> {
  const changedAfter = (q: number, run: ReadonlySet<number>): boolean => {
    const value = slicer.closure([q], q);
    for (const k of run) if (k > q && slicer.touches(fx[k]!, value, true)) return true;
    return false;
  };
  const lanes: Array<{ included: Set<number>; owners: number[] }> = [];
  // latest first: a request's run holds every earlier request's (each seeds the requests before it)
  for (let q = last - 1; q >= 0; q--) {
    if (!fx[q]!.request || !first.has(q) || !changedAfter(q, first)) continue;
    const lane = lanes.find((l) => !changedAfter(q, l.included));
    if (lane) lane.owners.push(q);
    else lanes.push({ included: runClosure(slicer, fx, q).included, owners: [q] });
  }
  return lanes;
}

const BAR_VARIABLES: ReadonlySet<string> = new Set(["open", "high", "low", "close", "volume"]);

/** `request.security(sym, tf, close)` as the whole value of a statement run on every bar (no `var`), symbol and timeframe names or literals, no currency. */
function barColumnRequest(s: A.Stmt): A.Call | null {
  const value = s.kind === "VarDecl" && s.mode === "none" ? s.init : s.kind === "Assign" && s.op === ":=" ? s.value : null;
  if (value?.kind !== "Call" || calleeName(value) !== "request.security") return null;
  const f = builtinFunction("request.security");
  if (!f) return null;
  const args = bind(value, f).byName;
  const plain = (e: A.Expr | undefined): boolean => e !== undefined && (e.kind === "StringLit" || e.kind === "Identifier");
  const expression = args.get("expression");
  const isBar = expression?.kind === "Identifier" && expression.symbol?.kind === "builtinVariable" && BAR_VARIABLES.has(expression.symbol.name);
  return isBar && plain(args.get("symbol")) && plain(args.get("timeframe")) && !args.has("currency") ? value : null;
}

/**
 * Request calls whose value on a context's bar is that bar's own open, high, low, close or volume
 * (stdlib/request/host.ts securityBars): each is the whole value of a top-level statement, and no
 * statement a context's run executes before it (the slice, or the whole script) can raise a
 * runtime error, other such requests aside. A run over a context then records exactly the
 * context's column for them, so their values are read from the bars without that run.
 */
export function directRequests(main: A.Script, libraries: readonly A.Script[], slice: ReadonlySet<A.Stmt> | null): Set<A.Call> {
  const { stmts, fx } = statementEffects(main, libraries);
  const direct = new Set<A.Call>();
  for (let k = 0; k < stmts.length; k++) {
    const s = stmts[k]!;
    if (slice !== null && !slice.has(s)) continue;
    const c = barColumnRequest(s);
    if (c !== null) direct.add(c);
    else if (fx[k]!.mayFail) break;
  }
  return direct;
}
