// The syntax tree of one `.pine` file, shared by the front end (parser, checker, linker, derive)
// and the back end (codegen).
//
// Shape of the tree
// -----------------
//   Script            one file: its `//@version` and its top-level statements
//   Stmt              VarDecl | TupleDecl | Assign | ExprStmt | FunctionDecl | TypeDecl | EnumDecl
//                     | ImportDecl | Break | Continue | and the structured forms If | Switch | For
//                     | ForIn | While, which appear directly (not wrapped) in statement position
//   Expr              literals | Identifier | Member | Call | Index | Unary | Binary | Ternary
//                     | TupleExpr | and If | Switch | For | ForIn | While in value position
//                     (`x = if c ...`): in Pine these are expressions whose value is the value of
//                     the last statement of the branch taken (or `na` when none is).
//   Block             an indented list of statements; its value is its last statement's value.
//
// Conventions
//   - Every node has `kind` (the discriminant) and `span`. Spans are 1-based; `endColumn` is the
//     column just past the last character (exclusive), so a one-character token at column 5 has
//     column 5, endColumn 6. A node spanning lines has endLine > line.
//   - `ta.sma` is `Member(Identifier "ta", "sma")`; a call `ta.sma(close, 14)` is
//     `Call(callee = that Member)`. A method call `arr.push(x)` is also a Call on a Member; the
//     checker says which it is (`CallNode.target`).
//   - Type annotations are `TypeRef`s: `int[]` is normalised to `array<int>` (TypeRef "array" with
//     one argument); `simple int` carries `qualifier: "simple"`.
//   - One-line functions `f(x) => x + 1` have a Block body of one statement, like block functions.
//   - `else if` is an If in the `else` slot of its parent If.
//
// Checker annotations (optional fields, absent on a tree that has not been checked, all set on
// every node of a tree the checker accepted without error):
//   - every Expr: `type` (PineType) and `qual` (Qualifier).
//   - Identifier and Member: `symbol` (SymbolRef) when the name denotes something (a variable, a
//     function, a built-in, a type, a namespace is not a symbol: `ta` in `ta.sma` has none; the
//     Member `ta.sma` has `{kind:"builtinFunction", name:"ta.sma"}`).
//   - VarDecl / TupleDecl / For / ForIn / Param: `symbol` / `symbols` of the variables they declare
//     (LocalSymbol with an id unique in the whole CheckedProgram).
//   - Call: `target` (what is called) and `callSiteId` (unique in the CheckedProgram) when the
//     callee is a stateful built-in (BuiltinFunction.stateful: ta.*, math.sum, fixnan), a
//     plot-like call (plot plotshape plotchar plotcandle plotbar), alertcondition/alert, or a user
//     function/method; pure built-ins (math.abs, na, nz, str.*, array.*) get no callSiteId.
//     A call site inside a user function has one id: the state it needs exists once per call
//     site of the enclosing function (codegen multiplies along the call chain).
//   - FunctionDecl: `fn` (FunctionSymbol). A function with untyped parameters is checked once per
//     distinct argument-type combination; its nodes carry the types of the last one checked.
// Side tables: derive/warmup.ts `analyzeWarmup(program)` gives, per callSiteId, the call's own
// window in bars and, per local symbol id / built-in series, the deepest `x[n]` read.

/** 1-based source span; `endColumn` exclusive. */
export interface Span {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

// Types, qualifiers, symbols and call targets (filled in by the checker) live in ast-types.ts.
export * from "./ast-types";
import type { PineType, Qualifier, SymbolRef, CallTarget, LocalSymbol, FunctionSymbol } from "./ast-types";

interface Annotated {
  /** Set by the checker. */
  type?: PineType;
  /** Set by the checker. */
  qual?: Qualifier;
  /**
   * Set by the checker on an input call's constant arguments written with names or arithmetic
   * (`input.int(LEN)`, `options = [A, B]`): the literal they stand for, which the Interface and the
   * compiled default read in their place.
   */
  folded?: Expr;
}

// ---------------------------------------------------------------------------------------------
// File

export interface Script {
  kind: "Script";
  span: Span;
  /** From `//@version=N` (6 when absent). Versions below 5 are refused by the checker. */
  version: number;
  /** Span of the `//@version` comment, when present. */
  versionSpan: Span | null;
  body: Stmt[];
}

export interface Block {
  kind: "Block";
  span: Span;
  body: Stmt[];
}

export interface TypeRef {
  kind: "TypeRef";
  span: Span;
  /** `float`, `array`, `map`, `Point`, `mylib.Point`, `chart.point`. */
  name: string;
  args: TypeRef[];
  qualifier: "const" | "simple" | "series" | "input" | null;
}

// ---------------------------------------------------------------------------------------------
// Statements

export interface VarDecl {
  kind: "VarDecl";
  span: Span;
  mode: "none" | "var" | "varip";
  typeAnn: TypeRef | null;
  name: Identifier;
  init: Expr;
  /** `export const float X = ...` in a library. */
  exported?: boolean;
  symbol?: LocalSymbol;
}

/** `[a, b] = f()`; `_` elements are null (ignored). */
export interface TupleDecl {
  kind: "TupleDecl";
  span: Span;
  names: Array<Identifier | null>;
  init: Expr;
  symbols?: Array<LocalSymbol | null>;
}

export type AssignOp = ":=" | "+=" | "-=" | "*=" | "/=" | "%=";

/** Reassignment `x := e` and compound forms; the target is an Identifier or a field `p.x`. */
export interface Assign {
  kind: "Assign";
  span: Span;
  op: AssignOp;
  target: Identifier | Member;
  value: Expr;
}

export interface ExprStmt {
  kind: "ExprStmt";
  span: Span;
  expr: Expr;
}

export interface Param {
  kind: "Param";
  span: Span;
  name: Identifier;
  typeAnn: TypeRef | null;
  defaultValue: Expr | null;
  symbol?: LocalSymbol;
}

export interface FunctionDecl {
  kind: "FunctionDecl";
  span: Span;
  name: Identifier;
  params: Param[];
  body: Block;
  exported: boolean;
  isMethod: boolean;
  fn?: FunctionSymbol;
}

export interface FieldDecl {
  kind: "FieldDecl";
  span: Span;
  typeAnn: TypeRef;
  name: Identifier;
  defaultValue: Expr | null;
  varip: boolean;
}

export interface TypeDecl {
  kind: "TypeDecl";
  span: Span;
  name: Identifier;
  fields: FieldDecl[];
  exported: boolean;
}

export interface EnumMember {
  kind: "EnumMember";
  span: Span;
  name: Identifier;
  /** `up = "Up trend"`: the member's title. */
  title: StringLit | null;
}

export interface EnumDecl {
  kind: "EnumDecl";
  span: Span;
  name: Identifier;
  members: EnumMember[];
  exported: boolean;
}

export type ImportSource =
  /** `import owner/slug/version` (version required by Pine). */
  | { kind: "library"; owner: string; slug: string; version: number }
  /** `import "./util.pine"`: a file of the same script; path as written. */
  | { kind: "relative"; path: string };

export interface ImportDecl {
  kind: "ImportDecl";
  span: Span;
  source: ImportSource;
  alias: Identifier;
}

export interface Break {
  kind: "Break";
  span: Span;
}

export interface Continue {
  kind: "Continue";
  span: Span;
}

// ---------------------------------------------------------------------------------------------
// Structured forms: statements and expressions both

export interface If extends Annotated {
  kind: "If";
  span: Span;
  cond: Expr;
  then: Block;
  else: Block | If | null;
  /** Set on the `if` a `once condition` structure is read as (parser.ts tryOnce): its condition is the structure's. */
  once?: true;
  /** Set on the outer `if` of a once structure (parser.ts tryOnce): it returns no value, as TradingView's. */
  valueless?: true;
}

export interface SwitchCase {
  kind: "SwitchCase";
  span: Span;
  /** null for the default case (`=>` with nothing before it). */
  test: Expr | null;
  body: Block;
}

/** `switch subject` compares with each case; `switch` alone takes the first true case. */
export interface Switch extends Annotated {
  kind: "Switch";
  span: Span;
  subject: Expr | null;
  cases: SwitchCase[];
}

/** What the checker marks on a loop (For, ForIn, While). */
interface LoopMarks {
  /**
   * A loop a `var`/`varip` declaration takes its value from: TradingView's user manual (Loops,
   * Structure and syntax) says such a loop ends right after its first iteration, whatever its
   * header allows (set by the checker).
   */
  firstIterationOnly?: boolean;
}

export interface For extends Annotated, LoopMarks {
  kind: "For";
  span: Span;
  counter: Identifier;
  /** `for int i = 0 to n` / `for float x = 0 to 1 by 0.25`: the counter's declared type, if written. */
  counterType?: "int" | "float";
  from: Expr;
  to: Expr;
  step: Expr | null;
  body: Block;
  symbol?: LocalSymbol;
  /** Pine v6 reads `to` again before each iteration (set by the checker when reading it again is safe). */
  toEachIteration?: boolean;
}

/** `for x in arr` (index null) or `for [i, x] in arr`. */
export interface ForIn extends Annotated, LoopMarks {
  kind: "ForIn";
  span: Span;
  index: Identifier | null;
  item: Identifier;
  iterable: Expr;
  body: Block;
  indexSymbol?: LocalSymbol;
  itemSymbol?: LocalSymbol;
}

export interface While extends Annotated, LoopMarks {
  kind: "While";
  span: Span;
  cond: Expr;
  body: Block;
}

export type Structured = If | Switch | For | ForIn | While;

export type Stmt =
  | VarDecl
  | TupleDecl
  | Assign
  | ExprStmt
  | FunctionDecl
  | TypeDecl
  | EnumDecl
  | ImportDecl
  | Break
  | Continue
  | Structured;

// ---------------------------------------------------------------------------------------------
// Expressions

export interface NumberLit extends Annotated {
  kind: "NumberLit";
  span: Span;
  value: number;
  /** True when written without `.` or exponent (an `int` literal). */
  isInt: boolean;
  raw: string;
}

export interface StringLit extends Annotated {
  kind: "StringLit";
  span: Span;
  /** Escapes resolved. */
  value: string;
}

export interface BoolLit extends Annotated {
  kind: "BoolLit";
  span: Span;
  value: boolean;
}

/** `#RRGGBB` or `#RRGGBBAA`; rgb 0-255, `transp` 0-100 as Pine's colors carry (0 = opaque). */
export interface ColorLit extends Annotated {
  kind: "ColorLit";
  span: Span;
  raw: string;
  r: number;
  g: number;
  b: number;
  /** Alpha 0-255 (255 when the literal has 6 digits). */
  a: number;
}

export interface NaLit extends Annotated {
  kind: "NaLit";
  span: Span;
}

export interface Identifier extends Annotated {
  kind: "Identifier";
  span: Span;
  name: string;
  symbol?: SymbolRef;
  /** In a library's `export const` value, a top-level constant it names: that constant's value, emitted in place. */
  constant?: Expr;
}

/** `a.b`: a namespaced built-in (`ta.sma`), a library member, a field, an enum member. */
export interface Member extends Annotated {
  kind: "Member";
  span: Span;
  object: Expr;
  property: Identifier;
  symbol?: SymbolRef;
  /** `lib.X` naming a library's exported constant: its initializer, emitted in place. */
  constant?: Expr;
}

export interface Argument {
  kind: "Argument";
  span: Span;
  /** `title = "x"`: named argument. */
  name: Identifier | null;
  value: Expr;
}

export interface Call extends Annotated {
  kind: "Call";
  span: Span;
  callee: Expr;
  /** `array.new<float>(...)`: explicit type arguments. */
  typeArgs: TypeRef[];
  args: Argument[];
  target?: CallTarget;
  callSiteId?: number;
}

/** History reference `e[n]`. */
export interface Index extends Annotated {
  kind: "Index";
  span: Span;
  object: Expr;
  index: Expr;
  /** Written right after another `[]` (`close[1][2]`), which the user manual's Operators page refuses; `(close[1])[2]` is not. */
  chained?: boolean;
}

export type UnaryOp = "-" | "+" | "not";

export interface Unary extends Annotated {
  kind: "Unary";
  span: Span;
  op: UnaryOp;
  operand: Expr;
}

export type BinaryOp = "+" | "-" | "*" | "/" | "%" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "and" | "or";

export interface Binary extends Annotated {
  kind: "Binary";
  span: Span;
  op: BinaryOp;
  left: Expr;
  right: Expr;
  /**
   * `and`/`or` that evaluates both operands, left then right (set by the checker for v5, whose
   * operators TradingView's v6 migration guide says v6 made lazy); v6's skip the right one when
   * the left decides. A node the parser writes itself (`once`) says false.
   */
  eager?: boolean;
  /**
   * A `+` in a user function that one call instantiates with strings and another with numbers
   * (`add(a, b) => a + b` called as `add(open, close)` and `add("a", "b")`): the one compiled body
   * concatenates or adds as its operands are (set by the checker).
   */
  stringOrNumber?: boolean;
  /**
   * A comparison that some instance of its function (or the script) makes with a float operand:
   * compiled with Pine's 1e-10 tolerance (runtime/float-compare.ts, docs/adr/0315; set by the checker).
   */
  floatCompare?: boolean;
}

export interface Ternary extends Annotated {
  kind: "Ternary";
  span: Span;
  cond: Expr;
  then: Expr;
  else: Expr;
}

/** `[a, b]`: a tuple value (function/branch result) or an array literal argument. */
export interface TupleExpr extends Annotated {
  kind: "TupleExpr";
  span: Span;
  elements: Expr[];
}

export type Expr =
  | NumberLit
  | StringLit
  | BoolLit
  | ColorLit
  | NaLit
  | Identifier
  | Member
  | Call
  | Index
  | Unary
  | Binary
  | Ternary
  | TupleExpr
  | Structured;

export type Node =
  | Script
  | Block
  | TypeRef
  | Stmt
  | Expr
  | Param
  | FieldDecl
  | EnumMember
  | SwitchCase
  | Argument;
