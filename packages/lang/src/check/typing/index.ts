// Typing one file: names resolved, every expression given its type and qualifier, user functions
// checked per argument-type key. The tree is annotated in place (language/ast.ts, "Checker
// annotations"); what cannot be typed is reported through the context as it is found, since a
// wrong value is poisoned so that one mistake is reported once. This file dispatches statements
// and expressions to the modules of each job; they call back through `expr` and `stmt`.

import type * as A from "../../language/ast";
import { forEachNode } from "../../language/visit";
import type { CheckContext } from "../context";
import { Scope } from "../scope";
import { emptyExports, type EnumInfo, type FunctionInfo, type ModuleExports, type TypeInfo } from "../symbols";
import { BOOL, COLOR, FLOAT, INT, maxQual, NA, STRING } from "../types";
import { call } from "./calls";
import { structured } from "./control";
import { enumDecl, typeDecl } from "./declarations";
import { checkUncalledFunctions, functionDecl } from "./functions";
import { identifier, member } from "./names";
import { binary, index, ternary, unary } from "./operators";
import { type Typer, type Value, VALUELESS, type WantValue } from "./state";
import { inputSettled, localSettled } from "./input-settled";
import { assign, tupleDecl, varDecl } from "./statements";

export interface FileTyping {
  readonly exports: ModuleExports;
  /** Checks the functions nobody called (after the callers in other files had their turn). */
  finish(): void;
}

export interface TypingOptions {
  imports: Map<string, ModuleExports | null>;
  /** Prefix making type ids unique across files (`main.pine`, `lib:acme/x/1`). */
  idPrefix: string;
  /** Relative modules expose every top-level declaration; libraries only `export`ed ones. */
  exportAll: boolean;
}

export function typeFile(script: A.Script, ctx: CheckContext, opts: TypingOptions): FileTyping {
  const t = new FileTyper(ctx, opts, collectReassigned(script.body, ctx.version));
  for (const s of script.body) t.stmt(s);
  return { exports: t.exports, finish: () => checkUncalledFunctions(t) };
}

// The dispatch is a class's methods (not closures around functions) to keep the frames per
// nesting level few: user-function call chains nest MAX_CALL_DEPTH deep through here.
class FileTyper implements Typer {
  readonly imports: Map<string, ModuleExports | null>;
  readonly globals = new Scope(null);
  scope = this.globals;
  readonly functions = new Map<string, FunctionInfo>();
  readonly methods = new Map<string, FunctionInfo[]>();
  readonly types = new Map<string, TypeInfo>();
  readonly enums = new Map<string, EnumInfo>();
  readonly exports = emptyExports();
  readonly idPrefix: string;
  readonly exportAll: boolean;
  readonly instances = new Map<FunctionInfo, Map<string, Value>>();
  readonly active = new Set<FunctionInfo>();
  readonly constants = new Map<number, A.Expr>();
  readonly intDivisions = new Set<number>();
  readonly declaring: Array<{ name: string; depth: number }> = [];
  readonly refusedFunctions = new Set<string>();

  constructor(
    readonly ctx: CheckContext,
    opts: TypingOptions,
    readonly reassigned: ReadonlySet<string>,
  ) {
    this.imports = opts.imports;
    this.idPrefix = opts.idPrefix;
    this.exportAll = opts.exportAll;
  }

  /** `wantValue`: "soft" for a block's last statement (its value is used only if someone uses it). */
  stmt(s: A.Stmt, wantValue: WantValue = false): Value {
    switch (s.kind) {
      case "VarDecl":
        return varDecl(this, s);
      case "TupleDecl":
        return tupleDecl(this, s);
      case "Assign":
        return assign(this, s);
      case "ExprStmt":
        return this.expr(s.expr);
      case "FunctionDecl":
        functionDecl(this, s);
        return VALUELESS;
      case "TypeDecl":
        typeDecl(this, s);
        return VALUELESS;
      case "EnumDecl":
        enumDecl(this, s);
        return VALUELESS;
      case "ImportDecl": // placement: the top-level rule
      case "Break": // placement: the loop-control rule
      case "Continue":
        return VALUELESS;
      default:
        return this.expr(s, wantValue);
    }
  }

  expr(node: A.Expr, wantValue: WantValue = true): Value {
    const v = this.value(node, wantValue);
    node.type = v.type;
    node.qual = v.qual;
    return v;
  }

  private value(node: A.Expr, wantValue: WantValue): Value {
    switch (node.kind) {
      case "NumberLit":
        return { type: node.isInt ? INT : FLOAT, qual: "const" };
      case "StringLit":
        return { type: STRING, qual: "const" };
      case "BoolLit":
        return { type: BOOL, qual: "const" };
      case "ColorLit":
        return { type: COLOR, qual: "const" };
      case "NaLit":
        return { type: NA, qual: "const" };
      case "Identifier":
        return identifier(this, node);
      case "Member":
        return member(this, node);
      case "Call":
        return call(this, node);
      case "Index":
        return index(this, node);
      case "Unary":
        return unary(this, node);
      case "Binary":
        return binary(this, node);
      case "Ternary":
        return ternary(this, node);
      case "TupleExpr": {
        const vs = node.elements.map((e) => this.expr(e));
        return { type: { kind: "tuple", elements: vs.map((v) => v.type) }, qual: maxQual(...vs.map((v) => v.qual)) };
      }
      default:
        return structured(this, node, wantValue);
    }
  }
}

/** Names assigned with `:=` or compound operators anywhere: such variables are series, unless inputs settle them (input-settled.ts). */
function collectReassigned(body: A.Stmt[], version: number): Set<string> {
  const out = new Set<string>();
  forEachNode(body, (n) => {
    if (n.kind === "Assign" && n.target.kind === "Identifier") out.add(n.target.name);
  });
  for (const name of inputSettled(body, out, version)) out.delete(name);
  // a function's reassigned locals settled by its simple parameters (docs/adr/0281)
  for (const s of body) if (s.kind === "FunctionDecl") localSettled(s, out, version);
  return out;
}
