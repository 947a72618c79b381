// The shape of the built-in table, and the one-line signature notation it is written in:
//
//   "ta.sma(source: series float, length: series int): series float"
//   "math.max(...values: N): N"                 variadic; N = int or float, T = any type
//   "nz(source: series T, replacement: series T = 0): T"   a return without qualifier takes the
//                                                        strongest qualifier of the arguments
//   "input.int(defval: const int, options: const list<int> = na): input int"
//       list<X> = a literal `[a, b, ...]` (Pine's tuple-of-constants arguments)
//
// Qualifiers on parameters are the strongest qualifier accepted (const < input < simple < series).
// Defaults are Pine source text (codegen evaluates them; the checker only needs "optional").
// The records (record.ts) are written in this notation.

import type { HandleName, PrimitiveName, Qualifier } from "../language/ast";

export type TypeSpec =
  | { kind: "primitive"; name: PrimitiveName }
  /** R: any value or a tuple of values (a requested expression); N and M: int or float, each bound apart. */
  | { kind: "var"; name: "T" | "N" | "M" | "K" | "V" | "R" }
  | { kind: "array"; element: TypeSpec }
  | { kind: "matrix"; element: TypeSpec }
  | { kind: "map"; key: TypeSpec; value: TypeSpec }
  | { kind: "handle"; name: HandleName }
  | { kind: "tuple"; elements: TypeSpec[] }
  | { kind: "list"; element: TypeSpec }
  /** `float|bool`: any of these (plotshape's series). */
  | { kind: "union"; options: TypeSpec[] }
  | { kind: "void" };

export interface ParamSpec {
  name: string;
  type: TypeSpec;
  qual: Qualifier;
  /** Pine source of the default, or null when the argument is required. */
  default: string | null;
  variadic: boolean;
}

export interface Signature {
  params: ParamSpec[];
  returns: TypeSpec;
  /** null: the strongest qualifier among the arguments (const when there are none). */
  returnQual: Qualifier | null;
  /** The notation it was written in, for messages and docs. */
  text: string;
}

/** What the checker reads of a function's record. */
export interface BuiltinFunction {
  readonly name: string;
  readonly signatures: Signature[];
  readonly doc: string;
  /** Keeps state across bars: every call site needs its own state (and a callSiteId). */
  readonly stateful: boolean;
}

/** What the checker reads of a variable's record. */
export interface BuiltinVariable {
  readonly name: string;
  readonly type: TypeSpec;
  readonly qual: Qualifier;
  readonly doc: string;
  /** Compile-time value of constants (`math.pi`, `shape.circle`, `color.red` as "#RRGGBB"). */
  readonly value?: number | string | boolean;
}

const PRIMITIVES: ReadonlySet<string> = new Set(["int", "float", "bool", "string", "color"]);
const HANDLES: ReadonlySet<string> = new Set(["label", "line", "box", "table", "linefill", "polyline", "chart.point", "plot", "hline"]);
/** The fields of built-in object types (`p.price` of a chart.point), by type name: each field's type. */
export const HANDLE_FIELDS: ReadonlyMap<string, ReadonlyMap<string, "int" | "float">> = new Map([
  ["chart.point", new Map([["time", "int"], ["index", "int"], ["price", "float"]] as const)],
]);
const QUALS: ReadonlySet<string> = new Set(["const", "input", "simple", "series"]);

/** Parse one signature line. Throws on a malformed table entry (a bug caught by the tests). */
export function parseSignature(text: string): { name: string; sig: Signature } {
  const m = /^([\w.]+)\((.*)\)\s*:\s*(.+)$/.exec(text);
  if (!m) throw new Error(`bad signature: ${text}`);
  const [, name = "", paramText = "", retText = ""] = m;
  const params = splitTop(paramText).map((p) => parseParam(p, text));
  const ret = parseQualifiedType(retText.trim(), text);
  return { name, sig: { params, returns: ret.type, returnQual: ret.qual, text } };
}

function parseParam(p: string, text: string): ParamSpec {
  const m = /^(\.\.\.)?(\w+)\s*:\s*([^=]+?)\s*(?:=\s*(.+))?$/.exec(p.trim());
  if (!m) throw new Error(`bad parameter '${p}' in ${text}`);
  const [, dots, name = "", typeText = "", def] = m;
  const t = parseQualifiedType(typeText, text);
  return { name, type: t.type, qual: t.qual ?? "series", default: def?.trim() ?? null, variadic: dots !== undefined };
}

export function parseQualifiedType(s: string, text: string): { type: TypeSpec; qual: Qualifier | null } {
  const m = /^(\w+)\s+(.+)$/.exec(s.trim());
  if (m && QUALS.has(m[1] ?? "")) return { qual: m[1] as Qualifier, type: parseType((m[2] ?? "").trim(), text) };
  return { qual: null, type: parseType(s.trim(), text) };
}

export function parseType(s: string, text: string): TypeSpec {
  if (s === "void") return { kind: "void" };
  const options = splitTop(s, "|");
  if (options.length > 1) return { kind: "union", options: options.map((o) => parseType(o.trim(), text)) };
  if (PRIMITIVES.has(s)) return { kind: "primitive", name: s as PrimitiveName };
  if (HANDLES.has(s)) return { kind: "handle", name: s as HandleName };
  if (s === "T" || s === "N" || s === "M" || s === "K" || s === "V" || s === "R") return { kind: "var", name: s };
  if (s.startsWith("[") && s.endsWith("]")) return { kind: "tuple", elements: splitTop(s.slice(1, -1)).map((e) => parseType(e.trim(), text)) };
  const g = /^(array|matrix|map|list)<(.+)>$/.exec(s);
  if (g) {
    const args = splitTop(g[2] ?? "").map((e) => parseType(e.trim(), text));
    const [a, b] = args;
    if (g[1] === "map" && a && b) return { kind: "map", key: a, value: b };
    if (a && args.length === 1) return { kind: g[1] as "array" | "matrix" | "list", element: a };
  }
  throw new Error(`bad type '${s}' in ${text}`);
}

/** Split on `sep` (a comma by default) outside brackets. */
function splitTop(s: string, sep = ","): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const c of s) {
    if (c === "<" || c === "[" || c === "(") depth++;
    if (c === ">" || c === "]" || c === ")") depth--;
    if (c === sep && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  if (cur.trim() !== "") out.push(cur);
  return out;
}
