// Scripts (docs/reference/endpoints.md, /v1/scripts...): validate, create, list, read, save, rename, delete, versions.
// Storage and rules live in packages/db (scripts); this module maps HTTP to them: owner/kind
// lookup, cursors, rendering in snake_case, and ScriptsError -> ApiError.
import type { Response, Router } from "express";
import type { z } from "zod";
import { ApiError, MAX_VERSION, type ScriptBodySchema, type ScriptPatchSchema, type ScriptSaveSchema, type ValidateBodySchema } from "@barscript/contracts";
import {
  ScriptsError, checkFiles, createScriptService, deleteScript, listScripts, listVersions, locateScript, readScript, updateScriptMeta,
  type Caller, type ScriptKey, type ScriptRecord, type ScriptService, type VersionRecord,
} from "@barscript/db";
import { validationPoolOf } from "../validation/pool";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/define-route";
import { toApiError } from "../http/errors";
import { rowsThatFit } from "../http/page-bytes";
import { authOf } from "../http/auth-plugin";
import { setScriptLocation } from "../http/location";
import { PAGE_LIMITS, parseLimit } from "../http/cursor";

type Kind = "indicator" | "definition" | "study" | "library";
interface OwnerKindQuery { owner?: string | undefined; kind?: Kind | undefined }
type ScriptBody = z.infer<typeof ScriptBodySchema>;
type PutBody = z.infer<typeof ScriptSaveSchema>;
type ValidateBody = z.infer<typeof ValidateBodySchema>;
type PatchBody = z.infer<typeof ScriptPatchSchema>;

/** Refusals of the scripts service become the API's error in one place (http/errors.ts). */
export async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof ScriptsError ? toApiError(error) : error;
  }
}

/**
 * A stored Interface with every field (docs/adr/0065): one derived before docs/adr/0285 gave a
 * definition or study no `overlay` / `hlines` (their declarations have no overlay).
 */
export function interfaceJson<T extends object | null>(iface: T): T {
  if (iface === null) return iface;
  return { overlay: false, hlines: [], ...iface };
}

export function renderScript(script: ScriptRecord, withFiles = false): Record<string, unknown> {
  const body: Record<string, unknown> = {
    slug: script.slug,
    kind: script.kind,
    title: script.title,
    description: script.description,
    visibility: script.visibility,
    latest_version: script.latestVersion,
    created_at: script.createdAt.toISOString(),
    updated_at: script.updatedAt.toISOString(),
    interface: interfaceJson(script.interface),
    dependencies: script.dependencies,
  };
  if (withFiles) body["files"] = script.files ?? [];
  return body;
}

function renderVersion(version: VersionRecord): Record<string, unknown> {
  return { version: version.version, created_at: version.createdAt.toISOString(), message: version.message, digest: version.digest };
}

/** `version=N`: an integer from 1 to MAX_VERSION (as a body's version fields), else 400 naming the parameter. */
export function parseVersion(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_VERSION) {
    throw new ApiError("invalid_request", `Parameter \`version\`: must be an integer from 1 to ${MAX_VERSION}.`);
  }
  return Number(raw);
}

function callerOf(res: Response): Caller {
  const auth = authOf(res);
  return { accountId: auth.accountId, handle: auth.handle };
}

function slugParam(params: Record<string, string>): string {
  return params["slug"] ?? "";
}

export function createScriptsModule(service?: ScriptService) {
  return function registerScriptRoutes(router: Router, deps: AppDeps): void {
    // Lint, link and derive run on the validation threads, never on the API's event loop.
    const scripts = service ?? createScriptService({ db: deps.db, validate: validationPoolOf(deps, deps.config.validationThreads).validate });
    const { db, cursors } = deps;

    // #8: 200 also when invalid.
    defineRoute<Record<string, never>, ValidateBody>(router, deps.auth, 8, async (_req, res, { body }) => {
      const validation = await mapped(() => scripts.validate(callerOf(res), { files: body.files, kind: body.kind }));
      res.status(200).json({ valid: validation.valid, diagnostics: validation.diagnostics, interface: validation.interface, dependencies: validation.dependencies });
    });

    // #9
    defineRoute<Record<string, never>, ScriptBody>(router, deps.auth, 9, async (_req, res, { body }) => {
      const caller = callerOf(res);
      const created = await mapped(() => scripts.create(caller, body));
      await setScriptLocation(res, db, deps.config.publicUrl, caller.accountId, created);
      res.status(201).json(renderScript(created));
    });

    // #10
    defineRoute<{ limit?: string; cursor?: string; kind?: Kind }, unknown>(router, deps.auth, 10, async (_req, res, { query }) => {
      const caller = callerOf(res);
      // A list of the caller's own: another account's cursor of the same kind is refused.
      const list = `scripts:${query.kind ?? "*"}:${caller.accountId}`;
      const after = query.cursor ? (cursors.decode(list, query.cursor) as ScriptKey) : undefined;
      if (after && (typeof after[0] !== "string" || typeof after[1] !== "string")) throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
      const page = await listScripts(db, caller.accountId, { limit: parseLimit(query.limit, PAGE_LIMITS.scripts), after, kind: query.kind });
      const data = page.rows.map((s) => renderScript(s));
      // Bounded by bytes as well as rows: a shorter page continues after its last script.
      const fit = rowsThatFit(data);
      const last = page.rows[fit - 1];
      const next: ScriptKey | null = fit < data.length && last ? [last.createdAt.toISOString(), last.id] : page.next;
      res.json({ data: data.slice(0, fit), next_cursor: next ? cursors.encode(list, next) : null });
    });

    // #11
    defineRoute<OwnerKindQuery & { version?: string }, unknown>(router, deps.auth, 11, async (_req, res, { query, params }) => {
      const version = parseVersion(query.version);
      const script = await mapped(async () => {
        const located = await locateScript(db, callerOf(res), slugParam(params), { owner: query.owner, kind: query.kind });
        return readScript(db, located.script.id, { version, withFiles: true });
      });
      res.json(renderScript(script, true));
    });

    // #12
    defineRoute<OwnerKindQuery, PutBody>(router, deps.auth, 12, async (_req, res, { query, params, body }) => {
      const slug = slugParam(params);
      if (body.slug !== undefined && body.slug !== slug) {
        throw new ApiError("invalid_request", "Field `slug`: a save cannot rename; use PATCH /v1/scripts/{slug} with a new slug.");
      }
      // Order of checks (docs/reference/api.md): the body's fields (400, `base_version` required by
      // the schema) before the resource (404).
      await mapped(async () => checkFiles(body.files));
      const caller = callerOf(res);
      const outcome = await mapped(async () => {
        const located = await locateScript(db, caller, slug, { owner: query.owner, kind: query.kind, write: true });
        return scripts.save(caller, located.script, body);
      });
      res.status(200).json(renderScript(outcome.script));
    });

    // #13
    defineRoute<OwnerKindQuery, PatchBody>(router, deps.auth, 13, async (_req, res, { query, params, body }) => {
      const updated = await mapped(async () => {
        const located = await locateScript(db, callerOf(res), slugParam(params), { owner: query.owner, kind: query.kind, write: true });
        return updateScriptMeta(db, located.script.id, body);
      });
      res.status(200).json(renderScript(updated));
    });

    // #14
    defineRoute<OwnerKindQuery, unknown>(router, deps.auth, 14, async (_req, res, { query, params }) => {
      await mapped(async () => {
        const located = await locateScript(db, callerOf(res), slugParam(params), { owner: query.owner, kind: query.kind, write: true });
        await deleteScript(db, located.script.id);
      });
      res.status(204).end();
    });

    // #15
    defineRoute<OwnerKindQuery & { limit?: string; cursor?: string }, unknown>(router, deps.auth, 15, async (_req, res, { query, params }) => {
      const located = await mapped(() => locateScript(db, callerOf(res), slugParam(params), { owner: query.owner, kind: query.kind }));
      const list = `versions:${located.script.id}`;
      let after: number | undefined;
      if (query.cursor) {
        const [value] = cursors.decode(list, query.cursor);
        if (typeof value !== "number") throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
        after = value;
      }
      const page = await listVersions(db, located.script.id, { limit: parseLimit(query.limit, PAGE_LIMITS.versions), after });
      res.json({ data: page.rows.map(renderVersion), next_cursor: page.next !== null ? cursors.encode(list, [page.next]) : null });
    });
  };
}

export const registerScriptRoutes = createScriptsModule();
