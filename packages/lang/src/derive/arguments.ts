// A call's argument by parameter name, for derive's readers of constant arguments.

import { builtinFunction } from "../builtins";
import type { Argument, Call } from "../language/ast";
import { builtinName } from "./walk";

/** An argument by parameter name, positional or named, using the built-in's first signature
 *  whose list parameters meet the call's list literals (`input.int(9, "Len", [9, 14])` is the
 *  options overload). */
export function argument(call: Call, param: string): Argument | undefined {
  const named = call.args.find((a) => a.name?.name === param);
  if (named) return named;
  const name = builtinName(call);
  const positional = call.args.filter((a) => a.name === null);
  const sigs = name ? (builtinFunction(name)?.signatures ?? []) : [];
  const sig = sigs.find((s) => positional.every((a, i) => (a.value.kind === "TupleExpr") === (s.params[i]?.type.kind === "list"))) ?? sigs[0];
  const pos = sig ? sig.params.findIndex((p) => p.name === param) : -1;
  return pos >= 0 ? positional[pos] : undefined;
}
