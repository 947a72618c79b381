// Types, qualifiers, symbols and call targets of the AST: what the checker fills in on the
// nodes of ast.ts (which re-exports this module, so importers keep one import).

import type { Span } from "./ast";

// ---------------------------------------------------------------------------------------------
// Types and qualifiers (filled in by the checker)

/** Pine's qualifiers, ordered const < input < simple < series. */
export type Qualifier = "const" | "input" | "simple" | "series";

export type PrimitiveName = "int" | "float" | "bool" | "string" | "color";
/** Handle types of drawings and tables: values of the drawing built-ins (docs/reference/language.md). */
export type HandleName = "label" | "line" | "box" | "table" | "linefill" | "polyline" | "chart.point" | "plot" | "hline";

export type PineType =
  | { kind: "primitive"; name: PrimitiveName }
  /** The type of a bare `na` literal before context gives it one. */
  | { kind: "na" }
  /** Calls that return nothing (plot-like calls as statements, `array.push`, ...). */
  | { kind: "void" }
  | { kind: "array"; element: PineType }
  | { kind: "matrix"; element: PineType }
  | { kind: "map"; key: PineType; value: PineType }
  | { kind: "tuple"; elements: PineType[] }
  /** A user type (`type Point`); `id` is unique in the program (library types are prefixed). */
  | { kind: "udt"; name: string; id: string }
  | { kind: "enum"; name: string; id: string }
  | { kind: "handle"; name: HandleName };

// ---------------------------------------------------------------------------------------------
// Symbols (filled in by the checker)

export interface LocalSymbol {
  kind: "local";
  /** Unique in the CheckedProgram. */
  id: number;
  name: string;
  /** `var` / `varip` keep their value across bars; "none" is re-evaluated each bar. */
  mode: "none" | "var" | "varip";
  type: PineType;
  qual: Qualifier;
  /** Set when the variable is assigned an `input.*` call: the Interface input's name. */
  input?: string;
  /** "param" for function parameters, "loop" for loop counters/items, else "variable". */
  role: "variable" | "param" | "loop";
  declSpan: Span;
}

export interface FunctionSymbol {
  kind: "function";
  /** Unique in the CheckedProgram. */
  id: number;
  name: string;
  /** File the function is declared in (its library alias when imported). */
  file: string;
  isMethod: boolean;
  exported: boolean;
}

export type SymbolRef =
  | LocalSymbol
  | FunctionSymbol
  /** A built-in variable: `close`, `bar_index`, `barstate.isfirst`, `color.red`, `math.pi`, ... */
  | { kind: "builtinVariable"; name: string }
  /** A built-in function name: `ta.sma`, `plot`, `array.new`, ... */
  | { kind: "builtinFunction"; name: string }
  /** A user or library type name, used as `Point.new(...)` or in annotations. */
  | { kind: "type"; id: string }
  /** An enum member `Dir.up`. */
  | { kind: "enumMember"; enumId: string; member: string }
  /** A field of a user type object: `p.x`. */
  | { kind: "field"; typeId: string; field: string };

/** What a Call calls. */
export type CallTarget =
  | { kind: "builtin"; name: string }
  /** `arr.push(x)`: a built-in called as a method; the receiver is the first argument. */
  | { kind: "builtinMethod"; name: string }
  | { kind: "user"; fn: FunctionSymbol }
  /** A user method called as `obj.m(...)`; the receiver is the first argument. */
  | { kind: "userMethod"; fn: FunctionSymbol }
  /** `Point.new(x, y)` (fields in declaration order, missing ones get their defaults). */
  | { kind: "typeNew"; typeId: string }
  /** `p.copy()` or `Point.copy(p)`: a new object with the same field values (a shallow copy). */
  | { kind: "typeCopy" };
