// TradingView's own public libraries, which no Resolver holds. `TradingView/ta` adds functions to
// the built-in `ta` namespace, and scripts import it (`import TradingView/ta/12 as ta`, often
// before `//@version`) also when they call only built-ins through it. Imported here, it exports
// nothing of its own: `ta.atr(14)` through the alias `ta` is the built-in, and a function only the
// library has and this service does not (`tvta.notWritten(...)`) is refused by name (the `differences` docs topic,
// docs/adr/0105-tradingview-ta-import.md). The library's functions written here (stdlib/ta/tv-library,
// docs/adr/0116) are built-in records named `ta.*`, reached only through the import, as TradingView
// knows them (docs/adr/0137-tradingview-ta-functions-need-the-import.md), and so is a library
// overload of a built-in (`supertrend(factor, atrLength, wicks)`, docs/adr/0159).

import type { BuiltinFunction } from "../builtins";
import { recordsOf } from "../builtins/record";
import { TA_LIBRARY_SUPERTREND } from "../stdlib/ta/vol";
import * as library from "../stdlib/ta/tv-library";
import { didYouMean } from "./suggest";
import { emptyExports, type ModuleExports } from "./symbols";

const TA: ModuleExports = emptyExports();

/** TradingView's library `owner/slug` (any version) as imported here, or undefined. */
export function tradingViewLibrary(owner: string, slug: string): ModuleExports | undefined {
  return owner === "TradingView" && slug === "ta" ? TA : undefined;
}

/** Why `alias.name` is refused when the alias is TradingView's ta library, or null for another import. */
export function tradingViewLibraryMiss(exports: ModuleExports | null | undefined, alias: string, name: string): string | null {
  if (exports !== TA) return null;
  const near = didYouMean(`ta.${name}`, "function").replace("`ta.", `\`${alias}.`);
  return `'${alias}.${name}' is neither a built-in nor a function of TradingView's ta library available here (the \`differences\` docs topic lists them).${near}`;
}

/**
 * `alias.rest` through TradingView's ta library imported under another alias than `ta`
 * (`import TradingView/ta/12 as TVta`, then `TVta.atr(14)`): the built-in name `ta.rest`, or null
 * for another import.
 */
export function tradingViewBuiltinName(exports: ModuleExports | null | undefined, rest: string): string | null {
  return exports === TA ? `ta.${rest}` : null;
}

/** The `ta.*` names of the library's functions written here (not TradingView built-ins). */
const LIBRARY_FUNCTIONS: ReadonlySet<string> = new Set(recordsOf(library).map((r) => r.name));

/** Whether `name` (`ta.dema`) is one of the library's functions written here, called only through its import. */
export function isTradingViewLibraryFunction(name: string): boolean {
  return LIBRARY_FUNCTIONS.has(name);
}

/** The import line a porting message proposes: the library's version public scripts import. */
const IMPORT_LINE = "import TradingView/ta/12 as ta";

/**
 * Why `written` (`ta.dema` as the script writes it) is refused: a function only TradingView's ta
 * library has, called without going through the library's import, which TradingView refuses too
 * (no built-in has that name). The message names the line to add, or the alias the script imported
 * the library under. Null when the call is fine (through the import, or not such a function).
 */
export function tradingViewImportMissing(imports: ReadonlyMap<string, ModuleExports | null>, written: string): string | null {
  if (!isTradingViewLibraryFunction(written) || throughLibrary(imports, written)) return null;
  return `'${written}' is a function of TradingView's ta library, not a built-in: TradingView calls it only through the library's import; ${importFix(imports, written)}.`;
}

/** Whether `written` (`TVta.supertrend`) is called through an import of TradingView's ta library. */
function throughLibrary(imports: ReadonlyMap<string, ModuleExports | null>, written: string): boolean {
  return imports.get(written.slice(0, written.indexOf("."))) === TA;
}

/** How to reach `written` (`ta.dema`) through the library: the import line to add, or the alias it was imported under. */
function importFix(imports: ReadonlyMap<string, ModuleExports | null>, written: string): string {
  const rest = written.slice(written.indexOf(".") + 1);
  const alias = [...imports].find(([, e]) => e === TA)?.[0];
  return alias === undefined ? `add \`${IMPORT_LINE}\` to the script (after \`//@version=6\`)` : `call it through the library's alias: \`${alias}.${rest}\``;
}

/**
 * Overloads of built-ins that are TradingView's ta library's functions of the same name, by their
 * signature's text: the library's `supertrend(factor, atrLength, wicks)` (docs/adr/0159).
 */
const LIBRARY_OVERLOADS: ReadonlySet<string> = new Set([`ta.${TA_LIBRARY_SUPERTREND}`]);

/**
 * The built-in `fn` as TradingView knows it without the ta library's import: its overloads the
 * library adds dropped (TradingView's `ta.supertrend` takes two arguments). Null when a call written
 * `written` reaches them all: through the library's import (under any alias), or `fn` has none.
 */
export function withoutLibraryOverloads(fn: BuiltinFunction, imports: ReadonlyMap<string, ModuleExports | null>, written: string | null): BuiltinFunction | null {
  if (!fn.signatures.some((s) => LIBRARY_OVERLOADS.has(s.text))) return null;
  if (written !== null && written.includes(".") && throughLibrary(imports, written)) return null;
  return { ...fn, signatures: fn.signatures.filter((s) => !LIBRARY_OVERLOADS.has(s.text)) };
}

/** What a call of `fn` that only the library's overload accepts is told to add: the import line, or the alias's spelling. */
export function libraryOverloadFix(fn: BuiltinFunction, imports: ReadonlyMap<string, ModuleExports | null>, written: string): string {
  const forms = fn.signatures.filter((s) => LIBRARY_OVERLOADS.has(s.text)).map((s) => `\`${fn.name}(${s.params.map((q) => q.name).join(", ")})\``);
  return ` ${forms.join(", ")} is TradingView's ta library's form, not the built-in's: TradingView calls it only through the library's import; ${importFix(imports, written)}.`;
}
