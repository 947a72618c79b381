// The linker's view of Postgres (packages/lang `Resolver`): `import owner/slug/version` and
// `use("slug")` load stored scripts through this. The caller's own scripts are visible whatever
// their visibility; another account's only when public. A version that does not exist, an unknown
// owner or a deleted script resolve to null, which the linker reports as `unresolved_import`.
import type { Db } from "../client";
import type { ScriptKind, SourceFile } from "./types";

export interface ResolveRef {
  /** A handle; null means the caller's own script. */
  owner: string | null;
  slug: string;
  /** Null means the latest version (pinned by the linker). */
  version: number | null;
}

export interface Resolved {
  owner: string;
  slug: string;
  kind: ScriptKind;
  version: number;
  files: SourceFile[];
}

export interface ScriptResolver {
  resolve(ref: ResolveRef): Promise<Resolved | null>;
}

export function createScriptResolver(db: Db, caller: { accountId: string; handle: string }): ScriptResolver {
  return {
    async resolve(ref) {
      let ownerId: string;
      let handle: string;
      let publicOnly = false;
      if (ref.owner === null || ref.owner === caller.handle) {
        ownerId = caller.accountId;
        handle = caller.handle;
      } else {
        const account = await db.account.findUnique({ where: { handle: ref.owner }, select: { id: true, handle: true } });
        if (!account) return null;
        ownerId = account.id;
        handle = account.handle;
        publicOnly = true;
      }
      // Imports and `use` name libraries and definitions, which share the non-study slug class:
      // when a study shares the slug, the other script is the one meant.
      const script = await db.script.findFirst({
        where: { ownerId, slug: ref.slug, ...(publicOnly ? { visibility: "public" as const } : {}) },
        orderBy: { slugClass: "asc" },
        select: { id: true, kind: true, latestVersion: true, slug: true },
      });
      if (!script) return null;
      const version = ref.version ?? script.latestVersion;
      const row = await db.scriptVersion.findUnique({ where: { scriptId_version: { scriptId: script.id, version } }, select: { files: true } });
      if (!row) return null;
      return { owner: handle, slug: script.slug, kind: script.kind, version, files: row.files as unknown as SourceFile[] };
    },
  };
}
