// Running the rules of the catalogue together. The walk has two steps: the Script's `enter`
// handlers (version, declaration, typing), then, once the file's functions are all typed (at once
// for an entry file; for an imported module after its importers, see check/index.ts), the walk
// of every node in source order with each rule's handlers.

import type * as A from "../../language/ast";
import { forEachChild } from "../../language/visit";
import type { Rule, RuleContext, VisitFn, Visitor } from "./rule";

type Handler = VisitFn<A.Node>;

interface Handlers {
  enter: Map<string, Handler[]>;
  leave: Map<string, Handler[]>;
}

export interface RuleRun {
  /** Visits every node below the Script (after the Script's enter handlers ran). */
  finish(): void;
}

export function startRules(rules: readonly Rule[], context: RuleContext): RuleRun {
  const handlers = collect(rules.map((rule) => rule(context)));
  const script = context.script;
  for (const h of handlers.enter.get("Script") ?? []) {
    h(script, null);
    if (context.halted) return { finish: () => undefined };
  }
  return {
    finish: () => {
      new Walker(handlers, script).children();
      for (const h of handlers.leave.get("Script") ?? []) h(script, null);
    },
  };
}

/** Source-order walk below the Script; one callback for the whole walk (it runs per node). */
class Walker {
  private readonly visit = (n: A.Node): void => this.node(n);

  constructor(
    private readonly handlers: Handlers,
    private parent: A.Node,
  ) {}

  children(): void {
    forEachChild(this.parent, this.visit);
  }

  private node(n: A.Node): void {
    const parent = this.parent;
    const enter = this.handlers.enter.get(n.kind);
    if (enter !== undefined) for (const h of enter) h(n, parent);
    this.parent = n;
    forEachChild(n, this.visit);
    this.parent = parent;
    const leave = this.handlers.leave.get(n.kind);
    if (leave !== undefined) for (const h of leave) h(n, parent);
  }
}

/** Handlers grouped by node kind, in the catalogue's order. */
function collect(visitors: Visitor[]): Handlers {
  const out: Handlers = { enter: new Map(), leave: new Map() };
  const add = (to: Map<string, Handler[]>, kind: string, h: Handler | undefined): void => {
    if (!h) return;
    const list = to.get(kind) ?? [];
    list.push(h);
    to.set(kind, list);
  };
  for (const v of visitors) {
    for (const [kind, entry] of Object.entries(v) as Array<[string, Handler | { enter?: Handler; leave?: Handler }]>) {
      if (typeof entry === "function") add(out.enter, kind, entry);
      else {
        add(out.enter, kind, entry.enter);
        add(out.leave, kind, entry.leave);
      }
    }
  }
  return out;
}
