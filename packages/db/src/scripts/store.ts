// Script rows and their versions in Postgres: create, save a version, read, list, rename,
// delete. Every rule that two requests could race on is decided by the database: slugs by the
// unique (ownerId, slugClass, slug), versions by a conditional UPDATE on latestVersion backed by
// the unique (scriptId, version), plan caps under a lock on the owner's account row.
import { Prisma } from "../generated/client";
import type { Db } from "../client";
import type { Script, ScriptVersion } from "../generated/client";
import { uniqueViolation } from "../accounts/errors";
import { newId } from "../accounts/random";
import { query, statement } from "../sql";
import { ScriptsError } from "./errors";
import { canonicalFiles } from "./files";
import type { Dependency, Derived, ScriptInterface, ScriptKind, ScriptRecord, ScriptVisibility, SourceFile, VersionRecord } from "./types";

type Tx = Prisma.TransactionClient;

export function slugClassOf(kind: ScriptKind): "script" | "study" {
  return kind === "study" ? "study" : "script";
}

export function toRecord(script: Script, ownerHandle: string, version: ScriptVersion, withFiles: boolean): ScriptRecord {
  const record: ScriptRecord = {
    id: script.id,
    ownerId: script.ownerId,
    ownerHandle,
    slug: script.slug,
    kind: script.kind,
    title: script.title,
    description: script.description,
    visibility: script.visibility,
    latestVersion: script.latestVersion,
    createdAt: script.createdAt,
    updatedAt: script.updatedAt,
    version: version.version,
    interface: version.interface as unknown as ScriptInterface,
    dependencies: version.dependencies as unknown as Dependency[],
  };
  if (withFiles) record.files = version.files as unknown as SourceFile[];
  return record;
}

export interface CreateScriptInput {
  ownerId: string;
  slug: string;
  title?: string | undefined;
  description?: string | undefined;
  visibility?: ScriptVisibility | undefined;
  files: readonly SourceFile[];
  digest: string;
  derived: Derived;
  message?: string | undefined;
}

async function ownerHandleOf(db: Db | Tx, ownerId: string): Promise<string> {
  const owner = await db.account.findUniqueOrThrow({ where: { id: ownerId }, select: { handle: true } });
  return owner.handle;
}

/**
 * Version 1 of a new script. Plan caps (docs/reference/limits-and-plans.md: scripts and definitions that exist) are
 * counted under a row lock on the owner's account, so concurrent creations cannot pass a cap;
 * a taken slug is the unique constraint's answer, not a read beforehand.
 */
export async function createScript(db: Db, input: CreateScriptInput, options: { enforceCaps?: boolean } = {}): Promise<ScriptRecord> {
  const kind = input.derived.kind;
  try {
    return await db.$transaction(async (tx) => {
      if (options.enforceCaps ?? true) {
        const locked = await tx.$queryRaw<Array<{ scriptsCap: number; definitionsCap: number }>>`
          SELECT p."scriptsCap", p."definitionsCap"
          FROM accounts a JOIN plans p ON p.name = a."planName"
          WHERE a.id = ${input.ownerId}
          FOR UPDATE OF a`;
        const caps = locked[0];
        if (!caps) throw new ScriptsError("not_found", "No such account.");
        const [scripts, definitions] = await Promise.all([
          tx.script.count({ where: { ownerId: input.ownerId } }),
          kind === "definition" ? tx.script.count({ where: { ownerId: input.ownerId, kind: "definition" } }) : Promise.resolve(0),
        ]);
        if (scripts >= caps.scriptsCap) {
          throw new ScriptsError("plan_limit", `Your plan allows ${caps.scriptsCap} scripts and you have ${scripts}; delete one or change plans.`);
        }
        if (kind === "definition" && definitions >= caps.definitionsCap) {
          throw new ScriptsError("plan_limit", `Your plan allows ${caps.definitionsCap} definitions and you have ${definitions}; delete one or change plans.`);
        }
      }
      const now = new Date();
      const script = await tx.script.create({
        data: {
          id: newId("scr"),
          ownerId: input.ownerId,
          slug: input.slug,
          slugClass: slugClassOf(kind),
          kind,
          title: input.title ?? input.derived.title,
          description: input.description ?? "",
          visibility: input.visibility ?? "private",
          latestVersion: 1,
          createdAt: now,
          updatedAt: now,
        },
      });
      const version = await tx.scriptVersion.create({
        data: {
          id: newId("ver"),
          scriptId: script.id,
          version: 1,
          files: canonicalFiles(input.files) as unknown as Prisma.InputJsonValue,
          digest: input.digest,
          interface: input.derived.interface as unknown as Prisma.InputJsonValue,
          dependencies: input.derived.dependencies as unknown as Prisma.InputJsonValue,
          message: input.message ?? null,
          createdAt: now,
        },
      });
      return toRecord(script, await ownerHandleOf(tx, input.ownerId), version, true);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw slugTaken(input.slug, kind);
    throw error;
  }
}

function slugTaken(slug: string, kind: ScriptKind): ScriptsError {
  const among = kind === "study" ? "your studies" : "your indicators, definitions and libraries";
  return new ScriptsError("conflict", `The slug "${slug}" is already taken among ${among}.`);
}

export interface SaveVersionInput {
  scriptId: string;
  baseVersion: number;
  files: readonly SourceFile[];
  digest: string;
  derived: Derived;
  message?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
  visibility?: ScriptVisibility | undefined;
}

export interface SaveOutcome {
  created: boolean;
  script: ScriptRecord;
}

/**
 * A new version when `baseVersion` is still the latest, decided by one conditional UPDATE
 * (`WHERE latestVersion = base`): of two saves racing on one base, Postgres lets exactly one
 * through; the other sees 0 rows and answers version_conflict. Files identical to the latest
 * version's (same digest) create no version: the script is answered as it is.
 */
export async function saveVersion(db: Db, input: SaveVersionInput): Promise<SaveOutcome> {
  const outcome = await db.$transaction(async (tx) => {
    const bumped = await tx.$queryRaw<Array<{ latestVersion: number }>>`
      UPDATE scripts AS s
      SET "latestVersion" = s."latestVersion" + 1,
          "updatedAt" = now(),
          title = COALESCE(${input.title ?? null}::text, s.title),
          description = COALESCE(${input.description ?? null}::text, s.description),
          visibility = COALESCE(${input.visibility ?? null}::text, s.visibility::text)::"Visibility"
      WHERE s.id = ${input.scriptId}
        AND s."latestVersion" = ${input.baseVersion}
        AND NOT EXISTS (
          SELECT 1 FROM script_versions v
          WHERE v."scriptId" = s.id AND v.version = s."latestVersion" AND v.digest = ${input.digest}
        )
      RETURNING s."latestVersion"`;
    const row = bumped[0];
    if (!row) return null;
    await tx.scriptVersion.create({
      data: {
        id: newId("ver"),
        scriptId: input.scriptId,
        version: row.latestVersion,
        files: canonicalFiles(input.files) as unknown as Prisma.InputJsonValue,
        digest: input.digest,
        interface: input.derived.interface as unknown as Prisma.InputJsonValue,
        dependencies: input.derived.dependencies as unknown as Prisma.InputJsonValue,
        message: input.message ?? null,
      },
    });
    return row.latestVersion;
  });
  if (outcome !== null) return { created: true, script: await readScript(db, input.scriptId, { withFiles: true }) };
  // Nothing updated: either a newer version exists, or the files equal the latest version's.
  const current = await db.script.findUnique({ where: { id: input.scriptId }, select: { latestVersion: true } });
  if (!current) throw new ScriptsError("not_found", "The script was deleted.");
  if (current.latestVersion !== input.baseVersion) {
    throw new ScriptsError(
      "version_conflict",
      current.latestVersion > input.baseVersion
        ? `Version ${current.latestVersion} was saved after version ${input.baseVersion}, which this save is based on.`
        : `This save is based on version ${input.baseVersion}, which does not exist; the latest version is ${current.latestVersion}.`,
      { latestVersion: current.latestVersion },
    );
  }
  // Files equal to the latest version's: no version, but the title, description and visibility
  // the body gives are still the script's (docs/adr/0010), as they are with new files.
  const given = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
  };
  if (Object.keys(given).length > 0) {
    await db.script.updateMany({
      where: { id: input.scriptId, latestVersion: input.baseVersion, NOT: { ...given } },
      data: { ...given, updatedAt: new Date() },
    });
  }
  return { created: false, script: await readScript(db, input.scriptId, { withFiles: true }) };
}

/** One script with the interface and dependencies of `version` (default the latest). */
export async function readScript(db: Db, scriptId: string, options: { version?: number | undefined; withFiles?: boolean } = {}): Promise<ScriptRecord> {
  const script = await db.script.findUnique({ where: { id: scriptId }, include: { owner: { select: { handle: true } } } });
  if (!script) throw new ScriptsError("not_found", "No such script.");
  const wanted = options.version ?? script.latestVersion;
  const version = await db.scriptVersion.findUnique({ where: { scriptId_version: { scriptId, version: wanted } } });
  if (!version) throw new ScriptsError("not_found", `Script "${script.slug}" has no version ${wanted}.`);
  return toRecord(script, script.owner.handle, version, options.withFiles ?? false);
}

/** The latest version's files and digest (for the linker and the worker). */
export async function readVersionFiles(db: Db, scriptId: string, version: number): Promise<{ files: SourceFile[]; digest: string } | null> {
  const row = await db.scriptVersion.findUnique({ where: { scriptId_version: { scriptId, version } }, select: { files: true, digest: true } });
  return row ? { files: row.files as unknown as SourceFile[], digest: row.digest } : null;
}

export interface Caller {
  accountId: string;
  handle: string;
}

export interface LocateOptions {
  /** `?owner=H` (docs/reference/api.md); the caller's own handle is the same as none. */
  owner?: string | undefined;
  /** `?kind=`: picks the study or the other script when one slug names both. */
  kind?: ScriptKind | undefined;
  /** #12-#14 change the script: another account's public script answers 403 forbidden. */
  write?: boolean;
}

export interface Located {
  script: Script;
  ownerHandle: string;
  own: boolean;
}

function notFound(slug: string, owner?: string): ScriptsError {
  return new ScriptsError("not_found", owner ? `No script "${slug}" of ${owner} that you can see.` : `No script "${slug}".`);
}

function article(kind: string): string {
  return `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;
}

function pick(rows: Script[], slug: string, kind: ScriptKind | undefined, owner?: string): Script {
  const matching = kind ? rows.filter((row) => row.kind === kind) : rows;
  if (matching.length === 0 && rows.length > 0) {
    // the slug exists but as another kind: say so rather than that nothing has the slug (docs/adr/0363)
    const whose = owner ? `${owner}'s` : "your";
    throw new ScriptsError("not_found", `No ${kind} "${slug}": ${whose} "${slug}" is ${rows.map((r) => article(r.kind)).join(" and ")}.`);
  }
  if (matching.length === 0) throw notFound(slug, owner);
  if (matching.length > 1) {
    const other = matching.find((r) => r.kind !== "study")?.kind ?? "indicator";
    // a run request names the kind in its body, the script endpoints in the query
    throw new ScriptsError("conflict", `The slug "${slug}" names both a study and another script; add ?kind=study or ?kind=${other} (in a run request, the field \`kind\`).`);
  }
  return matching[0] as Script;
}

/** The caller's scripts of one slug (one per slug class), on every run start: a prepared statement (packages/db/src/sql.ts). */
const OWN_SCRIPTS_BY_SLUG = statement("own_scripts_by_slug", `
    SELECT id, "ownerId", slug, "slugClass"::text AS "slugClass", kind::text AS kind, title, description,
           visibility::text AS visibility, "latestVersion", "createdAt", "updatedAt"
    FROM scripts WHERE "ownerId" = $1 AND slug = $2 ORDER BY "slugClass"`);

/** `?owner=` names the caller (absent, empty or the caller's own handle): the caller's own scripts are searched. */
export function isOwn(caller: Caller, owner: string | undefined): boolean {
  return owner === undefined || owner === "" || owner === caller.handle;
}

/** A row of ownScriptsJsonSql's value: OWN_SCRIPTS_BY_SLUG's columns, times as JSON writes them. */
export type ScriptJson = Omit<Script, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };

/**
 * OWN_SCRIPTS_BY_SLUG's rows as one JSON array (null: none), for a statement that reads them
 * beside another read of the same request (the API's run start); `owner` and `slug` are its
 * placeholders.
 */
export function ownScriptsJsonSql(owner: string, slug: string): string {
  return `SELECT json_agg(json_build_object('id', id, 'ownerId', "ownerId", 'slug', slug, 'slugClass', "slugClass"::text, 'kind', kind::text,
             'title', title, 'description', description, 'visibility', visibility::text, 'latestVersion', "latestVersion",
             'createdAt', "createdAt", 'updatedAt', "updatedAt") ORDER BY "slugClass")
           FROM scripts WHERE "ownerId" = ${owner} AND slug = ${slug}`;
}

/** locateScript's answer for the caller's own script, from ownScriptsJsonSql's value. */
export function locateOwnScript(caller: Caller, slug: string, kind: ScriptKind | undefined, rows: ScriptJson[] | null): Located {
  const scripts = (rows ?? []).map((r) => ({ ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) }));
  return { script: pick(scripts, slug, kind), ownerHandle: caller.handle, own: true };
}

/**
 * Finds the script #11-#18 address. Another account's private script, an unknown handle and a
 * missing slug all answer 404 (never 403, so private slugs do not leak).
 */
export async function locateScript(db: Db, caller: Caller, slug: string, options: LocateOptions = {}): Promise<Located> {
  const owner = options.owner;
  if (isOwn(caller, owner)) {
    const rows = await query<Script>(db, OWN_SCRIPTS_BY_SLUG, [caller.accountId, slug]);
    return { script: pick(rows, slug, options.kind), ownerHandle: caller.handle, own: true };
  }
  const account = await db.account.findUnique({ where: { handle: owner }, select: { id: true, handle: true } });
  if (!account) throw notFound(slug, owner);
  const rows = await db.script.findMany({ where: { ownerId: account.id, slug, visibility: "public" }, orderBy: { slugClass: "asc" } });
  const script = pick(rows, slug, options.kind, owner);
  if (options.write) throw new ScriptsError("forbidden", `"${owner}/${slug}" belongs to ${owner}; you can read it but not change it.`);
  return { script, ownerHandle: account.handle, own: false };
}

export interface PageRequest<K> {
  limit: number;
  after?: K | undefined;
}

export interface Page<T, K> {
  rows: T[];
  next: K | null;
}

export type ScriptKey = [createdAt: string, id: string];

/** The owner's scripts, newest first, keyset-paged on (createdAt, id). */
export async function listScripts(db: Db, ownerId: string, options: PageRequest<ScriptKey> & { kind?: ScriptKind | undefined }): Promise<Page<ScriptRecord, ScriptKey>> {
  const where: Prisma.ScriptWhereInput = { ownerId };
  if (options.kind) where.kind = options.kind;
  if (options.after) {
    const [createdAt, id] = options.after;
    const at = new Date(createdAt);
    where.OR = [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }];
  }
  const rows = await db.script.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit + 1,
    include: { owner: { select: { handle: true } } },
  });
  const more = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  const versions = page.length === 0 ? [] : await db.scriptVersion.findMany({
    where: { OR: page.map((s) => ({ scriptId: s.id, version: s.latestVersion })) },
    omit: { files: true },
  });
  const byScript = new Map(versions.map((v) => [v.scriptId, v]));
  const records = page.flatMap((s) => {
    const version = byScript.get(s.id);
    return version ? [toRecord(s, s.owner.handle, { ...version, files: [] }, false)] : [];
  });
  const last = page[page.length - 1];
  return { rows: records, next: more && last ? [last.createdAt.toISOString(), last.id] : null };
}

/** Versions of one script, newest first, keyset-paged on the version number. */
export async function listVersions(db: Db, scriptId: string, options: PageRequest<number>): Promise<Page<VersionRecord, number>> {
  const rows = await db.scriptVersion.findMany({
    where: { scriptId, ...(options.after !== undefined ? { version: { lt: options.after } } : {}) },
    orderBy: { version: "desc" },
    take: options.limit + 1,
    select: { version: true, createdAt: true, message: true, digest: true },
  });
  const more = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return { rows: page, next: more && last ? last.version : null };
}

export interface MetaPatch {
  slug?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
  visibility?: ScriptVisibility | undefined;
}

/** The fields of `patch` whose value differs from the script's: what a PATCH changes. */
function changedMeta(current: { slug: string; title: string; description: string; visibility: string }, patch: MetaPatch): MetaPatch {
  const changed: MetaPatch = {};
  if (patch.slug !== undefined && patch.slug !== current.slug) changed.slug = patch.slug;
  if (patch.title !== undefined && patch.title !== current.title) changed.title = patch.title;
  if (patch.description !== undefined && patch.description !== current.description) changed.description = patch.description;
  if (patch.visibility !== undefined && patch.visibility !== current.visibility) changed.visibility = patch.visibility;
  return changed;
}

/**
 * PATCH: rename and metadata. Versions, runs and events hang on the script's id, so they stay.
 * Only fields whose value changes are written, and `updatedAt` moves only then: an empty PATCH,
 * or one repeating the current values, answers the script as it is (docs/adr/0305).
 */
export async function updateScriptMeta(db: Db, scriptId: string, given: MetaPatch): Promise<ScriptRecord> {
  const current = await db.script.findUnique({ where: { id: scriptId }, select: { slug: true, title: true, description: true, visibility: true } });
  if (!current) throw new ScriptsError("not_found", "No such script.");
  const patch = changedMeta(current, given);
  if (Object.keys(patch).length === 0) return readScript(db, scriptId, { withFiles: false });
  const data: Prisma.ScriptUpdateInput = { updatedAt: new Date() };
  if (patch.slug !== undefined) data.slug = patch.slug;
  if (patch.title !== undefined) data.title = patch.title;
  if (patch.description !== undefined) data.description = patch.description;
  if (patch.visibility !== undefined) data.visibility = patch.visibility;
  try {
    // ADR 0008: a rename also moves the slug snapshot of the script's runs, in one transaction,
    // so `script.slug` of its runs and `GET /runs?script=` follow the new name.
    await db.$transaction(async (tx) => {
      const updated = await tx.script.updateMany({ where: { id: scriptId }, data: data as Prisma.ScriptUpdateManyMutationInput });
      if (updated.count === 0) throw new ScriptsError("not_found", "No such script.");
      if (patch.slug !== undefined) await tx.run.updateMany({ where: { scriptId }, data: { scriptSlug: patch.slug } });
    });
  } catch (error) {
    if (uniqueViolation(error)) {
      const kind = (await db.script.findUnique({ where: { id: scriptId }, select: { kind: true } }))?.kind ?? "indicator";
      throw slugTaken(patch.slug ?? "", kind);
    }
    throw error;
  }
  return readScript(db, scriptId, { withFiles: false });
}

/** DELETE: versions go with the script; runs and events keep their rows (scriptId set null). */
export async function deleteScript(db: Db, scriptId: string): Promise<void> {
  await db.script.deleteMany({ where: { id: scriptId } });
}
