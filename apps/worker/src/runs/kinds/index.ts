// The run kinds the worker executes, by the run's `kind`. A new kind is one module that exports
// a RunKind (types.ts; scriptKind in script.ts for kinds that evaluate one script over the
// run's bars) and one line here.
import { definitionKind } from "./definition";
import { indicatorKind } from "./indicator";
import { studyKind } from "./study";
import type { RunKind } from "./types";

export type { KindContext, KindOutcome, Prefetched, RunAccountInfo, RunKind, StartedRun } from "./types";

export const RUN_KINDS: ReadonlyMap<string, RunKind> = new Map([indicatorKind, definitionKind, studyKind].map((k) => [k.kind, k]));

/** The module of a run's kind; undefined for a kind this worker does not run. */
export function runKind(kind: string): RunKind | undefined {
  return RUN_KINDS.get(kind);
}
