// Files -> Program inside a sandbox thread: validate (lint, link, derive; imports resolve
// through the resolver the thread is given, which asks the main thread to read Postgres), then
// compile. A script that no longer validates fails the run with kind `script`.
import { compile, validate, type Program } from "@barscript/lang";
import type { Resolver, ScriptInterface, ScriptKind, SourceFile } from "@barscript/lang";
import { failureText } from "./failure-text";

export class CompileFailure extends Error {}

export async function compileScript(files: SourceFile[], _kind: ScriptKind, iface: ScriptInterface, resolver: Resolver): Promise<Program> {
  const result = await validate(files, { resolver });
  if (!result.valid || !result.checked) {
    const first = result.diagnostics.find((d) => d.severity === "error");
    throw new CompileFailure(failureText("The script does not compile", first ? `${first.file}:${first.line}: ${first.message}` : undefined));
  }
  return compile(result.checked, result.interface ?? iface);
}
