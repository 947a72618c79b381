// Studies' `use("slug" | "owner/slug", events = [...])`: each names a definition, resolved at its
// latest version and pinned. The definition is validated as a program of its own.

import type { CheckedFile } from "../check";
import type { Call, Expr, Span } from "../language/ast";
import { Code } from "../language/codes";
import type { Dependency, Resolver, ResolvedScript } from "../types";
import type { Linker } from "./linker";

export interface UseRequest {
  owner: string | null;
  slug: string;
  events: string[] | null;
  span: Span;
  eventsSpan: Span | null;
}

/** The use() calls of a study's entry file, with their literal arguments. */
export function useRequests(entry: CheckedFile): UseRequest[] {
  const out: UseRequest[] = [];
  for (const s of entry.script.body) {
    if (s.kind !== "ExprStmt" || s.expr.kind !== "Call") continue;
    const c: Call = s.expr;
    if (c.callee.kind !== "Identifier" || c.callee.name !== "use") continue;
    const ref = (c.args.find((a) => a.name?.name === "definition") ?? c.args.find((a) => a.name === null))?.value;
    if (ref?.kind !== "StringLit") continue;
    const [a, b] = ref.value.split("/");
    const ev = c.args.find((x) => x.name?.name === "events")?.value;
    out.push({
      owner: b === undefined ? null : (a ?? null),
      slug: b ?? a ?? "",
      events: ev?.kind === "TupleExpr" ? ev.elements.filter((e): e is Expr & { kind: "StringLit"; value: string } => e.kind === "StringLit").map((e) => e.value) : null,
      span: ref.span,
      eventsSpan: ev?.span ?? null,
    });
  }
  return out;
}

export async function resolveUse(req: UseRequest, resolver: Resolver, linker: Linker): Promise<ResolvedScript | null> {
  const resolved = await resolver.resolve({ owner: req.owner, slug: req.slug, version: null });
  const name = req.owner ? `${req.owner}/${req.slug}` : req.slug;
  if (!resolved) {
    linker.sink.report("link", Code.unresolved_import, `No definition '${name}' was found.`, req.span);
    return null;
  }
  if (resolved.kind !== "definition") {
    linker.sink.report("link", Code.not_a_definition, `'${name}' is a ${resolved.kind}, not a definition: a study can only use() definitions.`, req.span);
    return null;
  }
  const dep: Dependency = { owner: resolved.owner, slug: resolved.slug, kind: "definition", version: resolved.version };
  linker.dependencies.set(`definition:${resolved.owner}/${resolved.slug}`, dep);
  return resolved;
}
