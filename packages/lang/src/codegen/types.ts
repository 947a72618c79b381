// The code generator's shared shapes: what it returns, the bindings of names and the contexts
// (top level or a user function) code is generated in, and small pure helpers over the tree.

import type * as A from "../language/ast";
import type { ValueKind } from "../builtins/record";
import { timestampOf } from "../stdlib/time";

export class CodegenError extends Error {
  constructor(
    message: string,
    readonly span: A.Span | null,
  ) {
    super(message);
    this.name = "CodegenError";
  }
}

export interface OutputSlot {
  index: number;
  title: string | null;
  call: string;
  /** Written on every bar (a top-level, unconditional plot): its column needs no na prefill. */
  everyBar: boolean;
  /** Has an `offset` argument other than a constant 0: bar i writes row i + offset (docs/adr/0131). */
  shifted: boolean;
}

export interface InputSlot {
  name: string;
  kind: string;
  defval: number | string | boolean | null;
}

/** Derived history lengths (derive/warmup.ts): per call site and per variable symbol. */
export interface HistorySizes {
  callSites: ReadonlyMap<number, number | null>;
  symbols: ReadonlyMap<number, number | null>;
}

export interface Generated {
  source: string;
  outputs: OutputSlot[];
  inputs: InputSlot[];
  events: Array<{ name: string; message: string }>;
  /** Lines of the top-level statements a requested context's run executes; null: the whole script. */
  sliceLines: number[] | null;
  /** Further runs over each requested context, for requests a later statement would change (docs/adr/0346). */
  sliceLanes: number;
}

/** How compiled code holds a value (the checker's type, seen by the back end). */
export type VT = ValueKind;

export interface Binding {
  js: string;
  vt: VT;
  /** `var` inside a user function: lives in the function's state (`$st[k]`). */
  slot: number | null;
  /** Deepest literal `x[n]` read (sizes the history ring). */
  hist: number;
  histJs: string | null;
  /** The history ring's state slot (its initializer is fixed at the end, once `hist` is known). */
  histSlot: number;
  /** Declared inside a nested block: its history advances when that block runs, not every bar. */
  nested: boolean;
  /** Symbol id, for the derived history length. */
  symId: number | null;
  /** The context that declared it (a global read inside a function belongs to the top level). */
  owner: FnCtx;
  /** A global read by a user function: it lives in the closure, not in a local of $run. */
  fnRead: boolean;
  /** Declared int or float (its value is always a JavaScript number). */
  number: boolean;
  /** Written more than once on a bar (inside a loop's body): its ring keeps one value per bar (docs/adr/0243). */
  perBar: boolean;
}

/** The top level or one user function: where state slots and hoisted locals go. */
export interface FnCtx {
  /** null at the top level (state in closure consts), else the user function being compiled. */
  fnId: number | null;
  slots: string[];
  hoisted: Set<string>;
  bindings: Binding[];
  tupleJs: string | null;
  /** Scope depth of the context's own body (deeper = a nested block). */
  baseDepth: number;
  /** A user function's variant for call sites inside a loop: all of it may run more than once on a bar (docs/adr/0243). */
  loop?: boolean;
  /** Code of a v5 file, where a bool can be na (NaN): history before the first bar, an if without else (docs/adr/0260). */
  naBools?: boolean;
}

/** A user function: its declaration and mangled name. */
export interface UserFunction {
  decl: A.FunctionDecl;
  js: string;
  id: number;
  /** Declared in a v5 file: its bools can be na (docs/adr/0260). */
  naBools?: boolean;
}

/** The value kind of a type the checker computed, or null when it left none. */
export function vtOf(t: A.PineType | undefined): VT | null {
  if (!t) return null;
  if (t.kind === "primitive") return t.name === "bool" ? "bool" : t.name === "string" ? "str" : "num";
  if (t.kind === "na") return "num";
  return "obj";
}

/** The value kind of an expression by the checker's type (a number when it computed none). */
export function kindOf(e: A.Expr): VT {
  return vtOf(e.type) ?? "num";
}

export function naOf(vt: VT): string {
  return vt === "num" ? "NaN" : vt === "bool" ? "false" : "null";
}

/**
 * A bool as a history ring keeps it: 1 or 0; in a v5 file a na bool is NaN, as the ring's bars
 * before the first are (docs/adr/0260).
 */
export function boolToRing(naBool: boolean | undefined, js: string): string {
  return naBool === true ? `$rt.boolToRing(${js})` : `(${js} ? 1 : 0)`;
}

/** A bool read from a history ring: true for 1; in a v5 file na (NaN) where the ring has no bool (docs/adr/0260). */
export function boolFromRing(naBool: boolean | undefined, read: string): string {
  return naBool === true ? `$rt.boolFromRing(${read})` : `(${read} === 1)`;
}

/**
 * `js` of `e` where a value of kind `vt` is expected: a bare `na` (the checker types it `na`, which
 * compiles as a number) is null where an object, array or string is expected, so reading a field
 * of it or walking it fails with the runtime's "na" errors instead of reading NaN, and string
 * functions given it (`string s = na`, `str.upper(s)`) see the na strings hold (naOf).
 */
export function asKind(e: A.Expr, js: string, vt: VT): string {
  if (vt !== "obj" && vt !== "str") return js;
  if (e.kind === "NaLit") return "null";
  // a value the checker could only type `na` (`[a, b] = f()` with f returning `['x', na]`) is na too,
  // computed for its effects
  return e.type?.kind === "na" ? `(${js}, null)` : js;
}

/** `a.b.c` of an identifier or member chain, else null. */
export function memberName(e: A.Expr): string | null {
  if (e.kind === "Identifier") return e.name;
  if (e.kind === "Member") {
    const o = memberName(e.object);
    return o === null ? null : `${o}.${e.property.name}`;
  }
  return null;
}

/** The built-in a call names: the checker's target, else the callee's dotted name. */
export function calleeName(c: A.Call): string | null {
  if (c.target?.kind === "builtin" || c.target?.kind === "builtinMethod") return c.target.name;
  return memberName(c.callee);
}

export function literalValue(e: A.Expr): number | string | boolean | null {
  if (e.kind === "NumberLit" || e.kind === "StringLit" || e.kind === "BoolLit") return e.value;
  if (e.kind === "Unary" && e.op === "-" && e.operand.kind === "NumberLit") return -e.operand.value;
  if (e.kind === "ColorLit") return colorValue(e);
  // `input.time(timestamp("2024-01-01"))`: the one-string form of timestamp() is a constant
  if (e.kind === "Call" && e.callee.kind === "Identifier" && e.callee.name === "timestamp" && e.args.length === 1 && e.args[0]!.value.kind === "StringLit") {
    const t = timestampOf(e.args[0]!.value.value);
    return t === t ? t : null;
  }
  return null;
}

/** A color literal as compiled code holds it (r * 2^24 + g * 2^16 + b * 2^8 + transparency). */
export function colorValue(e: A.ColorLit): number {
  return Math.round(e.r) * 16777216 + Math.round(e.g) * 65536 + Math.round(e.b) * 256 + Math.round(((255 - e.a) / 255) * 100);
}

/** A built-in constant's `value` (its record) as compiled code holds it: a number, a bool, a color, or a named constant's text. */
export function constantJs(v: number | string | boolean): string {
  if (typeof v === "number") return `(${v})`;
  if (typeof v === "boolean") return v ? "true" : "false";
  if (/^#[0-9a-fA-F]{6}$/.test(v)) return `$rt.hexColor(${JSON.stringify(v)})`;
  return JSON.stringify(constantValue(v));
}

/** Named constants (`format.percent`, `order.descending`): the part after the namespace. */
export function constantValue(v: string): string {
  const k = v.lastIndexOf(".");
  return k < 0 ? v : v.slice(k + 1);
}
