// Reassigned variables that keep an input or simple qualifier: a top-level variable declared once
// (with `var`, only `:=` then) and given other values made of literals, inputs and simple built-ins only, at
// the top level or in `if`/`switch` blocks of the top level whose conditions are made of them too
// (`len = input.int(25)` ... `if preset == "Fast"` / `len := 12`; `len := other * 2`;
// `per := timeframe.period == "D" ? 21 : 10`). Its value is fixed once the inputs and the chart are,
// so TradingView qualifies it as the strongest of those values (input, or simple) and `ta.atr(len)`
// compiles; public indicators of issue 16's survey choose their lengths so.
// docs/adr/0182-input-settled-variables.md, docs/adr/0232-const-and-reassigned-qualifiers.md

import type * as A from "../../language/ast";
import { forEachNode } from "../../language/visit";
import { lookupVariable } from "../builtin-lookup";
import { maxQual } from "../types";

type Qual = A.Qualifier;

/** The qualifiers of the settled variables of each file's `reassigned` set (settledQualifier reads them). */
const floors = new WeakMap<ReadonlySet<string>, ReadonlyMap<string, Qual>>();

/** The qualifier a settled reassigned variable takes at least (input or simple), or undefined. */
export function settledQualifier(reassigned: ReadonlySet<string>, name: string): Qual | undefined {
  return floors.get(reassigned)?.get(name);
}

/**
 * Of the `reassigned` names, those whose every reassignment is settled by literals, inputs and
 * simple built-ins; each with the qualifier it takes (recorded for settledQualifier under `reassigned`).
 */
export function inputSettled(body: readonly A.Stmt[], reassigned: ReadonlySet<string>, version = 6): Set<string> {
  const cand = settle(body, reassigned, version, "input", new Map(), []);
  floors.set(reassigned, cand);
  return new Set(cand.keys());
}

/** The qualifiers of the settled reassigned locals of functions, by declaration (localSettledQualifier reads them). */
const localFloors = new WeakMap<A.VarDecl, Qual>();

/** The qualifier a reassigned local variable of a function takes at least (simple or input), or undefined. */
export function localSettledQualifier(s: A.VarDecl): Qual | undefined {
  return localFloors.get(s);
}

/**
 * The reassigned locals of a function declared once in its body (`string result = ""`) whose every
 * reassignment is settled as a top-level variable's is, the function's parameters declared `simple`
 * or `const` counting as settled values (`if timeframe.in_seconds(baseTF) / 60 <= 5` /
 * `result := "15"`): once the arguments are fixed, so is the variable, which takes the strongest
 * qualifier of its values and conditions, at least simple (a public timeframe-helper library passes
 * such a result to another helper's `simple string` parameter; docs/adr/0281).
 */
export function localSettled(fn: A.FunctionDecl, reassigned: ReadonlySet<string>, version = 6): void {
  const seeds = new Map<string, Qual>();
  for (const p of fn.params) {
    const q = p.typeAnn?.qualifier;
    if (q === "simple" || q === "const" || q === "input") seeds.set(p.name.name, q);
  }
  if (seeds.size === 0) return;
  const body = fn.body.body;
  const cand = settle(body, reassigned, version, "simple", seeds, fn.params.map((p) => p.name.name));
  if (cand.size === 0) return;
  for (const s of body) if (s.kind === "VarDecl" && cand.has(s.name.name)) localFloors.set(s, cand.get(s.name.name)!);
}

/**
 * The candidates of `body` (its variables declared once at its top level and reassigned) whose every
 * reassignment is settled, each with its qualifier (at least `floor`); `seeds` are names settled
 * beforehand (a function's parameters), `extraDecls` names declared outside `body` (those parameters).
 */
function settle(body: readonly A.Stmt[], reassigned: ReadonlySet<string>, version: number, floor: Qual, seeds: ReadonlyMap<string, Qual>, extraDecls: readonly string[]): Map<string, Qual> {
  const decls = declarationCounts(body);
  for (const name of extraDecls) decls.set(name, (decls.get(name) ?? 0) + 1);
  // `var` ones in v5 only: TradingView's v5 compiles them (a question answered on StackExchange:
  // `var tfToUse = "1"` set in `if` blocks is a simple timeframe; its v6 migration guide says v5
  // took some reassigned variables as const), where v6 says "Mutable variables are always series"
  const topDecls = body.filter((s): s is A.VarDecl => s.kind === "VarDecl" && (s.mode === "none" || (s.mode === "var" && version < 6)) && decls.get(s.name.name) === 1 && s.typeAnn?.qualifier !== "const");
  // a `var` one keeps its value from bar to bar: `:=` of a settled value gives the same value on
  // every bar, a compound assignment (`+= 1`) a value that grows
  const kept = new Set(topDecls.filter((s) => s.mode === "var").map((s) => s.name.name));
  // each candidate starts at its declared value's qualifier; a reassignment not settled drops it,
  // a settled one raises it to the value's and its conditions' (repeated until nothing changes:
  // `per := setper` follows what `setper` becomes)
  const cand = new Map<string, Qual>();
  for (const s of topDecls) if (reassigned.has(s.name.name)) cand.set(s.name.name, floor);
  let known = new Map<string, Qual>();
  for (let round = 0; round < 64 && cand.size > 0; round++) {
    known = new Map([...seeds, ...cand]);
    for (const s of topDecls) {
      const q = qualOf(s.init, known, decls);
      if (reassigned.has(s.name.name)) {
        if (q === null) {
          cand.delete(s.name.name);
          known.delete(s.name.name);
        }
        else if (cand.has(s.name.name)) known.set(s.name.name, maxQual(cand.get(s.name.name)!, q));
      } else if (q !== null) known.set(s.name.name, q);
    }
    const settled = new Map<A.Assign, Qual>();
    collectSettled(body, known, decls, "const", settled);
    let changed = false;
    forEachNode(body as A.Stmt[], (n) => {
      if (n.kind !== "Assign" || n.target.kind !== "Identifier" || !cand.has(n.target.name)) return;
      const name = n.target.name;
      const q = kept.has(name) && n.op !== ":=" ? undefined : settled.get(n);
      if (q === undefined) {
        cand.delete(name);
        changed = true;
        return;
      }
      const next = maxQual(cand.get(name)!, known.get(name)!, q);
      if (next !== cand.get(name)) {
        cand.set(name, next);
        changed = true;
      }
    });
    if (!changed) break;
  }
  return cand;
}

/** How many times each name is declared anywhere (parameters too): a name declared once is one variable. */
function declarationCounts(body: readonly A.Stmt[]): Map<string, number> {
  const out = new Map<string, number>();
  const add = (name: string): void => void out.set(name, (out.get(name) ?? 0) + 1);
  forEachNode(body as A.Stmt[], (n) => {
    for (const name of declaredNames(n)) add(name);
  });
  return out;
}

/** The names a node declares: a variable, a tuple's names, a parameter, a loop's counter or items. */
function declaredNames(n: A.Node): string[] {
  switch (n.kind) {
    case "VarDecl":
    case "Param":
      return [n.name.name];
    case "TupleDecl":
      return n.names.flatMap((x) => (x ? [x.name] : []));
    case "For":
      return [n.counter.name];
    case "ForIn":
      return [n.index, n.item].flatMap((x) => (x ? [x.name] : []));
    default:
      return [];
  }
}

/**
 * The settled assignments (with their value's and conditions' qualifier) at the top level or in
 * `if`/`switch` blocks of the top level testing settled values.
 */
function collectSettled(stmts: readonly A.Stmt[], known: ReadonlyMap<string, Qual>, decls: ReadonlyMap<string, number>, under: Qual, out: Map<A.Assign, Qual>): void {
  for (const s of stmts) {
    if (s.kind === "Assign") {
      const q = qualOf(s.value, known, decls);
      if (q !== null) out.set(s, maxQual(q, under));
    }
    const e = s.kind === "ExprStmt" ? s.expr : s;
    if (e.kind === "If") collectIf(e, known, decls, under, out);
    else if (e.kind === "Switch") {
      const subject = e.subject === null ? "const" : qualOf(e.subject, known, decls);
      if (subject === null) continue;
      // a case's block runs when the earlier tests failed: it depends on every test up to its own
      let tests: Qual = maxQual(under, subject);
      for (const c of e.cases) {
        const q = c.test === null ? "const" : qualOf(c.test, known, decls);
        if (q === null) break;
        tests = maxQual(tests, q);
        collectSettled(c.body.body, known, decls, tests, out);
      }
    }
  }
}

function collectIf(e: A.If, known: ReadonlyMap<string, Qual>, decls: ReadonlyMap<string, number>, under: Qual, out: Map<A.Assign, Qual>): void {
  const q = qualOf(e.cond, known, decls);
  if (q === null) return;
  const cond = maxQual(under, q);
  collectSettled(e.then.body, known, decls, cond, out);
  if (e.else?.kind === "If") collectIf(e.else, known, decls, cond, out);
  else if (e.else) collectSettled(e.else.body, known, decls, cond, out);
}

/**
 * The qualifier of a value made of literals, settled names, simple built-in variables
 * (`timeframe.period`, `syminfo.mintick`) and inputs, joined by operators, `?:`, the casts
 * `int()`/`float()` and the `math.*` functions of their arguments alone; null for anything else.
 */
function qualOf(e: A.Expr, known: ReadonlyMap<string, Qual>, decls: ReadonlyMap<string, number>): Qual | null {
  switch (e.kind) {
    case "Identifier":
      return known.get(e.name) ?? (decls.has(e.name) ? null : builtinQual(e.name));
    case "Member":
      return e.object.kind === "Identifier" && !decls.has(e.object.name) ? builtinQual(`${e.object.name}.${e.property.name}`) : null;
    case "Unary":
      return qualOf(e.operand, known, decls);
    case "Binary":
      return both(qualOf(e.left, known, decls), qualOf(e.right, known, decls));
    case "Ternary":
      return both(qualOf(e.cond, known, decls), both(qualOf(e.then, known, decls), qualOf(e.else, known, decls)));
    case "Call": {
      if (isInputCall(e)) return "input";
      if (!isSettledFunction(e.callee)) return null;
      // `timeframe.in_seconds()` without an argument reads the chart's timeframe: simple
      let q: Qual | null = e.args.length === 0 && e.callee.kind === "Member" ? "simple" : "const";
      for (const a of e.args) q = both(q, qualOf(a.value, known, decls));
      return q;
    }
    default:
      return isLiteral(e) ? "const" : null;
  }
}

function both(a: Qual | null, b: Qual | null): Qual | null {
  return a === null || b === null ? null : maxQual(a, b);
}

/** A built-in variable's qualifier when it is fixed for the run (const, input or simple), else null. */
function builtinQual(name: string): Qual | null {
  const v = lookupVariable(name);
  return v === undefined || v.qual === "series" ? null : v.qual;
}

function isLiteral(e: A.Expr): boolean {
  if (e.kind === "Unary") return e.op === "-" && e.operand.kind === "NumberLit";
  return e.kind === "NumberLit" || e.kind === "StringLit" || e.kind === "BoolLit" || e.kind === "ColorLit";
}

/** Functions whose value is as fixed as their arguments (the reference types them `input`, `simple` then). */
const SETTLED_MATH = new Set(["abs", "ceil", "floor", "round", "max", "min", "pow", "sqrt", "log", "log10", "exp", "sign", "avg", "todegrees", "toradians"]);

function isSettledFunction(c: A.Expr): boolean {
  if (c.kind === "Identifier") return c.name === "int" || c.name === "float";
  if (c.kind !== "Member" || c.object.kind !== "Identifier") return false;
  // the reference types `timeframe.in_seconds` and `timeframe.from_seconds` simple for a simple argument
  if (c.object.name === "timeframe") return c.property.name === "in_seconds" || c.property.name === "from_seconds";
  return c.object.name === "math" && SETTLED_MATH.has(c.property.name);
}

/** `input(...)`, `input.int(...)` and the other `input.*` calls. */
function isInputCall(e: A.Expr): boolean {
  if (e.kind !== "Call") return false;
  const c = e.callee;
  return (c.kind === "Identifier" && c.name === "input") || (c.kind === "Member" && c.object.kind === "Identifier" && c.object.name === "input");
}
