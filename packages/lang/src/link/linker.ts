// Linker: loads what a script's files import (its own files by relative path, libraries through
// the Resolver), detects cycles, checks every file once its imports are checked, and pins the
// versions of what it loaded. A library's own problems are reported once, at the import.

import { checkFile, type CheckedFile, DiagnosticSink, finishChecking, type IdCounters, makeContext, type ModuleExports, tradingViewLibrary } from "../check";
import type { ImportDecl, Script, Span } from "../language/ast";
import { Code, type DiagnosticCode } from "../language/codes";
import { parse } from "../language/parser";
import { builtInLibrariesText, builtInLibrary, tradingViewLibraryMiss } from "../stdlib/tv-zigzag";
import type { Dependency, Resolver, SourceFile } from "../types";
import type { CheckedLibrary } from "./program";

export interface LinkedFiles {
  entry: CheckedFile | null;
  /** Own files imported by the entry, dependencies first. */
  files: CheckedFile[];
}

export class Linker {
  readonly libraries: CheckedLibrary[] = [];
  readonly modules = new Map<string, CheckedFile>();
  readonly dependencies = new Map<string, Dependency>();
  private readonly libCache = new Map<string, ModuleExports | null>();

  constructor(
    readonly resolver: Resolver,
    readonly sink: DiagnosticSink,
    readonly ids: IdCounters,
  ) {}

  private linkError(code: DiagnosticCode, message: string, span: Span): void {
    this.sink.report("link", code, message, span);
  }

  /** Parse, link and check one script's files (the caller's, or a library's). */
  async linkScript(files: SourceFile[], keyPrefix: string, spanPrefix: string, sink: DiagnosticSink, libStack: string[]): Promise<LinkedFiles> {
    const parsed = new Map<string, Script>();
    for (const f of files) {
      const r = parse(spanPrefix + f.path, f.content);
      for (const d of r.diagnostics) sink.add(d);
      parsed.set(f.path, r.script);
    }
    if (!parsed.has("main.pine")) {
      sink.report("lint", Code.missing_entry, "A script needs a main.pine file.", { file: spanPrefix + "main.pine", line: 1, column: 1, endLine: 1, endColumn: 1 });
      return { entry: null, files: [] };
    }
    const done = new Map<string, CheckedFile>();
    const order: CheckedFile[] = [];
    const visit = async (path: string, stack: string[]): Promise<ModuleExports | null> => {
      const existing = done.get(path);
      if (existing) return existing.exports;
      const script = parsed.get(path) as Script;
      const imports = new Map<string, ModuleExports | null>();
      const importKeys = new Map<string, string>();
      for (const s of script.body) {
        if (s.kind !== "ImportDecl") continue;
        const exports = await this.resolveImport(s, path, parsed, stack, libStack, visit, sink);
        imports.set(s.alias.name, exports);
        const key = s.source.kind === "relative" ? `${keyPrefix}${joinPath(path, s.source.path)}` : `lib:${s.source.owner}/${s.source.slug}/${s.source.version}:main.pine`;
        importKeys.set(s.alias.name, key);
      }
      const ctx = makeContext(script.span.file, script.version, sink, this.ids);
      const checked = checkFile(script, ctx, { key: keyPrefix + path, isEntry: path === "main.pine", imports, importKeys });
      done.set(path, checked);
      this.modules.set(checked.key, checked);
      order.push(checked);
      return checked.exports;
    };
    await visit("main.pine", ["main.pine"]);
    for (const f of order) finishChecking(f);
    const entry = done.get("main.pine") ?? null;
    return { entry, files: order.filter((f) => f !== entry) };
  }

  private async resolveImport(
    s: ImportDecl,
    from: string,
    parsed: Map<string, Script>,
    stack: string[],
    libStack: string[],
    visit: (path: string, stack: string[]) => Promise<ModuleExports | null>,
    sink: DiagnosticSink,
  ): Promise<ModuleExports | null> {
    const report = (code: DiagnosticCode, message: string): null => {
      sink.report("link", code, message, s.span);
      return null;
    };
    if (s.source.kind === "relative") {
      const target = joinPath(from, s.source.path);
      if (!target.endsWith(".pine") || !parsed.has(target)) return report(Code.unresolved_import, `No file '${s.source.path}' in this script.`);
      if (stack.includes(target)) return report(Code.import_cycle, `Import cycle: ${[...stack.slice(stack.indexOf(target)), target].join(" -> ")}.`);
      return visit(target, [...stack, target]);
    }
    return this.loadLibrary(s.source.owner, s.source.slug, s.source.version, libStack, report);
  }

  private async loadLibrary(owner: string, slug: string, version: number, libStack: string[], report: (code: DiagnosticCode, message: string) => null): Promise<ModuleExports | null> {
    const id = `${owner}/${slug}`;
    if (libStack.includes(id)) return report(Code.import_cycle, `Import cycle: ${[...libStack.slice(libStack.indexOf(id)), id].join(" -> ")}.`);
    const cacheKey = `${id}/${version}`;
    if (this.libCache.has(cacheKey)) return this.libCache.get(cacheKey) ?? null;
    const own = tradingViewLibrary(owner, slug);
    if (own) return own;
    const builtIn = builtInLibrary(owner, slug, version);
    const resolved = builtIn ?? (await this.resolver.resolve({ owner, slug, version }));
    if (!resolved) return this.cache(cacheKey, report(Code.unresolved_import, libraryNotFound(owner, slug, version)));
    if (resolved.kind !== "library") return this.cache(cacheKey, report(Code.not_a_library, `'${owner}/${slug}' is ${article(resolved.kind)} ${resolved.kind}, not a library: only library scripts can be imported.`));
    const libSink = new DiagnosticSink();
    const prefix = `lib:${owner}/${slug}/${resolved.version}:`;
    const linked = await this.linkScript(resolved.files, prefix, `${owner}/${slug}@${resolved.version}/`, libSink, [...libStack, id]);
    const cycle = libSink.list.find((d) => d.code === Code.import_cycle);
    if (cycle) return this.cache(cacheKey, report(Code.import_cycle, cycle.message));
    const firstError = libSink.list.find((d) => d.severity === "error");
    if (firstError || !linked.entry) {
      return this.cache(cacheKey, report(Code.invalid_dependency, `Library '${owner}/${slug}' version ${resolved.version} has errors (${firstError?.message ?? "no main.pine"}).`));
    }
    if (linked.entry.declaration?.kind !== "library") return this.cache(cacheKey, report(Code.not_a_library, `'${owner}/${slug}' does not declare library(...).`));
    this.libraries.push({ owner: resolved.owner, slug: resolved.slug, version: resolved.version, files: [...linked.files, linked.entry] });
    // A built-in library is no script of the store: nothing to pin (docs/adr/0196).
    if (!builtIn) this.dependencies.set(`${resolved.owner}/${resolved.slug}`, { owner: resolved.owner, slug: resolved.slug, kind: "library", version: resolved.version });
    return this.cache(cacheKey, linked.entry.exports);
  }

  private cache(key: string, v: ModuleExports | null): ModuleExports | null {
    this.libCache.set(key, v);
    return v;
  }
}

function article(kind: string): string {
  return /^[aeiou]/.test(kind) ? "an" : "a";
}

/** `./util.pine` relative to `dir/main.pine` -> `dir/util.pine` (no `..` above the root). */
export function joinPath(from: string, rel: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const seg of rel.split("/")) {
    if (seg === "." || seg === "") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  return parts.join("/");
}

/**
 * Why an imported library is refused when no library script here has its name: scripts brought
 * from TradingView import community libraries that are not copied to this service (only
 * TradingView/ta, check/tradingview-libraries.ts, and TradingView/ZigZag, stdlib/tv-zigzag, are
 * built in), so the message says what to do. An import of one of TradingView's own libraries that
 * is not built in, or of a ZigZag version that is not, says which are (docs/adr/0276).
 */
function libraryNotFound(owner: string, slug: string, version: number): string {
  const head = `Library '${owner}/${slug}' version ${version} was not found: `;
  const own = tradingViewLibraryMiss(owner, slug, version);
  if (own !== null) return head + own;
  return (
    head +
    `no library script of yours or public one here has that owner, name and version. ` +
    `Libraries published on TradingView are not available here (only ${builtInLibrariesText()}): save the library's source as a library script and import it by its owner/slug/version, or copy the functions the script uses into it.`
  );
}
