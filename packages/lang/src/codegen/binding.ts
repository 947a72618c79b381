// Binding a built-in call's arguments to the parameters of its record's signatures (positional,
// named and variadic), as the checker matched them.

import type * as A from "../language/ast";
import type { FunctionRecord, ParamSpec } from "../builtins";
import type { WrittenArg } from "../builtins/record";
import { CodegenError, kindOf } from "./types";

export interface BoundArgs {
  params: ParamSpec[];
  byName: Map<string, A.Expr>;
  rest: A.Expr[];
}

/** Binds a call's arguments to the record's signature that fits them (or the one its `overload` picks). */
export function bind(c: A.Call, f: FunctionRecord): BoundArgs {
  if (f.overload) {
    const written: WrittenArg[] = c.args.map((a) => ({ name: a.name?.name ?? null, kind: kindOf(a.value) }));
    const sig = f.signatures[f.overload(written)];
    const b = sig ? bindTo(c, sig.params) : null;
    if (b) return b;
  } else {
    for (const sig of f.signatures) {
      const b = bindTo(c, sig.params);
      if (b) return b;
    }
  }
  throw new CodegenError(`no signature of '${f.name}' fits these arguments`, c.span);
}

/** The call's arguments bound to these parameters, or null when they do not fit. */
function bindTo(c: A.Call, params: ParamSpec[]): BoundArgs | null {
  const positional = c.args.filter((a) => a.name === null);
  const byName = new Map<string, A.Expr>();
  const rest: A.Expr[] = [];
  let k = 0;
  for (const p of params) {
    if (p.variadic) {
      while (k < positional.length) rest.push(positional[k++]!.value);
      continue;
    }
    if (k < positional.length) byName.set(p.name, positional[k++]!.value);
  }
  if (k < positional.length) return null;
  for (const a of c.args) {
    if (a.name === null) continue;
    const p = params.find((q) => q.name === a.name!.name);
    if (!p) return null;
    byName.set(p.name, a.value);
  }
  for (const p of params) if (!p.variadic && p.default === null && !byName.has(p.name)) return null;
  return { params, byName, rest };
}
