// Walking a checked tree in source order, skipping annotations (which point back into the tree).

import type { Call, Node } from "../language/ast";

const SKIP: ReadonlySet<string> = new Set(["span", "type", "qual", "symbol", "symbols", "target", "fn", "indexSymbol", "itemSymbol"]);

export function forEachNode(root: unknown, f: (n: Node) => void): void {
  if (Array.isArray(root)) {
    for (const x of root) forEachNode(x, f);
    return;
  }
  if (typeof root !== "object" || root === null) return;
  if (typeof (root as { kind?: unknown }).kind === "string") f(root as Node);
  for (const [k, v] of Object.entries(root)) if (!SKIP.has(k) && typeof v === "object") forEachNode(v, f);
}

export function forEachCall(root: unknown, f: (c: Call) => void): void {
  forEachNode(root, (n) => {
    if (n.kind === "Call") f(n);
  });
}

/** A call's builtin name when it calls a built-in (`plot`, `ta.sma`, `array.push` as a method). */
export function builtinName(c: Call): string | null {
  return c.target?.kind === "builtin" || c.target?.kind === "builtinMethod" ? c.target.name : null;
}
