// Declarations of the parser (parser.ts): variables (plain, `var`/`varip`, typed, tuples),
// functions and methods, `type` and `enum` blocks, `import` and `export`.

import type * as A from "./ast";
import { join } from "./diagnostics";
import { BlockParser } from "./parse-blocks";
import { SyntaxError_ } from "./parse-cursor";
import { describe } from "./parse-nodes";

export abstract class DeclarationParser extends BlockParser {
  /** Statements introduced by an identifier: functions, methods, types, enums, typed variables. */
  protected tryDeclarationStatement(exported: boolean): A.Stmt | null {
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

  protected parseExport(): A.Stmt {
    const start = this.next().span;
    // `export const float X = ...`: a library constant (the checker requires type and const value)
    const constant = this.peek().value === "const" ? this.tryTypedDecl() : null;
    const s = constant ?? (this.peek().kind === "ident" ? this.tryDeclarationStatement(true) : null);
    if (!s) this.fail("Only functions, methods, types, enums and 'const' variables can be exported.", this.peek().span);
    if (s.kind === "VarDecl") s.exported = true;
    if (s.kind === "FunctionDecl" || s.kind === "TypeDecl" || s.kind === "EnumDecl" || s.kind === "VarDecl") s.span = join(start, s.span);
    return s;
  }

  protected parseImport(): A.ImportDecl {
    const start = this.next().span;
    let source: A.ImportSource;
    const t = this.peek();
    if (t.kind === "string") {
      this.pos++;
      source = { kind: "relative", path: t.value };
    } else {
      // an owner is an account's handle, which may hold dashes ("my-name"), as a slug may
      const owner = this.parseSlug("a library path 'owner/slug/version'");
      this.expect("/");
      const slug = this.parseSlug();
      this.expect("/");
      const v = this.peek();
      if (v.kind !== "number" || !/^\d+$/.test(v.value)) this.fail("Expected the library's version number.", v.span);
      this.pos++;
      source = { kind: "library", owner, slug, version: Number(v.value) };
    }
    const alias = this.parseImportAlias(source, start);
    const span = this.spanFrom(start);
    this.endStatement();
    return { kind: "ImportDecl", span, source, alias };
  }

  /** `as alias`; without it Pine knows a library by its name (`import TradingView/ta/7` is `ta`). */
  private parseImportAlias(source: A.ImportSource, start: A.Span): A.Identifier {
    if (this.isIdent("as")) {
      this.pos++;
      return this.parseIdentifier();
    }
    if (source.kind === "library" && /^[A-Za-z_]\w*$/.test(source.slug)) return { kind: "Identifier", span: this.spanFrom(start), name: source.slug };
    return this.fail(`Expected 'as' and an alias, found ${describe(this.peek())}.`);
  }

  /** Slugs may contain `-`, which the lexer splits: glue adjacent pieces back together. */
  private parseSlug(what = "a script slug"): string {
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
    if (slug === "") this.fail(`Expected ${what}, found ${describe(this.peek())}.`);
    return slug;
  }

  /** `[var|varip] [type] name = expr` (the caller has checked the shape). */
  protected parseVarDecl(): A.VarDecl {
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
    let typed = false;
    try {
      this.parseTypeRef();
      typed = this.isIdent() && this.is("=", 1);
    } catch (e) {
      if (!(e instanceof SyntaxError_)) throw e;
    }
    this.pos = save;
    // a declaration once `type name =` is read: its value's own errors are reported as they are
    return typed ? this.parseVarDecl() : null;
  }

  /** `[a, b] = expr` (or `[a, _] = ...`); null when the `[` starts an expression instead. */
  protected tryTupleDecl(): A.TupleDecl | null {
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
    this.indentedItems("", "Expected an indented block of members.", () => {
      item();
      if (this.peek().kind !== "dedent") {
        if (this.peek().kind !== "newline") this.fail(`Unexpected ${describe(this.peek())}.`);
        this.pos++;
      }
    });
  }
}
