// Warmup: an abstract evaluation of the checked program computing, for each value, the bars of
// history it needs (the warmup bars a run reads before its window). Lengths add along a chain (`ta.sma(ta.ema(x, 10), 5)`
// needs 12*10 + 5), `[n]` adds n, user functions are followed with their arguments' lookbacks and
// constant values, and the script needs the largest lookback of anything it evaluates.
//
// The same pass records, per call site, the call's own window (what the back end sizes a
// call's state by) and, per variable, the deepest history offset `x[n]` read from it.

import { builtinFunction, builtinVariable, type Signature } from "../builtins";
import type * as A from "../language/ast";
import { forEachNode } from "../language/visit";
import type { CheckedProgram } from "../link/program";
import { foldBuiltin, lookbackRule, UNBOUNDED, variableLookback } from "./rules";
import { inputNameOf } from "../language/call-names";

type Const = number | string | boolean | null;
interface Val {
  lb: number;
  c: Const;
  /** An upper bound of a number whose exact value is unknown (loop counters, `a ? 10 : 30`). */
  max?: number;
}

export interface HistoryRequirements {
  /** Per callSiteId: the call's own window in bars (null: unbounded or not known at compile time). */
  callSites: Map<number, number | null>;
  /** Per local symbol id: the deepest `x[n]` read (RUNTIME_OFFSET_DEPTH for an offset not known at compile time). */
  symbols: Map<number, number | null>;
  /** Per built-in series (`close`, ...): the deepest `close[n]` read. */
  builtins: Map<string, number | null>;
}

export interface WarmupAnalysis {
  /** Largest lookback reachable (Infinity when unbounded), before the cap. */
  required: number;
  history: HistoryRequirements;
  /** Bars after a bar whose value a plot with a negative offset draws there (the largest -offset known; 0 for none). */
  lookahead: number;
}

const ZERO: Val = { lb: 0, c: null };

/**
 * The history kept for a variable read at an offset not known at compile time: 5000 bars, the
 * largest history buffer TradingView gives a series (its `max_bars_back` limit).
 */
export const RUNTIME_OFFSET_DEPTH = 5000;

class WarmupEvaluator {
  private readonly env = new Map<number, Val>();
  private readonly functions = new Map<number, A.FunctionDecl>();
  private readonly memo = new Map<string, Val>();
  private readonly active = new Set<number>();
  private max = 0;
  lookahead = 0;
  readonly history: HistoryRequirements = { callSites: new Map(), symbols: new Map(), builtins: new Map() };

  constructor(
    program: CheckedProgram,
    private readonly inputs: Record<string, Const>,
  ) {
    for (const f of program.modules.values()) {
      for (const s of f.script.body) if (s.kind === "FunctionDecl" && s.fn) this.functions.set(s.fn.id, s);
    }
  }

  run(body: A.Stmt[]): number {
    for (const s of body) this.note(this.stmt(s));
    return this.max;
  }

  private note(v: Val): Val {
    if (v.lb > this.max) this.max = v.lb;
    return v;
  }

  private block(stmts: A.Stmt[]): Val {
    let last = ZERO;
    let lb = 0;
    for (const s of stmts) {
      last = this.note(this.stmt(s));
      lb = Math.max(lb, last.lb);
    }
    return { lb, c: last.c };
  }

  private stmt(s: A.Stmt): Val {
    switch (s.kind) {
      case "VarDecl": {
        const v = this.expr(s.init);
        const input = s.symbol?.input;
        const c = input !== undefined && input in this.inputs ? (this.inputs[input] ?? null) : v.c;
        // A `var` collection or object is mutated in place from bar to bar: an accumulator.
        // So is a `var` holding a series' value from the first bar evaluated (`var start = close`).
        const mutable = s.mode !== "none" && (isReference(s.symbol?.type) || (s.symbol?.qual === "series" && isValue(s.symbol.type)));
        const val = mutable ? { lb: UNBOUNDED, c: null } : { lb: v.lb, c, ...(v.max !== undefined ? { max: v.max } : {}) };
        if (s.symbol) this.env.set(s.symbol.id, val);
        return val;
      }
      case "TupleDecl": {
        const v = this.expr(s.init);
        for (const sym of s.symbols ?? []) if (sym) this.env.set(sym.id, { lb: v.lb, c: null });
        return v;
      }
      case "Assign":
        return this.assign(s);
      case "ExprStmt":
        return this.expr(s.expr);
      case "FunctionDecl":
      case "TypeDecl":
      case "EnumDecl":
      case "ImportDecl":
      case "Break":
      case "Continue":
        return ZERO;
      default:
        return this.expr(s);
    }
  }

  /** `var` accumulators and self-referencing series (`x := x[1] + 1`) never forget the start. */
  private assign(s: A.Assign): Val {
    const v = this.expr(s.value);
    const sym = s.target.kind === "Identifier" ? s.target.symbol : undefined;
    if (sym?.kind !== "local") return v;
    const prev = this.env.get(sym.id) ?? ZERO;
    const selfHistory = readsHistoryOf(s.value, sym.id);
    const lb = sym.mode !== "none" || selfHistory ? UNBOUNDED : Math.max(prev.lb, v.lb);
    const val = { lb, c: null };
    this.env.set(sym.id, val);
    return val;
  }

  private expr(e: A.Expr): Val {
    switch (e.kind) {
      case "NumberLit":
      case "StringLit":
      case "BoolLit":
        return { lb: 0, c: e.value };
      case "ColorLit":
      case "NaLit":
        return ZERO;
      case "Identifier":
      case "Member":
        return this.name(e);
      case "Index":
        return this.index(e);
      case "Unary": {
        const v = this.expr(e.operand);
        return { lb: v.lb, c: typeof v.c === "number" ? (e.op === "-" ? -v.c : v.c) : e.op === "not" && typeof v.c === "boolean" ? !v.c : null };
      }
      case "Binary": {
        const l = this.expr(e.left);
        const r = this.expr(e.right);
        return { lb: Math.max(l.lb, r.lb), c: fold(e.op, l.c, r.c) };
      }
      case "Ternary": {
        const c = this.expr(e.cond);
        if (c.c === true || c.c === false) {
          // A condition known from the inputs: the other side is never evaluated.
          this.dead(() => this.expr(c.c ? e.else : e.then));
          const v = this.expr(c.c ? e.then : e.else);
          return { ...v, lb: Math.max(c.lb, v.lb) };
        }
        const a = this.expr(e.then);
        const b = this.expr(e.else);
        const lb = Math.max(c.lb, a.lb, b.lb);
        const hi = Math.max(upper(a), upper(b));
        return Number.isNaN(hi) ? { lb, c: null } : { lb, c: null, max: hi };
      }
      case "TupleExpr":
        return { lb: Math.max(0, ...e.elements.map((x) => this.expr(x).lb)), c: null };
      case "Call":
        return this.call(e);
      case "If": {
        const c = this.expr(e.cond);
        if (c.c === true || c.c === false) {
          const elseBranch = (): Val => (e.else ? (e.else.kind === "If" ? this.expr(e.else) : this.block(e.else.body)) : ZERO);
          if (c.c) this.dead(elseBranch);
          else this.dead(() => this.block(e.then.body));
          const v = c.c ? this.block(e.then.body) : elseBranch();
          return { lb: Math.max(c.lb, v.lb), c: null };
        }
        const a = this.block(e.then.body);
        const b = e.else ? (e.else.kind === "If" ? this.expr(e.else) : this.block(e.else.body)) : ZERO;
        return { lb: Math.max(c.lb, a.lb, b.lb), c: null };
      }
      case "Switch": {
        const subject = e.subject ? this.expr(e.subject) : null;
        const known = subject !== null && subject.c !== null ? e.cases.findIndex((k) => !k.test || this.constOf(k.test) === subject.c) : -1;
        if (subject && known >= 0) {
          // `switch maType` with maType known from the inputs: only the matching case runs.
          e.cases.forEach((k, i) => {
            if (i !== known) this.dead(() => this.block(k.body.body));
          });
          return { lb: Math.max(subject.lb, this.block(e.cases[known]!.body.body).lb), c: null };
        }
        let lb = subject ? subject.lb : 0;
        for (const k of e.cases) lb = Math.max(lb, k.test ? this.expr(k.test).lb : 0, this.block(k.body.body).lb);
        return { lb, c: null };
      }
      case "For": {
        const from = this.expr(e.from);
        const to = this.expr(e.to);
        const lb = Math.max(from.lb, to.lb, e.step ? this.expr(e.step).lb : 0);
        // The counter never exceeds its larger bound: `close[i]` reads at most that deep.
        const hi = Math.max(upper(from), upper(to));
        if (e.symbol) this.env.set(e.symbol.id, Number.isNaN(hi) ? ZERO : { lb: 0, c: null, max: hi });
        return { lb: Math.max(lb, this.block(e.body.body).lb), c: null };
      }
      case "ForIn": {
        const it = this.expr(e.iterable);
        if (e.itemSymbol) this.env.set(e.itemSymbol.id, { lb: it.lb, c: null });
        if (e.indexSymbol) this.env.set(e.indexSymbol.id, ZERO);
        return { lb: Math.max(it.lb, this.block(e.body.body).lb), c: null };
      }
      case "While":
        return this.whileLoop(e);
    }
  }

  /**
   * A variable the body assigns is no constant inside the loop (the condition reads it after each
   * pass): `close[k]` with `k += 1` in the body reads as deep as the condition lets `k` go. A
   * bound written in the condition (`k < 200 and ...`) is its largest value there; without one
   * the offset is unknown (unbounded).
   */
  private whileLoop(e: A.While): Val {
    const changed = assignedLocals(e.body.body);
    for (const id of changed) {
      const bound = boundIn(e.cond, id, (x) => upper(this.expr(x)));
      const prev = this.env.get(id) ?? ZERO;
      this.env.set(id, { lb: prev.lb, c: null, ...(Number.isNaN(bound) ? {} : { max: bound }) });
    }
    const lb = Math.max(this.expr(e.cond).lb, this.block(e.body.body).lb);
    // after the loop the variable may have gone one step past the bound
    for (const id of changed) {
      const v = this.env.get(id) ?? ZERO;
      this.env.set(id, { lb: v.lb, c: null, ...(v.max !== undefined ? { max: v.max + 1 } : {}) });
    }
    return { lb, c: null };
  }

  /** Code that does not run with these inputs: its call sites are still sized (the back end
   *  compiles them), but its lookbacks and assignments do not count. */
  private dead(f: () => Val): void {
    const max = this.max;
    const env = new Map(this.env);
    f();
    this.max = max;
    this.env.clear();
    for (const [k, v] of env) this.env.set(k, v);
  }

  /** A case label's constant value (literals only: evaluating it must have no effect). */
  private constOf(e: A.Expr): Const {
    return e.kind === "NumberLit" || e.kind === "StringLit" || e.kind === "BoolLit" ? e.value : null;
  }

  private name(e: A.Identifier | A.Member): Val {
    const sym = e.symbol;
    if (sym?.kind === "local") return this.env.get(sym.id) ?? ZERO;
    if (sym?.kind === "builtinVariable") {
      const v = builtinVariable(sym.name)?.value;
      return { lb: variableLookback(sym.name), c: typeof v === "number" ? v : null };
    }
    if (e.kind === "Member" && sym?.kind === "field") return { lb: this.expr(e.object).lb, c: null };
    return ZERO;
  }

  private index(e: A.Index): Val {
    const o = this.expr(e.object);
    const n = this.expr(e.index);
    const bound = upper(n);
    const offset = Number.isNaN(bound) || bound < 0 ? null : bound;
    this.recordOffset(e.object, offset);
    return { lb: Math.max(n.lb, o.lb + (offset ?? UNBOUNDED)), c: null };
  }

  private recordOffset(obj: A.Expr, offset: number | null): void {
    const sym = obj.kind === "Identifier" || obj.kind === "Member" ? obj.symbol : undefined;
    // a variable read at an offset known only as the script runs (`x[bar_index - anchor]`, `src[i]`
    // with i up to `math.min(49, bar_index)`) keeps as much history as TradingView's deepest buffer
    if (sym?.kind === "local" && offset === null) offset = RUNTIME_OFFSET_DEPTH;
    const merge = (m: Map<number | string, number | null>, k: number | string): void => {
      const prev = m.get(k);
      m.set(k, prev === null || offset === null ? null : Math.max(prev ?? 0, offset));
    };
    if (sym?.kind === "local") merge(this.history.symbols as Map<number | string, number | null>, sym.id);
    if (sym?.kind === "builtinVariable") merge(this.history.builtins as Map<number | string, number | null>, sym.name);
  }

  private call(e: A.Call): Val {
    const args = e.args.map((a) => ({ name: a.name?.name ?? null, v: this.expr(a.value) }));
    const target = e.target;
    const receiver = e.callee.kind === "Member" && (target?.kind === "builtinMethod" || target?.kind === "userMethod") ? this.expr(e.callee.object) : null;
    if (receiver) args.unshift({ name: null, v: receiver });
    const argsLb = Math.max(0, ...args.map((a) => a.v.lb));
    if (!target) return { lb: argsLb, c: null };
    if (target.kind === "builtin" || target.kind === "builtinMethod") return this.builtinCall(target.name, e, args, argsLb);
    if (target.kind === "user" || target.kind === "userMethod") return this.userCall(target.fn.id, args);
    return { lb: argsLb, c: null };
  }

  /** An input call's value: the run's, under the input's Interface name (language/call-names.ts), else its default. */
  private inputValue(e: A.Call, args: Array<{ name: string | null; v: Val }>): Const {
    const name = inputNameOf(e);
    return name !== undefined && name in this.inputs ? (this.inputs[name] ?? null) : inputDefault(args);
  }

  private builtinCall(name: string, e: A.Call, args: Array<{ name: string | null; v: Val }>, argsLb: number): Val {
    const fn = builtinFunction(name);
    const sig = fn ? pickSignature(fn.signatures, args) : undefined;
    const constArg = (param: string): number => {
      const i = sig ? argIndex(sig, args, param) : -1;
      const v = i >= 0 ? args[i]?.v : { lb: 0, c: defaultOf(sig, param) };
      const n = v ? upper(v) : Number.NaN;
      return n >= 0 ? n : Number.NaN;
    };
    const rule = lookbackRule(name);
    let own = rule ? rule(constArg) : 0;
    if (Number.isNaN(own)) own = UNBOUNDED;
    if (e.callSiteId !== undefined && rule) this.recordCallSite(e.callSiteId, own);
    const c = fn?.role === "input" ? this.inputValue(e, args) : foldBuiltin(name, args.map((a) => a.v.c));
    if (fn?.role === "plot") this.noteOffset(sig ? args[argIndex(sig, args, "offset")]?.v.c : null);
    return { lb: argsLb + own, c };
  }

  /** A plot drawn `offset` bars earlier (negative) shows values of bars after the one it is drawn on (docs/adr/0141). */
  private noteOffset(offset: Const | undefined): void {
    if (typeof offset === "number" && offset < 0) this.lookahead = Math.max(this.lookahead, Math.floor(-offset));
  }

  private recordCallSite(id: number, own: number): void {
    const prev = this.history.callSites.get(id);
    const v = Number.isFinite(own) ? own : null;
    this.history.callSites.set(id, prev === null || v === null ? null : Math.max(prev ?? 0, v));
  }

  /** Follow the function body with the arguments' lookbacks and constants (memoized). */
  private userCall(fnId: number, args: Array<{ name: string | null; v: Val }>): Val {
    const decl = this.functions.get(fnId);
    if (!decl || this.active.has(fnId)) return { lb: Math.max(0, ...args.map((a) => a.v.lb)), c: null };
    const bound = decl.params.map((p, i) => {
      const named = args.find((a) => a.name === p.name.name);
      const positional = args.filter((a) => a.name === null)[i];
      return named?.v ?? positional?.v ?? (p.defaultValue ? this.expr(p.defaultValue) : ZERO);
    });
    const key = `${fnId}|${bound.map((b) => `${b.lb}:${String(b.c)}`).join(",")}`;
    const cached = this.memo.get(key);
    if (cached) return cached;
    this.active.add(fnId);
    decl.params.forEach((p, i) => {
      if (p.symbol) this.env.set(p.symbol.id, bound[i] ?? ZERO);
    });
    const v = this.block(decl.body.body);
    this.active.delete(fnId);
    this.memo.set(key, v);
    return v;
  }
}

/** An `input*()` call's default: `defval = ...` when named (`input.int(title = "Length", defval = 14)`), else the first positional argument. */
function inputDefault(args: Array<{ name: string | null; v: Val }>): Const {
  const a = args.find((x) => x.name === "defval") ?? args.find((x) => x.name === null);
  return a?.v.c ?? null;
}

/** The value, or its known upper bound, as a number (NaN when unknown). */
function upper(v: Val): number {
  if (typeof v.c === "number") return v.c;
  return v.max ?? Number.NaN;
}

/** Numbers, bools, strings and colors (not drawings, which no output reads). */
function isValue(t: A.PineType): boolean {
  return t.kind === "primitive" && ["int", "float", "bool", "string", "color"].includes(t.name);
}

function isReference(t: A.PineType | undefined): boolean {
  return t !== undefined && (t.kind === "array" || t.kind === "map" || t.kind === "matrix" || t.kind === "udt");
}

function readsHistoryOf(e: A.Expr, id: number): boolean {
  let found = false;
  forEachNode(e, (n) => {
    if (n.kind !== "Index") return;
    const o = n.object;
    if ((o.kind === "Identifier" || o.kind === "Member") && o.symbol?.kind === "local" && o.symbol.id === id) found = true;
  });
  return found;
}

function pickSignature(sigs: Signature[], args: Array<{ name: string | null }>): Signature | undefined {
  const positional = args.filter((a) => a.name === null).length;
  return (
    sigs.find((s) => {
      const variadic = s.params.some((p) => p.variadic);
      if (!variadic && positional > s.params.length) return false;
      if (args.some((a) => a.name !== null && !s.params.some((p) => p.name === a.name))) return false;
      return s.params.every((p, i) => p.default !== null || p.variadic || i < positional || args.some((a) => a.name === p.name));
    }) ?? sigs[0]
  );
}

function argIndex(sig: Signature, args: Array<{ name: string | null }>, param: string): number {
  const named = args.findIndex((a) => a.name === param);
  if (named >= 0) return named;
  const pos = sig.params.findIndex((p) => p.name === param);
  let seen = -1;
  for (let i = 0; i < args.length; i++) {
    if (args[i]?.name === null) seen++;
    if (seen === pos) return i;
  }
  return -1;
}

function defaultOf(sig: Signature | undefined, param: string): Const {
  const d = sig?.params.find((p) => p.name === param)?.default;
  return d !== null && d !== undefined && /^-?\d+(\.\d+)?$/.test(d) ? Number(d) : null;
}

function fold(op: A.BinaryOp, l: Const, r: Const): Const {
  if (typeof l !== "number" || typeof r !== "number") return null;
  switch (op) {
    case "+":
      return l + r;
    case "-":
      return l - r;
    case "*":
      return l * r;
    case "/":
      return r === 0 ? null : l / r;
    case "%":
      return r === 0 ? null : l % r;
    default:
      return null;
  }
}

/** Lookback of the whole program (entry body; library functions are followed through calls). */
export function analyzeWarmup(program: CheckedProgram, inputs: Record<string, Const> = {}): WarmupAnalysis {
  const ev = new WarmupEvaluator(program, inputs);
  for (const f of program.files) ev.run(f.script.body.filter((s) => s.kind !== "FunctionDecl"));
  const required = ev.run(program.entry.script.body);
  return { required, history: ev.history, lookahead: ev.lookahead };
}

/** The local symbols a loop body assigns (`k += 1`, `k := k + 1`), nested blocks included. */
function assignedLocals(body: A.Stmt[]): Set<number> {
  const ids = new Set<number>();
  forEachNode(body, (n) => {
    if (n.kind === "Assign" && n.target.kind === "Identifier" && n.target.symbol?.kind === "local") ids.add(n.target.symbol.id);
  });
  return ids;
}

/**
 * The largest value local `id` has where a loop condition holds, from a conjunct `id < N`,
 * `id <= N`, `N > id` or `N >= id` of its top-level `and`s (N a compile-time number); NaN when none.
 */
function boundIn(cond: A.Expr, id: number, valueOf: (e: A.Expr) => number): number {
  if (cond.kind === "Binary" && cond.op === "and") {
    const a = boundIn(cond.left, id, valueOf);
    const b = boundIn(cond.right, id, valueOf);
    return Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b);
  }
  if (cond.kind !== "Binary") return Number.NaN;
  const isId = (x: A.Expr): boolean => x.kind === "Identifier" && x.symbol?.kind === "local" && x.symbol.id === id;
  const strict = cond.op === "<" || cond.op === ">";
  if ((cond.op === "<" || cond.op === "<=") && isId(cond.left)) return valueOf(cond.right) - (strict ? 1 : 0);
  if ((cond.op === ">" || cond.op === ">=") && isId(cond.right)) return valueOf(cond.left) - (strict ? 1 : 0);
  return Number.NaN;
}
