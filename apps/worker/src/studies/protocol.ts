// What a sandbox thread hands back for a study run (inside EvalResult.study).
import type { StudyDefinitionReport } from "@barscript/lang";
import type { StudyResult } from "@barscript/lang";

export type StudyThreadOutcome =
  | { ok: true; study: StudyResult; definitions: StudyDefinitionReport[] }
  | { ok: false; kind: "data_not_ready" | "script"; message: string; retryable?: boolean };
