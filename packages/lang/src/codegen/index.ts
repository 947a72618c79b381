// The code generator (one file per job: program.ts assembles, scope.ts, slots.ts, statements.ts,
// expressions.ts, calls.ts, builtin-calls.ts, roles.ts, binding.ts).
export { generate } from "./program";
export { CodegenError, type Generated, type HistorySizes, type InputSlot, type OutputSlot } from "./types";
