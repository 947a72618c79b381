// The HTTP status of a web app address (apps/web/README.md: a page the person may not see
// answers as the API would): 404 where the API would answer not found for the signed-in account
// (another account's run, study or sweep, a script it does not own, a private library script, a
// version that does not exist, or none at all), 404 for a docs topic the service does not have
// and for an address that is not one of the app's, else 200. The app itself then loads the page
// and says what the API said. A study's address given a run that is not a study is 404 too, as the API answers a kind's own resource asked of
// another kind (docs/adr/0165-study-address-of-another-run.md).
import { ApiError, MAX_VERSION } from "@barscript/contracts";
import { getLibraryScript, locateScript, readScript } from "@barscript/db";
import { listTopics } from "@barscript/lang";
import type { AuthContext } from "../http/auth-plugin";
import { stringProblem } from "../http/input";
import { mapped } from "../routes/scripts";
import type { RunsContext } from "../runs/context";
import { loadOwnRun } from "../runs/service";
import { loadOwnSweep } from "../sweeps/service";

/** The app's stable addresses (apps/web/src/routes.ts); any other /app path answers 404. */
const APP_PAGE = /^\/app(\/|\/scripts\/[^/]+|\/(runs|sweeps|library|account|docs)|\/(runs|studies|sweeps|docs)\/[^/]+|\/library\/[^/]+\/[^/]+)?\/?$/;
const RUN_PAGE = /^\/app\/(runs|studies)\/([^/]+)\/?$/;
const SWEEP_PAGE = /^\/app\/sweeps\/([^/]+)\/?$/;
const SCRIPT_PAGE = /^\/app\/scripts\/([^/]+)\/?$/;
const LIBRARY_PAGE = /^\/app\/library\/([^/]+)\/([^/]+)\/?$/;
const DOCS_PAGE = /^\/app\/docs\/([^/]+)\/?$/;
const KINDS = ["indicator", "definition", "study", "library"] as const;

/** 404 when the API answers not found; any other refusal is the app's to show (200). */
async function seen(load: () => Promise<unknown>): Promise<200 | 404> {
  try {
    await load();
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status === 404 ? 404 : 200;
    throw error;
  }
}

/**
 * A path segment as the app reads it; one that is not valid percent-encoding, or holds what no
 * stored name can (NUL, a lone surrogate: http/input.ts), names nothing (before, a NUL reached
 * Postgres and the page answered 500).
 */
function part(segment: string | undefined): string {
  try {
    const text = decodeURIComponent(segment ?? "");
    return stringProblem(text) === null ? text : "";
  } catch {
    return "";
  }
}

function isTopic(name: string): boolean {
  return listTopics().some((t) => t.topic === name);
}

/**
 * `?version=N` as the app reads it (routes.ts): a positive integer, else the latest. One past the
 * largest a version can be names no version (null): the page is 404, as for any version that does
 * not exist (before, it reached Postgres as an integer out of range and the page answered 500).
 */
function versionOf(raw: unknown): number | undefined | null {
  const v = Number(raw);
  if (typeof raw !== "string" || !Number.isInteger(v) || v <= 0) return undefined;
  return v > MAX_VERSION ? null : v;
}

export async function appPageStatus(runs: RunsContext, auth: AuthContext, path: string, query: Record<string, unknown>): Promise<200 | 404> {
  if (!APP_PAGE.test(path)) return 404;
  const db = runs.deps.db;
  const version = versionOf(query["version"]);
  const run = RUN_PAGE.exec(path);
  if (run) {
    return seen(async () => {
      const found = await loadOwnRun(runs, auth, part(run[2]));
      if (run[1] === "studies" && found.kind !== "study") throw new ApiError("not_found", `Run ${found.id} is not a study.`);
    });
  }
  const sweep = SWEEP_PAGE.exec(path);
  if (sweep) return seen(() => loadOwnSweep(runs, auth, part(sweep[1])));
  const script = SCRIPT_PAGE.exec(path);
  if (script && script[1] !== "new") {
    const kind = KINDS.find((k) => k === query["kind"]);
    if (version === null) return 404;
    return seen(() => mapped(async () => readScript(db, (await locateScript(db, auth, part(script[1]), { kind })).script.id, { version })));
  }
  const library = LIBRARY_PAGE.exec(path);
  if (library) return version === null ? 404 : seen(() => mapped(() => getLibraryScript(db, part(library[1]), part(library[2]), { version })));
  // A docs topic the service does not have is 404, as /docs/{topic} and /v1/docs/{topic} answer (docs/adr/0199).
  const docs = DOCS_PAGE.exec(path);
  if (docs) return isTopic(part(docs[1])) ? 200 : 404;
  return 200;
}
