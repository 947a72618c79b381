// TradingView's own public libraries, which no Resolver holds. `TradingView/ta` adds functions to
// the built-in `ta` namespace, and scripts import it (`import TradingView/ta/12 as ta`, often
// before `//@version`) also when they call only built-ins through it. Imported here, it exports
// nothing of its own: `ta.atr(14)` through the alias `ta` is the built-in, and a function only the
// library has and this service does not (`tvta.notWritten(...)`) is refused by name (the `differences` docs topic,
// docs/adr/0105-tradingview-ta-import.md). The library's functions written here (stdlib/ta/tv-library,
// docs/adr/0116) are built-in records named `ta.*`, reached only through the import, as TradingView
// knows them (docs/adr/0137-tradingview-ta-functions-need-the-import.md).

import { recordsOf } from "../builtins/record";
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
  const dot = written.indexOf(".");
  const root = written.slice(0, dot);
  if (!isTradingViewLibraryFunction(written) || imports.get(root) === TA) return null;
  const rest = written.slice(dot + 1);
  const alias = [...imports].find(([, e]) => e === TA)?.[0];
  const fix = alias === undefined ? `add \`${IMPORT_LINE}\` to the script (after \`//@version=6\`)` : `call it through the library's alias: \`${alias}.${rest}\``;
  return `'${written}' is a function of TradingView's ta library, not a built-in: TradingView calls it only through the library's import; ${fix}.`;
}
