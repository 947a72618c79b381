// The `if` and `switch` statements whose every branch a requested context's run executes
// (docs/adr/0283-requests-in-local-scopes.md). TradingView evaluates a request's expression across
// the requested dataset, on every bar of the context; the block around the call decides only
// whether the chart reads the request on a bar. A run over a context (capture) therefore runs, on
// every bar, each branch of such a structure that holds a request site, then the branch the
// conditions pick, so that every request site inside records its value on every context bar. A
// request a `break` or `continue` would skip in a loop is reached the same way (docs/adr/0314).

import type * as A from "../language/ast";
import { forEachChild } from "../language/visit";
import { INTRABAR_LIBRARY_FUNCTIONS } from "../stdlib/ta/tv-library/intrabar";
import { calleeName, type UserFunction } from "./types";

const holds = new WeakMap<A.Node, boolean>();

/** Whether `n` makes a request (request.*, intrabar library functions), directly or through the user functions it calls. */
export function holdsRequest(n: A.Node, functions: ReadonlyMap<number, UserFunction>, open: Set<number> = new Set()): boolean {
  const known = holds.get(n);
  if (known !== undefined) return known;
  let found = false;
  const visit = (x: A.Node): void => {
    if (found) return;
    if (x.kind === "Call") {
      const t = x.target;
      if (t?.kind === "user" || t?.kind === "userMethod") {
        const decl = functions.get(t.fn.id)?.decl;
        // a function already being walked (recursion, refused by the checker) adds nothing
        if (decl !== undefined && !open.has(t.fn.id)) {
          open.add(t.fn.id);
          found = holdsRequest(decl, functions, open);
          open.delete(t.fn.id);
        }
      } else {
        const name = calleeName(x);
        if (name !== null && (name.startsWith("request.") || INTRABAR_LIBRARY_FUNCTIONS.has(name))) found = true;
      }
    }
    if (!found) forEachChild(x, visit);
  };
  visit(n);
  holds.set(n, found);
  return found;
}

/** Whether a `break` or `continue` inside `n` leaves a loop around it (not one of a loop inside `n`). */
export function exitsLoop(n: A.Node): boolean {
  let found = false;
  const visit = (x: A.Node): void => {
    if (found) return;
    if (x.kind === "Break" || x.kind === "Continue") found = true;
    else if (x.kind !== "For" && x.kind !== "ForIn" && x.kind !== "While" && x.kind !== "FunctionDecl") forEachChild(x, visit);
  };
  visit(n);
  return found;
}

/**
 * A structure (`if`, `switch`) one of whose `branches` holds a request site: a context's run
 * executes each of them on every bar. An exit (`break`, `continue`) in a branch run in a pass the
 * conditions did not pick ends only that pass (codegen/loop-exits.ts, docs/adr/0314).
 */
export function capturedEverywhere(branches: ReadonlyArray<A.Node | null>, functions: ReadonlyMap<number, UserFunction>): boolean {
  return branches.some((b) => b !== null && holdsRequest(b, functions));
}

/**
 * Statement `k` of a block inside a loop may end the iteration (`break`, `continue`) before a later
 * statement of the block makes a request: a context's run holds the exit back and runs the rest of
 * the block first, so that those requests record on every context bar (docs/adr/0314).
 */
export function exitSkipsRequests(stmts: readonly A.Stmt[], k: number, functions: ReadonlyMap<number, UserFunction>): boolean {
  const s = stmts[k]!;
  if (s.kind === "Break" || s.kind === "Continue" || !exitsLoop(s)) return false;
  for (let j = k + 1; j < stmts.length; j++) if (holdsRequest(stmts[j]!, functions)) return true;
  return false;
}
