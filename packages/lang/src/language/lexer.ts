// Lexer: source text -> tokens, with Pine's layout rules turned into newline/indent/dedent tokens.
//
// Layout (Pine's rules):
//   - A line indented by a multiple of 4 columns (a tab is 4) starts a statement; deeper than the
//     enclosing line opens a block (indent), shallower closes blocks (dedent).
//   - A line indented by a non-multiple of 4 continues the previous line, and so does any line
//     while a `(` or `[` is open: no newline is emitted between them.
//   - Blank lines and comment-only lines are ignored. `//@version=N` in the leading comments sets
//     the language version.

import type { Diagnostic } from "../types";
import type { Span } from "./ast";
import { Code } from "./codes";
import { diagnostic } from "./diagnostics";
import { INDENT_WIDTH, KEYWORDS, PUNCTUATORS, type Token } from "./tokens";

export interface LexResult {
  tokens: Token[];
  version: number | null;
  versionSpan: Span | null;
  diagnostics: Diagnostic[];
}

const VERSION_RE = /^\/\/\s*@version\s*=\s*(\d+)/;

const BYTE_ORDER_MARK = "\uFEFF";

class Lexer {
  private readonly tokens: Token[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private readonly indents: number[] = [0];
  private depth = 0; // open ( and [
  private version: number | null = null;
  private versionSpan: Span | null = null;
  private sawCode = false;
  private line = 1;
  private lineStart = 0;
  private pos = 0;

  constructor(
    private readonly file: string,
    private readonly src: string,
  ) {}

  run(): LexResult {
    // a byte order mark (a file saved by some Windows editors) is no part of the script
    if (this.src.startsWith(BYTE_ORDER_MARK)) this.pos = this.lineStart = BYTE_ORDER_MARK.length;
    while (this.pos < this.src.length) this.lexLine();
    this.finish();
    return { tokens: this.tokens, version: this.version, versionSpan: this.versionSpan, diagnostics: this.diagnostics };
  }

  private span(startPos: number, startLine: number, startLineStart: number): Span {
    return {
      file: this.file,
      line: startLine,
      column: startPos - startLineStart + 1,
      endLine: this.line,
      endColumn: this.pos - this.lineStart + 1,
    };
  }

  private pointSpan(): Span {
    const column = this.pos - this.lineStart + 1;
    return { file: this.file, line: this.line, column, endLine: this.line, endColumn: column };
  }

  /** One physical line: its indentation, then its tokens up to the line break. */
  private lexLine(): void {
    let width = 0;
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === " ") width += 1;
      else if (c === "\t") width += INDENT_WIDTH;
      else break;
      this.pos++;
    }
    if (this.atLineEnd() || this.src.startsWith("//", this.pos)) {
      this.skipComment();
      this.endLine();
      return;
    }
    this.layout(width);
    this.sawCode = true;
    while (!this.atLineEnd()) {
      const c = this.src[this.pos];
      if (c === " " || c === "\t") this.pos++;
      else if (this.src.startsWith("//", this.pos)) this.skipComment();
      else this.lexToken();
    }
    this.endLine();
  }

  private atLineEnd(): boolean {
    const c = this.src[this.pos];
    return c === undefined || c === "\n" || c === "\r";
  }

  private endLine(): void {
    if (this.src[this.pos] === "\r") this.pos++;
    if (this.src[this.pos] === "\n") this.pos++;
    this.line++;
    this.lineStart = this.pos;
  }

  private skipComment(): void {
    const start = this.pos;
    while (!this.atLineEnd()) this.pos++;
    const text = this.src.slice(start, this.pos);
    const m = VERSION_RE.exec(text);
    if (m && !this.sawCode && this.version === null) {
      this.version = Number(m[1]);
      this.versionSpan = this.span(start, this.line, this.lineStart);
    }
  }

  /** Decide whether this line continues the previous one or starts a statement (maybe a block). */
  private layout(width: number): void {
    const last = this.tokens[this.tokens.length - 1];
    if (last === undefined) {
      // A line indented by other than a multiple of four continues the line before it; the first
      // statement has none, so TradingView reads it as it stands (a published script starts
      // `  indicator(...)` after its comments). A block's indentation there is an error.
      if (width % INDENT_WIDTH === 0 && width !== 0) this.diagnostics.push(diagnostic("lint", Code.syntax_error, "The first statement must not be indented.", this.indentSpan()));
      return;
    }
    if (this.depth > 0 || width % INDENT_WIDTH !== 0) return; // continuation line
    this.push("newline", "", this.endOfToken(last));
    const top = this.indents[this.indents.length - 1] ?? 0;
    if (width > top) {
      this.indents.push(width);
      this.push("indent", "", this.indentSpan());
      return;
    }
    while (width < (this.indents[this.indents.length - 1] ?? 0)) {
      this.indents.pop();
      this.push("dedent", "", this.pointSpan());
    }
    if (width !== (this.indents[this.indents.length - 1] ?? 0)) {
      // Shallower than the block but deeper than its parent: open it as a new level so the
      // parser reports one "unexpected indentation" rather than losing track of the blocks.
      this.indents.push(width);
      this.push("indent", "", this.indentSpan());
    }
  }

  /** The leading whitespace of the current line. */
  private indentSpan(): Span {
    return { file: this.file, line: this.line, column: 1, endLine: this.line, endColumn: this.pos - this.lineStart + 1 };
  }

  /** The line break after token `t`, one column wide. */
  private endOfToken(t: Token): Span {
    return { file: this.file, line: t.span.endLine, column: t.span.endColumn, endLine: t.span.endLine, endColumn: t.span.endColumn + 1 };
  }

  private finish(): void {
    const last = this.tokens[this.tokens.length - 1];
    if (last !== undefined) this.push("newline", "", this.endOfToken(last));
    while (this.indents.length > 1) {
      this.indents.pop();
      this.push("dedent", "", this.pointSpan());
    }
    this.push("eof", "", this.pointSpan());
  }

  /** Whether the line being lexed is an import statement, before its path ends (`as`). */
  private inImportPath(): boolean {
    let k = this.tokens.length - 1;
    while (k >= 0 && this.tokens[k]!.span.line === this.line) {
      if (this.tokens[k]!.kind === "ident" && this.tokens[k]!.value === "as") return false;
      k--;
    }
    const first = this.tokens[k + 1];
    return first !== undefined && first.span.line === this.line && first.kind === "keyword" && first.value === "import";
  }

  private push(kind: Token["kind"], value: string, span: Span): void {
    this.tokens.push({ kind, value, span });
  }

  private lexToken(): void {
    const c = this.src[this.pos] ?? "";
    const start = this.pos;
    if (isIdentStart(c)) return this.lexIdent();
    if (isDigit(c) || (c === "." && isDigit(this.src[this.pos + 1] ?? ""))) return this.lexNumber();
    if (this.src.startsWith('"""', this.pos) || this.src.startsWith("'''", this.pos)) return this.lexTripleString(this.src.slice(this.pos, this.pos + 3));
    if (c === '"' || c === "'") return this.lexString(c);
    if (c === "#") return this.lexColor();
    for (const p of PUNCTUATORS) {
      if (this.src.startsWith(p, this.pos)) {
        this.pos += p.length;
        if (p === "(" || p === "[") this.depth++;
        if ((p === ")" || p === "]") && this.depth > 0) this.depth--;
        this.push("punct", p, this.span(start, this.line, this.lineStart));
        return;
      }
    }
    this.pos++;
    this.diagnostics.push(diagnostic("lint", Code.syntax_error, `Unexpected character '${c}'.`, this.span(start, this.line, this.lineStart)));
  }

  private lexIdent(): void {
    const start = this.pos;
    while (isIdentPart(this.src[this.pos] ?? "")) this.pos++;
    const text = this.src.slice(start, this.pos);
    this.push(KEYWORDS.has(text) ? "keyword" : "ident", text, this.span(start, this.line, this.lineStart));
  }

  private lexNumber(): void {
    const start = this.pos;
    while (isDigit(this.src[this.pos] ?? "")) this.pos++;
    if (this.src[this.pos] === "." && !isIdentStart(this.src[this.pos + 1] ?? "")) {
      this.pos++;
      while (isDigit(this.src[this.pos] ?? "")) this.pos++;
    }
    const e = this.src[this.pos];
    if (e === "e" || e === "E") {
      const sign = this.src[this.pos + 1];
      const digitAt = sign === "+" || sign === "-" ? this.pos + 2 : this.pos + 1;
      if (isDigit(this.src[digitAt] ?? "")) {
        this.pos = digitAt;
        while (isDigit(this.src[this.pos] ?? "")) this.pos++;
      }
    }
    const span = this.span(start, this.line, this.lineStart);
    if (isIdentStart(this.src[this.pos] ?? "")) {
      while (isIdentPart(this.src[this.pos] ?? "")) this.pos++;
      const bad = this.span(start, this.line, this.lineStart);
      // in an import's path a piece of a handle or slug may start with digits ("ni-0e5c/lib/1")
      if (this.inImportPath()) return this.push("ident", this.src.slice(start, this.pos), bad);
      this.diagnostics.push(diagnostic("lint", Code.syntax_error, "Invalid number literal.", bad));
      this.push("number", "0", bad);
      return;
    }
    this.push("number", this.src.slice(start, this.pos), span);
  }

  private lexString(quote: string): void {
    const start = this.pos;
    const line = this.line;
    const lineStart = this.lineStart;
    this.pos++;
    let value = "";
    for (;;) {
      const c = this.src[this.pos];
      if ((c === "\n" || c === "\r") && this.wrapString(this.indentOf(lineStart))) continue;
      if (c === undefined || c === "\n" || c === "\r") {
        this.diagnostics.push(diagnostic("lint", Code.syntax_error, "Unterminated string literal.", this.span(start, line, lineStart)));
        this.push("string", value, this.span(start, line, lineStart));
        return;
      }
      this.pos++;
      if (c === quote) break;
      if (c === "\\") {
        const n = this.src[this.pos];
        if (n === undefined || n === "\n" || n === "\r") continue;
        this.pos++;
        value += ESCAPES[n] ?? n;
      } else value += c;
    }
    this.push("string", value, this.span(start, line, lineStart));
  }

  /**
   * A "..." or '...' string wrapped onto the next line (TradingView's multiline string: the
   * continuation line is indented deeper than the line the string starts on, or is a wrapped line
   * by the layout rules, inside an open `(` or `[` or indented by other than a multiple of four):
   * the line break and the continuation's indentation are not part of the value
   * (docs/adr/0114-wrapped-string-literals.md, docs/adr/0160-wrapped-strings-on-continuation-lines.md).
   * False, consuming nothing, when the next line is none of these: the string is then unterminated.
   */
  private wrapString(startIndent: number): boolean {
    let p = this.pos;
    if (this.src[p] === "\r") p++;
    if (this.src[p] === "\n") p++;
    const width = this.indentOf(p);
    const continues = width > startIndent || (width > 0 && (this.depth > 0 || width % INDENT_WIDTH !== 0));
    if (!continues || this.src[p + this.indentLength(p)] === undefined) return false;
    this.line++;
    this.lineStart = p;
    this.pos = p + this.indentLength(p);
    return true;
  }

  /** The indentation width (a tab is 4) of the line starting at `at`. */
  private indentOf(at: number): number {
    let width = 0;
    for (let p = at; this.src[p] === " " || this.src[p] === "\t"; p++) width += this.src[p] === "\t" ? INDENT_WIDTH : 1;
    return width;
  }

  private indentLength(at: number): number {
    let p = at;
    while (this.src[p] === " " || this.src[p] === "\t") p++;
    return p - at;
  }

  /** `"""` ... `"""` or `'''` ... `'''` (TradingView's multiline strings): a string over several lines, its line breaks kept (escapes as in "..."). */
  private lexTripleString(quotes: string): void {
    const start = this.pos;
    const line = this.line;
    const lineStart = this.lineStart;
    this.pos += 3;
    let value = "";
    while (!this.src.startsWith(quotes, this.pos)) {
      const c = this.src[this.pos];
      if (c === undefined) {
        this.diagnostics.push(diagnostic("lint", Code.syntax_error, "Unterminated string literal.", this.span(start, line, lineStart)));
        this.push("string", value, this.span(start, line, lineStart));
        return;
      }
      this.pos++;
      if (c === "\\" && this.src[this.pos] !== undefined && this.src[this.pos] !== "\n") {
        const n = this.src[this.pos++]!;
        value += ESCAPES[n] ?? n;
      } else if (c === "\r") continue;
      else value += c;
      if (c === "\n") {
        this.line++;
        this.lineStart = this.pos;
      }
    }
    this.pos += 3;
    this.push("string", value, this.span(start, line, lineStart));
  }

  private lexColor(): void {
    const start = this.pos;
    this.pos++;
    while (isHex(this.src[this.pos] ?? "")) this.pos++;
    const digits = this.pos - start - 1;
    const trailing = isIdentPart(this.src[this.pos] ?? "");
    while (isIdentPart(this.src[this.pos] ?? "")) this.pos++;
    const span = this.span(start, this.line, this.lineStart);
    if ((digits !== 6 && digits !== 8) || trailing) {
      this.diagnostics.push(diagnostic("lint", Code.syntax_error, "A color literal is '#' followed by 6 or 8 hexadecimal digits.", span));
      this.push("color", "#000000", span); // keep parsing the statement: one mistake, one diagnostic
      return;
    }
    this.push("color", this.src.slice(start, this.pos), span);
  }
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", '"': '"', "'": "'" };

function isDigit(c: string): boolean {
  return c >= "0" && c <= "9";
}
function isHex(c: string): boolean {
  return isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F");
}
function isIdentStart(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
}
function isIdentPart(c: string): boolean {
  return isIdentStart(c) || isDigit(c);
}

export function lex(file: string, src: string): LexResult {
  return new Lexer(file, src).run();
}
