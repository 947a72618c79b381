// Where a `break` or `continue` goes when a requested context's run executes code the chart's run
// would skip (docs/adr/0283, docs/adr/0314). Such code sits between the statement and its loop in
// frames: the passes of an `if`/`switch` holding a request (a JS loop of their own, where an exit
// in a pass the conditions did not pick ends only that pass), the statement whose exit is held back
// until the rest of the iteration's requests have recorded ("held"), and the rest run in a pass of
// its own ("rest", where an exit ends only that pass). An exit with frames around it jumps by label.

import type { Gen } from "./context";

/** A frame between an exit and its loop. */
export type ExitFrame =
  /** capturePasses' loop: a pass below `last` runs a body the conditions did not pick. */
  | { kind: "passes"; label: string; pass: string; last: number }
  /** A statement whose exit sets `flag` (1 break, 2 continue) and leaves the labelled block. */
  | { kind: "held"; label: string; flag: string }
  /** The rest of the iteration run because a held exit skipped it: `pass` is 0 then. */
  | { kind: "rest"; label: string; pass: string };

interface LoopExits {
  label: string;
  used: boolean;
  frames: ExitFrame[];
}

const loops = new WeakMap<Gen, LoopExits[]>();

function stackOf(g: Gen): LoopExits[] {
  let s = loops.get(g);
  if (s === undefined) loops.set(g, (s = []));
  return s;
}

/** Compiles a loop's body (`body`) with its own exits; returns it and the label its loop statement takes ("" when no exit jumps by label). */
export function withLoopExits(g: Gen, body: () => string): { code: string; label: string } {
  const stack = stackOf(g);
  const loop: LoopExits = { label: g.scopes.fresh("loop"), used: false, frames: [] };
  stack.push(loop);
  try {
    const code = body();
    return { code, label: loop.used ? `${loop.label}: ` : "" };
  } finally {
    stack.pop();
  }
}

/** Compiles `body` inside `frame` (of the innermost loop; outside any loop nothing can exit, and the frame is not needed). */
export function withFrame<T>(g: Gen, frame: ExitFrame, body: () => T): T {
  const loop = stackOf(g).at(-1);
  if (loop === undefined) return body();
  loop.frames.push(frame);
  try {
    return body();
  } finally {
    loop.frames.pop();
  }
}

/** The code of a `break` or `continue` where it is being compiled. */
export function exitCode(g: Gen, kind: "break" | "continue"): string {
  const loop = stackOf(g).at(-1);
  if (loop === undefined || loop.frames.length === 0) return `${kind};`;
  let code = "";
  for (let j = loop.frames.length - 1; j >= 0; j--) {
    const f = loop.frames[j]!;
    if (f.kind === "held") return `${code}{ ${f.flag} = ${kind === "break" ? 1 : 2}; break ${f.label}; }`;
    if (f.kind === "passes") code += `if (${f.pass} < ${f.last}) continue ${f.label};\n`;
    else code += `if (${f.pass} === 0) break ${f.label};\n`;
  }
  loop.used = true;
  return `${code}${kind} ${loop.label};`;
}
