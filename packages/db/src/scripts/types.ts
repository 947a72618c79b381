// Shapes the scripts service stores and returns. Interface, Dependency and Diagnostic are the
// language package's (docs/reference/endpoints.md objects); they are kept in Postgres as JSON on each version.
import type { Dependency, Diagnostic, ScriptInterface, ScriptKind, SourceFile } from "@barscript/lang";

export type { Dependency, Diagnostic, ScriptInterface, ScriptKind, SourceFile };
export type ScriptVisibility = "private" | "public";

/** A script with the interface and dependencies of one of its versions (the latest unless asked). */
export interface ScriptRecord {
  id: string;
  ownerId: string;
  ownerHandle: string;
  slug: string;
  kind: ScriptKind;
  title: string;
  description: string;
  visibility: ScriptVisibility;
  latestVersion: number;
  createdAt: Date;
  updatedAt: Date;
  /** The version the interface, dependencies and files below belong to. */
  version: number;
  interface: ScriptInterface;
  dependencies: Dependency[];
  files?: SourceFile[];
}

export interface VersionRecord {
  version: number;
  createdAt: Date;
  message: string | null;
  digest: string;
}

/** What validation derived for a set of files: stored with the version. */
export interface Derived {
  kind: ScriptKind;
  title: string;
  interface: ScriptInterface;
  dependencies: Dependency[];
}

export const EMPTY_INTERFACE: ScriptInterface = { inputs: [], outputs: [], events: [], warmup_bars: 0 };
