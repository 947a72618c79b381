// The stable addresses of the web app (docs/reference/api.md "The web app") as routes: pure,
// so the mapping is unit-tested without a browser.
import type { ScriptKind } from "./types";

export type Route =
  | { page: "scripts" }
  // `kind` only when the address names it: a study may share its slug with another script (docs/reference/endpoints.md)
  | { page: "editor"; slug: string | null; version: number | null; kind?: ScriptKind }
  // `status` only when the address names a known one (`?status=failed`): the list's filter
  | { page: "runs"; status?: RunStatus }
  // `view` only when the address names the table (`?view=table`); the chart is the default.
  // `at` (`?page=3`, the table's page, 1 on) and `level` (`?level=error`, the logs' filter) only when named.
  | ({ page: "run"; id: string; study: boolean; view?: "table" } & RunState)
  | { page: "sweeps" }
  // `sort` only when the address names one (`?sort=h20:p_value`, the API's form): the ranking shown
  | { page: "sweep"; id: string; sort?: SweepSort; heat?: HeatView }
  // `at` only when the address names a later page of the list (`?page=2&cursor=…`, the API's cursor)
  | { page: "library"; q: string; at?: ListAt }
  | { page: "library-script"; owner: string; slug: string }
  | { page: "docs"; topic: string | null }
  | { page: "account" }
  | { page: "not-found" };

export const LOG_LEVELS = ["info", "warning", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** What a run page shows besides its view: the results table's page (1 on) and the logs' level filter. */
export interface RunState { at?: number; level?: LogLevel }

/** A later page of a list the service pages by cursor: its number (2 on) and the cursor that reads it. */
export interface ListAt { page: number; cursor: string }

/** The library's address: a search (`q`) and, past the first page, the page and its cursor. */
export function libraryHref(q: string, at?: ListAt): string {
  const params = new URLSearchParams();
  if (q !== "") params.set("q", q);
  if (at) { params.set("page", String(at.page)); params.set("cursor", at.cursor); }
  const search = params.toString();
  return `/app/library${search ? `?${search}` : ""}`;
}

/** A sweep's ranking: a statistic at a horizon, `h<N>:<stat>` in the API's `sort` (docs/reference/endpoints.md). */
export interface SweepSort { h: number; stat: string }

const KINDS: readonly ScriptKind[] = ["indicator", "definition", "study", "library"];
export const RUN_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A path segment decoded; a malformed escape (`%E0%A4%A`) is not a name of anything. */
function seg(s: string | undefined): string {
  try {
    return decodeURIComponent(s ?? "");
  } catch {
    throw new MalformedAddress();
  }
}

class MalformedAddress extends Error {}

/** The last segment of the new-script editor's address, `/app/scripts/new`. */
export const NEW_SCRIPT = "new";

/** The runs list's address, with its status filter. */
export const runsHref = (status?: RunStatus): string => `/app/runs${status ? `?status=${status}` : ""}`;

/**
 * The editor's address: `?kind=` when given (a study may share its slug with another script, and
 * the bare address then asks which one: a script just created, forked or renamed is addressed with
 * its kind), `?version=` for an old version.
 */
export function editorHref(slug: string, kind?: ScriptKind, version?: number | null): string {
  const query = [kind ? `kind=${kind}` : "", version ? `version=${version}` : ""].filter((q) => q !== "").join("&");
  return `/app/scripts/${encodeURIComponent(slug)}${query ? `?${query}` : ""}`;
}

/**
 * The page of the script a run or sweep ran: the editor for one's own, with its kind (a study may
 * share its slug with another script, and the bare address then asks which one), else the
 * library's page of the other account's public script.
 */
export function scriptPageHref(script: { owner: string; slug: string }, kind: ScriptKind, me: string): string {
  return script.owner === me ? editorHref(script.slug, kind) : `/app/library/${encodeURIComponent(script.owner)}/${encodeURIComponent(script.slug)}`;
}

/**
 * A run's page: a study's at /app/studies/, every other run's at /app/runs/
 * (docs/adr/0165-study-address-of-another-run.md); `?view=table` for its results as a table, so a
 * reload, back and forward keep the view (docs/adr/0316-clients-used-from-outside-four.md).
 */
export function runHref(run: { id: string; kind: string }, view?: "chart" | "table", state: RunState = {}): string {
  // the table's page and the logs' level are in the address too, so a reload keeps them
  const query = [view === "table" ? "view=table" : "", view === "table" && state.at && state.at > 1 ? `page=${state.at}` : "", state.level ? `level=${state.level}` : ""].filter((q) => q !== "");
  return `/app/${run.kind === "study" ? "studies" : "runs"}/${encodeURIComponent(run.id)}${query.length > 0 ? `?${query.join("&")}` : ""}`;
}

/** `?page=` and `?level=` of a run's address; anything else is the first page and every level. */
function runStateOf(params: URLSearchParams, table: boolean): RunState {
  const at = Number(params.get("page"));
  const level = LOG_LEVELS.find((l) => l === params.get("level"));
  return { ...(table && Number.isInteger(at) && at > 1 ? { at } : {}), ...(level ? { level } : {}) };
}

/**
 * A sweep's page; with `sort`, its rows ranked by that statistic at that horizon: the ranking is
 * part of the address, so reload, back and forward and a shared link keep it (docs/adr/0316).
 */
export function sweepHref(id: string, sort?: SweepSort, heat?: HeatView): string {
  const query = [sort ? `sort=h${sort.h}:${sort.stat}` : "", heat ? `heat=${[heat.x, heat.y, heat.stat, heat.h].map(encodeURIComponent).join(",")}` : ""].filter((q) => q !== "");
  return `/app/sweeps/${encodeURIComponent(id)}${query.length > 0 ? `?${query.join("&")}` : ""}`;
}

/**
 * A sweep's heat map as its address names it (`heat=<across>,<down>,<statistic>,<horizon>`,
 * docs/adr/0364): reload, back and forward keep it as they keep the ranking. The page checks the
 * names against the sweep; anything else is the default map.
 */
export interface HeatView { x: string; y: string; stat: string; h: number }

function heatOf(raw: string | null): HeatView | null {
  const parts = (raw ?? "").split(",");
  if (parts.length !== 4 || !/^\d{1,3}$/.test(parts[3] ?? "")) return null;
  const [x, y, stat] = parts.map((p) => decodeURIComponent(p));
  return x && y && stat ? { x, y, stat, h: Number(parts[3]) } : null;
}

/** `h20:p_value` as a ranking; anything else is none (the default ranking). */
function sweepSortOf(raw: string | null): SweepSort | null {
  const m = /^h(\d{1,3}):([a-z][a-z0-9_]*)$/.exec(raw ?? "");
  return m ? { h: Number(m[1]), stat: m[2]! } : null;
}

export function parseRoute(pathname: string, search: string): Route {
  try {
    return routeOf(pathname, search);
  } catch (error) {
    if (error instanceof MalformedAddress) return { page: "not-found" };
    throw error;
  }
}

function routeOf(pathname: string, search: string): Route {
  const params = new URLSearchParams(search);
  const parts = pathname.replace(/^\/app\/?/, "").split("/").filter((p) => p.length > 0);
  const [a, b, c] = parts;
  if (parts.length === 0) return { page: "scripts" };
  // `/app/scripts/new` is the new-script editor; a script whose slug is `new` is addressed with its
  // kind or a version (editorHref), which the bare address never carries.
  if (a === "scripts" && b === NEW_SCRIPT && parts.length === 2 && !params.has("kind") && !params.has("version")) {
    return { page: "editor", slug: null, version: null };
  }
  if (a === "scripts" && b && parts.length === 2) {
    const v = Number(params.get("version"));
    const kind = KINDS.find((k) => k === params.get("kind"));
    return { page: "editor", slug: seg(b), version: Number.isInteger(v) && v > 0 ? v : null, ...(kind ? { kind } : {}) };
  }
  if (a === "runs" && parts.length === 1) {
    const status = RUN_STATUSES.find((s) => s === params.get("status"));
    return { page: "runs", ...(status ? { status } : {}) };
  }
  if ((a === "runs" || a === "studies") && b && parts.length === 2) {
    const table = params.get("view") === "table";
    return { page: "run", id: seg(b), study: a === "studies", ...(table ? { view: "table" as const } : {}), ...runStateOf(params, table) };
  }
  if (a === "sweeps" && parts.length === 1) return { page: "sweeps" };
  if (a === "sweeps" && b && parts.length === 2) {
    const sort = sweepSortOf(params.get("sort"));
    const heat = heatOf(params.get("heat"));
    return { page: "sweep", id: seg(b), ...(sort ? { sort } : {}), ...(heat ? { heat } : {}) };
  }
  if (a === "library" && parts.length === 1) {
    const at = listAtOf(params);
    return { page: "library", q: params.get("q") ?? "", ...(at ? { at } : {}) };
  }
  if (a === "library" && b && c && parts.length === 3) return { page: "library-script", owner: seg(b), slug: seg(c) };
  if (a === "docs" && parts.length <= 2) return { page: "docs", topic: b ? seg(b) : null };
  if (a === "account" && parts.length === 1) return { page: "account" };
  return { page: "not-found" };
}

/** `?page=N&cursor=C` (N 2 on, C not empty), else none: the first page. */
function listAtOf(params: URLSearchParams): ListAt | undefined {
  const page = Number(params.get("page"));
  const cursor = params.get("cursor") ?? "";
  return Number.isInteger(page) && page >= 2 && cursor !== "" ? { page, cursor } : undefined;
}
