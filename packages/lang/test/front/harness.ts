// Helpers of the front-end tests: trees without spans, short constructors for expected trees,
// an in-memory Resolver, and validate() shortcuts.

import { parse } from "../../src/language/parser";
import { compile, evaluate, type EvaluationResult } from "../../src/index";
import type { Bars, Diagnostic, ResolvedScript, Resolver, ScriptInterface, SourceFile, SymbolInfo } from "../../src/types";
import { validate, type ValidationResult } from "../../src/validate";

/** The tree without spans and checker annotations, for comparing with hand-written trees. */
export function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "span" || k === "type" || k === "qual" || k === "symbol" || k === "symbols" || k === "callSiteId" || k === "fn") continue;
    if (k === "target" && (node as { kind?: string }).kind === "Call") continue;
    out[k] = strip(v);
  }
  return out;
}

/** Body of a parsed source, stripped; fails on a syntax error. */
export function body(src: string): unknown[] {
  const r = parse("main.pine", src);
  if (r.diagnostics.length > 0) throw new Error(JSON.stringify(r.diagnostics));
  return strip(r.script.body) as unknown[];
}

/** The single expression of `x = <expr>`. */
export function expr(src: string): unknown {
  const [d] = body(`x = ${src}\n`) as Array<{ init: unknown }>;
  return d?.init;
}

export const id = (name: string) => ({ kind: "Identifier", name });
export const num = (value: number, raw = String(value)) => ({ kind: "NumberLit", value, isInt: /^\d+$/.test(raw), raw });
export const str = (value: string) => ({ kind: "StringLit", value });
export const bool = (value: boolean) => ({ kind: "BoolLit", value });
export const na = () => ({ kind: "NaLit" });
export const bin = (op: string, left: unknown, right: unknown) => ({ kind: "Binary", op, left, right });
export const un = (op: string, operand: unknown) => ({ kind: "Unary", op, operand });
export const mem = (object: unknown, property: string) => ({ kind: "Member", object, property: id(property) });
/** `a.b.c` as nested Members. */
export const path = (dotted: string): unknown => {
  const parts = dotted.split(".");
  let e: unknown = id(parts[0] ?? "");
  for (const p of parts.slice(1)) e = mem(e, p);
  return e;
};
export const arg = (value: unknown, name?: string) => ({ kind: "Argument", name: name ? id(name) : null, value });
export const call = (callee: unknown, args: unknown[] = [], typeArgs: unknown[] = []) => ({
  kind: "Call",
  callee: typeof callee === "string" ? path(callee) : callee,
  typeArgs,
  args: args.map((a) => (typeof a === "object" && a !== null && (a as { kind?: string }).kind === "Argument" ? a : arg(a))),
});
export const tref = (name: string, args: unknown[] = [], qualifier: string | null = null) => ({ kind: "TypeRef", name, args, qualifier });
export const block = (...stmts: unknown[]) => ({ kind: "Block", body: stmts });
export const exprStmt = (e: unknown) => ({ kind: "ExprStmt", expr: e });
export const decl = (name: string, init: unknown, mode = "none", typeAnn: unknown = null) => ({ kind: "VarDecl", mode, typeAnn, name: id(name), init });

export function resolverOf(scripts: ResolvedScript[]): Resolver {
  return {
    async resolve(ref) {
      const matches = scripts.filter((s) => s.slug === ref.slug && (ref.owner === null ? s.owner === "me" : s.owner === ref.owner));
      if (ref.version === null) return matches.sort((a, b) => b.version - a.version)[0] ?? null;
      return matches.find((s) => s.version === ref.version) ?? null;
    },
  };
}

export const NO_SCRIPTS = resolverOf([]);

export function lib(owner: string, slug: string, version: number, content: string, kind: ResolvedScript["kind"] = "library"): ResolvedScript {
  return { owner, slug, version, kind, files: [{ path: "main.pine", content }] };
}

export async function check(src: string | SourceFile[], resolver: Resolver = NO_SCRIPTS): Promise<ValidationResult> {
  const files = typeof src === "string" ? [{ path: "main.pine", content: src }] : src;
  return validate(files, { resolver });
}

/** `code line:col-endLine:endCol` of each diagnostic. */
export function brief(ds: Diagnostic[]): string[] {
  return ds.map((d) => `${d.code} ${d.line}:${d.column}-${d.end_line}:${d.end_column}`);
}

/** Daily bars from 2024-01-01 UTC with these closes (open = close, high = close + 1, low = close - 1, volume 100). */
export function barsOf(closes: number[]): Bars {
  const n = closes.length;
  const day = 86_400;
  return {
    length: n,
    time: Float64Array.from(closes, (_, i) => 1_704_067_200 + i * day),
    open: Float64Array.from(closes),
    high: Float64Array.from(closes, (c) => c + 1),
    low: Float64Array.from(closes, (c) => c - 1),
    close: Float64Array.from(closes),
    volume: Float64Array.from(closes, () => 100),
  };
}

/** A plain daily symbol in UTC, for scripts run over barsOf(closes). */
export const PLAIN_SYMBOL: SymbolInfo = { ticker: "T", timezone: "UTC", mintick: 0.01, timeframe: "1d" };

/** Each output's values by name, na as null. */
export function outputsByName(res: EvaluationResult): Record<string, Array<number | null>> {
  return Object.fromEntries(res.outputs.map((o) => [o.name, Array.from(o.values, (v) => (Number.isNaN(v) ? null : v))]));
}

/** validate() + compile() + evaluate() from the package's public surface over barsOf(closes), failing on an error diagnostic. */
export async function evaluateValid(src: string, closes: number[], options: { resolver?: Resolver; symbol?: SymbolInfo } = {}): Promise<EvaluationResult> {
  const r = await check(src, options.resolver);
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (!r.checked || errors.length > 0) throw new Error(`invalid: ${JSON.stringify(errors)}`);
  return evaluate(compile(r.checked, r.interface ?? undefined), barsOf(closes), {}, { symbol: options.symbol ?? PLAIN_SYMBOL, windowStart: 0 });
}

/** evaluateValid's outputs by name. */
export async function evaluateScript(src: string, closes: number[], symbol: SymbolInfo = { ticker: "TEST", timezone: "UTC", mintick: 0.01, timeframe: "1d" }): Promise<Record<string, Array<number | null>>> {
  return outputsByName(await evaluateValid(src, closes, { symbol }));
}

/** An Interface without what only a chart reads (overlay, hlines, each output's style and color;
 *  test/front/appearance.unit.test.ts checks those): for cases about inputs, outputs and warmup. */
export function coreInterface(i: ScriptInterface | null | undefined): ScriptInterface | null | undefined {
  if (!i) return i;
  const { overlay: _o, hlines: _h, ...rest } = i;
  return { ...rest, outputs: i.outputs.map(({ style: _s, color: _c, ...o }) => o) };
}
