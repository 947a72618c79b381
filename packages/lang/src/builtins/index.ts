// The one built-in table, built from the records (record.ts): every function and variable with
// its parameters, return type, documentation, lookback rule and code. The checker, derive,
// codegen and the docs all read it from here; the lists of plot, event and declaration functions
// are the records' roles.
//
// A record module is listed once below; every record it exports is collected, so adding a record
// to an existing module needs no edit here.

import * as stdlibArray from "../stdlib/array";
import * as stdlibMap from "../stdlib/map";
import * as stdlibMatrix from "../stdlib/matrix";
import * as stdlibColor from "../stdlib/color";
import * as stdlibMath from "../stdlib/math";
import * as stdlibStr from "../stdlib/str";
import * as stdlibTime from "../stdlib/time";
import * as ta from "../stdlib/ta";
import * as stdlibRequest from "../stdlib/request";
import * as stdlibSession from "../stdlib/session";
import * as stdlibDrawing from "../stdlib/drawing";
import * as stdlibSyminfo from "../stdlib/syminfo";
import * as stdlibBarTimes from "../stdlib/bar-times";
import * as stdlibCorporateEvents from "../stdlib/corporate-events";
import * as core from "./core";
import * as drawing from "./drawing";
import { recordsOf, type FunctionRecord, type VariableRecord } from "./record";

export type { BuiltinFunction, BuiltinVariable, ParamSpec, Signature, TypeSpec } from "./signature";
export { parseSignature } from "./signature";
export type { FunctionRecord, VariableRecord } from "./record";

const RECORD_MODULES: ReadonlyArray<Readonly<Record<string, unknown>>> = [
  core, ta, stdlibMath, stdlibStr, stdlibColor, stdlibArray, stdlibMap, stdlibMatrix, drawing, stdlibTime, stdlibRequest, stdlibSession, stdlibDrawing, stdlibSyminfo, stdlibBarTimes, stdlibCorporateEvents,
];

function buildTable(): { functions: Map<string, FunctionRecord>; variables: Map<string, VariableRecord> } {
  const functions = new Map<string, FunctionRecord>();
  const variables = new Map<string, VariableRecord>();
  for (const r of RECORD_MODULES.flatMap((m) => recordsOf(m))) {
    const table: Map<string, FunctionRecord | VariableRecord> = r.kind === "function" ? functions : variables;
    // the same record reached twice (re-exported) is fine; two records of one name are a bug
    const seen = table.get(r.name);
    if (seen && seen !== r) throw new Error(`two records of the built-in ${r.kind} '${r.name}'`);
    table.set(r.name, r);
  }
  return { functions, variables };
}

const table = buildTable();

export const BUILTIN_FUNCTIONS: ReadonlyMap<string, FunctionRecord> = table.functions;
export const BUILTIN_VARIABLES: ReadonlyMap<string, VariableRecord> = table.variables;

export function builtinFunction(name: string): FunctionRecord | undefined {
  return table.functions.get(name);
}

export function builtinVariable(name: string): VariableRecord | undefined {
  return table.variables.get(name);
}

function namesWhere(f: (r: FunctionRecord) => boolean): ReadonlySet<string> {
  return new Set([...table.functions.values()].filter(f).map((r) => r.name));
}

/** First segments of dotted built-in names (`ta`, `math`, `color`, `plot`, ...). */
export const BUILTIN_NAMESPACES: ReadonlySet<string> = new Set(
  [...table.functions.keys(), ...table.variables.keys()].filter((n) => n.includes(".")).map((n) => n.slice(0, n.indexOf("."))),
);

/** Namespaces Pine has that this dialect does not implement: named plainly in diagnostics. */
export const UNSUPPORTED_NAMESPACES: ReadonlyMap<string, string> = new Map([
  ["strategy", "Strategies are not supported: write a `definition` whose alertconditions mark the signal, and a `study` that uses it to measure what follows."],
  ["footprint", "`footprint` objects and their `footprint.*` functions are not supported: they hold a bar's volume footprint (buy and sell volume per price row, from its ticks; request.footprint), which this service does not store."],
  ["volume_row", "`volume_row` objects and their `volume_row.*` functions are not supported: they are the price rows of a bar's volume footprint (from its ticks; request.footprint), which this service does not store."],
  ["ticker", "This `ticker.*` is not supported: its tickers ask for other chart types (Renko, line break, Kagi, point and figure), whose bars this service does not store; request a symbol by its name (`\"NASDAQ:MSFT\"`, `syminfo.tickerid`, or `ticker.standard(...)`, `ticker.new(...)`, `ticker.modify(...)`, `ticker.inherit(...)`, which are the symbol itself) or its Heikin Ashi bars (`ticker.heikinashi(...)`)."],
]);

/**
 * Built-ins in the table (signatures, docs) that the back end does not compile yet: the checker
 * refuses them with `unsupported_feature` and this message, so that nothing validates and then
 * fails to compile. A record leaves this map when it gets an emitter (its `pending` goes).
 */
export const PENDING_BUILTINS: ReadonlyMap<string, string> = new Map(
  [...table.functions.values(), ...table.variables.values()].flatMap((r): Array<[string, string]> => (r.pending === null ? [] : [[r.name, r.pending]])),
);

/** Calls whose arguments become Interface outputs. */
export const PLOT_FUNCTIONS: ReadonlySet<string> = namesWhere((r) => r.role === "plot");
/** Calls that raise events. */
export const EVENT_FUNCTIONS: ReadonlySet<string> = namesWhere((r) => r.role === "event");
/** Script declarations: exactly one per entry file, first statement. */
export const DECLARATION_FUNCTIONS: ReadonlySet<string> = namesWhere((r) => r.role === "declaration");
/** Calls Pine allows only at the top level of a script (plots, declarations, hline, fill, ...). */
export const GLOBAL_ONLY_FUNCTIONS: ReadonlySet<string> = namesWhere((r) => r.globalOnly);
