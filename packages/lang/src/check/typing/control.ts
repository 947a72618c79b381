// Blocks and structured forms (if, switch, for, for...in, while): each block its own scope, the
// value of a form the common value of its branches when that value is wanted.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { lookupFunction, needsCallSite } from "../builtin-lookup";
import { Scope } from "../scope";
import { FLOAT, INT, isNumeric, maxQual, NA, prim, show, unify, VOID } from "../types";
import { declare, newLocal } from "./bindings";
import { join } from "../../language/diagnostics";
import { takeAsInt } from "./int-division";
import { condition } from "./operators";
import { POISON, setValue, type Typer, type Value, VALUELESS, type WantValue } from "./state";

/** A block whose branches returned different types, as a value nobody asked for (yet): why. */
const MIXED = new WeakMap<A.PineType, string>();

export function mixedNote(t: A.PineType): string {
  const why = MIXED.get(t);
  return why === undefined ? "" : ` (${why})`;
}

/** A block in its own scope; its value is its last statement's. */
export function block(t: Typer, b: A.Block): Value {
  const saved = t.scope;
  t.scope = new Scope(saved);
  let last: Value = VALUELESS;
  try {
    b.body.forEach((s, i) => {
      last = t.stmt(s, i === b.body.length - 1 ? "soft" : false);
    });
  } finally {
    t.scope = saved;
  }
  return last;
}

export function structured(t: Typer, node: A.Structured, wantValue: WantValue): Value {
  switch (node.kind) {
    case "If":
      return ifNode(t, node, wantValue);
    case "Switch":
      return switchNode(t, node, wantValue);
    case "For":
      return forNode(t, node);
    case "ForIn":
      return forInNode(t, node);
    case "While": {
      condition(t, node.cond, "A while condition");
      return loopBody(t, node.body);
    }
  }
}

function loopBody(t: Typer, b: A.Block): Value {
  const v = block(t, b);
  return { type: v.type, qual: "series" };
}

/** The value of a once structure, and of a call of a function that ends with one: none (TradingView refuses to assign it). */
const ONCE_NO_VALUE: A.PineType = { kind: "void" };
MIXED.set(ONCE_NO_VALUE, "a once structure returns no value");

function ifNode(t: Typer, node: A.If, wantValue: WantValue): Value {
  const c = condition(t, node.cond, node.once ? "A once condition" : "An if condition");
  const branches = [block(t, node.then)];
  if (node.else) branches.push(node.else.kind === "If" ? setValue(node.else, ifNode(t, node.else, wantValue)) : block(t, node.else));
  if (node.valueless) return { type: wantValue ? ONCE_NO_VALUE : VOID, qual: c.qual };
  return branchesValue(t, branches, c.qual, wantValue, node.span);
}

function switchNode(t: Typer, node: A.Switch, wantValue: WantValue): Value {
  const subject = node.subject ? t.expr(node.subject) : null;
  let qual = subject?.qual ?? "const";
  const branches: Value[] = [];
  for (const c of node.cases) {
    if (c.test) {
      const test = subject ? t.expr(c.test) : condition(t, c.test, "A switch case without subject");
      qual = maxQual(qual, test.qual);
      if (subject && subject.type !== POISON && test.type !== POISON && unify(subject.type, test.type, t.ctx.version) === null) {
        t.ctx.error(Code.type_mismatch, `This case is ${show(test.type)} but the switch value is ${show(subject.type)}.`, c.test.span);
      }
    }
    branches.push(block(t, c.body));
  }
  return branchesValue(t, branches, qual, wantValue, node.span);
}

/** The common value of the branches; a mismatch is an error only when the value is wanted. */
function branchesValue(t: Typer, branches: Value[], qual: A.Qualifier, wantValue: WantValue, span: A.Span): Value {
  let type: A.PineType = NA;
  for (const b of branches) {
    qual = maxQual(qual, b.qual);
    if (!wantValue || type === POISON || MIXED.has(type)) continue;
    if (b.type === POISON) {
      type = POISON;
      continue;
    }
    const u = unify(type, b.type, t.ctx.version);
    if (u === null && wantValue === "soft") {
      // not an error unless the value is used (a function's last `if` run for its effects)
      const mixed: A.PineType = { kind: "void" };
      MIXED.set(mixed, `its branches return different types: ${show(type)} and ${show(b.type)}`);
      type = mixed;
    } else if (u === null) {
      t.ctx.error(Code.type_mismatch, `The branches return different types: ${show(type)} and ${show(b.type)}.`, span);
      type = POISON;
    } else type = u;
  }
  return { type: wantValue ? type : VOID, qual };
}

function forNode(t: Typer, node: A.For): Value {
  const vals = [t.expr(node.from), t.expr(node.to), ...(node.step ? [t.expr(node.step)] : [])];
  const exprs = [node.from, node.to, ...(node.step ? [node.step] : [])];
  vals.forEach((v, i) => {
    if (v.type !== POISON && !isNumeric(v.type)) t.ctx.error(Code.type_mismatch, `A for bound must be a number, not ${show(v.type)}.`, (exprs[i] as A.Expr).span);
  });
  // bounds TradingView types int (an int division, int-division.ts) are taken truncated: an int counter;
  // a bound already refused (poison) says nothing of the counter, which stays int (no follow-on errors)
  const intBounds = vals.every((v, i) => v.type === POISON || prim(v.type, "int") || takeAsInt(t, exprs[i] as A.Expr));
  // a counter declared `float` is a float whatever its bounds; one declared `int` needs int bounds
  const counterType = intBounds && node.counterType !== "float" ? INT : FLOAT;
  if (node.counterType === "int" && !intBounds) t.ctx.error(Code.type_mismatch, `The counter '${node.counter.name}' is declared int, but a bound or the step is float: write int(...) or declare it float.`, node.counter.span);
  if (t.ctx.version >= 6 && rereadable(node.to)) node.toEachIteration = true;
  return inLoopScope(t, () => {
    // a counter's warnings point at `i = 0`, as TradingView's (docs/adr/0358)
    const sym = declare(t, node.counter, node.symbol, () => newLocal(t, node.counter, counterType, "series", "none", "loop"), join(node.counter.span, node.from.span));
    sym.type = counterType;
    node.symbol = sym;
    return loopBody(t, node.body);
  });
}

/**
 * Pine v6 evaluates a for loop's `to` before each iteration (a loop over `array.size(a) - 1` that
 * removes elements stops at the new end). Read again here when that has no effect of its own:
 * names, fields, history, operators and built-ins without a call site's state (`array.size`,
 * `math.min`); a bound calling a user function or a stateful built-in is read once.
 */
function rereadable(e: A.Expr): boolean {
  switch (e.kind) {
    case "NumberLit":
    case "Identifier":
    case "NaLit":
      return true;
    case "Member":
      return rereadable(e.object);
    case "Index":
      return rereadable(e.object) && rereadable(e.index);
    case "Unary":
      return rereadable(e.operand);
    case "Binary":
      return rereadable(e.left) && rereadable(e.right);
    case "Ternary":
      return rereadable(e.cond) && rereadable(e.then) && rereadable(e.else);
    case "Call": {
      const target = e.target;
      const fn = target?.kind === "builtin" || target?.kind === "builtinMethod" ? lookupFunction(target.name) : undefined;
      const receiver = e.callee.kind === "Member" && target?.kind === "builtinMethod" ? rereadable(e.callee.object) : true;
      return fn !== undefined && !needsCallSite(fn) && receiver && e.args.every((a) => rereadable(a.value));
    }
    default:
      return false;
  }
}

function forInNode(t: Typer, node: A.ForIn): Value {
  const it = t.expr(node.iterable);
  let item: A.PineType = POISON;
  // `for [k, v] in m` walks a map's pairs in insertion order: the key in place of the index
  let index: A.PineType = INT;
  if (it.type !== POISON) {
    if (it.type.kind === "array") item = it.type.element;
    else if (it.type.kind === "matrix") item = { kind: "array", element: it.type.element };
    else if (it.type.kind === "map" && node.index) [index, item] = [it.type.key, it.type.value];
    else if (it.type.kind === "map") t.ctx.error(Code.type_mismatch, `'for ... in' walks a map's pairs: write 'for [key, value] in ${node.iterable.kind === "Identifier" ? node.iterable.name : "id"}'.`, node.iterable.span);
    else t.ctx.error(Code.type_mismatch, `'for ... in' needs an array, a matrix or a map, not ${show(it.type)}.`, node.iterable.span);
  }
  return inLoopScope(t, () => {
    if (node.index) {
      const idx = node.index;
      const sym = declare(t, idx, node.indexSymbol, () => newLocal(t, idx, index, "series", "none", "loop"));
      sym.type = index;
      node.indexSymbol = sym;
    }
    const sym = declare(t, node.item, node.itemSymbol, () => newLocal(t, node.item, item, "series", "none", "loop"));
    sym.type = item;
    node.itemSymbol = sym;
    return loopBody(t, node.body);
  });
}

function inLoopScope(t: Typer, f: () => Value): Value {
  const saved = t.scope;
  t.scope = new Scope(saved);
  try {
    return f();
  } finally {
    t.scope = saved;
  }
}
