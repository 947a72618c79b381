// Whether a piece of a script makes a request, directly or through the user functions it calls.
// One walk for the check rule of scripts without dynamic requests (check/rules/dynamic-requests.ts,
// docs/adr/0314: a v6 call, in a block, of a function making a request) and for the code
// generator's passes over blocks holding requests (codegen/request-blocks.ts, docs/adr/0283).
// What counts as a request call is the caller's: the check rule counts the request.* built-ins,
// the code generator also TradingView's ta library functions that request intrabars.

import type * as A from "./ast";
import { forEachChild } from "./visit";

/** Whether a call is itself a request. */
export type RequestCallTest = (call: A.Call) => boolean;

/** The declaration of a user function by its id, when the caller knows it. */
export type FunctionDeclOf = (fnId: number) => A.FunctionDecl | undefined;

/** Whether `n` makes a request, directly or through the user functions `declOf` knows that it calls. */
export type RequestFinder = (n: A.Node, declOf: FunctionDeclOf) => boolean;

/**
 * The walk for one kind of request call. Its answers are kept per node (a node's functions are
 * the same whenever it is asked about), so a finder serves one `isRequest` only.
 */
export function requestFinder(isRequest: RequestCallTest): RequestFinder {
  const known = new WeakMap<A.Node, boolean>();
  const find = (n: A.Node, declOf: FunctionDeclOf, open: Set<number>): boolean => {
    const seen = known.get(n);
    if (seen !== undefined) return seen;
    let found = false;
    const visit = (x: A.Node): void => {
      if (found) return;
      if (x.kind === "Call") {
        const t = x.target;
        if (t?.kind === "user" || t?.kind === "userMethod") {
          const decl = declOf(t.fn.id);
          // a function already being walked (recursion, refused by the checker) adds nothing
          if (decl !== undefined && !open.has(t.fn.id)) {
            open.add(t.fn.id);
            found = find(decl, declOf, open);
            open.delete(t.fn.id);
          }
        } else if (isRequest(x)) found = true;
      }
      if (!found) forEachChild(x, visit);
    };
    visit(n);
    known.set(n, found);
    return found;
  };
  return (n, declOf) => find(n, declOf, new Set());
}
