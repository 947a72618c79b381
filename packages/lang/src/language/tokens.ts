// Token kinds of the lexer, as data. Layout tokens (newline, indent, dedent) come from the
// indentation rules in lexer.ts; everything else is a piece of the source.

import type { Span } from "./ast";

export type TokenKind =
  | "ident"
  | "keyword"
  | "number"
  | "string"
  | "color"
  | "punct"
  | "newline"
  | "indent"
  | "dedent"
  | "eof";

export interface Token {
  kind: TokenKind;
  /** Source text for ident/keyword/punct/number/color; the unescaped value for strings. */
  value: string;
  span: Span;
}

/**
 * Reserved words. `to`, `by`, `in`, `as`, `type`, `method`, `enum`, `simple`, `series`, `const`
 * are contextual (they are identifiers elsewhere, e.g. a variable named `type` in old scripts), so
 * they are lexed as identifiers and recognised by the parser where they apply.
 */
export const KEYWORDS: ReadonlySet<string> = new Set([
  "and",
  "or",
  "not",
  "if",
  "else",
  "switch",
  "for",
  "while",
  "break",
  "continue",
  "var",
  "varip",
  "import",
  "export",
  "true",
  "false",
]);

/** Punctuators, longest first so the lexer can match greedily. */
export const PUNCTUATORS: readonly string[] = [
  ":=",
  "=>",
  "==",
  "!=",
  "<=",
  ">=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "+",
  "-",
  "*",
  "/",
  "%",
  "<",
  ">",
  "=",
  "?",
  ":",
  ",",
  ".",
  "(",
  ")",
  "[",
  "]",
];

/** Width of one indentation level; a tab counts as one level. */
export const INDENT_WIDTH = 4;
