// The `if` and `switch` statements whose every branch a requested context's run executes
// (docs/adr/0283-requests-in-local-scopes.md). TradingView evaluates a request's expression across
// the requested dataset, on every bar of the context; the block around the call decides only
// whether the chart reads the request on a bar. A run over a context (capture) therefore runs, on
// every bar, each branch of such a structure that holds a request site, then the branch the
// conditions pick, so that every request site inside records its value on every context bar. A
// request a `break` or `continue` would skip in a loop is reached the same way (docs/adr/0314).

import type * as A from "../language/ast";
import { requestFinder } from "../language/request-calls";
import { forEachChild } from "../language/visit";
import { INTRABAR_LIBRARY_FUNCTIONS } from "../stdlib/ta/tv-library/intrabar";
import { calleeName, type UserFunction } from "./types";

/** The request calls of compiled code: request.* and the ta library's intrabar functions (request sites alike). */
const findRequest = requestFinder((c) => {
  const name = calleeName(c);
  return name !== null && (name.startsWith("request.") || INTRABAR_LIBRARY_FUNCTIONS.has(name));
});

/** Whether `n` makes a request (request.*, intrabar library functions), directly or through the user functions it calls. */
export function holdsRequest(n: A.Node, functions: ReadonlyMap<number, UserFunction>): boolean {
  return findRequest(n, (id) => functions.get(id)?.decl);
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
