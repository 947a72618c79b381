// Search as you type for the web app's library page (ADR 0036): every word of the query is a
// prefix (`mov ave` finds "Moving Average"), over title, slug words and description, public
// scripts only. GET /v1/library's `q` is whole-word full-text search (websearch syntax); a
// person typing needs the word they have not finished yet to match.
import type { AppDeps } from "../deps";

export interface LibraryHit {
  owner: string;
  slug: string;
  kind: string;
  title: string;
  description: string;
  latest_version: number;
  updated_at: string;
}

const MAX_WORDS = 8;
/** Hits a page holds; the next page starts `offset` hits on (the page's cursor holds it). */
export const LIBRARY_SEARCH_PAGE = 50;

/** `Mov ave!` -> `mov:* & ave:*`; null when no word is left. */
export function prefixQuery(q: string): string | null {
  const words = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0).slice(0, MAX_WORDS);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(" & ");
}

interface HitRow { handle: string; slug: string; kind: string; title: string; description: string; latest_version: number; updated_at: Date }

/** One page of hits from `offset` on, and whether more follow. */
export async function searchLibraryPrefix(db: AppDeps["db"], q: string, offset = 0): Promise<{ hits: LibraryHit[]; more: boolean }> {
  const query = prefixQuery(q);
  if (query === null) return { hits: [], more: false };
  const rows = await db.$queryRaw<HitRow[]>`
    SELECT a.handle, s.slug, s.kind::text AS kind, s.title, s.description, s."latestVersion" AS latest_version, s."updatedAt" AS updated_at
    FROM scripts s JOIN accounts a ON a.id = s."ownerId",
      to_tsvector('simple', s.title || ' ' || replace(s.slug, '-', ' ') || ' ' || s.description) AS doc,
      to_tsquery('simple', ${query}) AS query
    WHERE s.visibility = 'public' AND doc @@ query
    ORDER BY ts_rank(doc, query) DESC, s.slug ASC
    LIMIT ${LIBRARY_SEARCH_PAGE + 1} OFFSET ${offset}`;
  const hits = rows.slice(0, LIBRARY_SEARCH_PAGE).map((r) => ({
    owner: r.handle, slug: r.slug, kind: r.kind, title: r.title, description: r.description,
    latest_version: r.latest_version, updated_at: r.updated_at.toISOString(),
  }));
  return { hits, more: rows.length > LIBRARY_SEARCH_PAGE };
}
