// Parser: tokens -> Script (ast.ts). Recursive descent over the layout tokens of lexer.ts, one
// layer a file, each extending the one below:
//   parse-cursor.ts        the token cursor, syntax errors, nesting limit, statement ends, recovery
//   parse-expressions.ts   precedence climbing, calls, member access, literals, type references
//   parse-blocks.ts        statement lists, indented blocks, if/switch/for/while
//   parse-declarations.ts  variables, tuples, functions, types, enums, imports, exports
//   parser.ts              which statement comes next, and the whole file

import type { Diagnostic } from "../types";
import type * as A from "./ast";
import { join } from "./diagnostics";
import { lex } from "./lexer";
import { SyntaxError_ } from "./parse-cursor";
import { DeclarationParser } from "./parse-declarations";
import { isStructured } from "./parse-nodes";

export { MAX_NESTING, MAX_TREE_DEPTH } from "./parse-cursor";

export interface ParseResult {
  script: A.Script;
  diagnostics: Diagnostic[];
}

const ASSIGN_OPS: ReadonlySet<string> = new Set([":=", "+=", "-=", "*=", "/=", "%="]);

export class Parser extends DeclarationParser {
  parseScript(version: number, versionSpan: A.Span | null): A.Script {
    const start = this.peek().span;
    const body = this.parseStatements(false);
    const end = this.prev().span;
    const span = body.length > 0 ? join(start, end) : { ...start, endLine: start.line, endColumn: start.column };
    return { kind: "Script", span, version, versionSpan, body };
  }

  protected parseStatement(): A.Stmt {
    const t = this.peek();
    if (t.kind === "keyword") {
      switch (t.value) {
        case "import":
          return this.parseImport();
        case "export":
          return this.parseExport();
        case "var":
        case "varip":
          return this.parseVarDecl();
        case "break":
        case "continue":
          this.pos++;
          this.endStatement();
          return { kind: t.value === "break" ? "Break" : "Continue", span: t.span };
        case "if":
        case "switch":
        case "for":
        case "while": {
          const s = this.parseStructured();
          this.endStatement();
          return s;
        }
      }
    }
    if (t.kind === "ident") {
      const once = t.value === "once" ? this.tryOnce() : null;
      if (once) return once;
      const decl = this.tryDeclarationStatement(false);
      if (decl) return decl;
    }
    if (this.is("[")) {
      const tuple = this.tryTupleDecl();
      if (tuple) return tuple;
    }
    return this.parseExpressionStatement();
  }

  /**
   * TradingView's `once [condition]` structure (release notes, August 2026): its block runs on the
   * first bar where the condition (true when omitted) holds, and never again. It is one only when
   * an indented block follows, so that a variable or function an older script named `once` stays
   * one. It is read as the Pine it means, a flag kept across bars (as `var` in the scope of the
   * structure, so one per call site in a function):
   *
   *     if true
   *         var bool once·L·C = false
   *         if not once·L·C
   *             if condition
   *                 once·L·C := true
   *                 <block>
   *
   * (the flag's name has a character no Pine name has). The condition is not evaluated once the
   * block has run (docs/adr/0168-once-structure.md).
   */
  private tryOnce(): A.Stmt | null {
    const start = this.pos;
    const kw = this.next();
    let cond: A.Expr | null = null;
    try {
      if (this.peek().kind !== "newline") cond = this.parseExpression();
    } catch (e) {
      if (!(e instanceof SyntaxError_)) throw e;
      this.pos = start;
      return null;
    }
    if (this.peek().kind !== "newline" || this.peek(1).kind !== "indent") {
      this.pos = start;
      return null;
    }
    const block = this.parseBlock();
    this.endStatement();
    const at = kw.span;
    const span = join(at, block.span);
    const flag = (): A.Identifier => ({ kind: "Identifier", span: at, name: `once\u00b7${at.line}\u00b7${at.column}` });
    const declare: A.VarDecl = { kind: "VarDecl", span: at, mode: "var", typeAnn: { kind: "TypeRef", span: at, name: "bool", args: [], qualifier: null }, name: flag(), init: { kind: "BoolLit", span: at, value: false } };
    const notYet: A.Expr = { kind: "Unary", span: at, op: "not", operand: flag() };
    const mark: A.Assign = { kind: "Assign", span: at, op: ":=", target: flag(), value: { kind: "BoolLit", span: at, value: true } };
    const body: A.Block = { kind: "Block", span: block.span, body: [mark, ...block.body] };
    // the condition is an if of its own inside the flag's, so a condition that is not a bool is
    // refused as the once structure's ("A once condition must be a bool"), not as an operand of a hidden 'and'
    const fire: A.If = cond === null
      ? { kind: "If", span, cond: notYet, then: body, else: null }
      : { kind: "If", span, cond: notYet, then: { kind: "Block", span, body: [{ kind: "If", span, cond, then: body, else: null, once: true }] }, else: null };
    return { kind: "If", span, cond: { kind: "BoolLit", span: at, value: true }, then: { kind: "Block", span, body: [declare, fire] }, else: null, valueless: true };
  }

  private parseExpressionStatement(): A.Stmt {
    const expr = this.parseExpression();
    const t = this.peek();
    if (t.kind === "punct" && ASSIGN_OPS.has(t.value)) {
      if (expr.kind !== "Identifier" && expr.kind !== "Member") this.fail("Only a variable or a field can be assigned.", expr.span);
      this.pos++;
      const value = this.parseExpression();
      const span = join(expr.span, value.span);
      this.endStatement();
      return { kind: "Assign", span, op: t.value as A.AssignOp, target: expr, value };
    }
    if (t.kind === "punct" && t.value === "=") {
      this.fail(expr.kind === "Identifier" ? `Unexpected '='.` : "Only a name can be declared with '='; use ':=' to assign a field.", t.span);
    }
    if (isStructured(expr)) {
      this.endStatement();
      return expr;
    }
    this.endStatement();
    return { kind: "ExprStmt", span: expr.span, expr };
  }

  result(): Diagnostic[] {
    return this.diagnostics;
  }
}

/** Lex and parse one file. The default version is 6 (docs/reference/language.md). */
export function parse(file: string, source: string): ParseResult {
  const lexed = lex(file, source);
  const parser = new Parser(lexed.tokens, file);
  const script = parser.parseScript(lexed.version ?? 6, lexed.versionSpan);
  return { script, diagnostics: [...lexed.diagnostics, ...parser.result()] };
}
