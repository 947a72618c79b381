// Rule: requests in a script without dynamic requests, as TradingView's user manual ("Other
// timeframes and data", "Dynamic requests") and its v6 migration guide have them. Dynamic requests
// are on by default in v6 and off by default in v5; `dynamic_requests = true/false` in indicator()
// or library() says otherwise. Without them (docs/adr/0314):
// - a request.*() call inside an `if`, `switch` or loop block is refused ("all request.*() calls
//   execute once on every bar", which "prevents their use within most local scopes");
// - in v6, so is a call, inside such a block, of a user function that makes a request (v5 moves
//   a non-exported function's requests to the global scope; v6 refuses them "even if the call is
//   within a user-defined function");
// - the parameters naming the requested context (symbol, timeframe, currency, a rate's currencies)
//   take no series argument ("the argument values cannot change"); the expression always may.
// The extension declarations (definition, study) have no such parameter: their requests are dynamic.
// With dynamic requests, a request.*() call inside a loop may name its context from the loop's
// variables, but its expression "cannot depend on the values of those variables" (the same page,
// "In local scopes", whose loop-dependent example is a compilation error): the loop's counter or
// items, a variable the loop reassigns, or one declared in the loop from those.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { requestFinder } from "../../language/request-calls";
import { forEachChild } from "../../language/visit";
import { findDeclaration, type Declaration } from "./declaration";
import type { RuleContext, Visitor } from "./rule";

/** Per request built-in, the parameters naming its context, in positional order (a series argument there needs dynamic requests). */
const CONTEXT_PARAMS: Readonly<Record<string, ReadonlyArray<readonly [string, number]>>> = {
  "request.security": [["symbol", 0], ["timeframe", 1], ["currency", 6]],
  "request.security_lower_tf": [["symbol", 0], ["timeframe", 1], ["currency", 4]],
  "request.currency_rate": [["from", 0], ["to", 1]],
};

const LOCAL_BLOCKS: ReadonlySet<A.Node["kind"]> = new Set(["If", "SwitchCase", "For", "ForIn", "While"]);

export function DynamicRequestsRule(ctx: RuleContext): Visitor {
  if (!ctx.isEntry) return {};
  // set once the declaration is known (the Script's enter handlers run in catalogue order)
  let off: string | null = null;
  let holds: (id: number) => boolean = () => false;
  // per function body being walked (the script's body first), how many if/switch/loop blocks are open
  const depths: number[] = [0];
  // request calls already reported by an enclosing loop
  const reported = new Set<A.Call>();
  return {
    Script: () => {
      off = withoutDynamicRequests(ctx);
      if (off !== null) holds = requestHolders(ctx.script);
    },
    Block: {
      enter: (_node, parent) => {
        if (parent?.kind === "FunctionDecl") depths.push(0);
        else if (parent !== null && LOCAL_BLOCKS.has(parent.kind)) depths[depths.length - 1]!++;
      },
      leave: (_node, parent) => {
        if (parent?.kind === "FunctionDecl") depths.pop();
        else if (parent !== null && LOCAL_BLOCKS.has(parent.kind)) depths[depths.length - 1]!--;
      },
    },
    For: (node) => loopDependentExpressions(ctx, node, off, reported),
    ForIn: (node) => loopDependentExpressions(ctx, node, off, reported),
    While: (node) => loopDependentExpressions(ctx, node, off, reported),
    Call: (node) => {
      if (off === null) return;
      const local = depths[depths.length - 1]! > 0;
      const t = node.target;
      if (t?.kind === "builtin" && t.name.startsWith("request.")) {
        if (local) ctx.error(Code.invalid_context, `${t.name}() cannot be called inside an if, switch or loop block ${off}.`, node.callee.span);
        seriesArguments(ctx, node, t.name, off);
      } else if (local && ctx.version >= 6 && (t?.kind === "user" || t?.kind === "userMethod") && holds(t.fn.id)) {
        ctx.error(Code.invalid_context, `${t.fn.name}() makes a request: Pine v6 refuses calling it inside an if, switch or loop block ${off}.`, node.callee.span);
      }
    },
  };
}

/**
 * Why the script has no dynamic requests (the end of a diagnostic), or null when it has them:
 * an indicator or library of v6 unless it says `dynamic_requests = false`, of v5 only when it says `true`.
 */
function withoutDynamicRequests(ctx: RuleContext): string | null {
  return dynamicRequestsOff(ctx.version, ctx.declaration);
}

/**
 * Why a script of `version` declared by `decl` has no dynamic requests, or null when it has them.
 */
export function dynamicRequestsOff(version: number, decl: Declaration | null): string | null {
  if (decl === null || (decl.kind !== "indicator" && decl.kind !== "library")) return null;
  const arg = decl.call.args.find((a) => a.name?.name === "dynamic_requests")?.value;
  const given = arg?.kind === "BoolLit" ? arg.value : null;
  if (version >= 6) {
    return given === false ? `while the declaration sets \`dynamic_requests = false\` (TradingView allows it only with dynamic requests: remove that argument)` : null;
  }
  return given === true ? null : `in Pine v5 without dynamic requests (TradingView allows it only with \`dynamic_requests = true\` in ${decl.kind}(), or in //@version=6, where it is the default)`;
}

/** Whether a script (an entry file) has no dynamic requests: its requests do not nest in a context's run (docs/adr/0329). */
export function withoutDynamicRequestsIn(script: A.Script): boolean {
  return dynamicRequestsOff(script.version, findDeclaration(script)) !== null;
}

/** A series argument where the request's context is named. */
function seriesArguments(ctx: RuleContext, call: A.Call, name: string, off: string): void {
  const positional = call.args.filter((a) => a.name === null);
  for (const [param, at] of CONTEXT_PARAMS[name] ?? []) {
    const arg = call.args.find((a) => a.name?.name === param)?.value ?? positional[at]?.value;
    if (arg?.qual !== "series") continue;
    ctx.error(Code.qualifier_mismatch, `Argument '${param}' of ${name}() must be simple ${off}; this value is series (it can change from bar to bar).`, arg.span);
  }
}

/** The request.* built-ins (the ta library's intrabar functions are not counted here). */
const findRequest = requestFinder((c) => c.target?.kind === "builtin" && c.target.name.startsWith("request."));

/** Whether the function of an id makes a request, directly or through the functions it calls (those declared in this file). */
function requestHolders(script: A.Script): (id: number) => boolean {
  const decls = new Map<number, A.FunctionDecl>();
  for (const s of script.body) if (s.kind === "FunctionDecl" && s.fn) decls.set(s.fn.id, s);
  const declOf = (id: number): A.FunctionDecl | undefined => decls.get(id);
  return (id) => {
    const decl = decls.get(id);
    return decl !== undefined && findRequest(decl, declOf);
  };
}

/** Per request built-in, the position of its evaluated expression. */
const EXPRESSION_AT: Readonly<Record<string, number>> = { "request.security": 2, "request.security_lower_tf": 2 };

/** A request in the loop whose expression reads the loop's variables (with dynamic requests; without them the call is refused anyway). */
function loopDependentExpressions(ctx: RuleContext, loop: A.For | A.ForIn | A.While, off: string | null, reported: Set<A.Call>): void {
  if (off !== null) return;
  const dependent = new Set<number>();
  if (loop.kind === "For" && loop.symbol) dependent.add(loop.symbol.id);
  if (loop.kind === "ForIn") for (const s of [loop.indexSymbol, loop.itemSymbol]) if (s) dependent.add(s.id);
  const reads = (e: A.Node): boolean => {
    let found = false;
    const visit = (n: A.Node): void => {
      if (found) return;
      if (n.kind === "Identifier" && n.symbol?.kind === "local" && dependent.has(n.symbol.id)) found = true;
      else forEachChild(n, visit);
    };
    visit(e);
    return found;
  };
  // variables the loop reassigns, and those declared in it from dependent values (in source order)
  const collect = (n: A.Node): void => {
    if (n.kind === "Assign" && n.target.kind === "Identifier" && n.target.symbol?.kind === "local") dependent.add(n.target.symbol.id);
    if (n.kind === "VarDecl" && n.symbol && reads(n.init)) dependent.add(n.symbol.id);
    if (n.kind === "TupleDecl" && reads(n.init)) for (const s of n.symbols ?? []) if (s) dependent.add(s.id);
    forEachChild(n, collect);
  };
  collect(loop.body);
  const check = (n: A.Node): void => {
    if (n.kind === "Call" && n.target?.kind === "builtin" && !reported.has(n)) {
      const at = EXPRESSION_AT[n.target.name];
      const expr = at === undefined ? undefined : (n.args.find((a) => a.name?.name === "expression") ?? n.args.filter((a) => a.name === null)[at])?.value;
      if (expr && reads(expr)) {
        reported.add(n);
        ctx.error(Code.invalid_context, `The expression of ${n.target.name}() inside a loop cannot depend on the loop's variables or on variables that change in the loop: request a value that does not, and combine it with them after the call.`, expr.span);
      }
    }
    forEachChild(n, check);
  };
  check(loop.body);
}
