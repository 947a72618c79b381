// Messages between the API and its validation threads. A validation asks the main thread to
// resolve each import (the resolver reads Postgres there) and answers the plain fields of the
// result (the checked program stays in the thread).
import type { ResolveRef, Resolved, Validation, ValidateFn } from "@barscript/db";

type SourceFile = Parameters<ValidateFn>[0][number];

export type ToThread =
  | { type: "validate"; id: number; files: SourceFile[] }
  | { type: "resolved"; id: number; request: number; found: Resolved | null; error: string | null };

export type FromThread =
  | { type: "resolve"; id: number; request: number; ref: ResolveRef }
  | { type: "done"; id: number; validation: Validation }
  | { type: "failed"; id: number; message: string };
