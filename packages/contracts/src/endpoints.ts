// The table of every /v1 endpoint (docs/reference/endpoints.md is generated from it): method, path, scope, heavy, and
// the zod schemas of its query, body and answer. Routes take their validation from here and
// /openapi.json is generated from it, so the two cannot drift.
import { z } from "zod";
import * as s from "./schemas";
import { DrawingsSchema, LogPageSchema } from "./drawings";
import type { Scope } from "./schemas";
import type { ErrorCode } from "./errors";

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type Guard = Scope | "any-key" | "no-key";

/** An error an endpoint can answer besides those its guard, parameters and heaviness imply (openapi.ts). */
export type EndpointError = ErrorCode | { code: ErrorCode; status: number };

export interface Endpoint {
  id: number;
  /** The OpenAPI operationId and the SDK's method name: a verb and a noun, camelCase. */
  name: string;
  /** The OpenAPI tag (one resource); a new tag takes its description from TAGS in openapi.ts. */
  tag: string;
  /** Longer text than the summary, when the summary does not say enough. */
  description?: string;
  errors?: readonly EndpointError[];
  method: Method;
  path: string;
  guard: Guard;
  heavy: boolean;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  success: { status: number; schema?: z.ZodType; contentType?: string };
}

const limitCursor = { limit: z.string().optional(), cursor: z.string().optional() };
const kindQuery = { kind: z.enum(s.SCRIPT_KINDS).optional() };
const ownerKind = { ...kindQuery, owner: z.string().optional() };
const eventFilters = { ...ownerKind, instrument: z.string().optional(), timeframe: z.string().optional(), from: z.string().optional(), to: z.string().optional(), name: z.string().optional(), run_id: z.string().optional() };

export const ENDPOINTS: readonly Endpoint[] = [
  { id: 1, name: "getMe", tag: "Account", method: "get", path: "/me", guard: "read", heavy: false, summary: "The account of the key", success: { status: 200, schema: s.AccountSchema } },
  { id: 2, name: "getUsage", tag: "Account", method: "get", path: "/usage", guard: "read", heavy: false, summary: "Plan caps, counts and API limits", success: { status: 200, schema: s.UsageSchema } },
  { id: 3, name: "listKeys", tag: "Account", method: "get", path: "/keys", guard: "read", heavy: false, summary: "The account's API keys (no secrets)", query: z.object(limitCursor), success: { status: 200, schema: s.page(s.ApiKeySchema) } },
  { id: 4, name: "listInstruments", tag: "Instruments", method: "get", path: "/instruments", guard: "read", heavy: false, summary: "Search instruments", query: z.object({ ...limitCursor, q: z.string().optional() }), success: { status: 200, schema: s.page(s.InstrumentSchema) } },
  { id: 5, name: "getInstrument", tag: "Instruments", method: "get", path: "/instruments/{symbol}", guard: "read", heavy: false, summary: "One instrument", success: { status: 200, schema: s.InstrumentSchema } },
  { id: 6, name: "listDocs", tag: "Docs", method: "get", path: "/docs", guard: "read", heavy: false, summary: "Documentation topics", success: { status: 200, schema: s.page(s.DocTopicSchema) } },
  { id: 7, name: "getDoc", tag: "Docs", method: "get", path: "/docs/{topic}", guard: "read", heavy: false, summary: "One topic as markdown", success: { status: 200, contentType: "text/markdown; charset=utf-8" } },
  { id: 8, name: "validateScript", tag: "Scripts", description: "Checks files without saving them: lint, link and derive. Answers 200 with `valid` false and the diagnostics when the script does not check.", method: "post", path: "/scripts/validate", guard: "read", heavy: true, summary: "Lint, link and derive a script", body: s.ValidateBodySchema, success: { status: 200, schema: s.ValidationSchema } },
  { id: 9, name: "createScript", tag: "Scripts", description: "Creates version 1 of a script from its files. A script that does not check is refused with 422 `script_invalid` and its diagnostics.", errors: ["script_invalid", "conflict", "plan_limit"], method: "post", path: "/scripts", guard: "scripts:write", heavy: true, summary: "Create a script (version 1)", body: s.ScriptBodySchema, success: { status: 201, schema: s.ScriptSchema } },
  { id: 10, name: "listScripts", tag: "Scripts", method: "get", path: "/scripts", guard: "read", heavy: false, summary: "The caller's scripts", query: z.object({ ...limitCursor, ...kindQuery }), success: { status: 200, schema: s.page(s.ScriptSchema) } },
  { id: 11, name: "getScript", tag: "Scripts", errors: ["conflict"], method: "get", path: "/scripts/{slug}", guard: "read", heavy: false, summary: "A script with its files", query: z.object({ ...ownerKind, version: z.string().optional() }), success: { status: 200, schema: s.ScriptSchema } },
  { id: 12, name: "updateScript", tag: "Scripts", description: "Saves a new version. `base_version` must be the latest version (409 `version_conflict` with `details.latest_version` otherwise); files identical to the latest version's make no new version, but the `title`, `description` and `visibility` the body gives are still applied.", errors: ["script_invalid", "version_conflict", "conflict", "forbidden"], method: "put", path: "/scripts/{slug}", guard: "scripts:write", heavy: true, summary: "Save a new version", query: z.object(ownerKind), body: s.ScriptSaveSchema, success: { status: 200, schema: s.ScriptSchema } },
  { id: 13, name: "editScript", tag: "Scripts", errors: ["conflict", "forbidden"], method: "patch", path: "/scripts/{slug}", guard: "scripts:write", heavy: false, summary: "Rename or edit metadata", query: z.object(ownerKind), body: s.ScriptPatchSchema, success: { status: 200, schema: s.ScriptSchema } },
  { id: 14, name: "deleteScript", tag: "Scripts", description: "Deletes the script and every version of it; its runs and their events stay readable by run id. A query parameter it does not take (`version`, say) is 400 `invalid_request` and nothing is deleted.", errors: ["conflict", "forbidden"], method: "delete", path: "/scripts/{slug}", guard: "scripts:write", heavy: false, summary: "Delete a script", query: z.strictObject(ownerKind), success: { status: 204 } },
  { id: 15, name: "listScriptVersions", tag: "Scripts", errors: ["conflict"], method: "get", path: "/scripts/{slug}/versions", guard: "read", heavy: false, summary: "Versions of a script", query: z.object({ ...limitCursor, ...ownerKind }), success: { status: 200, schema: s.page(s.VersionSchema) } },
  { id: 16, name: "collectEvents", tag: "Events", errors: ["unknown_instrument", "unsupported_timeframe", "out_of_coverage", "plan_limit", "conflict"], method: "post", path: "/scripts/{slug}/collect", guard: "runs:write", heavy: true, summary: "Run a definition over history", query: z.object(ownerKind), body: s.CollectRequestSchema, success: { status: 202, schema: s.RunSchema } },
  { id: 17, name: "listEvents", tag: "Events", description: "A definition's kept events, oldest first (100 a page, at most 1,000), filtered by instrument, timeframe, time, name or run; `format=csv` streams every row.", errors: ["conflict"], method: "get", path: "/scripts/{slug}/events", guard: "read", heavy: false, summary: "A definition's events", query: z.object({ ...limitCursor, ...eventFilters, format: z.enum(["json", "csv"]).optional() }), success: { status: 200, schema: s.page(s.EventSchema, "events") } },
  { id: 18, name: "deleteEvents", tag: "Events", description: "Deletes the caller's kept events of the definition that match every filter given (all of them when none is). A query parameter it does not take (`before`, say) is 400 `invalid_request` and nothing is deleted.", errors: ["conflict"], method: "delete", path: "/scripts/{slug}/events", guard: "scripts:write", heavy: false, summary: "Delete a definition's events", query: z.strictObject(eventFilters), success: { status: 200, schema: z.object({ deleted: z.number().int() }) } },
  { id: 19, name: "createRun", tag: "Runs", description: "Starts a run of a script over one instrument and timeframe. With `wait` (seconds, at most 60) the answer comes when the run is final or the wait is over; it is 202 whatever the status. A repeated `Idempotency-Key` answers 200 with the first run.", errors: ["not_found", "unknown_instrument", "unsupported_timeframe", "out_of_coverage", "plan_limit", "conflict"], method: "post", path: "/runs", guard: "runs:write", heavy: true, summary: "Start a run", body: s.RunRequestSchema, success: { status: 202, schema: s.RunSchema } },
  { id: 20, name: "listRuns", tag: "Runs", method: "get", path: "/runs", guard: "read", heavy: false, summary: "The account's runs", query: z.object({ ...limitCursor, status: z.enum(s.RUN_STATUSES).optional(), script: z.string().optional(), kind: z.enum(s.RUN_KINDS).optional() }), success: { status: 200, schema: s.page(s.RunSchema) } },
  { id: 21, name: "getRun", tag: "Runs", description: "One run. `wait` (seconds, at most 60) long-polls until the run is final.", method: "get", path: "/runs/{run_id}", guard: "read", heavy: false, summary: "One run; `wait` long-polls", query: z.object({ wait: z.string().optional() }), success: { status: 200, schema: s.RunSchema } },
  { id: 22, name: "getRunResults", tag: "Runs", description: "A final run's results: `{ outputs, next_cursor }` for an indicator (5,000 points a page, at most 50,000), `{ events, next_cursor }` for a definition, `{ study }` for a study. `format=csv` streams every row. 409 `run_not_finished` before the run is final; 410 `not_found` once its results expired (7 days).", errors: ["run_not_finished", { code: "not_found", status: 410 }], method: "get", path: "/runs/{run_id}/results", guard: "read", heavy: false, summary: "Outputs, events or study result", query: z.object({ ...limitCursor, format: z.enum(["json", "csv"]).optional() }), success: { status: 200, schema: z.union([s.page(s.IndicatorPointSchema, "outputs"), s.page(s.EventSchema, "events"), s.StudyResultSchema]) } },
  { id: 23, name: "cancelRun", tag: "Runs", method: "post", path: "/runs/{run_id}/cancel", guard: "runs:write", heavy: false, summary: "Cancel a run", success: { status: 200, schema: s.RunSchema } },
  { id: 24, name: "searchLibrary", tag: "Library", method: "get", path: "/library", guard: "read", heavy: false, summary: "Search public scripts", query: z.object({ ...limitCursor, ...kindQuery, q: z.string().optional() }), success: { status: 200, schema: s.page(s.LibraryScriptSchema) } },
  { id: 25, name: "getLibraryScript", tag: "Library", method: "get", path: "/library/{owner}/{slug}", guard: "read", heavy: false, summary: "A public script with files", query: z.object({ version: z.string().optional() }), success: { status: 200, schema: s.LibraryScriptSchema } },
  { id: 26, name: "startDeviceAuthorization", tag: "Sign-in", errors: ["rate_limited"], method: "post", path: "/auth/device", guard: "no-key", heavy: false, summary: "Start a browser sign-in", body: s.DeviceRequestSchema, success: { status: 200, schema: s.DeviceAuthorizationSchema } },
  { id: 27, name: "pollDeviceAuthorization", tag: "Sign-in", description: "Polls a started sign-in: 400 `authorization_pending` until the person decides, `slow_down` when polled faster than `interval`, `access_denied` or `expired_token` at the end; 200 with the new key once approved.", errors: ["authorization_pending", "slow_down", "access_denied", "expired_token"], method: "post", path: "/auth/token", guard: "no-key", heavy: false, summary: "Poll a sign-in", body: s.TokenRequestSchema, success: { status: 200, schema: s.TokenSchema } },
  { id: 28, name: "revokeKey", tag: "Sign-in", method: "post", path: "/auth/revoke", guard: "any-key", heavy: false, summary: "Revoke the key used", success: { status: 204 } },
  { id: 29, name: "webhooks", tag: "Webhooks", errors: ["not_implemented", "forbidden", "plan_limit"], method: "get", path: "/webhooks", guard: "any-key", heavy: false, summary: "Webhooks: not implemented (501)", success: { status: 501, schema: s.ErrorEnvelopeSchema } },
  { id: 30, name: "getRunDrawings", tag: "Runs", description: "What an indicator run's chart would show after the last bar: its labels, lines, boxes, polylines, linefills (each naming its two lines by their places in `lines`, and going with either of them) and tables, the oldest deleted first past each kind's cap: the declaration's max_labels_count, max_lines_count and max_boxes_count (default 50, most 500) and max_polylines_count (default 50, most 100); tables at most 500. Times RFC 3339 (a bar index is that bar's open time; past the last bar, one bar per step), colors `#RRGGBBAA`, na as null. 404 for a definition, study or sweep run; 409 `run_not_finished` before it succeeded; 410 once its results expired.", errors: ["run_not_finished", { code: "not_found", status: 410 }], method: "get", path: "/runs/{run_id}/drawings", guard: "read", heavy: false, summary: "An indicator run's drawings", success: { status: 200, schema: DrawingsSchema } },
  { id: 31, name: "getRunLogs", tag: "Runs", description: "The run's log.info / log.warning / log.error lines in bar order (warmup bars' too; `time` is the bar's open time): its first 1,000 lines, `summary.logs_dropped` counts the rest. Pages of 100 (`limit` at most 1,000). 409 `run_not_finished` before the run succeeded; 410 once its results expired.", errors: ["run_not_finished", { code: "not_found", status: 410 }], method: "get", path: "/runs/{run_id}/logs", guard: "read", heavy: false, summary: "A run's log lines", query: z.object({ ...limitCursor }), success: { status: 200, schema: LogPageSchema } },
  { id: 32, name: "createSweep", tag: "Sweeps", description: "Starts a sweep: one definition over every combination of the grid's input values (at most 500) on 1-20 instruments, each event measured as a study does, rows ranked by a horizon's statistic with Holm-adjusted p values. One queued job that takes one run slot. `wait` long-polls as for runs; a repeated `Idempotency-Key` answers 200 with the first sweep.", errors: ["not_found", "unknown_instrument", "unsupported_timeframe", "out_of_coverage", "plan_limit", "conflict"], method: "post", path: "/sweeps", guard: "runs:write", heavy: true, summary: "Start a sweep", body: s.SweepRequestSchema, success: { status: 202, schema: s.SweepSchema } },
  { id: 33, name: "listSweeps", tag: "Sweeps", method: "get", path: "/sweeps", guard: "read", heavy: false, summary: "The account's sweeps", query: z.object({ ...limitCursor, status: z.enum(s.RUN_STATUSES).optional() }), success: { status: 200, schema: s.SweepPageSchema } },
  { id: 34, name: "getSweep", tag: "Sweeps", description: "One sweep with its progress. `wait` (seconds, at most 60) long-polls until it is final.", method: "get", path: "/sweeps/{sweep_id}", guard: "read", heavy: false, summary: "A sweep", query: z.object({ wait: z.string().optional() }), success: { status: 200, schema: s.SweepSchema } },
  { id: 35, name: "getSweepResults", tag: "Sweeps", description: "A succeeded sweep's rows, ranked by `sort=h<N>:<stat>` (default the first horizon's `t_stat`; p values ascending, other statistics descending, nulls last). 409 `run_not_finished` until final, 410 once expired.", errors: ["run_not_finished", { code: "not_found", status: 410 }], method: "get", path: "/sweeps/{sweep_id}/results", guard: "read", heavy: false, summary: "A sweep's ranked rows", query: z.object({ ...limitCursor, sort: z.string().optional() }), success: { status: 200, schema: s.SweepRowsSchema } },
  { id: 36, name: "cancelSweep", tag: "Sweeps", method: "post", path: "/sweeps/{sweep_id}/cancel", guard: "runs:write", heavy: false, summary: "Cancel a sweep", success: { status: 200, schema: s.SweepSchema } },
];

export function endpoint(id: number): Endpoint {
  const found = ENDPOINTS.find((e) => e.id === id);
  if (!found) throw new Error(`no endpoint #${id}`);
  return found;
}
