// Rule: the entry file declares what it is, once, with indicator(), library(), definition() or
// study(); strategy() is refused. Extension calls (use, group) belong to studies; `export` to
// libraries. Gives the kind and title.

import { DECLARATION_FUNCTIONS } from "../../builtins";
import type { Call, Script, Stmt } from "../../language/ast";
import { forEachNode } from "../../language/visit";
import type { ScriptKind } from "../../types";
import type { CheckContext } from "../context";

export interface Declaration {
  kind: ScriptKind;
  title: string | null;
  call: Call;
}

const STRATEGY_MESSAGE =
  "strategy() scripts are not supported: to test a signal, write a `definition` whose alertcondition() marks it, and a `study` that use()s the definition to measure what follows.";

function topLevelCall(s: Stmt): { call: Call; name: string } | null {
  if (s.kind !== "ExprStmt" || s.expr.kind !== "Call" || s.expr.callee.kind !== "Identifier") return null;
  return { call: s.expr, name: s.expr.callee.name };
}

/** The declaration's title: its first positional or `title =` argument, when a string literal. */
export function declarationTitle(call: Call): string | null {
  const arg = call.args.find((a) => a.name?.name === "title") ?? call.args.find((a) => a.name === null);
  return arg?.value.kind === "StringLit" ? arg.value.value : null;
}

/** Finds the declaration without reporting (used by declarationOf). */
export function findDeclaration(script: Script): Declaration | null {
  for (const s of script.body) {
    const c = topLevelCall(s);
    if (c && DECLARATION_FUNCTIONS.has(c.name)) return { kind: c.name as ScriptKind, title: declarationTitle(c.call), call: c.call };
  }
  return null;
}

export function checkDeclaration(script: Script, ctx: CheckContext, isEntry: boolean): Declaration | null {
  let found: Declaration | null = null;
  for (const s of script.body) {
    const c = topLevelCall(s);
    if (!c) continue;
    if (c.name === "strategy") {
      ctx.error("unsupported_feature", STRATEGY_MESSAGE, c.call.callee.span);
      return null;
    }
    if (!DECLARATION_FUNCTIONS.has(c.name)) continue;
    if (found) ctx.error("duplicate_declaration", `A script has one declaration; ${c.name}() repeats it.`, c.call.span);
    else found = { kind: c.name as ScriptKind, title: declarationTitle(c.call), call: c.call };
  }
  if (!found && isEntry) {
    const first = script.body[0]?.span ?? script.span;
    ctx.error("missing_declaration", "The script must declare what it is: indicator(\"title\"), library(...), definition(...) or study(...).", first);
  }
  if (found) checkPlacement(script, found.kind, ctx);
  return found;
}

/** use()/group() only in studies, `export` only in libraries. */
function checkPlacement(script: Script, kind: ScriptKind, ctx: CheckContext): void {
  for (const s of script.body) {
    if ((s.kind === "FunctionDecl" || s.kind === "TypeDecl" || s.kind === "EnumDecl") && s.exported && kind !== "library") {
      ctx.error("invalid_context", "Only libraries can export: declare the script with library(...).", s.span);
    }
  }
  walkCalls(script.body, (call) => {
    if (call.callee.kind !== "Identifier") return;
    const n = call.callee.name;
    if ((n === "use" || n === "group") && kind !== "study") ctx.error("invalid_context", `${n}() belongs to studies (study(...)).`, call.callee.span);
  });
}

function walkCalls(body: Stmt[], f: (c: Call) => void): void {
  forEachNode(body, (n) => {
    if (n.kind === "Call") f(n);
  });
}
