// What a name can denote besides built-ins: user functions, user types and enums, and the
// exports of an imported module (library or sibling file).

import type { EnumDecl, FunctionDecl, FunctionSymbol, PineType, Qualifier, Span, TypeDecl, VarDecl } from "../language/ast";

export interface ArgInfo {
  type: PineType;
  qual: Qualifier;
  span: Span;
  /** A float TradingView types int (an int division, typing/int-division.ts) given to an untyped parameter. */
  intValued?: boolean;
}

export interface FunctionInfo {
  symbol: FunctionSymbol;
  decl: FunctionDecl;
  /** Every declaration of this name in its file, in order (Pine overloads by parameter types). */
  overloads: FunctionInfo[];
  /** Checks the body for these argument types (once per distinct key) and gives the result. */
  instantiate(args: ArgInfo[]): { type: PineType; qual: Qualifier };
  /** A method's receiver type, resolved in its own file (a library's `Tracker` is `lib.Tracker` elsewhere). */
  receiver?: () => PineType | null;
}

export interface FieldInfo {
  name: string;
  type: PineType;
  hasDefault: boolean;
}

export interface TypeInfo {
  id: string;
  name: string;
  fields: FieldInfo[];
  decl: TypeDecl;
}

export interface EnumInfo {
  id: string;
  name: string;
  members: string[];
  decl: EnumDecl;
}

/** What an `import ... as alias` makes visible as `alias.name`. */
export interface ModuleExports {
  functions: Map<string, FunctionInfo>;
  methods: Map<string, FunctionInfo[]>;
  types: Map<string, TypeInfo>;
  enums: Map<string, EnumInfo>;
  /** `export const float X = ...`: the constant's declaration (its initializer is emitted in place). */
  constants: Map<string, { decl: VarDecl; type: PineType }>;
}

export function emptyExports(): ModuleExports {
  return { functions: new Map(), methods: new Map(), types: new Map(), enums: new Map(), constants: new Map() };
}
