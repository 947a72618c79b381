// Expressions: literals, names (locals, built-in variables, constants, enum members, fields of
// user types), operators, history references `x[n]` and structured expressions (their code goes
// to the statement's prelude, their value to a temporary).

import type * as A from "../language/ast";
import { builtinVariable } from "../builtins";
import { keep as keepExtremes } from "../stdlib/array";
import { HI, LO } from "../stdlib/pine-array";
import { namedColorOf } from "../stdlib/color";
import type { VariableEmit } from "../builtins/record";
import { SERIES_BUFFER_LIMIT } from "../runtime/errors";
import { compareFloatsJs, isComparison } from "../runtime/float-compare";
import { asKindIn, inLoop, naBools, type Gen } from "./context";
import { holdsRequest } from "./request-blocks";
import { asKind, boolFromRing, boolToRing, calleeName, colorValue, CodegenError, constantJs, kindOf, memberName, naOf, vtOf, type Binding } from "./types";

export function truthy(g: Gen, js: string, e: A.Expr): string {
  return kindOf(e) === "bool" ? js : `$rt.bool(${js})`;
}

export function expr(g: Gen, e: A.Expr): string {
  switch (e.kind) {
    case "NumberLit":
      return Number.isFinite(e.value) ? `(${String(e.value)})` : "NaN";
    case "StringLit":
      return JSON.stringify(e.value);
    case "BoolLit":
      return e.value ? "true" : "false";
    case "ColorLit":
      return String(colorValue(e));
    case "NaLit":
      return naOf(vtOf(e.type) ?? "num");
    case "Identifier":
      return ident(g, e);
    case "Member":
      return member(g, e);
    case "Call":
      return g.call(e);
    case "Index":
      return history(g, e);
    case "Unary": {
      const v = expr(g, e.operand);
      // v5: `not` of a na bool is na (docs/adr/0260)
      if (e.op === "not") return naBools(g) && kindOf(e.operand) === "bool" ? `$rt.notNa(${v})` : `!${truthy(g, v, e.operand)}`;
      return e.op === "-" ? `(-${v})` : `(+${v})`;
    }
    case "Binary":
      return binary(g, e);
    case "Ternary": {
      const c = expr(g, e.cond);
      g.flow.condDepth++;
      const t = asKindIn(g, e.then, expr(g, e.then), kindOf(e));
      const f = asKindIn(g, e.else, expr(g, e.else), kindOf(e));
      g.flow.condDepth--;
      if (!holdsRequest(e.then, g.unit.functionsById) && !holdsRequest(e.else, g.unit.functionsById)) return `(${truthy(g, c, e.cond)} ? ${t} : ${f})`;
      // a request operand: a context's run evaluates both, so the request records its value on every context bar (docs/adr/0283)
      const [tk, vt, vf] = [g.scopes.hoisted("tk"), g.scopes.hoisted("vt"), g.scopes.hoisted("vf")];
      return `(${tk} = ${truthy(g, c, e.cond)}, ${tk} || $rt.req.capturing ? (${vt} = ${t}) : 0, !${tk} || $rt.req.capturing ? (${vf} = ${f}) : 0, ${tk} ? ${vt} : ${vf})`;
    }
    case "TupleExpr":
      return `[${e.elements.map((x) => expr(g, x)).join(", ")}]`;
    case "If":
    case "Switch":
    case "For":
    case "ForIn":
    case "While": {
      const vt = vtOf(e.type) ?? "num";
      const t = g.scopes.hoisted("t");
      const saved = g.flow.pre;
      g.flow.pre = [];
      const code = g.structured(e, t, vt);
      g.flow.pre = saved;
      g.flow.pre.push(code);
      return t;
    }
  }
}

function binary(g: Gen, e: A.Binary): string {
  const width = arrayWidth(g, e);
  if (width !== null) return width;
  const l = expr(g, e.left);
  const lazy = (e.op === "and" || e.op === "or") && e.eager !== true;
  if (lazy) g.flow.condDepth++;
  const r = expr(g, e.right);
  if (lazy) g.flow.condDepth--;
  if (lazy && holdsRequest(e.right, g.unit.functionsById)) {
    // a request on the right: a context's run evaluates it on every bar (docs/adr/0283)
    const [tl, tr] = [g.scopes.hoisted("tl"), g.scopes.hoisted("tr")];
    const runs = e.op === "and" ? tl : `!${tl}`;
    return `(${tl} = ${truthy(g, l, e.left)}, ${tr} = ${runs} || $rt.req.capturing ? ${truthy(g, r, e.right)} : false, ${tl} ${e.op === "and" ? "&&" : "||"} ${tr})`;
  }
  // a comparison with a float operand takes Pine's 1e-10 tolerance (docs/adr/0315)
  if (isComparison(e.op) && e.floatCompare === true) return compareFloatsJs(e.op, l, r);
  switch (e.op) {
    // v5's and/or evaluate both operands, left then right (A.Binary.eager), as `&` and `|` of two bools do
    case "and":
      return lazy ? `(${truthy(g, l, e.left)} && ${truthy(g, r, e.right)})` : `((${truthy(g, l, e.left)} & ${truthy(g, r, e.right)}) !== 0)`;
    case "or":
      return lazy ? `(${truthy(g, l, e.left)} || ${truthy(g, r, e.right)})` : `((${truthy(g, l, e.left)} | ${truthy(g, r, e.right)}) !== 0)`;
    case "==":
      return `(${l} === ${r})`;
    case "!=":
      return kindOf(e.left) === "num" && kindOf(e.right) === "num" ? numNe(g, l, r) : `$rt.ne(${l}, ${r})`;
    case "+":
      // one body for a function's string and number instances (A.Binary.stringOrNumber)
      if (e.stringOrNumber) return `((a, b) => (typeof a === "number" ? a + b : $rt.concat(a, b)))(${l}, ${r})`;
      if (kindOf(e) === "str") return `$rt.concat(${l}, ${r})`;
      return `(${l} + ${r})`;
    case "/": {
      // an int-typed division (two const ints in v5, check/typing/operators.ts) truncates toward 0
      const q = quotient(g, l, r);
      return e.type?.kind === "primitive" && e.type.name === "int" ? `Math.trunc(${q})` : q;
    }
    default:
      return `(${l} ${e.op} ${r})`;
  }
}

/**
 * Pine's `l / r`: na when the divisor is zero, where JavaScript gives an infinity
 * (docs/adr/0109-division-by-zero-is-na.md). A non-zero literal divisor needs no test. Operands are
 * evaluated left to right, each once.
 */
export function quotient(g: Gen, l: string, r: string): string {
  const literal = r.replace(/[()\s]/g, "");
  if (/^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/.test(literal) && Number(literal) !== 0) return `(${l} / ${r})`;
  const a = once(g, l);
  const b = once(g, r);
  const first = a.set === a.get ? "" : `${a.set}, `;
  return `(${first}${b.set} === 0 ? NaN : ${a.get} / ${b.get})`;
}

/** JavaScript that names a value without computing anything: it may be read twice. */
export function isPlain(js: string): boolean {
  return /^(?:[$A-Za-z_][$\w]*|\(-?[\d.e+-]+\)|NaN)$/.test(js);
}

/** `js` held in a fresh local when it computes something (read twice by the caller's code). */
export function once(g: Gen, js: string): { set: string; get: string } {
  if (isPlain(js)) return { set: js, get: js };
  const t = g.scopes.hoisted("v");
  return { set: `(${t} = ${js})`, get: t };
}

/** Pine's `!=` of two numbers (false when either is na), without a runtime call. */
function numNe(g: Gen, l: string, r: string): string {
  const a = once(g, l);
  const b = once(g, r);
  return `(${a.set} !== ${b.set} && ${a.get} === ${a.get} && ${b.get} === ${b.get})`;
}

function ident(g: Gen, e: A.Identifier): string {
  if (e.constant) return asKind(e.constant, expr(g, e.constant), kindOf(e)); // another constant inside a library's `export const`
  const b = g.scopes.lookup(e.name);
  if (b) {
    if (b.owner !== g.scopes.ctx) b.fnRead = true;
    return b.js;
  }
  const bv = builtinVariable(e.name);
  if (bv?.emit) return bv.emit(variableEmit(g, e.span));
  if (e.name === "na") return "NaN";
  if (g.unit.functionsByName.has(e.name)) throw new CodegenError(`function '${e.name}' used as a value`, e.span);
  throw new CodegenError(`unknown name '${e.name}'`, e.span);
}

function member(g: Gen, e: A.Member): string {
  if (e.constant) return asKind(e.constant, expr(g, e.constant), kindOf(e)); // a library's `export const`, a const value
  // an enum member, also through an import alias (`lib.Kind.buy`): its name, as `Kind.buy` below
  if (e.symbol?.kind === "enumMember") return JSON.stringify(e.symbol.member);
  const n = memberName(e);
  if (n !== null) {
    const bv = builtinVariable(n);
    // `color.red` of the palette: its number, folded here rather than read through the runtime's
    // namedColor on every evaluation of it; the entry file's version is the runtime's (`$rt.version`),
    // which picks a v5 script's red, teal and yellow (docs/adr/0227)
    const named = n.startsWith("color.") ? namedColorOf(n.slice(6), g.unit.version) : undefined;
    if (named !== undefined) return `(${String(named)})`;
    if (bv?.emit) return bv.emit(variableEmit(g, e.span));
    const [ns, prop] = [n.slice(0, n.indexOf(".")), n.slice(n.indexOf(".") + 1)];
    if (ns === "color" && !prop.includes(".")) return `$rt.namedColor(${JSON.stringify(prop)})`;
    if (g.unit.enums.has(ns)) return JSON.stringify(prop);
    if (bv && bv.value !== undefined) return constantJs(bv.value);
    if (bv) throw new CodegenError(`'${n}' is not supported by the evaluator`, e.span);
  }
  return fieldRef(g, e);
}

/** `obj.field` of a user type: the field's slot in the object's array. */
export function fieldRef(g: Gen, e: A.Member): string {
  const obj = expr(g, e.object);
  const field = e.property.name;
  // a built-in object's field (`p.price` of a chart.point): a property of the runtime object
  if (e.object.type?.kind === "handle") return `$rt.obj(${obj}).${field}`;
  const typeName = e.object.type?.kind === "udt" ? e.object.type.name : null;
  const candidates = typeName !== null ? [g.unit.types.get(typeName)].filter((t): t is A.TypeDecl => !!t) : [...g.unit.types.values()];
  for (const t of candidates) {
    const k = t.fields.findIndex((f) => f.name.name === field);
    // na (null) fails with the runtime's message; an object reads its slot without a call
    if (k >= 0) return `(${obj} ?? $rt.obj(null))[${k}]`;
  }
  throw new CodegenError(`unknown field '${field}'`, e.span);
}

function history(g: Gen, e: A.Index): string {
  const lit = e.index.kind === "NumberLit" ? Math.max(0, Math.floor(e.index.value)) : null;
  // negative constants are refused at lint (check/rules/history-offset.ts); others as the script runs
  const nJs = lit === null ? `$rt.offset(${expr(g, e.index)})` : expr(g, e.index);
  const o = e.object;
  const name = o.kind === "Identifier" || o.kind === "Member" ? memberName(o) : null;
  if (name !== null && !g.scopes.lookup(name)) {
    const read = builtinVariable(name)?.history;
    if (read) return read(nJs, lit, variableEmit(g, e.span));
  }
  if (o.kind === "Identifier") {
    const b = g.scopes.lookup(o.name);
    if (b) {
      // a global read inside a function: its ring belongs to the top level (pushed per bar)
      if (b.owner !== g.scopes.ctx) b.fnRead = true;
      // the ring's initializer is fixed by sizeRings() once every read is known
      const ring = g.scopes.ring(b);
      if (lit !== null) b.hist = Math.max(b.hist, lit);
      if (b.perBar) return perBarRead(b, ring, lit, nJs);
      if (b.vt === "obj" || b.vt === "str") return `$rt.agoV(${ring}, ${b.js}, ${nJs})`;
      // a literal offset reads the ring directly: it is sized for the deepest literal read (past the
      // series buffer's limit $rt.ago raises TradingView's error, docs/adr/0176)
      // the ring keeps a bool as 1 or 0, so the current value an offset of 0 answers is given so too
      const current = b.vt === "bool" ? boolToRing(b.owner.naBools, b.js) : b.js;
      const read = lit === 0 ? b.js : lit !== null && lit <= SERIES_BUFFER_LIMIT ? `${ring}.get(${lit - 1})` : `$rt.ago(${ring}, ${current}, ${nJs})`;
      return b.vt === "bool" ? (lit === 0 ? read : boolFromRing(b.owner.naBools, read)) : read;
    }
  }
  // history of an expression: its value each time it is evaluated
  const vt = kindOf(o);
  const cap = lit !== null ? Math.min(lit, SERIES_BUFFER_LIMIT) + 1 : 8;
  const v = expr(g, o);
  // inside a loop: one value per bar, the bar's last evaluation's (docs/adr/0243)
  const onBar = inLoop(g) ? "OnBar" : "";
  const bar = onBar ? ", $i" : "";
  if (vt === "obj" || vt === "str") return `$rt.hxV${onBar}(${g.slots.state(`new $rt.ValueRing(${cap})`)}, ${v}, ${nJs}${bar})`;
  const ring = g.slots.state(`new $rt.Ring(${cap})`);
  const read = `$rt.hx${onBar}(${ring}, ${vt === "bool" ? boolToRing(naBools(g), v) : v}, ${nJs}${bar})`;
  return vt === "bool" ? boolFromRing(naBools(g), read) : read;
}

/**
 * `x[n]` of a variable written more than once on a bar (declared inside a loop's body): its ring
 * holds one value per bar and may already hold this bar's, which is not history yet (docs/adr/0243).
 */
function perBarRead(b: Binding, ring: string, lit: number | null, nJs: string): string {
  if (b.vt === "obj" || b.vt === "str") return `$rt.agoVOnBar(${ring}, ${b.js}, ${nJs}, $i)`;
  const current = b.vt === "bool" ? boolToRing(b.owner.naBools, b.js) : b.js;
  const read = lit === 0 ? b.js : lit !== null && lit <= SERIES_BUFFER_LIMIT ? `${ring}.getOnBar(${lit - 1}, $i)` : `$rt.agoOnBar(${ring}, ${current}, ${nJs}, $i)`;
  return b.vt === "bool" ? (lit === 0 ? read : boolFromRing(b.owner.naBools, read)) : read;
}

function variableEmit(g: Gen, span: A.Span | null): VariableEmit {
  return {
    state: (impl) => g.slots.shared(impl, span),
    fn: (impl) => g.slots.refOf(impl, span),
  };
}

/** The array variable `x` of `array.<name>(x)` / `x.<name>()` (no other argument), else null. */
function extremeOf(e: A.Expr, name: string): A.Identifier | null {
  if (e.kind !== "Call" || calleeName(e) !== name) return null;
  const method = e.target?.kind === "builtinMethod" && e.callee.kind === "Member";
  const x = method && e.args.length === 0 ? (e.callee as A.Member).object : e.target?.kind === "builtin" && e.args.length === 1 && e.args[0]!.name === null ? e.args[0]!.value : null;
  return x?.kind === "Identifier" && x.symbol?.kind === "local" ? x : null;
}

/**
 * `x.max() - x.min()` of one array variable: both read the same elements with nothing evaluated
 * between them, so one pass gives both (stdlib/array.ts range, the same comparisons as max and min).
 */
function arrayWidth(g: Gen, e: A.Binary): string | null {
  if (e.op !== "-") return null;
  const hi = extremeOf(e.left, "array.max");
  const lo = extremeOf(e.right, "array.min");
  if (hi === null || lo === null || hi.symbol?.kind !== "local" || lo.symbol?.kind !== "local" || hi.symbol.id !== lo.symbol.id) return null;
  // a local's name, read twice: both extremes kept (stdlib/pine-array.ts) answer without a call
  const x = expr(g, hi);
  // (when they are not kept, array.keep scans for them and returns no number for V8 to box)
  return `((${x} !== null && ${x}.ext === ${HI | LO} || ${g.slots.refOf(keepExtremes, e.span)}(${x}, ${HI | LO})), ${x}.hi - ${x}.lo)`;
}
