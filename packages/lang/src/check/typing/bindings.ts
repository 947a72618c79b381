// Declaring variables: a new local symbol, and its declaration in the current scope (a clash in
// the same scope is a duplicate; a function body checked again re-declares its own symbols). The
// name `_` is TradingView's placeholder: public scripts declare `_ = ...` again and again in one
// scope (a separator, a value computed and ignored), so each such declaration is a new variable
// that hides the previous one (docs/adr/0130-underscore-declarations.md). A declaration hiding a
// variable of an enclosing scope is a new variable too, with TradingView's shadowing warning.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import type { Typer } from "./state";

/** The identifier a scope may declare any number of times. */
const PLACEHOLDER = "_";

export function newLocal(t: Typer, name: A.Identifier, type: A.PineType, qual: A.Qualifier, mode: A.LocalSymbol["mode"], role: A.LocalSymbol["role"]): A.LocalSymbol {
  return { kind: "local", id: ++t.ctx.ids.local, name: name.name, mode, type, qual, role, declSpan: name.span };
}

/** Declare (or, when a function body is re-checked, re-declare) a variable in the current scope. */
export function declare(t: Typer, name: A.Identifier, existing: A.LocalSymbol | undefined, make: () => A.LocalSymbol): A.LocalSymbol {
  const clash = t.scope.own(name.name);
  if (clash && clash !== existing && name.name !== PLACEHOLDER) {
    t.ctx.error(Code.duplicate_declaration, `'${name.name}' is already declared in this scope; use ':=' to reassign it.`, name.span);
  }
  else if (name.name !== PLACEHOLDER) warnShadowing(t, name);
  const sym = existing ?? make();
  t.scope.declare(sym);
  return sym;
}

/**
 * A local declaration hiding a variable an enclosing scope declared earlier in the text: TradingView's
 * warning CW10013, for an if, loop or switch block and a function body alike; parameters are not
 * declared here, so they never warn (docs/adr/0355).
 */
function warnShadowing(t: Typer, name: A.Identifier): void {
  const outer = t.scope.parent?.lookup(name.name)?.sym;
  if (!outer || !declaredBefore(outer.declSpan, name.span)) return;
  t.ctx.warn(
    Code.shadowed_variable,
    `Shadowing variable '${name.name}' which exists in parent scope (line ${outer.declSpan.line}): this '=' declares a new '${name.name}' for this block only. Did you want to use the ':=' operator instead of '='?`,
    name.span,
  );
}

function declaredBefore(a: A.Span, b: A.Span): boolean {
  return a.file === b.file && (a.line < b.line || (a.line === b.line && a.column < b.column));
}
