// The rules of POST /scripts/validate, POST /scripts and PUT /scripts/{slug} around the
// language front end: file limits, validation (lint, link, derive) through a resolver reading
// Postgres, `kind` against the declaration, the default title, then storage (store.ts).
//
// Validation results are kept in a bounded LRU keyed by the files digest. A hit is reused only
// when every script the linker resolved still resolves to the same version and files (a
// deleted or changed dependency re-validates, so dependents get `unresolved_import`).
import type { Db } from "../client";
import { ProgramCache } from "@barscript/lang";
import { ScriptsError } from "./errors";
import { checkFiles, ENTRY_FILE, filesDigest } from "./files";
import { createScriptResolver, type ResolveRef, type Resolved, type ScriptResolver } from "./resolver";
import { createScript, saveVersion, type Caller, type SaveOutcome } from "./store";
import { EMPTY_INTERFACE, type Dependency, type Derived, type Diagnostic, type ScriptInterface, type ScriptKind, type ScriptRecord, type ScriptVisibility, type SourceFile } from "./types";

/** What packages/lang `validate` answers (the fields this service reads). */
export interface Validation {
  valid: boolean;
  kind: ScriptKind | null;
  title: string | null;
  diagnostics: Diagnostic[];
  interface: ScriptInterface | null;
  dependencies: Dependency[];
}

export type ValidateFn = (files: SourceFile[], options: { resolver: ScriptResolver }) => Promise<Validation> | Validation;

export interface ScriptBody {
  slug?: string | undefined;
  kind?: ScriptKind | undefined;
  title?: string | undefined;
  description?: string | undefined;
  visibility?: ScriptVisibility | undefined;
  files: SourceFile[];
  base_version?: number | undefined;
  message?: string | undefined;
}

interface Pin {
  ref: ResolveRef;
  found: { version: number; kind: ScriptKind; digest: string } | null;
}

interface CachedValidation {
  validation: Validation;
  pins: Pin[];
  /** Source bytes validated: the entry's weight, so big scripts age out first. */
  bytes: number;
}

export interface ScriptService {
  /** #8: file limits (400), then lint, link, derive; `kind` when given is checked too. */
  validate(caller: Caller, body: Pick<ScriptBody, "files" | "kind">): Promise<Validation>;
  /** #9 */
  create(caller: Caller, body: ScriptBody): Promise<ScriptRecord>;
  /** #12 on a located script of the caller's. */
  save(caller: Caller, script: { id: string; kind: ScriptKind; slug: string }, body: ScriptBody): Promise<SaveOutcome>;
  cacheStats(): ReturnType<ProgramCache<CachedValidation>["stats"]>;
}

export interface ScriptServiceOptions {
  db: Db;
  validate: ValidateFn;
  /** Validation results kept (default 500 entries, 64 MB of source). */
  cacheEntries?: number;
  cacheBytes?: number;
}

const sourceBytes = (files: readonly SourceFile[]): number => files.reduce((n, f) => n + Buffer.byteLength(f.content, "utf8") + f.path.length, 0);

/** The declaration's position in main.pine, for diagnostics about the script as a whole. */
function declarationSpan(files: readonly SourceFile[]): Pick<Diagnostic, "file" | "line" | "column" | "end_line" | "end_column"> {
  const entry = files.find((f) => f.path === ENTRY_FILE);
  const lines = entry ? entry.content.split(/\r?\n/) : [];
  const index = lines.findIndex((line) => /^\s*(indicator|library|definition|study)\s*\(/.test(line));
  const line = index >= 0 ? index + 1 : 1;
  const text = index >= 0 ? (lines[index] ?? "") : "";
  return { file: ENTRY_FILE, line, column: 1, end_line: line, end_column: Math.max(text.length, 1) + 1 };
}

export function kindMismatch(files: readonly SourceFile[], message: string): Diagnostic {
  return { severity: "error", stage: "derive", code: "kind_mismatch", message, ...declarationSpan(files) };
}

const article = (kind: string): string => (kind === "indicator" ? "an indicator" : `a ${kind}`);

export function createScriptService(options: ScriptServiceOptions): ScriptService {
  const { db } = options;
  const cache = new ProgramCache<CachedValidation>({
    maxEntries: options.cacheEntries ?? 500,
    maxWeight: options.cacheBytes ?? 64 * 1024 * 1024,
    weigh: (entry) => entry.bytes + 4096,
  });

  async function stillResolves(resolver: ScriptResolver, pins: Pin[]): Promise<boolean> {
    for (const pin of pins) {
      const now = await resolver.resolve(pin.ref);
      if (!now || !pin.found) {
        if (now || pin.found) return false;
        continue;
      }
      if (now.version !== pin.found.version || now.kind !== pin.found.kind || filesDigest(now.files) !== pin.found.digest) return false;
    }
    return true;
  }

  async function runValidation(caller: Caller, files: SourceFile[]): Promise<Validation> {
    checkFiles(files);
    const resolver = createScriptResolver(db, caller);
    // Cached per caller: `owner: null` and private imports resolve differently for each account.
    const key = `${caller.accountId}:${filesDigest(files)}`;
    const cached = cache.get(key);
    if (cached && (await stillResolves(resolver, cached.pins))) return cached.validation;
    const pins: Pin[] = [];
    const recording: ScriptResolver = {
      async resolve(ref) {
        const found: Resolved | null = await resolver.resolve(ref);
        pins.push({ ref: { ...ref }, found: found ? { version: found.version, kind: found.kind, digest: filesDigest(found.files) } : null });
        return found;
      },
    };
    const validation = await options.validate(files, { resolver: recording });
    cache.set(key, { validation, pins, bytes: sourceBytes(files) });
    return validation;
  }

  function requireValid(files: SourceFile[], validation: Validation, givenKind: ScriptKind | undefined): Derived {
    const diagnostics = [...validation.diagnostics];
    if (givenKind && validation.kind && givenKind !== validation.kind) {
      diagnostics.push(kindMismatch(files, `The body says kind "${givenKind}" but main.pine declares ${article(validation.kind)}.`));
    }
    const hasError = diagnostics.some((d) => d.severity === "error");
    if (hasError || !validation.valid || !validation.kind) {
      const errors = diagnostics.filter((d) => d.severity === "error").length;
      throw new ScriptsError("script_invalid", `The script does not validate: ${errors} error${errors === 1 ? "" : "s"}; see diagnostics.`, { diagnostics });
    }
    return {
      kind: validation.kind,
      title: validation.title ?? "",
      interface: validation.interface ?? EMPTY_INTERFACE,
      dependencies: validation.dependencies,
    };
  }

  return {
    async validate(caller, body) {
      const validation = await runValidation(caller, body.files);
      if (body.kind && validation.kind && body.kind !== validation.kind) {
        const diagnostics = [...validation.diagnostics, kindMismatch(body.files, `The body says kind "${body.kind}" but main.pine declares ${article(validation.kind)}.`)];
        return { ...validation, valid: false, diagnostics };
      }
      return validation;
    },

    async create(caller, body) {
      if (!body.slug) throw new ScriptsError("invalid_request", "Field `slug` is required.");
      const validation = await runValidation(caller, body.files);
      const derived = requireValid(body.files, validation, body.kind);
      return createScript(db, {
        ownerId: caller.accountId,
        slug: body.slug,
        title: body.title ?? (derived.title || body.slug),
        description: body.description,
        visibility: body.visibility,
        files: body.files,
        digest: filesDigest(body.files),
        derived,
        message: body.message,
      });
    },

    async save(caller, script, body) {
      if (body.base_version === undefined) throw new ScriptsError("invalid_request", "Field `base_version` is required: the version this save is based on.");
      const validation = await runValidation(caller, body.files);
      const derived = requireValid(body.files, validation, body.kind);
      if (derived.kind !== script.kind) {
        throw new ScriptsError("script_invalid", `This script is ${article(script.kind)}; a new version cannot declare ${article(derived.kind)}.`, {
          diagnostics: [...validation.diagnostics, kindMismatch(body.files, `This script is ${article(script.kind)}; main.pine now declares ${article(derived.kind)}. Create a new script for it.`)],
        });
      }
      return saveVersion(db, {
        scriptId: script.id,
        baseVersion: body.base_version,
        files: body.files,
        digest: filesDigest(body.files),
        derived,
        message: body.message,
        // A save is the script as the body gives it: without a title, the title is the new
        // declaration's, as on creation (docs/adr/0305, which amends docs/adr/0010).
        title: body.title ?? (derived.title || script.slug),
        description: body.description,
        visibility: body.visibility,
      });
    },

    cacheStats: () => cache.stats(),
  };
}
