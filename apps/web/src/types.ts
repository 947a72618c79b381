// The shapes of the service's answers the app reads (docs/reference/api.md "Objects").
export interface InputSpec {
  name: string;
  type: string;
  default: number | string | boolean | null;
  title: string | null;
  min: number | null;
  max: number | null;
  options: Array<number | string> | null;
}

export interface OutputSpec {
  name: string;
  title: string;
  type: string;
  /** Interface additions: how the output is drawn (absent on older services). */
  style?: string;
  color?: string | null;
}

export interface HlineSpec {
  price: number;
  title: string | null;
  color: string | null;
}

export interface ScriptInterface {
  inputs: InputSpec[];
  outputs: OutputSpec[];
  events: Array<{ name: string; message: string }>;
  warmup_bars: number;
  horizons?: number[];
  overlay?: boolean;
  hlines?: HlineSpec[];
}

export interface Diagnostic {
  severity: "error" | "warning" | "info";
  stage: string;
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
}

export interface FileBody {
  path: string;
  content: string;
}

export type ScriptKind = "indicator" | "definition" | "study" | "library";

export interface Script {
  slug: string;
  kind: ScriptKind;
  title: string;
  description: string | null;
  visibility: "private" | "public";
  latest_version: number;
  created_at: string;
  updated_at: string;
  interface: ScriptInterface | null;
  files?: FileBody[];
  version?: number;
}

export interface LibraryScript {
  owner: string;
  slug: string;
  kind: ScriptKind;
  title: string;
  description: string | null;
  latest_version: number;
  interface: ScriptInterface | null;
  updated_at: string;
  files?: FileBody[];
}

export interface Version {
  version: number;
  created_at: string;
  message: string | null;
  digest: string;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export interface RunFailure {
  kind: string;
  message: string;
  retryable: boolean;
}

export interface Run {
  id: string;
  kind: ScriptKind;
  script: { owner: string; slug: string; version: number };
  instrument: string;
  timeframe: string;
  window: { from: string | null; to: string | null; bars: number };
  inputs: Record<string, unknown>;
  status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
  failure?: RunFailure;
  summary?: { bars: number; outputs?: number; events?: number; compute_units: number; duration: number; runtime_errors: Array<{ message: string; count: number }> };
  source: "api" | "app" | "study";
  created_at: string;
  finished_at: string | null;
}

export type OutputPoint = { t: number } & Record<string, number | null>;

export interface EventRow {
  id: string;
  time: string;
  name: string;
  message: string;
  price: number;
}

export interface Instrument {
  symbol: string;
  name: string;
  exchange: string;
  asset_class: string;
  coverage: Record<string, { from: string; to: string; bars: number }>;
}

export interface StudyHorizon {
  h: number;
  count: number;
  mean: number | null;
  median: number | null;
  stdev: number | null;
  hit_rate: number | null;
  mfe_mean: number | null;
  mae_mean: number | null;
  t_stat: number | null;
  /** Extended statistics (present on services that compute them). */
  p_value?: number | null;
  mean_ci95?: [number, number] | null;
  abnormal_mean?: number | null;
}

export interface StudyGroup {
  definition: string;
  event: string;
  group: Record<string, string | number | boolean | null>;
  count: number;
  horizons: StudyHorizon[];
}

export interface StudyResult {
  horizons: number[];
  groups: StudyGroup[];
  baseline: { count: number; horizons: StudyHorizon[] };
  events_used: number;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface Usage {
  plan: string;
  period: { start: string; end: string };
  caps: Record<"scripts" | "definitions" | "events_per_month" | "compute_units_per_month", { limit: number | null; used: number }>;
  concurrent_runs: { limit: number; used: number };
  run_time_limit: number;
}
