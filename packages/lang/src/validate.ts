// validate(): lint (parse + check), link (imports, use()) and derive (the Interface) of a
// script's files. Diagnostics are collected, never thrown, capped at maxDiagnostics (100).

import { DiagnosticSink, findDeclaration, IdCounters, MAX_DIAGNOSTICS } from "./check";
import { deriveInterface } from "./derive/interface";
import { Code } from "./language/codes";
import { parse } from "./language/parser";
import { Linker } from "./link/linker";
import type { CheckedProgram, UsedDefinition } from "./link/program";
import { resolveUse, useRequests } from "./link/uses";
import type { Dependency, Diagnostic, Resolver, ScriptInterface, ScriptKind, SourceFile } from "./types";

export type { CheckedLibrary, CheckedProgram, UsedDefinition } from "./link/program";

export interface ValidationResult {
  valid: boolean;
  kind: ScriptKind | null;
  title: string | null;
  diagnostics: Diagnostic[];
  interface: ScriptInterface | null;
  dependencies: Dependency[];
  /** The checked program, ready for codegen; null when the script has errors. */
  checked: CheckedProgram | null;
}

export interface ValidateOptions {
  resolver: Resolver;
  maxDiagnostics?: number;
}

export async function validate(files: SourceFile[], opts: ValidateOptions): Promise<ValidationResult> {
  const sink = new DiagnosticSink(opts.maxDiagnostics ?? MAX_DIAGNOSTICS);
  const linker = new Linker(opts.resolver, sink, new IdCounters());
  try {
    const r = await validateWith(files, linker, sink, []);
    return { ...r, diagnostics: sink.list };
  } catch (e) {
    // The parser and checker refuse deep input with `too_complex` at its place; a stack overflow
    // anywhere else (a combination of depths under each limit) is refused the same way, whole.
    if (!(e instanceof RangeError) || !/call stack/i.test(e.message)) throw e;
    sink.report("lint", Code.too_complex, "The script nests too deeply to be checked: split long expressions into variables and functions.", { file: "main.pine", line: 1, column: 1, endLine: 1, endColumn: 1 });
    return { valid: false, kind: null, title: null, interface: null, dependencies: [], checked: null, diagnostics: sink.list };
  }
}

async function validateWith(files: SourceFile[], linker: Linker, sink: DiagnosticSink, defStack: string[]): Promise<Omit<ValidationResult, "diagnostics">> {
  const linked = await linker.linkScript(files, "file:", "", sink, []);
  const entry = linked.entry;
  const decl = entry?.declaration ?? null;
  const empty = { valid: false, kind: decl?.kind ?? null, title: decl?.title ?? null, interface: null, dependencies: [...linker.dependencies.values()], checked: null };
  if (!entry || !decl) return empty;
  const uses = decl.kind === "study" ? await linkUses(entry, linker, sink, defStack) : [];
  const program: CheckedProgram = { kind: decl.kind, title: decl.title, entry, files: linked.files, libraries: linker.libraries, modules: linker.modules, uses };
  if (sink.hasErrors()) return { ...empty, dependencies: [...linker.dependencies.values()] };
  const derived = deriveInterface(program);
  for (const f of derived.findings) sink.report("derive", f.code, f.message, f.span, f.severity);
  const valid = !sink.hasErrors();
  return {
    valid,
    kind: decl.kind,
    title: decl.title,
    interface: derived.interface,
    dependencies: [...linker.dependencies.values()],
    checked: valid ? program : null,
  };
}

/** Each used definition is validated as its own program; its problems are reported at the use(). */
async function linkUses(entry: CheckedProgram["entry"], linker: Linker, sink: DiagnosticSink, defStack: string[]): Promise<UsedDefinition[]> {
  const out: UsedDefinition[] = [];
  for (const req of useRequests(entry)) {
    const resolved = await resolveUse(req, linker.resolver, linker);
    if (!resolved) continue;
    const id = `${resolved.owner}/${resolved.slug}`;
    if (defStack.includes(id)) {
      sink.report("link", Code.import_cycle, `Use cycle through '${id}'.`, req.span);
      continue;
    }
    const defSink = new DiagnosticSink();
    const defLinker = new Linker(linker.resolver, defSink, linker.ids);
    const r = await validateWith(resolved.files, defLinker, defSink, [...defStack, id]);
    if (!r.valid || !r.checked || !r.interface) {
      const first = defSink.list.find((d) => d.severity === "error");
      sink.report("link", Code.invalid_dependency, `Definition '${id}' version ${resolved.version} has errors (${first?.message ?? "invalid"}).`, req.span);
      continue;
    }
    const known = new Set(r.interface.events.map((e) => e.name));
    const unknown = (req.events ?? []).filter((e) => !known.has(e));
    if (unknown.length > 0) {
      sink.report("link", Code.wrong_argument, `Definition '${id}' has no event ${unknown.map((e) => `"${e}"`).join(", ")} (it has: ${[...known].join(", ") || "none"}).`, req.eventsSpan ?? req.span);
    }
    out.push({ owner: resolved.owner, slug: resolved.slug, version: resolved.version, events: req.events, program: r.checked, interface: r.interface });
  }
  return out;
}

/** Kind and title from the entry file's declaration, without checking (cheap). */
export function declarationOf(files: SourceFile[]): { kind: ScriptKind | null; title: string | null } {
  const main = files.find((f) => f.path === "main.pine");
  if (!main) return { kind: null, title: null };
  const d = findDeclaration(parse(main.path, main.content).script);
  return { kind: d?.kind ?? null, title: d?.title ?? null };
}
