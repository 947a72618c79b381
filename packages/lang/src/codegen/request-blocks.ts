// The `if` and `switch` statements whose every branch a requested context's run executes
// (docs/adr/0283-requests-in-local-scopes.md). TradingView evaluates a request's expression across
// the requested dataset, on every bar of the context; the block around the call decides only
// whether the chart reads the request on a bar. A run over a context (capture) therefore runs, on
// every bar, each branch of such a structure that holds a request site, then the branch the
// conditions pick, so that every request site inside records its value on every context bar.

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

/** Whether a `break` or `continue` inside `n` leaves a loop around it (the capture's two passes are a loop of their own). */
function exitsLoop(n: A.Node): boolean {
  let found = false;
  const visit = (x: A.Node): void => {
    if (found) return;
    if (x.kind === "Break" || x.kind === "Continue") found = true;
    else if (x.kind !== "For" && x.kind !== "ForIn" && x.kind !== "While" && x.kind !== "FunctionDecl") forEachChild(x, visit);
  };
  forEachChild(n, visit);
  return found;
}

/** A structure (`if`, `switch`) one of whose `branches` holds a request site: a context's run executes each of them on every bar. */
export function capturedEverywhere(branches: ReadonlyArray<A.Node | null>, whole: A.Node, functions: ReadonlyMap<number, UserFunction>): boolean {
  return branches.some((b) => b !== null && holdsRequest(b, functions)) && !exitsLoop(whole);
}
