// The linked, checked program handed to codegen: the entry file, the script's own files it
// imports, the libraries (each with its own checked files) and, for studies, the definitions used.

import type { CheckedFile } from "../check";
import type { ScriptInterface, ScriptKind } from "../types";

export interface CheckedLibrary {
  owner: string;
  slug: string;
  version: number;
  /** Its files, its main.pine last (dependencies first). */
  files: CheckedFile[];
}

export interface UsedDefinition {
  owner: string;
  slug: string;
  version: number;
  /** `use(..., events = [...])`; null = all its events. */
  events: string[] | null;
  program: CheckedProgram;
  interface: ScriptInterface;
}

export interface CheckedProgram {
  kind: ScriptKind;
  title: string | null;
  entry: CheckedFile;
  /** The script's own files imported by relative path (dependencies first, entry excluded). */
  files: CheckedFile[];
  libraries: CheckedLibrary[];
  /** Every checked file by module key (CheckedFile.imports values point here). */
  modules: Map<string, CheckedFile>;
  uses: UsedDefinition[];
}
