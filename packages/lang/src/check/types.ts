// PineType helpers: constructors, equality, assignability, display, and qualifier order.

import type { PineType, PrimitiveName, Qualifier } from "../language/ast";

export const INT: PineType = { kind: "primitive", name: "int" };
export const FLOAT: PineType = { kind: "primitive", name: "float" };
export const BOOL: PineType = { kind: "primitive", name: "bool" };
export const STRING: PineType = { kind: "primitive", name: "string" };
export const COLOR: PineType = { kind: "primitive", name: "color" };
export const NA: PineType = { kind: "na" };
export const VOID: PineType = { kind: "void" };

const QUAL_ORDER: Record<Qualifier, number> = { const: 0, input: 1, simple: 2, series: 3 };

export function maxQual(...qs: Qualifier[]): Qualifier {
  let best: Qualifier = "const";
  for (const q of qs) if (QUAL_ORDER[q] > QUAL_ORDER[best]) best = q;
  return best;
}

/** `q` is accepted where at most `limit` is allowed. */
export function qualFits(q: Qualifier, limit: Qualifier): boolean {
  return QUAL_ORDER[q] <= QUAL_ORDER[limit];
}

export function prim(t: PineType, name: PrimitiveName): boolean {
  return t.kind === "primitive" && t.name === name;
}

export function isNumeric(t: PineType): boolean {
  return prim(t, "int") || prim(t, "float");
}

export function sameType(a: PineType, b: PineType): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "primitive":
      return a.name === (b as typeof a).name;
    case "array":
    case "matrix":
      return sameType(a.element, (b as typeof a).element);
    case "map":
      return sameType(a.key, (b as typeof a).key) && sameType(a.value, (b as typeof a).value);
    case "tuple": {
      const bt = b as typeof a;
      return a.elements.length === bt.elements.length && a.elements.every((e, i) => sameType(e, bt.elements[i] as PineType));
    }
    case "udt":
    case "enum":
      return a.id === (b as typeof a).id;
    case "handle":
      return a.name === (b as typeof a).name;
    default:
      return true;
  }
}

/**
 * A value of type `src` can be used where `dst` is expected: same type, `na` anywhere, int where
 * float is expected, and (v5 only) a number where a bool is expected.
 */
export function assignable(src: PineType, dst: PineType, version: number): boolean {
  if (src.kind === "na") return dst.kind !== "void" && dst.kind !== "tuple";
  if (sameType(src, dst)) return true;
  if (prim(src, "int") && prim(dst, "float")) return true;
  if (version < 6 && isNumeric(src) && prim(dst, "bool")) return true;
  return false;
}

/**
 * An argument of type `src` taken by a user function's (or method's) parameter declared `dst`: what
 * is assignable, and an int array or matrix where a float one is declared. TradingView accepts it (its
 * user manual's Matrices page, Concatenating, calls a method of \`matrix<float> this\` on a
 * \`matrix<int>\` variable); the body reads the same collection as one of floats (docs/adr/0332).
 */
export function paramAssignable(src: PineType, dst: PineType, version: number): boolean {
  if (assignable(src, dst, version)) return true;
  if ((src.kind !== "array" && src.kind !== "matrix") || dst.kind !== src.kind) return false;
  return prim(src.element, "int") && prim(dst.element, "float");
}

/**
 * The collection held by a collection (`array<array<float>>`: the inner `array<float>`), or null.
 * TradingView's collections cannot hold collections (its user manual: Type system, Collections;
 * Maps): a user-defined type holding the inner collection in a field can be held instead.
 */
export function heldCollection(t: PineType): PineType | null {
  const inner = t.kind === "array" || t.kind === "matrix" ? [t.element] : t.kind === "map" ? [t.key, t.value] : [];
  return inner.find((e) => e.kind === "array" || e.kind === "matrix" || e.kind === "map") ?? null;
}

/** The diagnostic's text for a collection type that holds a collection (heldCollection). */
export function heldCollectionMessage(t: PineType, inner: PineType): string {
  return `Collections cannot hold collections (${show(t)}): wrap the ${show(inner)} in a user-defined type (\`type Row\` with a field \`${show(inner)} values\`) and make the collection of that type.`;
}

/** The common type of two branches (ternary, if, switch): int+float is float, na takes the other. */
export function unify(a: PineType, b: PineType, version: number): PineType | null {
  if (a.kind === "na") return b;
  if (b.kind === "na") return a;
  if (sameType(a, b)) return a;
  if (isNumeric(a) && isNumeric(b)) return FLOAT;
  if (a.kind === "void" || b.kind === "void") return VOID;
  if (a.kind === "tuple" && b.kind === "tuple") {
    // `[x, y]` in one branch and `[0, na]` in another: element by element
    if (a.elements.length !== b.elements.length) return null;
    const elements: PineType[] = [];
    for (let i = 0; i < a.elements.length; i++) {
      const u = unify(a.elements[i] as PineType, b.elements[i] as PineType, version);
      if (u === null || u.kind === "void") return null;
      elements.push(u);
    }
    return { kind: "tuple", elements };
  }
  if (version < 6 && prim(a, "bool") && isNumeric(b)) return BOOL;
  if (version < 6 && prim(b, "bool") && isNumeric(a)) return BOOL;
  return null;
}

export function show(t: PineType): string {
  switch (t.kind) {
    case "primitive":
      return t.name;
    case "na":
      return "na";
    case "void":
      return "void";
    case "array":
    case "matrix":
      return `${t.kind}<${show(t.element)}>`;
    case "map":
      return `map<${show(t.key)}, ${show(t.value)}>`;
    case "tuple":
      return `[${t.elements.map(show).join(", ")}]`;
    case "udt":
    case "enum":
      return t.name;
    case "handle":
      return t.name;
  }
}

/** A key identifying a (type, qualifier) list: user functions are checked once per distinct key. */
export function signatureKey(args: Array<{ type: PineType; qual: Qualifier }>): string {
  return args.map((a) => `${a.qual} ${show(a.type)}`).join(",");
}
