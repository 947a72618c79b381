// The library (GET /v1/library and /v1/library/{owner}/{slug}): public scripts under their
// owner's handle, `core` built in.
// Search is Postgres full-text search (packages/db scripts/library.ts), pages keyset cursors.
import type { Router } from "express";
import { ApiError } from "@barscript/contracts";
import { getLibraryScript, searchLibrary, type LibraryKey, type ScriptRecord } from "@barscript/db";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/define-route";
import { PAGE_LIMITS, parseLimit } from "../http/cursor";
import { rowsThatFit } from "../http/page-bytes";
import { interfaceJson, mapped, parseVersion } from "./scripts";

type Kind = "indicator" | "definition" | "study" | "library";

function renderLibraryScript(script: ScriptRecord, withFiles = false): Record<string, unknown> {
  const body: Record<string, unknown> = {
    owner: script.ownerHandle,
    slug: script.slug,
    kind: script.kind,
    title: script.title,
    description: script.description,
    latest_version: script.latestVersion,
    interface: interfaceJson(script.interface),
    updated_at: script.updatedAt.toISOString(),
  };
  if (withFiles) body["files"] = script.files ?? [];
  return body;
}

export function registerLibraryRoutes(router: Router, deps: AppDeps): void {
  const { db, cursors } = deps;

  // #24
  defineRoute<{ limit?: string; cursor?: string; kind?: Kind; q?: string }, unknown>(router, deps.auth, 24, async (_req, res, { query }) => {
    const q = query.q?.trim() ?? "";
    if (q.length > 500) throw new ApiError("invalid_request", "Parameter `q`: at most 500 characters.");
    // A cursor belongs to one search: the same words and kind.
    const list = `library:${query.kind ?? "*"}:${q}`;
    let after: LibraryKey | undefined;
    if (query.cursor) {
      const values = cursors.decode(list, query.cursor);
      const [first, id] = values;
      const valid = typeof id === "string" && (q !== "" ? typeof first === "number" : typeof first === "string" && !Number.isNaN(Date.parse(first)));
      if (!valid) throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
      after = [first as number | string, id];
    }
    const page = await searchLibrary(db, { q, kind: query.kind, limit: parseLimit(query.limit, PAGE_LIMITS.library), after });
    const data = page.rows.map((s) => renderLibraryScript(s));
    // Bounded by bytes as well as rows (ADR 0052): a shorter page continues after its last script.
    const fit = rowsThatFit(data);
    const next = fit < data.length ? (page.keys[fit - 1] ?? null) : page.next;
    res.json({ data: data.slice(0, fit), next_cursor: next ? cursors.encode(list, next) : null });
  });

  // #25
  defineRoute<{ version?: string }, unknown>(router, deps.auth, 25, async (_req, res, { query, params }) => {
    const version = parseVersion(query.version);
    const script = await mapped(() => getLibraryScript(db, params["owner"] ?? "", params["slug"] ?? "", { version }));
    res.json(renderLibraryScript(script, true));
  });
}
