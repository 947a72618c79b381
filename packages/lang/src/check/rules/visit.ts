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
      forEachChild(script, (c) => walk(c, script, handlers));
      for (const h of handlers.leave.get("Script") ?? []) h(script, null);
    },
  };
}

function walk(node: A.Node, parent: A.Node, handlers: Handlers): void {
  const enter = handlers.enter.get(node.kind);
  if (enter) for (const h of enter) h(node, parent);
  forEachChild(node, (c) => walk(c, node, handlers));
  const leave = handlers.leave.get(node.kind);
  if (leave) for (const h of leave) h(node, parent);
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
