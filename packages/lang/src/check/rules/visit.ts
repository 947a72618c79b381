// Running the rules of the catalogue together. The walk has two steps: the Script's `enter`
// handlers (version, declaration, typing), then, once the file's functions are all typed (at once
// for an entry file; for an imported module after its importers, see check/index.ts), the walk
// of every node in source order with each rule's handlers.

import type * as A from "../../language/ast";
import { forEachChild } from "../../language/visit";
import type { Rule, RuleContext, VisitFn, Visitor } from "./rule";

type Handler = VisitFn<A.Node>;

/** Per node kind, the rules' handlers in catalogue order. */
interface KindHandlers {
  enter: Handler[];
  leave: Handler[];
}

export interface RuleRun {
  /** Visits every node below the Script (after the Script's enter handlers ran). */
  finish(): void;
}

export function startRules(rules: readonly Rule[], context: RuleContext): RuleRun {
  const handlers = collect(rules.map((rule) => rule(context)));
  const script = context.script;
  const own = handlers.get("Script");
  for (const h of own?.enter ?? []) {
    h(script, null);
    if (context.halted) return { finish: () => undefined };
  }
  return {
    finish: () => {
      new Walker(handlers, script).children();
      for (const h of own?.leave ?? []) h(script, null);
    },
  };
}

/** Source-order walk below the Script: one map lookup and no allocation per node. */
class Walker {
  private readonly visit = (n: A.Node): void => this.node(n);

  constructor(
    private readonly handlers: ReadonlyMap<string, KindHandlers>,
    private parent: A.Node,
  ) {}

  children(): void {
    forEachChild(this.parent, this.visit);
  }

  private node(n: A.Node): void {
    const parent = this.parent;
    const h = this.handlers.get(n.kind);
    if (h !== undefined) for (let i = 0; i < h.enter.length; i++) h.enter[i]!(n, parent);
    this.parent = n;
    forEachChild(n, this.visit);
    this.parent = parent;
    if (h !== undefined) for (let i = 0; i < h.leave.length; i++) h.leave[i]!(n, parent);
  }
}

function collect(visitors: Visitor[]): Map<string, KindHandlers> {
  const out = new Map<string, KindHandlers>();
  const of = (kind: string): KindHandlers => {
    let h = out.get(kind);
    if (h === undefined) out.set(kind, (h = { enter: [], leave: [] }));
    return h;
  };
  for (const v of visitors) {
    for (const [kind, entry] of Object.entries(v) as Array<[string, Handler | { enter?: Handler; leave?: Handler }]>) {
      if (typeof entry === "function") of(kind).enter.push(entry);
      else {
        if (entry.enter) of(kind).enter.push(entry.enter);
        if (entry.leave) of(kind).leave.push(entry.leave);
      }
    }
  }
  return out;
}
