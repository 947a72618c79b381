// User function overloads: several functions of one name that differ in their parameters' types
// or count (TradingView's rule). A call picks its overload at compile time from its arguments:
// the one whose typed parameters take every argument with its exact type, else the only one that
// accepts them (int -> float), else a diagnostic naming the candidates.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import type { FunctionInfo } from "../symbols";
import { paramAssignable, sameType, show } from "../types";
import { resolveTypeRef } from "./declarations";
import { type CallArgs, POISON, type Typer } from "./state";

type Fit = "exact" | "fits" | "no";

/** Two declarations with the same parameter count and types cannot be told apart by a call. */
export function sameSignature(t: Typer, a: A.FunctionDecl, b: A.FunctionDecl): boolean {
  if (a.params.length !== b.params.length) return false;
  return a.params.every((p, i) => {
    const q = b.params[i]!;
    if (!p.typeAnn || !q.typeAnn) return !p.typeAnn && !q.typeAnn;
    const x = resolveTypeRef(t, p.typeAnn, false);
    const y = resolveTypeRef(t, q.typeAnn, false);
    return x !== null && y !== null && sameType(x, y);
  });
}

/**
 * The overload a call means, or null after reporting why none (or several) fit. A call with an
 * argument already reported as wrong picks quietly, so one mistake gives one diagnostic.
 */
export function pickOverload(t: Typer, candidates: FunctionInfo[], args: CallArgs, call: A.Call): FunctionInfo | null {
  if (candidates.length === 1) return candidates[0]!;
  const fits = candidates.map((c) => ({ c, fit: fitOf(t, c.decl, args) }));
  const exact = fits.filter((f) => f.fit === "exact");
  if (exact.length === 1) return exact[0]!.c;
  const usable = fits.filter((f) => f.fit !== "no");
  if (exact.length === 0 && usable.length === 1) return usable[0]!.c;
  const poisoned = args.some((a) => a.info.type === POISON);
  if (poisoned) return usable[0]?.c ?? null;
  const name = candidates[0]!.symbol.name;
  const given = `(${args.map((a) => (a.name ? `${a.name} = ` : "") + show(a.info.type)).join(", ")})`;
  if (usable.length === 0) {
    t.ctx.error(Code.no_matching_overload, `No overload of ${name}() takes ${given}; its overloads are ${list(t, candidates)}.`, call.span);
  } else {
    const which = (exact.length > 1 ? exact : usable).map((f) => f.c);
    t.ctx.error(Code.ambiguous_call, `The call ${name}${given} fits several overloads: ${list(t, which)}; pass arguments that pick one.`, call.span);
  }
  return null;
}

function fitOf(t: Typer, decl: A.FunctionDecl, args: CallArgs): Fit {
  const params = decl.params;
  const given: Array<CallArgs[number] | null> = params.map(() => null);
  let positional = 0;
  for (const a of args) {
    const idx = a.name === null ? positional++ : params.findIndex((p) => p.name.name === a.name);
    if (idx < 0 || idx >= params.length || given[idx]) return "no";
    given[idx] = a;
  }
  let fit: Fit = "exact";
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    const a = given[i];
    if (!a) {
      if (!p.defaultValue) return "no";
      continue;
    }
    if (!p.typeAnn) {
      fit = "fits";
      continue;
    }
    const want = resolveTypeRef(t, p.typeAnn, false);
    if (want === null || a.info.type === POISON) continue;
    if (sameType(a.info.type, want)) continue;
    if (!paramAssignable(a.info.type, want, t.ctx.version)) return "no";
    fit = "fits";
  }
  return fit;
}

function list(t: Typer, fns: FunctionInfo[]): string {
  return fns.map((f) => `${f.symbol.name}(${f.decl.params.map((p) => paramText(t, p)).join(", ")})`).join(", ");
}

function paramText(t: Typer, p: A.Param): string {
  const type = p.typeAnn ? resolveTypeRef(t, p.typeAnn, false) : null;
  return type ? `${show(type)} ${p.name.name}` : p.name.name;
}
