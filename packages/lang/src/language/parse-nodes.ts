// Node helpers of the parser (parser.ts): the depth check of a statement's tree, which
// expressions are structured statements, colour literals, and how a token is named in a message.
import type * as A from "./ast";
import type { Token } from "./tokens";

/** The first node found deeper than `limit` in a statement's tree (an iterative walk), or null. */
export function deepestNode(root: A.Stmt, limit: number): { span: A.Span } | null {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (Array.isArray(node)) {
      for (const x of node) if (x !== null && typeof x === "object") stack.push([x, depth]);
      continue;
    }
    const n = node as Record<string, unknown>;
    if (typeof n.kind !== "string") continue;
    if (depth > limit) return n as unknown as { span: A.Span };
    for (const k in n) {
      if (k === "span") continue;
      const v = n[k];
      if (v !== null && typeof v === "object") stack.push([v, depth + 1]);
    }
  }
  return null;
}

export function isStructured(e: A.Expr): e is A.Structured {
  return e.kind === "If" || e.kind === "Switch" || e.kind === "For" || e.kind === "ForIn" || e.kind === "While";
}

export function colorLiteral(t: Token): A.ColorLit {
  const hex = t.value.slice(1);
  const byte = (i: number): number => parseInt(hex.slice(i, i + 2), 16);
  return { kind: "ColorLit", span: t.span, raw: t.value, r: byte(0), g: byte(2), b: byte(4), a: hex.length === 8 ? byte(6) : 255 };
}

export function describe(t: Token): string {
  switch (t.kind) {
    case "newline":
      return "end of line";
    case "indent":
      return "indentation";
    case "dedent":
      return "end of block";
    case "eof":
      return "end of file";
    case "string":
      return "a string";
    case "number":
      return `'${t.value}'`;
    default:
      return `'${t.value}'`;
  }
}
