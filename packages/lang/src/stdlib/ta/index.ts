// The ta.* implementations and their records, one module per family; builtins/index.ts collects
// every record exported here, so a new family module needs only its line below.
export * from "./ma";
export * from "./stats";
export * from "./correlation";
export * from "./extremes";
export * from "./signals";
export * from "./osc";
export * from "./vol";
export * from "./rank";
export * from "./volume-indices";
export * from "./pivot-levels";
export * from "./tv-library";
// the runtime checks of bounded arguments (docs/adr/0158), reached by compiled code as $rt.ta.*
export { nonNegativeArgument, percentageArgument, positiveArgument, positiveOrNaArgument } from "../../builtins/argument-bounds";
