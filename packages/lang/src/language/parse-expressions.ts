// Expressions of the parser (parser.ts): precedence climbing, unary operators, postfix member
// access, indexing and calls (with `f<type>(` type arguments), literals and tuples, and the type
// references that declarations and type arguments share.
//
// Expression precedence (Pine's table, lowest first): `?:` (right-assoc), `or`, `and`,
// `== !=`, `< <= > >=`, `+ -`, `* / %`, unary `not + -`, then postfix `[]`, calls, `.`.
// `if`, `switch`, `for` and `while` are expressions too; they are parsed by parse-blocks.ts.

import type * as A from "./ast";
import { join } from "./diagnostics";
import { ParseCursor, SyntaxError_, WRAPPED_AT_BLOCK_INDENT } from "./parse-cursor";
import { colorLiteral, describe } from "./parse-nodes";

const QUALIFIERS: ReadonlySet<string> = new Set(["const", "simple", "series"]);
const BINARY_LEVELS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(["or"]),
  new Set(["and"]),
  new Set(["==", "!="]),
  new Set(["<", "<=", ">", ">="]),
  new Set(["+", "-"]),
  new Set(["*", "/", "%"]),
];

export abstract class ExpressionParser extends ParseCursor {
  /** `if`, `switch`, `for`, `while` (the keyword is next). */
  protected abstract parseStructured(): A.Structured;

  parseExpression(): A.Expr {
    return this.nested(() => {
      const t = this.peek();
      if (t.kind === "keyword" && (t.value === "if" || t.value === "switch" || t.value === "for" || t.value === "while")) {
        return this.parseStructured();
      }
      if (t.kind === "ident" && t.value === "once" && this.startsOnceStructure()) {
        this.fail("`once` starts a once structure, which needs an indented block and returns no value: it cannot be assigned or used in an expression (reassign variables inside its block instead).", t.span);
      }
      return this.parseTernary();
    });
  }

  /** `once` followed by a condition, or by an indented block: TradingView's once structure (August 2026), not a
   *  variable an older script named `once` (that one is followed by an operator, `)`, `,` or the end of the line). */
  private startsOnceStructure(): boolean {
    const next = this.peek(1);
    if (next.kind === "newline") return this.peek(2).kind === "indent";
    return next.kind === "ident" || next.kind === "number" || next.kind === "string" || next.kind === "color" || (next.kind === "keyword" && (next.value === "not" || next.value === "true" || next.value === "false"));
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
    const primary = expr;
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
        // `x[1][2]` (not `(x[1])[2]`): the checker refuses [] written right after [] (rules/history-offset.ts)
        const chained = expr !== primary && expr.kind === "Index";
        expr = { kind: "Index", span: this.spanFrom(expr.span), object: expr, index, ...(chained ? { chained } : {}) };
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
    if (t.kind === "newline" && this.peek(1).kind === "indent") return this.fail(`Unexpected end of line: ${WRAPPED_AT_BLOCK_INDENT}`);
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

  // ---- types ---------------------------------------------------------------------------------

  /** `[qualifier] name(.name)* [<T, ...>] [[]]` */
  protected parseTypeRef(): A.TypeRef {
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
}
