// Walking a checked tree in source order (see language/visit.ts).

import type { Call, Node } from "../language/ast";
import { forEachNode } from "../language/visit";

export { forEachNode };

export function forEachCall(root: Node | Node[], f: (c: Call) => void): void {
  forEachNode(root, (n) => {
    if (n.kind === "Call") f(n);
  });
}

/** A call's builtin name when it calls a built-in (`plot`, `ta.sma`, `array.push` as a method). */
export function builtinName(c: Call): string | null {
  return c.target?.kind === "builtin" || c.target?.kind === "builtinMethod" ? c.target.name : null;
}
