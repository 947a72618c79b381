// The record of one built-in: everything about it in one place (see the package README, "Adding a
// built-in"). A function's record holds its signatures and doc, what it is for the compiler (an
// output, an event, a declaration ...), its lookback rule, the code it compiles to (with any fast
// form written into the bar loop) and, through that emitter, its runtime implementation. The
// checker's table, derive's rules, codegen's dispatch, the docs reference and the lists of plot,
// event and declaration functions are all built from the records (builtins/index.ts).
//
// Records are plain `export const`s: builtins/index.ts collects every record a record module
// exports (or an exported array of records), so a new record in an existing module needs no
// other edit.

import type { Qualifier } from "../language/ast";
import type { InputType } from "../types";
import { BOUND_CHECKS, literalWithin, shownName, type Bound } from "./argument-bounds";
import { parseQualifiedType, parseSignature, type Signature, type TypeSpec } from "./signature";

/** Lookback of a stateful call that never forgets the first bar (cum, barssince, ...). */
export const UNBOUNDED = Number.POSITIVE_INFINITY;

/**
 * Own lookback: the bars of history the call needs beyond those its inputs need (derive/warmup.ts
 * adds them along chains), from the constant values of its arguments by parameter name; NaN (an
 * argument not known at compile time) makes it unbounded.
 */
export type LookbackRule = (arg: (name: string) => number) => number;

/**
 * What a call is for the rest of the compiler when that decides its code: `plot` an Interface
 * output (its emitter gives only the output's value at the bar), `event` an event, `input` an
 * Interface input, `declaration` the script's declaration (compiles to nothing) and `noop` a call
 * checked and compiled to nothing (drawings and decorations without output, a study's `use`).
 */
export type Role = "plot" | "event" | "input" | "declaration" | "noop";

/** How compiled code holds a value: a number (also int, color), a bool, a string or an object (null = na). */
export type ValueKind = "num" | "bool" | "str" | "obj";

/** A stdlib class whose instance keeps one call site's state across bars. */
export type StateClass = abstract new (...args: never[]) => unknown;
/** A stdlib function the emitted code calls. */
export type RuntimeFunction = (...args: never[]) => unknown;

/** The bar columns at the bar being evaluated, as compiled code reads them. */
export const BAR = { open: "$O[$i]", high: "$H[$i]", low: "$L[$i]", close: "$C[$i]", volume: "$V[$i]", time: "$T[$i]" } as const;

/** What an emitter gets: the call's arguments compiled to JavaScript and the means to reach the runtime. */
export interface CallEmit {
  /** The compiled argument of a parameter, or `dflt` when it was not passed (an error without one). */
  a(name: string, dflt?: string): string;
  has(name: string): boolean;
  /** Compiled variadic arguments. */
  rest(): string[];
  /** Compiled arguments in the order written (receiver first for a method call). */
  written(): string[];
  /**
   * Compiled arguments in the signature's order, a named one in its parameter's place and an
   * omitted parameter before a given one passed as `undefined` (its default in the stdlib function).
   */
  inOrder(): string[];
  /** The value of a literal argument, when it is one. */
  lit(name: string): string | number | boolean | null;
  /** The checker's value kind of an argument. */
  kind(name: string): ValueKind;
  /** The primitive type of an argument (`color` where `kind` says `num`), else null. */
  typeName(name: string): string | null;
  /** An enum-typed argument's members and their titles (`str.tostring` of a member is its title), else null. */
  enumTitles(name: string): Array<[string, string]> | null;
  /** The value kinds of a tuple-typed argument's values (a user function returning `[a, b]`), else null. */
  tupleKinds(name: string): ValueKind[] | null;
  /** The field names of the user type an array or matrix argument holds (`array<Point>`), else null. */
  elementFields(name: string): string[] | null;
  /** The element type's name of an array or matrix argument of a built-in type (`float` of `array<float>`), else null. */
  elementType(name: string): string | null;
  /**
   * The argument's bar column (`$C`, or `$rt.column("hlc3")`) when it is a bar series: its history
   * is the bar's own, read the same whether or not this call ran on every bar; else null.
   */
  column(name: string): string | null;
  /**
   * The argument's own history when it is a numeric user variable: its ring (`ring.get(k - 1)` is
   * `x[k]`, pushed every bar whether or not this call ran) and its current value, the ring kept at
   * least `depth` bars deep (null: grown as read); else null.
   */
  history(name: string, depth: number | null): { ring: string; current: string } | null;
  /** The name of the call's k-th type argument (`array.new<float>`), or null. */
  typeArg(k: number): string | null;
  /** This call site's state: one instance of a stdlib class, created once, sized by the call's window; the same class gives the same instance. */
  state(impl: StateClass): string;
  /** A stdlib function, hoisted once out of the bar loop. */
  fn(impl: RuntimeFunction): string;
}

export type Emitter = (b: CallEmit) => string;

/**
 * A fast form written into the bar loop for a top-level call that always runs with its statement:
 * the state's fields live in locals of the loop, loaded when it starts and stored back when it
 * returns or throws. Returns null when the call does not qualify (codegen then uses `emit`).
 */
export interface InlineSite {
  a(name: string): string;
  /** The value of a literal argument, when it is one. */
  lit(name: string): string | number | boolean | null;
  /**
   * The call site's state object (as `state`), with its slot number for naming locals `$m<k>...`;
   * `cap` sizes a windowed state's ring (without it the state takes its unknown-window default).
   */
  stateSlot(impl: StateClass, cap?: number): { js: string; k: number };
  /** A `var` declaration loaded when the loop starts, and the statement storing it back. */
  runLocal(load: string, store: string): void;
  /** Code run before the statement holding the call. */
  before(code: string): void;
}

export type InlineEmitter = (site: InlineSite) => string | null;

/** An argument as written, for a built-in whose overload depends on the argument types. */
export interface WrittenArg {
  name: string | null;
  kind: ValueKind;
}

export interface FunctionRecord {
  readonly kind: "function";
  readonly name: string;
  readonly signatures: Signature[];
  readonly doc: string;
  /** Keeps state across bars: every call site needs its own state (and a callSiteId). */
  readonly stateful: boolean;
  readonly role: Role | null;
  /** Allowed only at the top level of a script (Pine refuses it in a local scope). */
  readonly globalOnly: boolean;
  /** An input's type in the Interface and how a run's value is read (null: the default value's type). */
  readonly inputType: InputType | null;
  readonly lookback: LookbackRule | null;
  /** Constant folding, for lengths computed from constants (`math.round(len / 2)`). */
  readonly fold: ((args: number[]) => number) | null;
  readonly emit: Emitter | null;
  readonly inline: InlineEmitter | null;
  /** Index of the overload to bind (default: the first whose parameters the arguments fit). */
  readonly overload: ((args: readonly WrittenArg[]) => number) | null;
  /** Known to the checker but not compiled yet: the message it is refused with. */
  readonly pending: string | null;
}

export interface FunctionSpec {
  /** One line per overload in the signature notation of signature.ts, all naming the same built-in. */
  sig: string | readonly string[];
  doc: string;
  stateful?: boolean;
  role?: Role;
  globalOnly?: boolean;
  inputType?: InputType;
  lookback?: LookbackRule;
  fold?: (args: number[]) => number;
  emit?: Emitter;
  inline?: InlineEmitter;
  overload?: (args: readonly WrittenArg[]) => number;
  pending?: string;
  /**
   * Parameters TradingView's runtime refuses outside a bound (a length not > 0 or na, ...): the
   * emitter reads them through the check of builtins/argument-bounds.ts (docs/adr/0158).
   */
  bounds?: Readonly<Record<string, Bound | BoundAs>>;
}

/** A bound whose message names another function and argument (the built-in the library's Pine calls). */
export interface BoundAs {
  bound: Bound;
  fn: string;
  arg: string;
}

/** A record of a built-in function. Throws on a malformed signature (caught by every test run). */
export function builtinFunction(spec: FunctionSpec): FunctionRecord {
  const lines = typeof spec.sig === "string" ? [spec.sig] : spec.sig;
  const parsed = lines.map((l) => parseSignature(l));
  const name = parsed[0]?.name ?? "";
  if (parsed.some((p) => p.name !== name)) throw new Error(`one record names one built-in: ${lines.join(" / ")}`);
  if (!spec.emit && !spec.role && spec.pending === undefined) throw new Error(`${name}: a record needs an emitter, a role or a pending message`);
  return {
    kind: "function",
    name,
    signatures: parsed.map((p) => p.sig),
    doc: spec.doc,
    stateful: spec.stateful ?? false,
    role: spec.role ?? null,
    globalOnly: spec.globalOnly ?? (spec.role === "plot" || spec.role === "declaration"),
    inputType: spec.inputType ?? null,
    lookback: spec.lookback ?? null,
    fold: spec.fold ?? null,
    emit: spec.emit && spec.bounds ? bounded(spec.emit, name, spec.bounds) : spec.emit ?? null,
    inline: spec.inline ?? null,
    overload: spec.overload ?? null,
    pending: spec.pending ?? null,
  };
}

/**
 * The emitter with its bounded arguments checked on each bar: `a(name)` of such a parameter gives
 * the check's call around the argument, unless the argument is omitted (its default is within)
 * or a literal within the bound.
 */
function bounded(emit: Emitter, name: string, bounds: Readonly<Record<string, Bound | BoundAs>>): Emitter {
  return (b) =>
    emit({
      ...b,
      a: (param, dflt) => {
        const js = b.a(param, dflt);
        const spec = bounds[param];
        if (spec === undefined || !b.has(param)) return js;
        const { bound, fn, arg } = typeof spec === "string" ? { bound: spec, fn: shownName(name), arg: param } : spec;
        const lit = b.lit(param);
        if (typeof lit === "number" && literalWithin(bound, lit)) return js;
        return `${b.fn(BOUND_CHECKS[bound])}(${js}, ${JSON.stringify(fn)}, ${JSON.stringify(arg)})`;
      },
    });
}

/** A `ta.*` record: the signature without its `ta.` prefix; stateful (one state per call site). */
export function taFunction(spec: FunctionSpec & { sig: string | readonly string[] }): FunctionRecord {
  const lines = typeof spec.sig === "string" ? [spec.sig] : spec.sig;
  return builtinFunction({ ...spec, sig: lines.map((l) => `ta.${l}`), stateful: true });
}

/** `state.update(args)`: the emitter of most stateful built-ins. */
export function update(impl: StateClass, args: (b: CallEmit) => readonly string[]): Emitter {
  return (b) => `${b.state(impl)}.update(${args(b).join(", ")})`;
}

/** The lookback of a fixed window of `length` bars. */
export const lengthWindow: LookbackRule = (a) => a("length");

/** The arguments of most windowed built-ins: `source, length`. */
export const sourceLength = (b: CallEmit): string[] => [b.a("source"), b.a("length")];

/** `f(args)` of a stdlib function. */
export function call(impl: RuntimeFunction, args: (b: CallEmit) => readonly string[]): Emitter {
  return (b) => `${b.fn(impl)}(${args(b).join(", ")})`;
}

/** What a variable's emitter gets. */
export interface VariableEmit {
  /**
   * The evaluation's one instance of `impl`, shared by every read of the variable wherever it is
   * (a branch, a user function, a library): a variable is one series of the bars, computed on
   * every bar whatever the script reads (stdlib/ta/every-bar.ts).
   */
  state(impl: StateClass): string;
  fn(impl: RuntimeFunction): string;
}

export interface VariableRecord {
  readonly kind: "variable";
  readonly name: string;
  readonly type: TypeSpec;
  readonly qual: Qualifier;
  readonly doc: string;
  /** Compile-time value of constants (`math.pi`, `shape.circle`, `color.red` as "#RRGGBB"). */
  readonly value?: number | string | boolean;
  /** Its value at bar `$i` as JavaScript (absent: a constant compiled from `value`). */
  readonly emit: ((b: VariableEmit) => string) | null;
  /** `x[n]` read without a history ring (a bar column): `n` compiled, `lit` its literal value. */
  readonly history: ((n: string, lit: number | null, b: VariableEmit) => string) | null;
  readonly lookback: number;
  readonly pending: string | null;
}

export interface VariableSpec {
  name: string;
  /** `series float`, `const int`, ... */
  type: string;
  doc: string;
  value?: number | string | boolean;
  emit?: string | ((b: VariableEmit) => string);
  history?: (n: string, lit: number | null, b: VariableEmit) => string;
  lookback?: number;
  pending?: string;
}

export function builtinVariable(spec: VariableSpec): VariableRecord {
  const t = parseQualifiedType(spec.type, spec.name);
  const emit = spec.emit;
  return {
    kind: "variable",
    name: spec.name,
    type: t.type,
    qual: t.qual ?? "series",
    doc: spec.doc,
    ...(spec.value === undefined ? {} : { value: spec.value }),
    emit: emit === undefined ? null : typeof emit === "string" ? () => emit : emit,
    history: spec.history ?? null,
    lookback: spec.lookback ?? 0,
    pending: spec.pending ?? null,
  };
}

/** A family of named constants of one type (`shape.circle`, ...): each one's value is its own name. */
export function constants(prefix: string, type: string, names: readonly string[], doc: string): VariableRecord[] {
  return names.map((n) => builtinVariable({ name: `${prefix}.${n}`, type: `const ${type}`, doc, value: `${prefix}.${n}` }));
}

export type BuiltinRecord = FunctionRecord | VariableRecord;

function isRecord(x: unknown): x is BuiltinRecord {
  return typeof x === "object" && x !== null && "kind" in x && (x.kind === "function" || x.kind === "variable") && "name" in x && "doc" in x;
}

/** Every record a module exports, alone or in arrays, in export order. */
export function recordsOf(module: Readonly<Record<string, unknown>>): BuiltinRecord[] {
  return Object.values(module).flatMap((v) => (Array.isArray(v) ? v.filter(isRecord) : isRecord(v) ? [v] : []));
}
