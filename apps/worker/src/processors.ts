// The processors the worker runs, by queue. Features register theirs here.
import { createRunsModules } from "./runs/module";
import type { ProcessorModule } from "./processor-types";

export type { ProcessorModule, Processor, WorkerDeps } from "./processor-types";

export const PROCESSOR_MODULES: ProcessorModule[] = [
  ...createRunsModules(),
];
