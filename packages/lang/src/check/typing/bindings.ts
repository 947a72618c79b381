// Declaring variables: a new local symbol, and its declaration in the current scope (a clash in
// the same scope is a duplicate; a function body checked again re-declares its own symbols). The
// name `_` is TradingView's placeholder: public scripts declare `_ = ...` again and again in one
// scope (a separator, a value computed and ignored), so each such declaration is a new variable
// that hides the previous one (docs/adr/0130-underscore-declarations.md). A declaration hiding a
// variable of an enclosing scope is a new variable too, with TradingView's shadowing warning; one
// named as a built-in variable gets TradingView's built-in shadowing warning (docs/adr/0358).

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { startsBefore } from "../../language/diagnostics";
import { lookupVariable } from "../builtin-lookup";
import type { Typer } from "./state";

/** The identifier a scope may declare any number of times. */
const PLACEHOLDER = "_";

export function newLocal(t: Typer, name: A.Identifier, type: A.PineType, qual: A.Qualifier, mode: A.LocalSymbol["mode"], role: A.LocalSymbol["role"]): A.LocalSymbol {
  return { kind: "local", id: ++t.ctx.ids.local, name: name.name, mode, type, qual, role, declSpan: name.span };
}

/**
 * Declare (or, when a function body is re-checked, re-declare) a variable in the current scope.
 * `at` is the declaration's range the shadowing warnings point at, as TradingView's do: from the
 * statement's first token through its value (docs/adr/0358); the variable's name when not given.
 */
export function declare(t: Typer, name: A.Identifier, existing: A.LocalSymbol | undefined, make: () => A.LocalSymbol, at: A.Span = name.span): A.LocalSymbol {
  const clash = t.scope.own(name.name);
  if (clash && clash !== existing && name.name !== PLACEHOLDER) {
    t.ctx.error(Code.duplicate_declaration, `'${name.name}' is already declared in this scope; use ':=' to reassign it.`, name.span);
  }
  else if (name.name !== PLACEHOLDER) {
    warnBuiltinShadowing(t, name, at);
    warnShadowing(t, name, at);
  }
  const sym = existing ?? make();
  t.scope.declare(sym);
  return sym;
}

/**
 * A local declaration hiding a variable an enclosing scope declared earlier in the text: TradingView's
 * warning CW10013, for an if, loop or switch block and a function body alike; parameters are not
 * declared here, so they never warn (docs/adr/0355). It points at the declaration, and a user type's
 * name counts as an enclosing variable's (docs/adr/0358).
 */
function warnShadowing(t: Typer, name: A.Identifier, at: A.Span): void {
  if (!t.scope.parent) return;
  const outer = t.scope.parent.lookup(name.name)?.sym?.declSpan;
  // a user type declared earlier in the file is a name of the global scope too (`hz hz = hz.new(1)`
  // in a function after `type hz`), as TradingView counts it (docs/adr/0358)
  const hidden = outer !== undefined && startsBefore(outer, name.span) ? outer : t.types.get(name.name)?.decl.span;
  if (hidden === undefined || !startsBefore(hidden, name.span)) return;
  t.ctx.warn(
    Code.shadowed_variable,
    `Shadowing variable '${name.name}' which exists in parent scope (line ${hidden.line}): this '=' declares a new '${name.name}' for this block only. Did you want to use the ':=' operator instead of '='?`,
    at,
  );
}

/**
 * A declaration named as a built-in variable (`high = ...`, `var time = ...`, a tuple member, a
 * loop counter), in any scope: TradingView's warning CW10011. From it on, in its scope, the name
 * is the script's variable. Parameters are declared elsewhere and never warn; names of built-in
 * functions and namespaces are no built-in variable. Using the built-in before declaring the
 * name is the error of rules/shadowed-names.ts (docs/adr/0358).
 */
function warnBuiltinShadowing(t: Typer, name: A.Identifier, at: A.Span): void {
  if (lookupVariable(name.name) === undefined) return;
  t.ctx.warn(
    Code.shadowed_builtin_variable,
    `Shadowing built-in variable '${name.name}': from here on in this scope '${name.name}' is the variable declared here, not the built-in.`,
    at,
  );
}
