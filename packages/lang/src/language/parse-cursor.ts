// The parser's core (parser.ts): a cursor over the layout tokens of lexer.ts, syntax errors
// thrown inside a statement and reported at its boundary, the nesting limit, and the layout rules
// that end a statement or skip a broken one with the block indented under it.

import type { Diagnostic } from "../types";
import type * as A from "./ast";
import { Code } from "./codes";
import { diagnostic, join } from "./diagnostics";
import { describe } from "./parse-nodes";
import type { Token } from "./tokens";

/** The codes the parser reports. */
export type ParserCode = typeof Code.syntax_error | typeof Code.too_complex;

/** Thrown inside a statement; caught at the statement boundary (never escapes parse()). */
/** Why a continuation line indented by a multiple of 4 spaces is refused (Pine's line wrapping). */
export const WRAPPED_AT_BLOCK_INDENT = "a line indented by a multiple of 4 spaces starts a block. To continue the line above, indent it by another number of spaces (Pine's line wrapping) or wrap the expression in parentheses.";

export class SyntaxError_ {
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

export abstract class ParseCursor {
  protected pos = 0;
  protected readonly diagnostics: Diagnostic[] = [];
  /** Depth of the parser's expression recursion (see MAX_NESTING). */
  private nesting = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly file: string,
  ) {}

  get fileName(): string {
    return this.file;
  }

  // ---- tokens --------------------------------------------------------------------------------

  protected peek(offset = 0): Token {
    const t = this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)];
    if (t === undefined) throw new Error("token stream without eof");
    return t;
  }

  protected prev(): Token {
    return this.tokens[this.pos - 1] ?? this.peek();
  }

  protected next(): Token {
    const t = this.peek();
    if (t.kind !== "eof") this.pos++;
    return t;
  }

  protected is(value: string, offset = 0): boolean {
    const t = this.peek(offset);
    return (t.kind === "punct" || t.kind === "keyword") && t.value === value;
  }

  protected isIdent(value?: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === "ident" && (value === undefined || t.value === value);
  }

  protected eat(value: string): boolean {
    if (!this.is(value)) return false;
    this.pos++;
    return true;
  }

  protected expect(value: string, what = `'${value}'`): Token {
    if (!this.is(value)) this.fail(`Expected ${what}, found ${describe(this.peek())}.`);
    return this.next();
  }

  protected expectName(what: string): string {
    const t = this.peek();
    if (t.kind !== "ident") this.fail(`Expected ${what}, found ${describe(t)}.`);
    this.pos++;
    return t.value;
  }

  protected parseIdentifier(): A.Identifier {
    const t = this.peek();
    if (t.kind !== "ident") this.fail(`Expected a name, found ${describe(t)}.`);
    this.pos++;
    return { kind: "Identifier", span: t.span, name: t.value };
  }

  protected spanFrom(start: A.Span): A.Span {
    return join(start, this.prev().span);
  }

  // ---- errors --------------------------------------------------------------------------------

  protected fail(message: string, span: A.Span = this.peek().span): never {
    throw new SyntaxError_(message, span);
  }

  protected report(message: string, span: A.Span, code: ParserCode = Code.syntax_error): void {
    this.diagnostics.push(diagnostic("lint", code, message, span));
  }

  /** Runs one level of the parser's expression recursion, refusing input nested too deeply. */
  protected nested<T>(f: () => T): T {
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

  // ---- layout --------------------------------------------------------------------------------

  /** A statement's end: a newline, a comma (Pine's `a = 1, b = 2` on one line, also ending the line:
   *  TradingView reads `a = 1,` then `b = 2` on the next line of the block as the same two statements),
   *  or nothing when it ended with an indented block. */
  protected endStatement(): void {
    const t = this.peek();
    if (t.kind === "newline") {
      this.pos++;
      return;
    }
    if (t.kind === "punct" && t.value === "," && this.peek(1).kind !== "eof") {
      this.pos++;
      return;
    }
    if (this.prev().kind === "dedent" || t.kind === "eof" || t.kind === "dedent") return;
    this.fail(`Unexpected ${describe(t)}.`);
  }

  /** A new line, then an indented block of items to its dedent, blank lines between them skipped
   *  (a switch's cases, a type's fields, an enum's members). `after` completes the message
   *  "Expected a new line..."; `noIndent` is the message when the block is missing. */
  protected indentedItems(after: string, noIndent: string, item: () => void): void {
    if (this.peek().kind !== "newline") this.fail(`Expected a new line${after}, found ${describe(this.peek())}.`);
    this.pos++;
    if (this.peek().kind !== "indent") this.fail(noIndent);
    this.pos++;
    while (this.peek().kind !== "dedent" && this.peek().kind !== "eof") {
      if (this.peek().kind === "newline") {
        this.pos++;
        continue;
      }
      this.itemWithRecovery(item);
    }
    this.next();
  }

  /** One item of an indented block; a broken one is reported and skipped to its line's end, so
   *  the items after it are still read as items (not as statements, each with its own error). */
  private itemWithRecovery(item: () => void): void {
    try {
      item();
    } catch (e) {
      if (!(e instanceof SyntaxError_)) throw e;
      this.report(e.message, e.span, e.code);
      this.recover();
    }
  }

  /** Skip to the end of the broken statement and over any block indented under it. */
  protected recover(): void {
    while (this.peek().kind !== "newline" && this.peek().kind !== "eof") {
      if (this.peek().kind === "indent") this.skipBlock();
      else if (this.peek().kind === "dedent") return;
      else this.pos++;
    }
    if (this.peek().kind === "newline") this.pos++;
    while (this.peek().kind === "indent") this.skipBlock();
  }

  protected skipBlock(): void {
    let depth = 0;
    do {
      const t = this.next();
      if (t.kind === "indent") depth++;
      else if (t.kind === "dedent") depth--;
      else if (t.kind === "eof") return;
    } while (depth > 0);
  }
}
