// The one built-in table: every function and variable of LANGUAGE.md items 1-10 and 12, with
// parameters (names, types, qualifiers, defaults), return types and a documentation sentence.
// The checker, derive, codegen and the docs all read it from here.

import { addCollections } from "./collections";
import { addCore } from "./core";
import { addDrawing } from "./drawing";
import type { BuiltinFunction, BuiltinVariable } from "./signature";
import { TableBuilder } from "./signature";
import { addTa } from "./ta";
import { addTime } from "./time";
import { addValues } from "./values";

export type { BuiltinFunction, BuiltinVariable, ParamSpec, Signature, TypeSpec } from "./signature";
export { parseSignature } from "./signature";

function build(): TableBuilder {
  const t = new TableBuilder();
  addCore(t);
  addTa(t);
  addValues(t);
  addCollections(t);
  addDrawing(t);
  addTime(t);
  return t;
}

const table = build();

export const BUILTIN_FUNCTIONS: ReadonlyMap<string, BuiltinFunction> = table.functions;
export const BUILTIN_VARIABLES: ReadonlyMap<string, BuiltinVariable> = table.variables;

/** First segments of dotted built-in names (`ta`, `math`, `color`, `plot`, ...). */
export const BUILTIN_NAMESPACES: ReadonlySet<string> = new Set(
  [...table.functions.keys(), ...table.variables.keys()].filter((n) => n.includes(".")).map((n) => n.slice(0, n.indexOf("."))),
);

/** Namespaces Pine has that this dialect does not implement: named plainly in diagnostics. */
export const UNSUPPORTED_NAMESPACES: ReadonlyMap<string, string> = new Map([
  ["strategy", "Strategies are not supported: write a `definition` whose alertconditions mark the signal, and a `study` that uses it to measure what follows."],
  ["request", "`request.*` (other symbols and timeframes) is not supported yet."],
  ["polyline", "`polyline.*` is not supported."],
  ["chart", "`chart.*` is not supported (a headless service has no chart)."],
  ["session", "`session.*` is not supported."],
  ["ticker", "`ticker.*` is not supported."],
]);

/**
 * Built-ins in the table (signatures, docs) that the back end does not compile yet: the checker
 * refuses them with `unsupported_feature` and this message, so that nothing validates and then
 * fails to compile. A name leaves this map when codegen and the runtime implement it.
 */
export const PENDING_BUILTINS: ReadonlyMap<string, string> = new Map<string, string>([
  ["input.enum", "`input.enum` is not supported by the evaluator yet: use `input.string(..., options = [...])` and compare strings."],
  ...["sort_indices", "mode", "abs", "covariance", "percentrank", "standardize", "binary_search", "every", "some"].map((n): [string, string] => [`array.${n}`, `\`array.${n}\` is not supported by the evaluator yet.`]),
  ...[...table.functions.keys()].filter((n) => n.startsWith("map.") || n.startsWith("matrix.")).map((n): [string, string] => [n, `\`${n.slice(0, n.indexOf("."))}.*\` is not supported by the evaluator yet: use arrays.`]),
]);

export function builtinFunction(name: string): BuiltinFunction | undefined {
  return table.functions.get(name);
}

export function builtinVariable(name: string): BuiltinVariable | undefined {
  return table.variables.get(name);
}

/** Calls whose arguments become Interface outputs. */
export const PLOT_FUNCTIONS: ReadonlySet<string> = new Set(["plot", "plotshape", "plotchar", "plotcandle", "plotbar"]);
/** Calls that raise events. */
export const EVENT_FUNCTIONS: ReadonlySet<string> = new Set(["alertcondition", "alert"]);
/** Script declarations: exactly one per entry file, first statement. */
export const DECLARATION_FUNCTIONS: ReadonlySet<string> = new Set(["indicator", "library", "definition", "study"]);
