// The built-in library (docs/reference/endpoints.md "LibraryScript": the service ships one under owner `core`).
// Sources live in packages/db/src/seed/core-library/<slug>/main.pine; manifest.json gives the
// order (libraries before the scripts importing them, definitions before the studies using them)
// and each description. Seeding is idempotent: the `core` account is created once (active,
// business plan, no usable password); a script is created when absent, gets a new version when
// its files changed, and is left alone otherwise. Every script must validate with no error.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../client";
import { newId } from "../accounts/random";
import { ScriptsError } from "./errors";
import { filesDigest } from "./files";
import { validate } from "@barscript/lang";
import { createScriptService, type ValidateFn } from "./service";
import type { SourceFile } from "./types";

export const CORE_HANDLE = "core";
export const CORE_LIBRARY_DIR = join(__dirname, "..", "seed", "core-library");

export interface CoreManifestEntry {
  slug: string;
  description: string;
}

export interface CoreScriptSource extends CoreManifestEntry {
  files: SourceFile[];
}

export function readCoreLibrary(dir: string = CORE_LIBRARY_DIR): CoreScriptSource[] {
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { scripts: CoreManifestEntry[] };
  return manifest.scripts.map((entry) => ({
    ...entry,
    files: [{ path: "main.pine", content: readFileSync(join(dir, entry.slug, "main.pine"), "utf8") }],
  }));
}

/** The `core` account: created when absent, never changed afterwards. */
export async function ensureCoreAccount(db: Db): Promise<{ id: string; handle: string }> {
  const existing = await db.account.findUnique({ where: { handle: CORE_HANDLE }, select: { id: true, handle: true } });
  if (existing) return existing;
  await db.account.createMany({
    data: [{ id: newId("acc"), handle: CORE_HANDLE, email: "core@barscript.invalid", passwordHash: "!", status: "active", planName: "business" }],
    skipDuplicates: true,
  });
  return db.account.findUniqueOrThrow({ where: { handle: CORE_HANDLE }, select: { id: true, handle: true } });
}

export interface SeedCoreResult {
  created: string[];
  updated: string[];
  unchanged: string[];
}

export async function seedCoreLibraryWith(db: Db, validate: ValidateFn, sources: CoreScriptSource[] = readCoreLibrary()): Promise<SeedCoreResult> {
  const account = await ensureCoreAccount(db);
  const caller = { accountId: account.id, handle: account.handle };
  const service = createScriptService({ db, validate, cacheEntries: 1 });
  const result: SeedCoreResult = { created: [], updated: [], unchanged: [] };
  for (const source of sources) {
    const validation = await service.validate(caller, { files: source.files });
    const errors = validation.diagnostics.filter((d) => d.severity === "error");
    if (!validation.valid || errors.length > 0 || !validation.kind) {
      const shown = errors.slice(0, 5).map((d) => `${d.file}:${d.line}:${d.column} ${d.code}: ${d.message}`).join("; ");
      throw new Error(`core library script "${source.slug}" does not validate: ${shown || "no declaration"}`);
    }
    const slugClass = validation.kind === "study" ? "study" : "script";
    const existing = await db.script.findUnique({ where: { ownerId_slugClass_slug: { ownerId: account.id, slugClass, slug: source.slug } } });
    if (!existing) {
      try {
        await service.create(caller, { slug: source.slug, description: source.description, visibility: "public", files: source.files });
        result.created.push(source.slug);
      } catch (error) {
        // Another seed created it first: fine, it is there.
        if (!(error instanceof ScriptsError && error.reason === "conflict")) throw error;
        result.unchanged.push(source.slug);
      }
      continue;
    }
    const latest = await db.scriptVersion.findUnique({ where: { scriptId_version: { scriptId: existing.id, version: existing.latestVersion } }, select: { digest: true } });
    if (latest?.digest === filesDigest(source.files)) {
      result.unchanged.push(source.slug);
      continue;
    }
    const saved = await service.save(caller, existing, { files: source.files, base_version: existing.latestVersion, message: "core library update" });
    (saved.created ? result.updated : result.unchanged).push(source.slug);
  }
  return result;
}

/** The seed step `npm run up` runs (packages/db/src/seed/steps.ts): the real validate(). */
export async function seedCoreLibrary(db: Db): Promise<SeedCoreResult> {
  return seedCoreLibraryWith(db, validate);
}
