// Reassigned variables that keep their input qualifier: a top-level variable declared from an
// input and given other values made of inputs and literals only, at the top level or in
// `if`/`switch` blocks of the top level that test inputs and literals (`len = input.int(25)` ...
// `if preset == "Fast"` / `len := 12`, or `len := other * 2` with `other` an input). Its value is
// fixed once the inputs are, so TradingView keeps it an input and `ta.atr(len)` compiles; a public
// adaptive-entropy trend indicator of issue 16's survey chooses its lengths so.
// docs/adr/0182-input-settled-variables.md, docs/adr/0232-const-and-reassigned-qualifiers.md

import type * as A from "../../language/ast";
import { forEachNode } from "../../language/visit";

/** Of the `reassigned` names, those whose every reassignment is settled by inputs and literals. */
export function inputSettled(body: readonly A.Stmt[], reassigned: ReadonlySet<string>): Set<string> {
  const decls = declarationCounts(body);
  const inputs = new Set<string>();
  const candidates = new Set<string>();
  for (const s of body) {
    if (s.kind !== "VarDecl" || s.mode !== "none" || decls.get(s.name.name) !== 1) continue;
    const fromInput = isInputCall(s.init);
    if (fromInput && reassigned.has(s.name.name)) candidates.add(s.name.name);
    // `fast = input.int(5)`, `slow = fast * 2`: known once the inputs are, in the order declared
    else if (!reassigned.has(s.name.name) && (fromInput || isSettled(s.init, inputs))) inputs.add(s.name.name);
  }
  if (candidates.size === 0) return candidates;
  const settled = new Set<A.Assign>();
  collectSettled(body, inputs, settled);
  forEachNode(body as A.Stmt[], (n) => {
    if (n.kind === "Assign" && n.target.kind === "Identifier" && !settled.has(n)) candidates.delete(n.target.name);
  });
  return candidates;
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

/** `:=` (or `+=`, ...) of a settled value at the top level or in `if`/`switch` blocks of the top level testing settled values. */
function collectSettled(stmts: readonly A.Stmt[], inputs: ReadonlySet<string>, out: Set<A.Assign>): void {
  for (const s of stmts) {
    if (s.kind === "Assign" && isSettled(s.value, inputs)) out.add(s);
    const e = s.kind === "ExprStmt" ? s.expr : s;
    if (e.kind === "If") collectIf(e, inputs, out);
    else if (e.kind === "Switch" && (e.subject === null || isSettled(e.subject, inputs))) {
      for (const c of e.cases) if (c.test === null || isSettled(c.test, inputs)) collectSettled(c.body.body, inputs, out);
    }
  }
}

function collectIf(e: A.If, inputs: ReadonlySet<string>, out: Set<A.Assign>): void {
  if (!isSettled(e.cond, inputs)) return;
  collectSettled(e.then.body, inputs, out);
  if (e.else?.kind === "If") collectIf(e.else, inputs, out);
  else if (e.else) collectSettled(e.else.body, inputs, out);
}

/**
 * Literals and settled names joined by operators, `?:`, the casts `int()`/`float()` and the
 * `math.*` functions of their arguments alone: known once the inputs are.
 */
function isSettled(e: A.Expr, inputs: ReadonlySet<string>): boolean {
  switch (e.kind) {
    case "Identifier":
      return inputs.has(e.name);
    case "Unary":
      return isSettled(e.operand, inputs);
    case "Binary":
      return isSettled(e.left, inputs) && isSettled(e.right, inputs);
    case "Ternary":
      return isSettled(e.cond, inputs) && isSettled(e.then, inputs) && isSettled(e.else, inputs);
    case "Call":
      return isSettledFunction(e.callee) && e.args.every((a) => isSettled(a.value, inputs));
    default:
      return isLiteral(e);
  }
}

/** Functions whose value is an input's when their arguments are inputs (the reference types them `input` then). */
const SETTLED_MATH = new Set(["abs", "ceil", "floor", "round", "max", "min", "pow", "sqrt", "log", "log10", "exp", "sign", "avg", "todegrees", "toradians"]);

function isSettledFunction(c: A.Expr): boolean {
  if (c.kind === "Identifier") return c.name === "int" || c.name === "float";
  return c.kind === "Member" && c.object.kind === "Identifier" && c.object.name === "math" && SETTLED_MATH.has(c.property.name);
}

function isLiteral(e: A.Expr): boolean {
  if (e.kind === "Unary") return e.op === "-" && e.operand.kind === "NumberLit";
  return e.kind === "NumberLit" || e.kind === "StringLit" || e.kind === "BoolLit" || e.kind === "ColorLit";
}

/** `input(...)`, `input.int(...)` and the other `input.*` calls. */
function isInputCall(e: A.Expr): boolean {
  if (e.kind !== "Call") return false;
  const c = e.callee;
  return (c.kind === "Identifier" && c.name === "input") || (c.kind === "Member" && c.object.kind === "Identifier" && c.object.name === "input");
}
