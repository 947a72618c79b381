// The state of typing one file, shared by the typing modules (names, operators, calls,
// statements, control, functions, declarations): scopes, the file's functions, types and enums,
// its imports and exports. Modules reach each other's entry points through `expr` and `stmt`
// on this object, so none of them imports another in a cycle.

import type * as A from "../../language/ast";
import type { CheckContext } from "../context";
import type { Scope } from "../scope";
import type { ArgInfo, EnumInfo, FunctionInfo, ModuleExports, TypeInfo } from "../symbols";
import { VOID } from "../types";

export interface Value {
  type: A.PineType;
  qual: A.Qualifier;
}

/** The type of an expression already reported as wrong: accepted everywhere, reported nowhere. */
export const POISON: A.PineType = { kind: "na" };
export const POISONED: Value = { type: POISON, qual: "series" };
export const VALUELESS: Value = { type: VOID, qual: "const" };

/** Whether a value is wanted: "soft" for a block's last statement (used only if someone uses it). */
export type WantValue = boolean | "soft";

export type CallArgs = Array<{ name: string | null; nameSpan: A.Span | null; node: A.Expr; info: ArgInfo }>;

export interface Typer {
  readonly ctx: CheckContext;
  readonly imports: Map<string, ModuleExports | null>;
  readonly globals: Scope;
  scope: Scope;
  readonly functions: Map<string, FunctionInfo>;
  readonly methods: Map<string, FunctionInfo[]>;
  readonly types: Map<string, TypeInfo>;
  readonly enums: Map<string, EnumInfo>;
  readonly exports: ModuleExports;
  /** Names assigned with `:=` or compound operators anywhere in the file: such variables are series. */
  readonly reassigned: ReadonlySet<string>;
  /** Top-level constants (never reassigned, const values) by symbol id: their values. */
  readonly constants: Map<number, A.Expr>;
  /** Variables declared (and never reassigned) as the division of two ints (`half = length / 2`), by symbol id. */
  readonly intDivisions: Set<number>;
  /** The variable declarations whose value is being typed now (innermost last), each with the number of user functions being checked when it began. */
  readonly declaring: Array<{ name: string; depth: number }>;
  /** Names of functions declared inside a block: refused by the top-level rule, so their calls are not reported again. */
  readonly refusedFunctions: Set<string>;
  /** Prefix making type ids unique across files (`main.pine`, `lib:acme/x/1`). */
  readonly idPrefix: string;
  /** Relative modules expose every top-level declaration; libraries only `export`ed ones. */
  readonly exportAll: boolean;
  /** Each user function's results per argument-type key, and the functions being checked now. */
  readonly instances: Map<FunctionInfo, Map<string, Value>>;
  readonly active: Set<FunctionInfo>;
  expr(node: A.Expr, wantValue?: WantValue): Value;
  stmt(s: A.Stmt, wantValue?: WantValue): Value;
}

/** Annotates the node with its value (see language/ast.ts, "Checker annotations"). */
export function setValue(node: A.Expr, v: Value): Value {
  node.type = v.type;
  node.qual = v.qual;
  return v;
}
