// The catalogue of checking rules, in the order they run and report (as graphql-js's
// specifiedRules): the version gates everything; the declaration and the typing come first
// because later rules read what they found; the placement and limit rules follow.

import { DeclarationRule } from "./declaration";
import { DynamicRequestsRule } from "./dynamic-requests";
import { HistoryOffsetRule } from "./history-offset";
import { InputEnumRule } from "./input-enum";
import { LibraryExportsRule } from "./library-exports";
import { LocalScopeCallsRule } from "./local-scope-calls";
import { LoopControlRule } from "./loop-control";
import { NamesAndTypesRule } from "./names-and-types";
import { PlotCountRule } from "./plot-count";
import { RequestTimeframeRule } from "./request-timeframe";
import { ShadowedNamesRule } from "./shadowed-names";
import { SortFieldRule } from "./sort-field";
import type { Rule } from "./rule";
import { TopLevelRule } from "./top-level";
import { TuplePlacesRule } from "./tuple-places";
import { VersionRule } from "./version";

export const specifiedRules: readonly Rule[] = Object.freeze([
  VersionRule,
  DeclarationRule,
  NamesAndTypesRule,
  TopLevelRule,
  LoopControlRule,
  TuplePlacesRule,
  LocalScopeCallsRule,
  HistoryOffsetRule,
  PlotCountRule,
  RequestTimeframeRule,
  DynamicRequestsRule,
  InputEnumRule,
  SortFieldRule,
  LibraryExportsRule,
  ShadowedNamesRule,
]);

export type { Rule, RuleContext, Visitor } from "./rule";
export { startRules } from "./visit";
