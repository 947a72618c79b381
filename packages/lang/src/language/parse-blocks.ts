// Blocks and control flow of the parser (parser.ts): statement lists with error recovery,
// indented blocks and `=>` bodies, and `if`, `switch`, `for`/`for ... in`, `while` (statements
// and expressions both).
//
// Statements end with a newline, except those ending in an indented block (its dedent ends
// them). A syntax error inside a statement is reported once, then the parser skips to the end of
// that statement (and any block indented under it), so one mistake gives one diagnostic.

import type * as A from "./ast";
import { Code } from "./codes";
import { join } from "./diagnostics";
import { MAX_TREE_DEPTH, SyntaxError_, WRAPPED_AT_BLOCK_INDENT } from "./parse-cursor";
import { ExpressionParser } from "./parse-expressions";
import { deepestNode, describe } from "./parse-nodes";

export abstract class BlockParser extends ExpressionParser {
  /** One statement, ended (newline, comma or its block's dedent). */
  protected abstract parseStatement(): A.Stmt;

  /** Statements until dedent (inside a block) or eof. */
  protected parseStatements(inBlock: boolean): A.Stmt[] {
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
        this.report(`Unexpected indentation: ${WRAPPED_AT_BLOCK_INDENT}`, t.span);
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

  /** `=> ...` bodies and branch bodies: an indented block on the next lines. */
  protected parseBlock(): A.Block {
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

  /**
   * A body after `=>`: either on the same line or an indented block. On the same line, statements
   * separated by commas (Pine puts several statements on one line so; the line may wrap after a
   * comma) are all the body: `1 => ups += 1, last := close`, the last one its value.
   */
  protected parseArrowBody(): A.Block {
    if (this.peek().kind === "newline") return this.parseBlock();
    const body = [this.parseStatement()];
    while (this.prev().kind === "punct" && this.prev().value === "," && this.startsStatement()) body.push(this.parseStatement());
    const first = body[0] as A.Stmt;
    const last = body[body.length - 1] as A.Stmt;
    return { kind: "Block", span: join(first.span, last.span), body };
  }

  /** Whether a statement follows (not the end of a line, of a block or of the file). */
  private startsStatement(): boolean {
    const k = this.peek().kind;
    return k !== "newline" && k !== "dedent" && k !== "indent" && k !== "eof";
  }

  // ---- structured forms ----------------------------------------------------------------------

  protected parseStructured(): A.Structured {
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
    this.indentedItems(" after the switch", "Expected the indented cases of the switch.", () => {
      const caseStart = this.peek().span;
      const test = this.is("=>") ? null : this.parseExpression();
      this.expect("=>");
      const body = this.parseArrowBody();
      cases.push({ kind: "SwitchCase", span: join(caseStart, body.span), test, body });
    });
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
    // `for int i = 0 to n`: TradingView takes the counter's type written before it
    let counterType: "int" | "float" | null = null;
    if ((this.isIdent("int") || this.isIdent("float")) && this.isIdent(undefined, 1) && this.is("=", 2)) counterType = this.next().value as "int" | "float";
    const counter = this.parseIdentifier();
    if (counterType === null && this.isIdent("in")) return this.parseForIn(start, null, counter);
    this.expect("=", counterType === null ? "'=' or 'in'" : "'='");
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
    return { kind: "For", span: join(start, body.span), counter, ...(counterType ? { counterType } : {}), from, to, step, body };
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
}
