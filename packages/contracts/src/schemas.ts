// zod schemas of every object of the interface (docs/reference/endpoints.md). Requests are validated with these; responses
// are described by them in /openapi.json (generated, never written by hand).
import { z } from "zod";
import { isRfc3339, RFC3339_MESSAGE } from "./rfc3339";
import { ownerSlug } from "./script-ref";

export const TIMEFRAMES = ["1m", "5m", "15m", "30m", "1h", "2h", "4h", "1d", "1w"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const SCOPES = ["read", "scripts:write", "runs:write"] as const;
export type Scope = (typeof SCOPES)[number];
export const SCRIPT_KINDS = ["indicator", "definition", "study", "library"] as const;
/** The kinds a run has: its script's, and a library is imported, never run (docs/adr/0357). */
export const RUN_KINDS = ["indicator", "definition", "study"] as const;
export const RUN_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export const FAILURE_KINDS = ["script", "plan_limit", "out_of_coverage", "data_not_ready", "timeout", "busy", "cancelled", "internal"] as const;

const time = z.string().describe("RFC 3339, UTC");

export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
    diagnostics: z.array(z.lazy(() => DiagnosticSchema)).optional(),
  }),
});

export const PlanRefSchema = z.object({ name: z.string(), api_access: z.boolean() });

export const AccountSchema = z.object({
  id: z.string(),
  handle: z.string(),
  email: z.string(),
  status: z.enum(["waitlist", "active"]),
  plan: PlanRefSchema,
  created_at: time,
});

const Cap = z.object({ limit: z.number().int(), used: z.number().int() });
export const UsageSchema = z.object({
  plan: z.string(),
  period: z.object({ start: time, end: time }),
  caps: z.object({ scripts: Cap, definitions: Cap, events_per_month: Cap, compute_units_per_month: Cap }),
  api_limits: z.object({ requests_per_minute: z.number().int(), concurrent_heavy: z.number().int(), concurrent_waits: z.number().int() }),
  concurrent_runs: Cap,
  history_start: time.nullable(),
  run_time_limit: z.number(),
});

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  created_at: time,
  expires_at: time.nullable(),
  last_used_at: time.nullable(),
  revoked_at: time.nullable(),
});

export const CoverageSchema = z.object({ from: time, to: time, bars: z.number().int() });
export const InstrumentSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  exchange: z.string(),
  asset_class: z.enum(["equity", "etf", "crypto", "fx", "index", "future"]),
  currency: z.string(),
  timezone: z.string(),
  status: z.enum(["ready", "backfilling"]),
  coverage: z.record(z.string(), CoverageSchema),
});

export const DiagnosticSchema = z.object({
  severity: z.enum(["error", "warning", "info"]),
  stage: z.enum(["lint", "link", "derive"]),
  code: z.string(),
  message: z.string(),
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  end_line: z.number().int(),
  end_column: z.number().int(),
});

export const InterfaceSchema = z.object({
  inputs: z.array(z.object({
    name: z.string(), type: z.string(), default: z.union([z.number(), z.string(), z.boolean(), z.null()]),
    title: z.string().nullable(), min: z.number().nullable(), max: z.number().nullable(),
    options: z.array(z.union([z.number(), z.string()])).nullable(),
  })),
  outputs: z.array(z.object({
    name: z.string(), title: z.string(), type: z.string(),
    style: z.enum(["line", "histogram", "columns", "circles", "area", "stepline", "cross", "shape", "char", "candle", "bar"]).optional(),
    color: z.string().nullable().optional(),
    // docs/adr/0220: present (true) only when the call says force_overlay = true
    force_overlay: z.literal(true).optional(),
    // docs/adr/0242: present only when a plot call gives plot.linestyle_dashed or plot.linestyle_dotted
    linestyle: z.enum(["dashed", "dotted"]).optional(),
  })),
  events: z.array(z.object({ name: z.string(), message: z.string() })),
  warmup_bars: z.number().int(),
  horizons: z.array(z.number().int()).optional(),
  cooldown: z.number().int().optional(),
  // docs/adr/0065: every kind's, false / [] when the declaration and the script give none
  overlay: z.boolean(),
  hlines: z.array(z.object({ price: z.number().nullable(), title: z.string().nullable(), color: z.string().nullable() })),
});

export const DependencySchema = z.object({ owner: z.string(), slug: z.string(), kind: z.enum(SCRIPT_KINDS), version: z.number().int() });

export const FileSchema = z.object({
  path: z.string().min(1).max(255),
  content: z.string(),
});

export const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** SLUG in words, as a refusal says it (a CLI or MCP user reads it, not the regex). */
const SLUG_RULE = "a slug is 1 to 63 lowercase letters (a-z), digits or dashes, starting with a letter or a digit";
const slugField = (): z.ZodString => z.string().regex(SLUG, SLUG_RULE);

/**
 * The largest version number a client can name: versions are stored as 32-bit integers, so a
 * larger one names no version and is refused as out of range (a body's `version`/`base_version`
 * and the `version` query parameter alike, docs/adr/0317).
 */
export const MAX_VERSION = 2_147_483_647;
const versionNumber = z.number().int().min(1).max(MAX_VERSION);

export const ScriptBodySchema = z.object({
  slug: slugField(),
  kind: z.enum(SCRIPT_KINDS).optional(),
  title: z.string().max(200).optional(),
  description: z.string().max(5_000).optional(),
  visibility: z.enum(["private", "public"]).optional(),
  files: z.array(FileSchema).min(1),
  message: z.string().max(1_000).optional(),
}).strict();

// A save (PUT) names the version it is based on; a create (POST) has none, so `base_version` is a
// field of the save only (docs/adr/0198). The slug, when sent, must be the path's: a save cannot rename.
export const ScriptSaveSchema = ScriptBodySchema.omit({ slug: true }).extend({
  slug: z.string().optional().describe("The path's slug, if sent: a save cannot rename (PATCH does)"),
  base_version: versionNumber.describe("The script's `latest_version` this save is based on"),
}).strict();

// Validate takes a script body as a client holds it (its slug, base_version and message, or other
// fields, are ignored): it saves nothing, so nothing a client sends there can be lost (docs/adr/0186).
export const ValidateBodySchema = ScriptBodySchema.omit({ slug: true, message: true }).strip();

export const ScriptPatchSchema = z.object({
  slug: slugField().optional(),
  title: z.string().max(200).optional(),
  description: z.string().max(5_000).optional(),
  visibility: z.enum(["private", "public"]).optional(),
}).strict();

export const ScriptSchema = z.object({
  slug: z.string(),
  kind: z.enum(SCRIPT_KINDS),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(["private", "public"]),
  latest_version: z.number().int(),
  created_at: time,
  updated_at: time,
  interface: InterfaceSchema,
  dependencies: z.array(DependencySchema),
  files: z.array(FileSchema).optional(),
});

export const ValidationSchema = z.object({
  valid: z.boolean(),
  diagnostics: z.array(DiagnosticSchema),
  interface: InterfaceSchema.nullable(),
  dependencies: z.array(DependencySchema),
});

export const VersionSchema = z.object({ version: z.number().int(), created_at: time, message: z.string().nullable(), digest: z.string() });

export const LibraryScriptSchema = z.object({
  owner: z.string(), slug: z.string(), kind: z.enum(SCRIPT_KINDS), title: z.string(), description: z.string(),
  latest_version: z.number().int(), interface: InterfaceSchema, updated_at: time, files: z.array(FileSchema).optional(),
});

const InputValue = z.union([z.number(), z.string(), z.boolean()]);
/** A time a client sends (rfc3339.ts: the one reading of RFC 3339 for bodies and queries). */
const requestTime = z.string().refine(isRfc3339, { message: RFC3339_MESSAGE }).meta({ format: "date-time" });
export const WindowRequestSchema = z.object({
  from: requestTime.optional(),
  to: requestTime.optional(),
  bars: z.number().int().min(1).max(50_000).optional(),
}).strict();

/**
 * The string form of a script reference: `owner/slug` in one string (as the CLI and the runs
 * list's `script` filter write it) is refused naming the object form that carries the owner
 * (docs/adr/0363); any other non-slug gets the slug rule alone.
 */
const refSlug = (): z.ZodString => z.string().regex(SLUG, {
  error: (issue) => {
    const ref = ownerSlug(String(issue.input));
    return ref && SLUG.test(ref.slug)
      ? `${SLUG_RULE}; another account's script is named as an object: { "slug": "${ref.slug}", "owner": "${ref.owner}" }`
      : SLUG_RULE;
  },
});

/** A script named by its slug, or by slug, version and owner (a request body's objects are strict, docs/adr/0186). */
const ScriptRef = z.union([refSlug(), z.object({ slug: slugField(), version: versionNumber.optional(), owner: z.string().optional() }).strict()]);

export const RunRequestSchema = WindowRequestSchema.extend({
  script: ScriptRef,
  // picks which of the caller's scripts of the slug runs; a library is never run (docs/adr/0363)
  kind: z.enum(RUN_KINDS).optional(),
  instrument: z.string().min(1).max(32),
  timeframe: z.string(),
  inputs: z.record(z.string(), InputValue).optional(),
  wait: z.number().optional(),
});

export const CollectRequestSchema = RunRequestSchema.omit({ script: true, kind: true });

export const FailureSchema = z.object({ kind: z.enum(FAILURE_KINDS), message: z.string(), retryable: z.boolean() });
export const SummarySchema = z.object({
  bars: z.number().int(),
  warmup_bars: z.number().int(),
  bars_evaluated: z.number().int(),
  compute_units: z.number().int(),
  outputs: z.number().int().optional(),
  events: z.number().int().optional(),
  events_dropped: z.number().int().optional(),
  logs: z.number().int().optional(),
  logs_dropped: z.number().int().optional(),
  runtime_errors: z.array(z.object({ message: z.string(), count: z.number().int(), first_time: time, last_time: time })),
  runtime_errors_dropped: z.number().int().optional(),
  duration: z.number(),
});

export const RunSchema = z.object({
  id: z.string(),
  kind: z.enum(RUN_KINDS),
  script: z.object({ owner: z.string(), slug: z.string(), version: z.number().int() }),
  instrument: z.string(),
  timeframe: z.enum(TIMEFRAMES),
  window: z.object({ from: time.nullable(), to: time.nullable(), requested_from: time.nullable(), requested_to: time.nullable(), bars: z.number().int() }),
  inputs: z.record(z.string(), InputValue),
  status: z.enum(RUN_STATUSES),
  failure: FailureSchema.optional(),
  summary: SummarySchema.optional(),
  source: z.enum(["api", "app", "study"]),
  created_at: time,
  started_at: time.nullable(),
  finished_at: time.nullable(),
  expires_at: time.nullable(),
});

export const EventSchema = z.object({
  id: z.string(), time, name: z.string(), message: z.string(), instrument: z.string(), timeframe: z.string(), price: z.number(), run_id: z.string(),
});

export const IndicatorPointSchema = z.object({ t: z.number().int() }).catchall(z.number().nullable());

const HorizonStats = z.object({
  h: z.number().int(), count: z.number().int(), mean: z.number().nullable(), median: z.number().nullable(), stdev: z.number().nullable(),
  hit_rate: z.number().nullable(), mfe_mean: z.number().nullable(), mae_mean: z.number().nullable(), t_stat: z.number().nullable(),
  p_value: z.number().nullable(), mean_ci95: z.tuple([z.number(), z.number()]).nullable(), hit_rate_ci95: z.tuple([z.number(), z.number()]).nullable(), abnormal_mean: z.number().nullable(),
  mfe_median: z.number().nullable(), mae_median: z.number().nullable(),
});
export const StudyResultSchema = z.object({
  study: z.object({
    horizons: z.array(z.number().int()),
    groups: z.array(z.object({ definition: z.string(), event: z.string(), group: z.record(z.string(), z.unknown()), count: z.number().int(), horizons: z.array(HorizonStats) })),
    baseline: z.object({ count: z.number().int(), horizons: z.array(HorizonStats) }),
    events_used: z.number().int(),
  }),
});

const SweepValue = z.union([z.number(), z.string(), z.boolean()]);
export const SweepRequestSchema = WindowRequestSchema.extend({
  definition: ScriptRef,
  instruments: z.array(z.string().min(1).max(32)).min(1).max(20),
  timeframe: z.string(),
  inputs: z.record(z.string(), SweepValue).optional(),
  grid: z.record(z.string(), z.array(SweepValue).min(1).max(50)),
  horizons: z.array(z.number().int().min(1).max(500)).min(1).max(10),
  events: z.array(z.string().min(1)).min(1).optional(),
  cooldown: z.number().int().min(0).max(5000).optional(),
  wait: z.number().optional(),
});
export const SweepSchema = z.object({
  id: z.string(),
  definition: z.object({ owner: z.string(), slug: z.string(), version: z.number().int() }),
  instruments: z.array(z.string()),
  timeframe: z.string(),
  window: z.object({ from: z.string().optional(), to: z.string().optional(), bars: z.number().int().optional() }),
  grid: z.record(z.string(), z.array(SweepValue)),
  inputs: z.record(z.string(), z.unknown()),
  horizons: z.array(z.number().int()),
  events: z.array(z.string()).nullable(),
  cooldown: z.number().int(),
  status: z.enum(RUN_STATUSES),
  failure: FailureSchema.optional(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  summary: z.object({ combinations: z.number().int(), evaluations: z.number().int(), bars_evaluated: z.number().int(), compute_units: z.number().int(), events: z.number().int(), duration: z.number() }).optional(),
  created_at: time, started_at: time.nullable(), finished_at: time.nullable(), expires_at: time.nullable(),
});
export const SweepRowSchema = z.object({
  rank: z.number().int(),
  inputs: z.record(z.string(), SweepValue),
  events: z.number().int(),
  horizons: z.array(HorizonStats.extend({ p_adjusted: z.number().nullable() })),
});
export const SweepPageSchema = z.object({ data: z.array(SweepSchema), next_cursor: z.string().nullable() });
export const SweepRowsSchema = z.object({ data: z.array(SweepRowSchema), next_cursor: z.string().nullable() });

export const DocTopicSchema = z.object({ topic: z.string(), title: z.string(), summary: z.string() });

/**
 * A client's name is shown to the person on the consent page (/device) and becomes the key's
 * default name: control characters and bidirectional formatting characters (which can make
 * "evil\u202Emoc.elgoog" read "evilgoogle.com") are refused, not shown (docs/adr/0317).
 */
const BIDI_FORMATTING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
function displaySafe(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return false; // C0, DEL and C1 controls
  }
  return !BIDI_FORMATTING.test(name);
}
export const DeviceRequestSchema = z.object({
  client_name: z.string().max(100).refine(displaySafe, { message: "must not contain control characters or bidirectional formatting characters" }).optional(),
  // each scope once, as a sweep's lists name each item once (docs/adr/0287): a repeated one was
  // listed again on the consent page and kept in the key's `scopes`
  scopes: z.array(z.enum(SCOPES)).min(1).superRefine((scopes, ctx) => {
    const twice = scopes.find((scope, i) => scopes.indexOf(scope) !== i);
    if (twice !== undefined) ctx.addIssue({ code: "custom", message: `lists "${twice}" twice` });
  }).optional(),
});
export const DeviceAuthorizationSchema = z.object({
  device_code: z.string(), user_code: z.string(), verification_uri: z.string(), verification_uri_complete: z.string(), expires_in: z.number().int(), interval: z.number().int(),
});
export const TokenRequestSchema = z.object({ device_code: z.string().min(1), grant_type: z.string().optional() });
export const TokenSchema = z.object({ api_key: z.string(), key: ApiKeySchema });

export function page<T extends z.ZodType>(item: T, field = "data") {
  return z.object({ [field]: z.array(item), next_cursor: z.string().nullable() });
}
