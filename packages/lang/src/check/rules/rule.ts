// What a rule is: `(context) => visitor`, the shape of graphql-js's validation rules. A rule
// reports through the context (never throws) and keeps its own state in its closure. The visitor
// names the node kinds it wants; all rules of the catalogue are visited together, in one walk.

import type * as A from "../../language/ast";
import type { CheckContext } from "../context";
import type { ModuleExports } from "../symbols";
import type { FileTyping } from "../typing";
import type { Declaration } from "./declaration";

type NodeOf<K extends A.Node["kind"]> = Extract<A.Node, { kind: K }>;

export type VisitFn<N> = (node: N, parent: A.Node | null) => void;

export type Visitor = {
  [K in A.Node["kind"]]?: VisitFn<NodeOf<K>> | { enter?: VisitFn<NodeOf<K>>; leave?: VisitFn<NodeOf<K>> };
};

export interface RuleContext extends CheckContext {
  readonly script: A.Script;
  /** The file that declares the script (main.pine of the script or of a library). */
  readonly isEntry: boolean;
  /** Module key: `file:<path>` or `lib:<owner>/<slug>/<version>:<path>`. */
  readonly key: string;
  /** alias -> exports (null when the import could not be resolved: its uses are not reported). */
  readonly imports: Map<string, ModuleExports | null>;
  /** Found by the declaration rule (entry files). */
  declaration: Declaration | null;
  /** Made by the names-and-types rule; later rules read the annotated tree. */
  typing: FileTyping | null;
  /** Set by a rule after which nothing else is checked (an unsupported version). */
  halted: boolean;
}

export type Rule = (context: RuleContext) => Visitor;
