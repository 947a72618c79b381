// Rule: the entry file declares what it is, once, with indicator(), library(), definition() or
// study(); strategy() is refused. Extension calls (use, group) belong to studies; `export` to
// libraries; plot-like calls are refused in studies (docs/adr/0310). Gives the kind and title.

import type { Call, Script, Stmt } from "../../language/ast";
import { Code } from "../../language/codes";
import { forEachNode } from "../../language/visit";
import type { ScriptKind } from "../../types";
import { isDeclarationFunction, isPlotFunction } from "../builtin-lookup";
import type { CheckContext } from "../context";
import type { RuleContext, Visitor } from "./rule";

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
    if (c && isDeclarationFunction(c.name)) return { kind: c.name as ScriptKind, title: declarationTitle(c.call), call: c.call };
  }
  return null;
}

/** The entry file's declaration, for the rules after it and for checkFile. */
export function DeclarationRule(ctx: RuleContext): Visitor {
  return {
    Script: (script) => {
      if (ctx.isEntry) ctx.declaration = checkDeclaration(script, ctx);
    },
  };
}

function checkDeclaration(script: Script, ctx: CheckContext): Declaration | null {
  let found: Declaration | null = null;
  for (const s of script.body) {
    const c = topLevelCall(s);
    if (!c) continue;
    if (c.name === "strategy") {
      ctx.error(Code.unsupported_feature, STRATEGY_MESSAGE, c.call.callee.span);
      return null;
    }
    if (!isDeclarationFunction(c.name)) continue;
    if (found) ctx.error(Code.duplicate_declaration, `A script has one declaration; ${c.name}() repeats it.`, c.call.span);
    else found = { kind: c.name as ScriptKind, title: declarationTitle(c.call), call: c.call };
  }
  if (!found) {
    const first = script.body[0]?.span ?? script.span;
    ctx.error(Code.missing_declaration, "The script must declare what it is: indicator(\"title\"), library(...), definition(...) or study(...).", first);
  }
  if (found) checkPlacement(script, found.kind, ctx);
  return found;
}

/** A study has no output columns: a plot in one is usually v4's `study()`, which declared an indicator (docs/adr/0310). */
function studyPlotMessage(name: string): string {
  return `${name}() has no effect in a study: this dialect's study() is the event-study extension, which measures what follows the events of the definitions it use()s and has no output columns. \`study(...)\` is Pine v4's declaration of an indicator: in v5 and later write \`indicator(...)\`.`;
}

/** use()/group() only in studies, `export` only in libraries, no plot-like calls in studies. */
function checkPlacement(script: Script, kind: ScriptKind, ctx: CheckContext): void {
  for (const s of script.body) {
    if ((s.kind === "FunctionDecl" || s.kind === "TypeDecl" || s.kind === "EnumDecl" || s.kind === "VarDecl") && s.exported === true && kind !== "library") {
      ctx.error(Code.invalid_context, "Only libraries can export: declare the script with library(...).", s.span);
    }
  }
  walkCalls(script.body, (call) => {
    if (call.callee.kind !== "Identifier") return;
    const n = call.callee.name;
    if ((n === "use" || n === "group") && kind !== "study") ctx.error(Code.invalid_context, `${n}() belongs to studies (study(...)).`, call.callee.span);
    if (kind === "study" && isPlotFunction(n)) ctx.error(Code.invalid_context, studyPlotMessage(n), call.callee.span);
  });
}

function walkCalls(body: Stmt[], f: (c: Call) => void): void {
  forEachNode(body, (n) => {
    if (n.kind === "Call") f(n);
  });
}
