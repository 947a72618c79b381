// Parser: tokens -> Script (ast.ts). Recursive descent over the layout tokens of lexer.ts.
//
// Statements end with a newline, except those ending in an indented block (its dedent ends
// them). A syntax error inside a statement is reported once, then the parser skips to the end of
// that statement (and any block indented under it), so one mistake gives one diagnostic.
//
// Expression precedence (Pine's table, lowest first): `?:` (right-assoc), `or`, `and`,
// `== !=`, `< <= > >=`, `+ -`, `* / %`, unary `not + -`, then postfix `[]`, calls, `.`.

import type { Diagnostic } from "../types";
import type * as A from "./ast";
import { Code } from "./codes";
import { diagnostic, join } from "./diagnostics";
import { lex } from "./lexer";
import { colorLiteral, deepestNode, describe, isStructured } from "./parse-nodes";
import type { Token } from "./tokens";

export interface ParseResult {
  script: A.Script;
  diagnostics: Diagnostic[];
}

/** The codes the parser reports. */
type ParserCode = typeof Code.syntax_error | typeof Code.too_complex;

/** Thrown inside a statement; caught at the statement boundary (never escapes parse()). */
class SyntaxError_ {
  constructor(
    readonly message: string,
    readonly span: A.Span,
    readonly code: ParserCode = Code.syntax_error,
  ) {}
}

/**
 * Limits that keep every later stage (checker, derive, codegen: all recursive over the tree)
 * inside the call stack: nesting of the parser's own recursion (parentheses, call arguments,
 * brackets, unary operators, ternaries) and depth of a top-level statement's tree (left-deep
 * chains such as 3,000 `+ 1` are built by loops but walked recursively). Deeper input is refused
 * with `too_complex` at the place, never a stack overflow.
 */
export const MAX_NESTING = 700;
export const MAX_TREE_DEPTH = 1000;

const ASSIGN_OPS: ReadonlySet<string> = new Set([":=", "+=", "-=", "*=", "/=", "%="]);
const QUALIFIERS: ReadonlySet<string> = new Set(["const", "simple", "series"]);
const BINARY_LEVELS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(["or"]),
  new Set(["and"]),
  new Set(["==", "!="]),
  new Set(["<", "<=", ">", ">="]),
  new Set(["+", "-"]),
  new Set(["*", "/", "%"]),
];

export class Parser {
  private pos = 0;
  private readonly diagnostics: Diagnostic[] = [];
  /** Depth of the parser's expression recursion (see MAX_NESTING). */
  private nesting = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly file: string,
  ) {}

  // ---- token helpers -------------------------------------------------------------------------

  private peek(offset = 0): Token {
    const t = this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)];
    if (t === undefined) throw new Error("token stream without eof");
    return t;
  }

  private prev(): Token {
    return this.tokens[this.pos - 1] ?? this.peek();
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== "eof") this.pos++;
    return t;
  }

  private is(value: string, offset = 0): boolean {
    const t = this.peek(offset);
    return (t.kind === "punct" || t.kind === "keyword") && t.value === value;
  }

  private isIdent(value?: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === "ident" && (value === undefined || t.value === value);
  }

  private eat(value: string): boolean {
    if (!this.is(value)) return false;
    this.pos++;
    return true;
  }

  private expect(value: string, what = `'${value}'`): Token {
    if (!this.is(value)) this.fail(`Expected ${what}, found ${describe(this.peek())}.`);
    return this.next();
  }

  private fail(message: string, span: A.Span = this.peek().span): never {
    throw new SyntaxError_(message, span);
  }

  private spanFrom(start: A.Span): A.Span {
    return join(start, this.prev().span);
  }

  // ---- file and blocks -----------------------------------------------------------------------

  parseScript(version: number, versionSpan: A.Span | null): A.Script {
    const start = this.peek().span;
    const body = this.parseStatements(false);
    const end = this.prev().span;
    const span = body.length > 0 ? join(start, end) : { ...start, endLine: start.line, endColumn: start.column };
    return { kind: "Script", span, version, versionSpan, body };
  }

  /** Statements until dedent (inside a block) or eof. */
  private parseStatements(inBlock: boolean): A.Stmt[] {
    const out: A.Stmt[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === "eof" || (inBlock && t.kind === "dedent")) return out;
      if (t.kind === "newline") {
        this.pos++;
        continue;
      }
      if (t.kind === "dedent") {
        this.pos++; // stray dedent at top level after an error
        continue;
      }
      if (t.kind === "indent") {
        this.report("Unexpected indentation.", t.span);
        this.skipBlock();
        continue;
      }
      const s = this.statementWithRecovery();
      if (!s) continue;
      // one walk per top-level statement covers the blocks nested in it
      const deep = inBlock ? null : deepestNode(s, MAX_TREE_DEPTH);
      if (deep) this.report(`This statement nests more than ${MAX_TREE_DEPTH} levels deep: split it into variables or functions.`, deep.span, Code.too_complex);
      else out.push(s);
    }
  }

  private report(message: string, span: A.Span, code: ParserCode = Code.syntax_error): void {
    this.diagnostics.push(diagnostic("lint", code, message, span));
  }

  /** Runs one level of the parser's expression recursion, refusing input nested too deeply. */
  private nested<T>(f: () => T): T {
    if (this.nesting >= MAX_NESTING) {
      throw new SyntaxError_(`Expression nested more than ${MAX_NESTING} levels deep: split it into variables.`, this.peek().span, Code.too_complex);
    }
    this.nesting++;
    try {
      return f();
    } finally {
      this.nesting--;
    }
  }

  private statementWithRecovery(): A.Stmt | null {
    const save = this.pos;
    try {
      return this.parseStatement();
    } catch (e) {
      if (!(e instanceof SyntaxError_)) throw e;
      this.report(e.message, e.span, e.code);
      if (this.pos === save) this.pos++;
      this.recover();
      return null;
    }
  }

  /** Skip to the end of the broken statement and over any block indented under it. */
  private recover(): void {
    while (this.peek().kind !== "newline" && this.peek().kind !== "eof") {
      if (this.peek().kind === "indent") this.skipBlock();
      else if (this.peek().kind === "dedent") return;
      else this.pos++;
    }
    if (this.peek().kind === "newline") this.pos++;
    while (this.peek().kind === "indent") this.skipBlock();
  }

  private skipBlock(): void {
    let depth = 0;
    do {
      const t = this.next();
      if (t.kind === "indent") depth++;
      else if (t.kind === "dedent") depth--;
      else if (t.kind === "eof") return;
    } while (depth > 0);
  }

  /** A statement's end: a newline, a comma (Pine's `a = 1, b = 2` on one line), or nothing
   *  when it ended with an indented block. */
  private endStatement(): void {
    const t = this.peek();
    if (t.kind === "newline") {
      this.pos++;
      return;
    }
    if (t.kind === "punct" && t.value === "," && this.peek(1).kind !== "newline" && this.peek(1).kind !== "eof") {
      this.pos++;
      return;
    }
    if (this.prev().kind === "dedent" || t.kind === "eof" || t.kind === "dedent") return;
    this.fail(`Unexpected ${describe(t)}.`);
  }

  /** `=> ...` bodies and branch bodies: an indented block on the next lines. */
  private parseBlock(): A.Block {
    const nl = this.peek();
    if (nl.kind !== "newline") this.fail(`Expected a new line and an indented block, found ${describe(nl)}.`);
    this.pos++;
    const indent = this.peek();
    if (indent.kind !== "indent") this.fail("Expected an indented block.", indent.span);
    this.pos++;
    const body = this.parseStatements(true);
    if (body.length === 0) this.fail("Expected a statement in the block.", indent.span);
    this.next(); // dedent
    const first = body[0] as A.Stmt;
    const last = body[body.length - 1] as A.Stmt;
    return { kind: "Block", span: join(first.span, last.span), body };
  }

  /** A body after `=>`: either on the same line (one statement) or an indented block. */
  private parseArrowBody(): A.Block {
    if (this.peek().kind === "newline") return this.parseBlock();
    const s = this.parseStatement();
    return { kind: "Block", span: s.span, body: [s] };
  }

  // ---- statements ----------------------------------------------------------------------------

  private parseStatement(): A.Stmt {
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
      const decl = this.tryDeclarationStatement(false);
      if (decl) return decl;
    }
    if (this.is("[")) {
      const tuple = this.tryTupleDecl();
      if (tuple) return tuple;
    }
    return this.parseExpressionStatement();
  }

  /** Statements introduced by an identifier: functions, methods, types, enums, typed variables. */
  private tryDeclarationStatement(exported: boolean): A.Stmt | null {
    const t = this.peek();
    if (t.value === "method" && this.isIdent(undefined, 1) && this.is("(", 2)) return this.parseFunction(exported, true);
    if ((t.value === "type" || t.value === "enum") && this.isIdent(undefined, 1) && this.peek(2).kind === "newline") {
      return t.value === "type" ? this.parseTypeDecl(exported) : this.parseEnumDecl(exported);
    }
    if (this.is("(", 1) && this.looksLikeFunction()) return this.parseFunction(exported, false);
    if (exported) return null;
    if (this.is("=", 1)) return this.parseVarDecl();
    return this.tryTypedDecl();
  }

  /** `name(` ... matching `)` followed by `=>`. */
  private looksLikeFunction(): boolean {
    let depth = 0;
    for (let i = 1; ; i++) {
      const t = this.peek(i);
      if (t.kind === "eof" || t.kind === "newline") return false;
      if (t.kind !== "punct") continue;
      if (t.value === "(" || t.value === "[") depth++;
      else if (t.value === ")" || t.value === "]") {
        depth--;
        if (depth === 0) return this.is("=>", i + 1);
      }
    }
  }

  private parseExport(): A.Stmt {
    const start = this.next().span;
    // `export const float X = ...`: a library constant (the checker requires type and const value)
    const constant = this.peek().value === "const" ? this.tryTypedDecl() : null;
    const s = constant ?? (this.peek().kind === "ident" ? this.tryDeclarationStatement(true) : null);
    if (!s) this.fail("Only functions, methods, types, enums and 'const' variables can be exported.", this.peek().span);
    if (s.kind === "VarDecl") s.exported = true;
    if (s.kind === "FunctionDecl" || s.kind === "TypeDecl" || s.kind === "EnumDecl" || s.kind === "VarDecl") s.span = join(start, s.span);
    return s;
  }

  private parseImport(): A.ImportDecl {
    const start = this.next().span;
    let source: A.ImportSource;
    const t = this.peek();
    if (t.kind === "string") {
      this.pos++;
      source = { kind: "relative", path: t.value };
    } else {
      const owner = this.expectName("a library path 'owner/slug/version'");
      this.expect("/");
      const slug = this.parseSlug();
      this.expect("/");
      const v = this.peek();
      if (v.kind !== "number" || !/^\d+$/.test(v.value)) this.fail("Expected the library's version number.", v.span);
      this.pos++;
      source = { kind: "library", owner, slug, version: Number(v.value) };
    }
    if (!this.isIdent("as")) this.fail(`Expected 'as' and an alias, found ${describe(this.peek())}.`);
    this.pos++;
    const alias = this.parseIdentifier();
    const span = this.spanFrom(start);
    this.endStatement();
    return { kind: "ImportDecl", span, source, alias };
  }

  /** Slugs may contain `-`, which the lexer splits: glue adjacent pieces back together. */
  private parseSlug(): string {
    let slug = "";
    let lastEnd: A.Span | null = null;
    for (;;) {
      const t = this.peek();
      const adjacent = lastEnd === null || (t.span.line === lastEnd.endLine && t.span.column === lastEnd.endColumn);
      if (!adjacent) break;
      if (t.kind === "ident" || t.kind === "number" || (t.kind === "punct" && t.value === "-")) {
        slug += t.value;
        lastEnd = t.span;
        this.pos++;
      } else break;
    }
    if (slug === "") this.fail(`Expected a script slug, found ${describe(this.peek())}.`);
    return slug;
  }

  private expectName(what: string): string {
    const t = this.peek();
    if (t.kind !== "ident") this.fail(`Expected ${what}, found ${describe(t)}.`);
    this.pos++;
    return t.value;
  }

  private parseIdentifier(): A.Identifier {
    const t = this.peek();
    if (t.kind !== "ident") this.fail(`Expected a name, found ${describe(t)}.`);
    this.pos++;
    return { kind: "Identifier", span: t.span, name: t.value };
  }

  /** `[var|varip] [type] name = expr` (the caller has checked the shape). */
  private parseVarDecl(): A.VarDecl {
    const start = this.peek().span;
    let mode: A.VarDecl["mode"] = "none";
    if (this.is("var") || this.is("varip")) mode = this.next().value as "var" | "varip";
    let typeAnn: A.TypeRef | null = null;
    if (!(this.isIdent() && this.is("=", 1))) typeAnn = this.parseTypeRef();
    const name = this.parseIdentifier();
    if (this.is(":=")) this.fail("Use '=' to declare a variable; ':=' reassigns one already declared.");
    this.expect("=");
    const init = this.parseExpression();
    const span = this.spanFrom(start);
    this.endStatement();
    return { kind: "VarDecl", span, mode, typeAnn, name, init };
  }

  /** `float x = ...`, `array<int> a = ...`, `simple int n = ...`: a type, a name, then `=`. */
  private tryTypedDecl(): A.VarDecl | null {
    const save = this.pos;
    try {
      this.parseTypeRef();
      if (this.isIdent() && this.is("=", 1)) {
        this.pos = save;
        return this.parseVarDecl();
      }
    } catch (e) {
      if (!(e instanceof SyntaxError_)) throw e;
    }
    this.pos = save;
    return null;
  }

  /** `[a, b] = expr` (or `[a, _] = ...`); null when the `[` starts an expression instead. */
  private tryTupleDecl(): A.TupleDecl | null {
    const save = this.pos;
    const start = this.next().span;
    const names: Array<A.Identifier | null> = [];
    while (this.isIdent()) {
      const id = this.parseIdentifier();
      names.push(id.name === "_" ? null : id);
      if (!this.eat(",")) break;
    }
    if (!this.is("]") || !this.is("=", 1) || names.length === 0) {
      this.pos = save;
      return null;
    }
    this.pos += 2;
    const init = this.parseExpression();
    const span = this.spanFrom(start);
    this.endStatement();
    return { kind: "TupleDecl", span, names, init };
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

  private parseFunction(exported: boolean, isMethod: boolean): A.FunctionDecl {
    const start = this.peek().span;
    if (isMethod) this.pos++;
    const name = this.parseIdentifier();
    this.expect("(");
    const params: A.Param[] = [];
    while (!this.is(")")) {
      params.push(this.parseParam());
      if (!this.eat(",")) break;
    }
    this.expect(")");
    this.expect("=>");
    const body = this.parseArrowBody();
    return { kind: "FunctionDecl", span: join(start, body.span), name, params, body, exported, isMethod };
  }

  private parseParam(): A.Param {
    const start = this.peek().span;
    let typeAnn: A.TypeRef | null = null;
    if (!(this.isIdent() && (this.is(",", 1) || this.is(")", 1) || this.is("=", 1)))) typeAnn = this.parseTypeRef();
    const name = this.parseIdentifier();
    const defaultValue = this.eat("=") ? this.parseExpression() : null;
    return { kind: "Param", span: this.spanFrom(start), name, typeAnn, defaultValue };
  }

  private parseTypeDecl(exported: boolean): A.TypeDecl {
    const start = this.next().span;
    const name = this.parseIdentifier();
    const fields: A.FieldDecl[] = [];
    this.parseMemberBlock(() => {
      const fieldStart = this.peek().span;
      const varip = this.eat("varip");
      const typeAnn = this.parseTypeRef();
      const fieldName = this.parseIdentifier();
      const defaultValue = this.eat("=") ? this.parseExpression() : null;
      fields.push({ kind: "FieldDecl", span: this.spanFrom(fieldStart), typeAnn, name: fieldName, defaultValue, varip });
    });
    return { kind: "TypeDecl", span: this.spanFrom(start), name, fields, exported };
  }

  private parseEnumDecl(exported: boolean): A.EnumDecl {
    const start = this.next().span;
    const name = this.parseIdentifier();
    const members: A.EnumMember[] = [];
    this.parseMemberBlock(() => {
      const id = this.parseIdentifier();
      let title: A.StringLit | null = null;
      if (this.eat("=")) {
        const t = this.peek();
        if (t.kind !== "string") this.fail("An enum member's title must be a string literal.", t.span);
        this.pos++;
        title = { kind: "StringLit", span: t.span, value: t.value };
      }
      members.push({ kind: "EnumMember", span: this.spanFrom(id.span), name: id, title });
    });
    return { kind: "EnumDecl", span: this.spanFrom(start), name, members, exported };
  }

  /** newline, indent, one item per line, dedent (type fields, enum members). */
  private parseMemberBlock(item: () => void): void {
    if (this.peek().kind !== "newline") this.fail(`Expected a new line, found ${describe(this.peek())}.`);
    this.pos++;
    if (this.peek().kind !== "indent") this.fail("Expected an indented block of members.");
    this.pos++;
    while (this.peek().kind !== "dedent" && this.peek().kind !== "eof") {
      if (this.peek().kind === "newline") {
        this.pos++;
        continue;
      }
      item();
      if (this.peek().kind !== "dedent") {
        if (this.peek().kind !== "newline") this.fail(`Unexpected ${describe(this.peek())}.`);
        this.pos++;
      }
    }
    this.next();
  }

  // ---- types ---------------------------------------------------------------------------------

  /** `[qualifier] name(.name)* [<T, ...>] [[]]` */
  private parseTypeRef(): A.TypeRef {
    const start = this.peek().span;
    let qualifier: A.TypeRef["qualifier"] = null;
    if (this.isIdent() && QUALIFIERS.has(this.peek().value) && this.isIdent(undefined, 1)) {
      qualifier = this.next().value as A.TypeRef["qualifier"];
    }
    let name = this.expectName("a type");
    while (this.is(".") && this.isIdent(undefined, 1)) {
      this.pos++;
      name += "." + this.next().value;
    }
    const args: A.TypeRef[] = [];
    if (this.is("<")) {
      this.pos++;
      do args.push(this.parseTypeRef());
      while (this.eat(","));
      this.expect(">");
    }
    let ref: A.TypeRef = { kind: "TypeRef", span: this.spanFrom(start), name, args, qualifier };
    if (this.is("[") && this.is("]", 1)) {
      this.pos += 2;
      const inner: A.TypeRef = { ...ref, qualifier: null };
      ref = { kind: "TypeRef", span: this.spanFrom(start), name: "array", args: [inner], qualifier };
    }
    return ref;
  }

  // ---- structured forms ----------------------------------------------------------------------

  private parseStructured(): A.Structured {
    const t = this.peek();
    switch (t.value) {
      case "if":
        return this.parseIf();
      case "switch":
        return this.parseSwitch();
      case "for":
        return this.parseFor();
      default:
        return this.parseWhile();
    }
  }

  private parseIf(): A.If {
    const start = this.next().span;
    const cond = this.parseExpression();
    const then = this.parseBlock();
    let elseBranch: A.Block | A.If | null = null;
    if (this.is("else")) {
      this.pos++;
      elseBranch = this.is("if") ? this.parseIf() : this.parseBlock();
    }
    return { kind: "If", span: join(start, (elseBranch ?? then).span), cond, then, else: elseBranch };
  }

  private parseSwitch(): A.Switch {
    const start = this.next().span;
    const subject = this.peek().kind === "newline" ? null : this.parseExpression();
    const cases: A.SwitchCase[] = [];
    if (this.peek().kind !== "newline") this.fail(`Expected a new line after the switch, found ${describe(this.peek())}.`);
    this.pos++;
    if (this.peek().kind !== "indent") this.fail("Expected the indented cases of the switch.");
    this.pos++;
    while (this.peek().kind !== "dedent" && this.peek().kind !== "eof") {
      if (this.peek().kind === "newline") {
        this.pos++;
        continue;
      }
      const caseStart = this.peek().span;
      const test = this.is("=>") ? null : this.parseExpression();
      this.expect("=>");
      const body = this.parseArrowBody();
      cases.push({ kind: "SwitchCase", span: join(caseStart, body.span), test, body });
    }
    this.next();
    const last = cases[cases.length - 1];
    return { kind: "Switch", span: last ? join(start, last.span) : start, subject, cases };
  }

  private parseFor(): A.For | A.ForIn {
    const start = this.next().span;
    if (this.is("[")) {
      this.pos++;
      const index = this.parseIdentifier();
      this.expect(",");
      const item = this.parseIdentifier();
      this.expect("]");
      return this.parseForIn(start, index, item);
    }
    const counter = this.parseIdentifier();
    if (this.isIdent("in")) return this.parseForIn(start, null, counter);
    this.expect("=", "'=' or 'in'");
    const from = this.parseExpression();
    if (!this.isIdent("to")) this.fail(`Expected 'to', found ${describe(this.peek())}.`);
    this.pos++;
    const to = this.parseExpression();
    let step: A.Expr | null = null;
    if (this.isIdent("by")) {
      this.pos++;
      step = this.parseExpression();
    }
    const body = this.parseBlock();
    return { kind: "For", span: join(start, body.span), counter, from, to, step, body };
  }

  private parseForIn(start: A.Span, index: A.Identifier | null, item: A.Identifier): A.ForIn {
    if (!this.isIdent("in")) this.fail(`Expected 'in', found ${describe(this.peek())}.`);
    this.pos++;
    const iterable = this.parseExpression();
    const body = this.parseBlock();
    return { kind: "ForIn", span: join(start, body.span), index, item, iterable, body };
  }

  private parseWhile(): A.While {
    const start = this.next().span;
    const cond = this.parseExpression();
    const body = this.parseBlock();
    return { kind: "While", span: join(start, body.span), cond, body };
  }

  // ---- expressions ---------------------------------------------------------------------------

  parseExpression(): A.Expr {
    return this.nested(() => {
      const t = this.peek();
      if (t.kind === "keyword" && (t.value === "if" || t.value === "switch" || t.value === "for" || t.value === "while")) {
        return this.parseStructured();
      }
      return this.parseTernary();
    });
  }

  private parseTernary(): A.Expr {
    const cond = this.parseBinary(0);
    if (!this.eat("?")) return cond;
    const then = this.nested(() => this.parseTernary());
    this.expect(":");
    const elseExpr = this.nested(() => this.parseTernary());
    return { kind: "Ternary", span: join(cond.span, elseExpr.span), cond, then, else: elseExpr };
  }

  /** Operators of precedence `level` and above, left-associative (precedence climbing: one frame
   *  per operator actually present, not one per level, so parentheses nest cheaply). */
  private parseBinary(level: number): A.Expr {
    let left = this.parseUnary();
    for (;;) {
      const t = this.peek();
      const prec = t.kind === "punct" || t.kind === "keyword" ? BINARY_LEVELS.findIndex((ops) => ops.has(t.value)) : -1;
      if (prec < level) return left;
      this.pos++;
      const right = this.parseBinary(prec + 1);
      left = { kind: "Binary", span: join(left.span, right.span), op: t.value as A.BinaryOp, left, right };
    }
  }

  private parseUnary(): A.Expr {
    const t = this.peek();
    if (this.is("not") || this.is("-") || this.is("+")) {
      this.pos++;
      const operand = this.nested(() => this.parseUnary());
      return { kind: "Unary", span: join(t.span, operand.span), op: t.value as A.UnaryOp, operand };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(expr: A.Expr): A.Expr {
    for (;;) {
      if (this.is(".")) {
        this.pos++;
        const property = this.parseIdentifier();
        expr = { kind: "Member", span: join(expr.span, property.span), object: expr, property };
      } else if (this.is("(")) {
        expr = this.parseCall(expr, []);
      } else if (this.is("<") && this.isTypeArgCall()) {
        const typeArgs = this.parseTypeArgs();
        expr = this.parseCall(expr, typeArgs);
      } else if (this.is("[")) {
        this.pos++;
        const index = this.parseExpression();
        this.expect("]");
        expr = { kind: "Index", span: this.spanFrom(expr.span), object: expr, index };
      } else return expr;
    }
  }

  /** `f<type, ...>(`: try to read type arguments followed by `(`; false leaves `<` a comparison. */
  private isTypeArgCall(): boolean {
    const save = this.pos;
    try {
      this.parseTypeArgs();
      return this.is("(");
    } catch (e) {
      if (!(e instanceof SyntaxError_)) throw e;
      return false;
    } finally {
      this.pos = save;
    }
  }

  private parseTypeArgs(): A.TypeRef[] {
    this.expect("<");
    const args: A.TypeRef[] = [];
    do args.push(this.parseTypeRef());
    while (this.eat(","));
    this.expect(">");
    return args;
  }

  private parseCall(callee: A.Expr, typeArgs: A.TypeRef[]): A.Call {
    this.expect("(");
    const args: A.Argument[] = [];
    while (!this.is(")")) {
      const start = this.peek().span;
      let name: A.Identifier | null = null;
      if (this.isIdent() && this.is("=", 1)) {
        name = this.parseIdentifier();
        this.pos++;
      }
      const value = this.parseExpression();
      args.push({ kind: "Argument", span: join(start, value.span), name, value });
      if (!this.eat(",")) break;
    }
    this.expect(")", "',' or ')'");
    return { kind: "Call", span: this.spanFrom(callee.span), callee, typeArgs, args };
  }

  private parsePrimary(): A.Expr {
    const t = this.peek();
    switch (t.kind) {
      case "number": {
        this.pos++;
        const isInt = /^\d+$/.test(t.value);
        return { kind: "NumberLit", span: t.span, value: Number(t.value), isInt, raw: t.value };
      }
      case "string":
        this.pos++;
        return { kind: "StringLit", span: t.span, value: t.value };
      case "color":
        this.pos++;
        return colorLiteral(t);
      case "ident":
        this.pos++;
        if (t.value === "na" && !this.is("(")) return { kind: "NaLit", span: t.span };
        return { kind: "Identifier", span: t.span, name: t.value };
      case "keyword":
        if (t.value === "true" || t.value === "false") {
          this.pos++;
          return { kind: "BoolLit", span: t.span, value: t.value === "true" };
        }
        break;
      case "punct":
        if (t.value === "(") {
          this.pos++;
          const inner = this.parseExpression();
          this.expect(")");
          return inner;
        }
        if (t.value === "[") return this.parseTupleExpr();
        break;
      default:
        break;
    }
    return this.fail(`Unexpected ${describe(t)}.`);
  }

  private parseTupleExpr(): A.TupleExpr {
    const start = this.next().span;
    const elements: A.Expr[] = [];
    while (!this.is("]")) {
      elements.push(this.parseExpression());
      if (!this.eat(",")) break;
    }
    this.expect("]", "',' or ']'");
    return { kind: "TupleExpr", span: this.spanFrom(start), elements };
  }

  result(): Diagnostic[] {
    return this.diagnostics;
  }

  get fileName(): string {
    return this.file;
  }
}

/** Lex and parse one file. The default version is 6 (docs/reference/language.md). */
export function parse(file: string, source: string): ParseResult {
  const lexed = lex(file, source);
  const parser = new Parser(lexed.tokens, file);
  const script = parser.parseScript(lexed.version ?? 6, lexed.versionSpan);
  return { script, diagnostics: [...lexed.diagnostics, ...parser.result()] };
}
