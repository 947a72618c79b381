// Checking one parsed file: the rules of the catalogue (rules/index.ts) run over it, reporting
// through the context. The tree is annotated in place (see language/ast.ts, "Checker
// annotations"). An imported module's functions are first typed through their callers (the entry
// file is checked after its imports), so the rest of its check waits for finishChecking().

import type { Script } from "../language/ast";
import type { CheckContext } from "./context";
import type { Declaration } from "./rules/declaration";
import { type RuleContext, specifiedRules, startRules } from "./rules";
import { emptyExports, type ModuleExports } from "./symbols";

export { DiagnosticSink, IdCounters, makeContext, MAX_DIAGNOSTICS, type CheckContext } from "./context";
export type { Declaration } from "./rules/declaration";
export { declarationTitle, findDeclaration } from "./rules/declaration";
export type { EnumInfo, FunctionInfo, ModuleExports, TypeInfo } from "./symbols";
export { emptyExports } from "./symbols";
export { tradingViewLibrary } from "./tradingview-libraries";

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
  const context: RuleContext = { ...ctx, script, isEntry: opts.isEntry, key: opts.key, imports: opts.imports, declaration: null, typing: null, halted: false };
  const run = startRules(specifiedRules, context);
  const checked: CheckedFile = { key: opts.key, path: script.span.file, script, declaration: context.declaration, exports: context.typing?.exports ?? emptyExports(), imports: opts.importKeys };
  if (context.halted) return checked;
  const finish = (): void => {
    context.typing?.finish();
    run.finish();
  };
  if (opts.isEntry) finish();
  else pending.set(checked, finish);
  return checked;
}

const pending = new WeakMap<CheckedFile, () => void>();

/** Check the rest of an imported module: the functions no caller instantiated, then the rules. */
export function finishChecking(file: CheckedFile): void {
  pending.get(file)?.();
  pending.delete(file);
}
