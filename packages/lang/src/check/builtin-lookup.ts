// The checker's one door to the built-in table: every rule and typing module asks here, so the
// table's shape (a map of records or another) is known in this file only.

import { BUILTIN_NAMESPACES, builtinFunction, builtinVariable, DECLARATION_FUNCTIONS, EVENT_FUNCTIONS, GLOBAL_ONLY_FUNCTIONS, PENDING_BUILTINS, PLOT_FUNCTIONS, UNSUPPORTED_NAMESPACES, type BuiltinFunction, type BuiltinVariable } from "../builtins";
import { HANDLE_FIELDS } from "../builtins/signature";

export function lookupFunction(name: string): BuiltinFunction | undefined {
  return builtinFunction(name);
}

/** The type of a field of a built-in object type (`chart.point`'s `time`, `index`, `price`), or undefined. */
export function handleField(handle: string, field: string): "int" | "float" | undefined {
  return HANDLE_FIELDS.get(handle)?.get(field);
}

/** An Interface input (`input.int`, `input.string`, ...). */
export function isInputFunction(name: string): boolean {
  return builtinFunction(name)?.role === "input";
}

export function lookupVariable(name: string): BuiltinVariable | undefined {
  return builtinVariable(name);
}

/** Why a built-in of the table is not compiled yet, or undefined when it is. */
export function pendingReason(name: string): string | undefined {
  return PENDING_BUILTINS.get(name);
}

/** Why a Pine namespace this dialect lacks is refused, or undefined. */
export function unsupportedNamespace(root: string): string | undefined {
  return UNSUPPORTED_NAMESPACES.get(root);
}

export function isBuiltinNamespace(root: string): boolean {
  return BUILTIN_NAMESPACES.has(root);
}

/** Pine refuses these in a local scope ("Cannot use 'plot' in local scope"). */
const GLOBAL_ONLY: ReadonlySet<string> = GLOBAL_ONLY_FUNCTIONS;

export function isGlobalOnly(name: string): boolean {
  return GLOBAL_ONLY.has(name);
}

export function isPlotFunction(name: string): boolean {
  return PLOT_FUNCTIONS.has(name);
}

export function isDeclarationFunction(name: string): boolean {
  return DECLARATION_FUNCTIONS.has(name);
}

/** Stateful built-ins, plots and events keep per-call-site state: their calls get an id. */
export function needsCallSite(fn: BuiltinFunction): boolean {
  return fn.stateful || PLOT_FUNCTIONS.has(fn.name) || EVENT_FUNCTIONS.has(fn.name);
}
