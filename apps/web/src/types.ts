// The shapes of the service's answers the app reads: the SDK's types, generated from the
// service's own OpenAPI document (docs/reference/api.md "Objects"), so the app cannot drift from it.
import type { components, operations } from "@barscript/sdk";

type Schemas = components["schemas"];

export type { ApiKey, Diagnostic, Instrument, LibraryScript, Run, Script, ScriptInterface, Usage, Version } from "@barscript/sdk";
/** The `study` object of a study run's results. */
export type StudyResult = Schemas["StudyResult"]["study"];
export type FileBody = Schemas["File"];
export type ScriptKind = Schemas["Script"]["kind"];
export type InputSpec = Schemas["Interface"]["inputs"][number];
export type OutputSpec = Schemas["Interface"]["outputs"][number];
export type HlineSpec = NonNullable<Schemas["Interface"]["hlines"]>[number];
export type RunFailure = Schemas["Failure"];
export type EventRow = Schemas["Event"];
export type OutputPoint = Schemas["IndicatorPoint"];
export type StudyGroup = Schemas["StudyResult"]["study"]["groups"][number];
export type StudyHorizon = StudyGroup["horizons"][number];

/** A sweep (docs/reference/endpoints.md, GET /v1/sweeps/{sweep_id}). */
export type Sweep = operations["getSweep"]["responses"][200]["content"]["application/json"];
export type SweepRequest = operations["createSweep"]["requestBody"]["content"]["application/json"];
/** One ranked row of a sweep's results. */
export type SweepRow = operations["getSweepResults"]["responses"][200]["content"]["application/json"]["data"][number];
/** One log line of a run (docs/reference/endpoints.md, GET /v1/runs/{run_id}/logs). */
export type LogLine = operations["getRunLogs"]["responses"][200]["content"]["application/json"]["data"][number];
export type SweepHorizon = SweepRow["horizons"][number];

/** A page of a list (docs/reference/api.md "Pagination"). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
