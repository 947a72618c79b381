// Public surface of @barscript/lang. Front end (lint, link, derive) and back end (compile,
// evaluate) each append their exports here.
export * from "./types";
export { validate, declarationOf, type ValidationResult, type ValidateOptions, type CheckedProgram, type CheckedLibrary, type UsedDefinition } from "./validate";
export type { CheckedFile, Declaration, ModuleExports, FunctionInfo, TypeInfo, EnumInfo } from "./check";
export { analyzeWarmup, type HistoryRequirements, type WarmupAnalysis } from "./derive/warmup";
export { BUILTIN_FUNCTIONS, BUILTIN_VARIABLES, builtinFunction, builtinVariable, type BuiltinFunction, type BuiltinVariable, type ParamSpec, type Signature, type TypeSpec } from "./builtins";
export { parse } from "./language/parser";
export type * as Ast from "./language/ast";
// Back end: code generation, evaluation, runtime errors, docs.
export { compile, dropKeptShapes, evaluate, portableProgram, programFromPortable, renderMessage, outputPoint, type CompileInput, type PortableProgram, type Program, type EvaluateOptions, type EvaluationResult, type ScriptEvent, type RuntimeErrorSummary } from "./evaluate";
export { EvaluationAborted, EvaluationTimeout, ScriptRuntimeError } from "./runtime/errors";
export { CodegenError } from "./codegen";
export { listTopics, getTopic, type TopicSummary } from "./docs";
// Used by the API and the worker (program caches, study runs).
export { ProgramCache, type ProgramCacheOptions } from "./program-cache";
export { evaluateStudy, type StudyDefinitionReport, type StudyEvaluation } from "./study/evaluate";
export type { StudyResult } from "./study/statistics";
export { applyCooldown, type HorizonStats } from "./study/statistics";
export { gridCombinations, rankRows, SweepAccumulator, SWEEP_STATS, type SweepHorizon, type SweepRowData, type SweepStat, type SweepValue } from "./study/sweep";
export { holm, twoSidedP, welchP, wilson, bootstrapMeanCi } from "./study/inference";
export { scriptRequests, type ChartSymbol, type ScriptRequests, type RequestedContext } from "./derive/requests";
export { exchangePrefix, prefixNames, splitTickerId } from "./stdlib/ticker-id";
export { scriptCalcBarsCount } from "./script-timeframe";
export type { ContextBars, MissingContext } from "./stdlib/request/host";
export { belowChart, sessionBars, sessionSource } from "./stdlib/request/timeframes";
export { heikinAshiBars, heikinAshiSymbol } from "./stdlib/heikin-ashi";
