// The library (docs/reference/endpoints.md, GET /v1/library and GET /v1/library/{owner}/{slug}): public scripts of every account under their owner's handle,
// the built-in ones under `core`. Search is Postgres full-text search (to_tsvector over title,
// description and slug, websearch_to_tsquery, ordered by ts_rank), keyset-paged on (rank, id).
import { Prisma } from "../generated/client";
import type { Db } from "../client";
import { ScriptsError } from "./errors";
import { toRecord, type Page } from "./store";
import type { ScriptKind, ScriptRecord } from "./types";

/** Search pages: (rank, id); plain listing pages: (updatedAt ISO, id). */
export type LibraryKey = [number | string, string];

export interface LibrarySearch {
  q?: string | undefined;
  kind?: ScriptKind | undefined;
  limit: number;
  after?: LibraryKey | undefined;
}

// Title and slug weigh most, then the description. The slug is read by the same configuration
// as the query (its words stemmed as the query's are). A dash between two letters or digits of
// `q` separates words (searchText): `q=rsi-oversold` and `q=golden-cross` look for those words,
// not for one dashed token, so a whole slug or a dashed run of its words finds it (docs/adr/0279);
// a dash that starts a word still excludes it (websearch syntax).
const DOCUMENT = Prisma.sql`(
  setweight(to_tsvector('english', s.title), 'A') ||
  setweight(to_tsvector('english', s.slug), 'A') ||
  setweight(to_tsvector('english', s.description), 'B')
)`;

/** `q` with a dash between two letters or digits read as a space (`rsi-oversold` -> `rsi oversold`). */
function searchText(q: string): string {
  return q.replace(/([\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, "$1 ");
}

interface Row {
  id: string;
  rank: number | null;
}

/** A page of the library; `keys[i]` is the cursor key that continues after `rows[i]`. */
export async function searchLibrary(db: Db, search: LibrarySearch): Promise<Page<ScriptRecord, LibraryKey> & { keys: LibraryKey[] }> {
  const q = searchText(search.q?.trim() ?? "");
  const kindFilter = search.kind ? Prisma.sql`AND s.kind::text = ${search.kind}` : Prisma.empty;
  let rows: Row[];
  if (q !== "") {
    const after = search.after
      ? Prisma.sql`AND (ranked.rank < ${Number(search.after[0])}::real OR (ranked.rank = ${Number(search.after[0])}::real AND ranked.id > ${search.after[1]}))`
      : Prisma.empty;
    rows = await db.$queryRaw<Row[]>`
      SELECT ranked.id, ranked.rank::float8 AS rank FROM (
        SELECT s.id, ts_rank(${DOCUMENT}, query) AS rank
        FROM scripts s, websearch_to_tsquery('english', ${q}) AS query
        WHERE s.visibility = 'public' AND ${DOCUMENT} @@ query ${kindFilter}
      ) AS ranked
      WHERE true ${after}
      ORDER BY ranked.rank DESC, ranked.id ASC
      LIMIT ${search.limit + 1}`;
  } else {
    const after = search.after
      ? Prisma.sql`AND (s."updatedAt" < ${new Date(String(search.after[0]))} OR (s."updatedAt" = ${new Date(String(search.after[0]))} AND s.id < ${search.after[1]}))`
      : Prisma.empty;
    rows = await db.$queryRaw<Row[]>`
      SELECT s.id, NULL::float8 AS rank FROM scripts s
      WHERE s.visibility = 'public' ${kindFilter} ${after}
      ORDER BY s."updatedAt" DESC, s.id DESC
      LIMIT ${search.limit + 1}`;
  }
  const more = rows.length > search.limit;
  const page = rows.slice(0, search.limit);
  const ids = page.map((r) => r.id);
  const scripts = ids.length === 0 ? [] : await db.script.findMany({ where: { id: { in: ids } }, include: { owner: { select: { handle: true } } } });
  const versions = scripts.length === 0 ? [] : await db.scriptVersion.findMany({
    where: { OR: scripts.map((s) => ({ scriptId: s.id, version: s.latestVersion })) },
    omit: { files: true },
  });
  const byId = new Map(scripts.map((s) => [s.id, s]));
  const versionOf = new Map(versions.map((v) => [v.scriptId, v]));
  const records: ScriptRecord[] = [];
  const keys: LibraryKey[] = [];
  for (const row of page) {
    const script = byId.get(row.id);
    const version = script ? versionOf.get(row.id) : undefined;
    if (!script || !version) continue;
    records.push(toRecord(script, script.owner.handle, { ...version, files: [] }, false));
    keys.push(q !== "" ? [row.rank ?? 0, row.id] : [script.updatedAt.toISOString(), row.id]);
  }
  const last = page[page.length - 1];
  let next: LibraryKey | null = null;
  if (more && last) {
    if (q !== "") next = [last.rank ?? 0, last.id];
    else {
      const script = byId.get(last.id);
      next = [script ? script.updatedAt.toISOString() : new Date(0).toISOString(), last.id];
    }
  }
  return { rows: records, next, keys };
}

/** #25: one public script of `owner` (a handle), with its files; `version` reads an older one. */
export async function getLibraryScript(db: Db, owner: string, slug: string, options: { version?: number | undefined; kind?: ScriptKind | undefined } = {}): Promise<ScriptRecord> {
  const account = await db.account.findUnique({ where: { handle: owner }, select: { id: true, handle: true } });
  const notFound = new ScriptsError("not_found", `No public script "${owner}/${slug}" in the library.`);
  if (!account) throw notFound;
  const rows = await db.script.findMany({ where: { ownerId: account.id, slug, visibility: "public", ...(options.kind ? { kind: options.kind } : {}) }, orderBy: { slugClass: "asc" } });
  // A study may share its slug with another script; the library answers the non-study one unless
  // `kind=study` is asked.
  const script = rows[0];
  if (!script) throw notFound;
  const wanted = options.version ?? script.latestVersion;
  const version = await db.scriptVersion.findUnique({ where: { scriptId_version: { scriptId: script.id, version: wanted } } });
  if (!version) throw new ScriptsError("not_found", `"${owner}/${slug}" has no version ${wanted}.`);
  return toRecord(script, account.handle, version, true);
}
