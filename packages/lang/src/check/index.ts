// Checking one parsed file: version rule, declaration rule, then names/types/qualifiers
// (statements.ts). The tree is annotated in place (see language/ast.ts, "Checker annotations").

import type { Script } from "../language/ast";
import type { CheckContext } from "./context";
import { checkDeclaration, type Declaration } from "./rules/declaration";
import { checkVersion } from "./rules/version";
import { FileChecker } from "./statements";
import type { ModuleExports } from "./symbols";

export { DiagnosticSink, IdCounters, makeContext, MAX_DIAGNOSTICS, type CheckContext } from "./context";
export type { Declaration } from "./rules/declaration";
export { declarationTitle, findDeclaration } from "./rules/declaration";
export type { EnumInfo, FunctionInfo, ModuleExports, TypeInfo } from "./symbols";
export { emptyExports } from "./symbols";

export interface CheckedFile {
  /** Module key: `file:<path>` for the script's own files, `lib:<owner>/<slug>/<version>:<path>`. */
  key: string;
  path: string;
  script: Script;
  declaration: Declaration | null;
  exports: ModuleExports;
  /** Import alias -> module key (in CheckedProgram.modules). */
  imports: Map<string, string>;
}

export interface CheckFileOptions {
  key: string;
  /** The file that declares the script (main.pine of the script or of a library). */
  isEntry: boolean;
  /** alias -> exports (null when the import could not be resolved: its uses are not reported). */
  imports: Map<string, ModuleExports | null>;
  importKeys: Map<string, string>;
}

export function checkFile(script: Script, ctx: CheckContext, opts: CheckFileOptions): CheckedFile {
  const base: CheckedFile = { key: opts.key, path: script.span.file, script, declaration: null, exports: { functions: new Map(), methods: new Map(), types: new Map(), enums: new Map() }, imports: opts.importKeys };
  if (!checkVersion(script, ctx)) return base;
  const declaration = opts.isEntry ? checkDeclaration(script, ctx, true) : null;
  const checker = new FileChecker(ctx, opts.imports, script, opts.key, !opts.isEntry);
  checker.run();
  const checked = { ...base, declaration, exports: checker.exports };
  // Functions of an imported module are first checked through their callers (the entry file is
  // checked after its imports), so the module's uncalled functions wait for finishChecking().
  if (opts.isEntry) checker.finish();
  else pending.set(checked, checker);
  return checked;
}

const pending = new WeakMap<CheckedFile, FileChecker>();

/** Check the functions of an imported module that no caller instantiated. */
export function finishChecking(file: CheckedFile): void {
  pending.get(file)?.finish();
  pending.delete(file);
}
