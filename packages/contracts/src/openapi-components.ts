// The named objects of /openapi.json (components/schemas): each zod schema of schemas.ts that a
// client meets by name, with one example. openapi.ts turns every place such a schema appears
// into a `$ref`, so generated SDKs get one type per object instead of copies.
import { z } from "zod";
import * as s from "./schemas";

export interface ComponentMeta {
  id: string;
  description: string;
  examples?: unknown[];
}

const RUN_EXAMPLE = {
  id: "run_4fV2kQ9mXb1LzT8cR3sW0aJe",
  kind: "indicator",
  script: { owner: "acme", slug: "rsi-bands", version: 3 },
  instrument: "AAPL",
  timeframe: "1d",
  window: { from: "2010-01-04T00:00:00Z", to: "2013-03-01T00:00:00Z", requested_from: "2010-01-01T00:00:00Z", requested_to: "2013-03-01T00:00:00Z", bars: 795 },
  inputs: { length: 14 },
  status: "succeeded",
  summary: { bars: 795, warmup_bars: 322, bars_evaluated: 1117, compute_units: 2, outputs: 795, runtime_errors: [], duration: 0.009 },
  source: "api",
  created_at: "2026-11-22T08:00:00.123Z",
  started_at: "2026-11-22T08:00:00.140Z",
  finished_at: "2026-11-22T08:00:00.151Z",
  expires_at: "2026-11-29T08:00:00.151Z",
};

const INTERFACE_EXAMPLE = {
  inputs: [{ name: "len", type: "int", default: 14, title: "Length", min: 1, max: null, options: null }],
  outputs: [{ name: "rsi", title: "rsi", type: "float" }],
  events: [],
  warmup_bars: 322,
};

const FILES_EXAMPLE = [{ path: "main.pine", content: "//@version=6\nindicator(\"My RSI\")\nlen = input.int(14, \"Length\")\nplot(ta.rsi(close, len), \"rsi\")\n" }];

/** Response objects (rendered with io "output"). */
export const OUTPUT_COMPONENTS: ReadonlyArray<[z.ZodType, ComponentMeta]> = [
  [s.ErrorEnvelopeSchema, { id: "ErrorEnvelope", description: "Every refusal: `error.code` is one of the service's error codes.", examples: [{ error: { code: "version_conflict", message: "Version 4 was saved after version 3, which this save is based on.", details: { latest_version: 4 } } }] }],
  [s.AccountSchema, { id: "Account", description: "The account a key belongs to.", examples: [{ id: "acc_1", handle: "acme", email: "dev@acme.test", status: "active", plan: { name: "pro", api_access: true }, created_at: "2026-11-01T09:00:00Z" }] }],
  [s.UsageSchema, { id: "Usage", description: "The plan's caps with this month's counts, and the API limits." }],
  [s.ApiKeySchema, { id: "ApiKey", description: "An API key, without its secret." }],
  [s.InstrumentSchema, { id: "Instrument", description: "A market and its stored bars per timeframe.", examples: [{ symbol: "AAPL", name: "Apple Inc.", exchange: "NASDAQ", asset_class: "equity", currency: "USD", timezone: "America/New_York", status: "ready", coverage: { "1d": { from: "2000-01-03T00:00:00Z", to: "2013-03-01T00:00:00Z", bars: 3310 } } }] }],
  [s.DiagnosticSchema, { id: "Diagnostic", description: "One finding of lint, link or derive, with its place (1-based line and column).", examples: [{ severity: "error", stage: "lint", code: "undeclared_identifier", message: "Undeclared identifier `nope`.", file: "main.pine", line: 3, column: 6, end_line: 3, end_column: 10 }] }],
  [s.InterfaceSchema, { id: "Interface", description: "What a script takes and gives: inputs, outputs, events, warmup.", examples: [INTERFACE_EXAMPLE] }],
  [s.DependencySchema, { id: "Dependency", description: "A library script another script imports, at the version it resolved to." }],
  [s.FileSchema, { id: "File", description: "One source file of a script; the entry is `main.pine`.", examples: [FILES_EXAMPLE[0]] }],
  [s.ScriptSchema, { id: "Script", description: "A script of the caller's, at its latest (or requested) version." }],
  [s.ValidationSchema, { id: "Validation", description: "The answer of validate: valid or not, with diagnostics." }],
  [s.VersionSchema, { id: "Version", description: "One saved version of a script." }],
  [s.LibraryScriptSchema, { id: "LibraryScript", description: "A public script of any account (the built-in library's owner is `core`)." }],
  [s.FailureSchema, { id: "Failure", description: "Why a run failed or was cancelled.", examples: [{ kind: "out_of_coverage", message: "No 1m bars for AAPL between 2001-01-01 and 2001-02-01.", retryable: false }] }],
  [s.SummarySchema, { id: "RunSummary", description: "Counts of a finished run." }],
  [s.RunSchema, { id: "Run", description: "One evaluation of a script over one instrument and timeframe.", examples: [RUN_EXAMPLE] }],
  [s.EventSchema, { id: "Event", description: "An event a definition raised on a bar." }],
  [s.IndicatorPointSchema, { id: "IndicatorPoint", description: "One bar of an indicator's outputs: `t` (Unix seconds of the bar's open) and one number (or null for na) per output.", examples: [{ t: 1262563200, rsi: 67.3, upper: 70, lower: 30 }] }],
  [s.StudyResultSchema, { id: "StudyResult", description: "A study's statistics per event group and horizon, with the baseline." }],
  [s.DocTopicSchema, { id: "DocTopic", description: "One documentation topic.", examples: [{ topic: "language", title: "The language", summary: "A tour of the Pine v6 dialect." }] }],
  [s.DeviceAuthorizationSchema, { id: "DeviceAuthorization", description: "A started browser sign-in (RFC 8628)." }],
  [s.TokenSchema, { id: "Token", description: "The key a completed sign-in created: the secret is shown this once." }],
];

/** Request bodies (rendered with io "input"). */
export const INPUT_COMPONENTS: ReadonlyArray<[z.ZodType, ComponentMeta]> = [
  [s.RunRequestSchema, { id: "RunRequest", description: "Start a run: a script (slug, or slug with version and owner), an instrument, a timeframe, a window and inputs.", examples: [{ script: "my-rsi", instrument: "AAPL", timeframe: "1d", from: "2003-01-01T00:00:00Z", inputs: { len: 14 }, wait: 30 }] }],
  [s.ScriptBodySchema, { id: "ScriptRequest", description: "A new script's slug, files and metadata.", examples: [{ slug: "my-rsi", files: FILES_EXAMPLE }] }],
  [s.ScriptSaveSchema, { id: "ScriptSaveRequest", description: "A new version's files and metadata, based on the script's latest version.", examples: [{ base_version: 3, files: FILES_EXAMPLE, message: "length 14" }] }],
  [s.ValidateBodySchema, { id: "ValidateRequest", description: "Files to check without saving them.", examples: [{ files: FILES_EXAMPLE }] }],
  [s.CollectRequestSchema, { id: "CollectRequest", description: "Run a definition over history on one instrument and timeframe.", examples: [{ instrument: "AAPL", timeframe: "1d", bars: 5000 }] }],
  [s.ScriptPatchSchema, { id: "ScriptPatch", description: "Rename or edit a script's metadata; versions, runs and events are kept.", examples: [{ slug: "rsi-14" }] }],
  [s.DeviceRequestSchema, { id: "DeviceRequest", description: "Start a browser sign-in.", examples: [{ client_name: "my laptop" }] }],
  [s.TokenRequestSchema, { id: "TokenRequest", description: "Poll a started sign-in.", examples: [{ device_code: "GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS" }] }],
];

export function registryOf(entries: ReadonlyArray<[z.ZodType, ComponentMeta]>): z.core.$ZodRegistry<ComponentMeta> {
  const registry = z.registry<ComponentMeta>();
  for (const [schema, meta] of entries) registry.add(schema, meta);
  return registry;
}
