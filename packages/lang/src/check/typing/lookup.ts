// Finding what a name denotes among the file's own and imported declarations (`Dir`, `lib.Dir`,
// `lib.f`), and the two refusals every name position shares: a built-in not compiled yet, and an
// undeclared name (with the v5 spelling when it is an old one). User-chosen names are looked up in
// Maps only, so `constructor` or `__proto__` are ordinary unknown names.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { forEachNode } from "../../language/visit";
import { pendingReason } from "../builtin-lookup";
import { didYouMean } from "../suggest";
import type { EnumInfo, FunctionInfo, TypeInfo } from "../symbols";
import type { Typer } from "./state";

/** Spellings of Pine v4 and older, named when they appear undeclared. */
const OLD_SPELLINGS: ReadonlyMap<string, string> = new Map([
  ["study", "`study()` is Pine v4: use `indicator()` (this dialect's `study()` is the event-study extension)."],
  ["security", "`security()` is Pine v4: use `request.security()`."],
  ["iff", "`iff()` is Pine v4: use the ternary `cond ? a : b`."],
  ["sma", "Use `ta.sma()` (v5 and later put technical analysis under `ta.`)."],
  ["ema", "Use `ta.ema()`."],
  ["rsi", "Use `ta.rsi()`."],
  ["crossover", "Use `ta.crossover()`."],
  ["crossunder", "Use `ta.crossunder()`."],
  ["tostring", "Use `str.tostring()`."],
  ["abs", "Use `math.abs()`."],
  ["max", "Use `math.max()`."],
  ["min", "Use `math.min()`."],
  ["transp", "Use `color.new(color, transp)`."],
]);

export function undeclared(t: Typer, name: string, span: A.Span): void {
  const hint = OLD_SPELLINGS.get(name) ?? selfReference(t, name) ?? didYouMean(name, "any").trim();
  t.ctx.error(Code.undeclared_identifier, `Undeclared identifier '${name}'.${hint ? " " + hint : ""}`, span);
}

/**
 * A variable read in its own declaration (`ji = 0.5 * nz(ji[1]) + x`): Pine v2 allowed it, v3 and
 * later refuse it as an undeclared name; the fix is a declaration first and `:=` after it.
 */
function selfReference(t: Typer, name: string): string | undefined {
  // only in the declaration's own code, not in a user function its value calls
  if (!t.declaring.some((d) => d.name === name && d.depth === t.active.size)) return undefined;
  return `'${name}' is read in its own declaration, which Pine (v3 and later) does not allow: declare it first (\`float ${name} = 0.0\`) and give it its value with \`:=\` on the next line, where \`${name}[1]\` is its previous value.`;
}

/** A built-in of the table the back end does not compile yet: refused, named plainly. */
export function pending(t: Typer, name: string, span: A.Span): boolean {
  const why = pendingReason(name);
  if (why === undefined) return false;
  t.ctx.error(Code.unsupported_feature, why, span);
  return true;
}

/** `alias.name` split into its two parts, or null when the name has another shape. */
function aliased(name: string): [string, string] | null {
  const [alias, member, more] = name.split(".");
  return alias && member && more === undefined ? [alias, member] : null;
}

export function enumNamed(t: Typer, name: string): EnumInfo | undefined {
  const own = t.enums.get(name);
  if (own || t.imports.size === 0) return own;
  const a = aliased(name);
  return a ? t.imports.get(a[0])?.enums.get(a[1]) : undefined;
}

export function typeNamed(t: Typer, name: string): TypeInfo | undefined {
  const own = t.types.get(name);
  if (own || t.imports.size === 0) return own;
  const a = aliased(name);
  return a ? t.imports.get(a[0])?.types.get(a[1]) : undefined;
}

export function importedFunction(t: Typer, name: string): FunctionInfo | undefined {
  if (t.imports.size === 0) return undefined;
  const a = aliased(name);
  return a ? t.imports.get(a[0])?.functions.get(a[1]) : undefined;
}

/**
 * The methods a function-form call names (`record(c, x)` of the file's own `method record`,
 * `lib.record(c, x)` of a library's exported one): TradingView calls a method like a function
 * with its object as the first argument.
 */
export function methodsNamed(t: Typer, name: string, viaAlias: boolean): FunctionInfo[] | undefined {
  if (!viaAlias) return t.methods.get(name);
  if (t.imports.size === 0) return undefined;
  const a = aliased(name);
  return a ? t.imports.get(a[0])?.methods.get(a[1]) : undefined;
}

export function typeById(t: Typer, id: string): TypeInfo | undefined {
  for (const x of t.types.values()) if (x.id === id) return x;
  for (const m of t.imports.values()) for (const x of m?.types.values() ?? []) if (x.id === id) return x;
  return undefined;
}

/**
 * Marks each top-level constant an exported value (`export const float B = A * 2`) or a function
 * body names with that constant's value, so a script importing the value or calling the function
 * emits it in place (a library's top level does not run in the importing script); a variable that is not a
 * top-level constant is returned. A constant's value names only earlier ones: no cycle.
 */
export function inlineConstants(t: Typer, init: A.Expr): A.Identifier | null {
  let bad: A.Identifier | null = null;
  forEachNode(init, (n) => {
    if (bad !== null || n.kind !== "Identifier" || n.symbol?.kind !== "local") return;
    const value = t.constants.get(n.symbol.id);
    if (value === undefined) bad = n;
    else {
      n.constant = value;
      bad = inlineConstants(t, value);
    }
  });
  return bad;
}
