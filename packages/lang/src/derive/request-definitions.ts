// What a script's variables may hold, for the worker's list of contexts a request reaches
// (derive/requests.ts follows a request's arguments and expression through them).

import { forEachChild, forEachNode } from "../language/visit";
import type * as A from "../language/ast";

/**
 * Per variable name, the values it is declared (`x = ...`, `[a, b] = ...`) or assigned (`x := ...`,
 * `p.f := ...`) from, with the conditions of the blocks around (`if c` then `y := 1`: y depends on
 * c); a variable passed to a call (`a.push(v)`, `array.push(a, v)`) also from the call's other
 * arguments; per parameter of a function declared once, its arguments at the calls. As wide as
 * codegen/request-feeds.ts, which nests in a context's run the requests these reach (docs/adr/0307).
 */
export function variableDefinitions(script: A.Script, functions: ReadonlyMap<string, A.FunctionDecl>, calls: ReadonlyMap<string, ReadonlyArray<{ call: A.Call }>>): Map<string, A.Expr[]> {
  const out = new Map<string, A.Expr[]>();
  const add = (name: string, e: A.Expr): void => {
    const list = out.get(name);
    if (list) list.push(e);
    else out.set(name, [e]);
  };
  const variables = new Set<string>();
  forEachNode(script, (n) => {
    if (n.kind === "VarDecl" || n.kind === "Param") variables.add(n.name.name);
    else if (n.kind === "TupleDecl") for (const x of n.names) if (x) variables.add(x.name);
  });
  const define = (name: string, e: A.Expr, control: readonly A.Expr[]): void => {
    add(name, e);
    for (const c of control) add(name, c);
  };
  const walk = (n: A.Node, control: readonly A.Expr[]): void => {
    switch (n.kind) {
      case "VarDecl":
        define(n.name.name, n.init, control);
        break;
      case "TupleDecl":
        for (const x of n.names) if (x) define(x.name, n.init, control);
        break;
      case "Assign": {
        let t: A.Expr = n.target;
        while (t.kind === "Member") t = t.object;
        if (t.kind === "Identifier") define(t.name, n.value, control);
        break;
      }
      case "If": {
        walk(n.cond, control);
        const inner = [...control, n.cond];
        walk(n.then, inner);
        if (n.else) walk(n.else, inner);
        return;
      }
      case "Switch": {
        const inner = [...control, ...(n.subject ? [n.subject] : []), ...n.cases.flatMap((c) => (c.test ? [c.test] : []))];
        forEachChild(n, (x) => walk(x, inner));
        return;
      }
      case "For":
      case "ForIn":
      case "While": {
        const heads = n.kind === "For" ? [n.from, n.to, ...(n.step ? [n.step] : [])] : n.kind === "ForIn" ? [n.iterable] : [n.cond];
        if (n.kind === "For") for (const h of heads) define(n.counter.name, h, control);
        if (n.kind === "ForIn") for (const x of [n.item, n.index]) if (x) define(x.name, n.iterable, control);
        walk(n.body, [...control, ...heads]);
        return;
      }
      case "Call": {
        const receiver = n.callee.kind === "Member" && n.callee.object.kind === "Identifier" ? n.callee.object.name : null;
        const passed = n.args.flatMap((a) => (a.value.kind === "Identifier" && variables.has(a.value.name) ? [a.value.name] : []));
        for (const v of receiver !== null && variables.has(receiver) ? [receiver, ...passed] : passed) for (const a of n.args) if (!(a.value.kind === "Identifier" && a.value.name === v)) define(v, a.value, control);
        break;
      }
      default:
        break;
    }
    forEachChild(n, (x) => walk(x, control));
  };
  walk(script, []);
  for (const [name, list] of calls) {
    const params = functions.get(name)?.params ?? [];
    for (const { call } of list) call.args.forEach((a, k) => {
      const p = a.name?.name ?? params[k]?.name.name;
      if (p !== undefined) add(p, a.value);
    });
  }
  return out;
}
