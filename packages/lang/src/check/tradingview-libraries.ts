// TradingView's own public libraries, which no Resolver holds. `TradingView/ta` adds functions to
// the built-in `ta` namespace, and scripts import it (`import TradingView/ta/12 as ta`, often
// before `//@version`) also when they call only built-ins through it. Imported here, it exports
// nothing of its own: `ta.atr(14)` through the alias `ta` is the built-in, and a function only the
// library has (`tvta.relativeVolume(...)`) is refused by name (the `differences` docs topic,
// docs/adr/0105-tradingview-ta-import.md).

import { emptyExports, type ModuleExports } from "./symbols";

const TA: ModuleExports = emptyExports();

/** TradingView's library `owner/slug` (any version) as imported here, or undefined. */
export function tradingViewLibrary(owner: string, slug: string): ModuleExports | undefined {
  return owner === "TradingView" && slug === "ta" ? TA : undefined;
}

/** Why `alias.name` is refused when the alias is TradingView's ta library, or null for another import. */
export function tradingViewLibraryMiss(exports: ModuleExports | null | undefined, alias: string, name: string): string | null {
  if (exports !== TA) return null;
  return `'${alias}.${name}' is a function of TradingView's ta library (TradingView/ta), which is not available here: only the built-in ta.* functions work through it.`;
}

/**
 * `alias.rest` through TradingView's ta library imported under another alias than `ta`
 * (`import TradingView/ta/12 as TVta`, then `TVta.atr(14)`): the built-in name `ta.rest`, or null
 * for another import.
 */
export function tradingViewBuiltinName(exports: ModuleExports | null | undefined, rest: string): string | null {
  return exports === TA ? `ta.${rest}` : null;
}
