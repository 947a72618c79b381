// User types and enums: declaring them (fields typed, defaults checked) and resolving a written
// type (`float`, `array<Point>`, `lib.Dir`) to a PineType.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { isBuiltinNamespace, unsupportedNamespace } from "../builtin-lookup";
import type { EnumInfo, TypeInfo } from "../symbols";
import { assignable, BOOL, COLOR, FLOAT, heldCollection, heldCollectionMessage, INT, show, STRING } from "../types";
import { enumNamed, typeNamed } from "./lookup";
import { POISON, type Typer } from "./state";

export function typeDecl(t: Typer, s: A.TypeDecl): void {
  const id = `${t.idPrefix}:${s.name.name}`;
  const info: TypeInfo = { id, name: s.name.name, fields: [], decl: s };
  if (t.types.has(s.name.name)) t.ctx.error(Code.duplicate_declaration, `Type '${s.name.name}' is already declared.`, s.name.span);
  t.types.set(s.name.name, info); // before fields: a type may hold fields of its own type
  for (const f of s.fields) {
    const ft = resolveTypeRef(t, f.typeAnn) ?? POISON;
    if (f.defaultValue?.kind === "Call") {
      // TradingView's user manual (Type system, User-defined types): a default is a literal or a built-in variable, never a call's result
      t.ctx.error(Code.type_mismatch, `The default of '${f.name.name}' cannot be a function call: a field's default is a literal or a built-in variable; set the value after .new() instead.`, f.defaultValue.span);
    } else if (f.defaultValue) {
      const v = t.expr(f.defaultValue);
      if (v.type !== POISON && ft !== POISON && !assignable(v.type, ft, t.ctx.version)) {
        t.ctx.error(Code.type_mismatch, `The default of '${f.name.name}' must be ${show(ft)}, not ${show(v.type)}.`, f.defaultValue.span);
      }
    }
    info.fields.push({ name: f.name.name, type: ft, hasDefault: f.defaultValue !== null });
  }
  if (s.exported || t.exportAll) t.exports.types.set(s.name.name, info);
}

export function enumDecl(t: Typer, s: A.EnumDecl): void {
  const info: EnumInfo = { id: `${t.idPrefix}:${s.name.name}`, name: s.name.name, members: s.members.map((m) => m.name.name), decl: s };
  if (t.enums.has(s.name.name)) t.ctx.error(Code.duplicate_declaration, `Enum '${s.name.name}' is already declared.`, s.name.span);
  // unlike a type, an enum may not take a built-in namespace's name (TradingView's Enums page: `enum ta` is an error)
  else if (isBuiltinNamespace(s.name.name) || unsupportedNamespace(s.name.name) !== undefined) {
    t.ctx.error(Code.duplicate_declaration, `Enum '${s.name.name}' has the name of a built-in namespace: an enum needs a name of its own.`, s.name.span);
  }
  t.enums.set(s.name.name, info);
  if (s.exported || t.exportAll) t.exports.enums.set(s.name.name, info);
}

/** A TypeRef as a PineType; unknown names are reported (when `report`) and give null. */
export function resolveTypeRef(t: Typer, ref: A.TypeRef, report = true): A.PineType | null {
  const arity = (n: number): boolean => {
    if (ref.args.length === n) return true;
    if (report) t.ctx.error(Code.type_mismatch, `Type '${ref.name}' takes ${n} type argument${n === 1 ? "" : "s"}.`, ref.span);
    return false;
  };
  const args = (): Array<A.PineType | null> => ref.args.map((a) => resolveTypeRef(t, a, report));
  switch (ref.name) {
    case "int":
      return INT;
    case "float":
      return FLOAT;
    case "bool":
      return BOOL;
    case "string":
      return STRING;
    case "color":
      return COLOR;
    case "label":
    case "line":
    case "box":
    case "table":
    case "linefill":
    case "polyline":
    case "chart.point":
      return { kind: "handle", name: ref.name };
    case "array":
    case "matrix": {
      if (!arity(1)) return null;
      const [e] = args();
      return e ? heldSimply(t, ref, { kind: ref.name, element: e }, report) : null;
    }
    case "map": {
      if (!arity(2)) return null;
      const [k, v] = args();
      return k && v ? heldSimply(t, ref, { kind: "map", key: k, value: v }, report) : null;
    }
  }
  return userTypeRef(t, ref, report);
}

/** `type`, unless it is a collection of collections (refused: types.ts heldCollection). */
function heldSimply(t: Typer, ref: A.TypeRef, type: A.PineType, report: boolean): A.PineType | null {
  const inner = heldCollection(type);
  if (inner === null) return type;
  if (report) t.ctx.error(Code.type_mismatch, heldCollectionMessage(type, inner), ref.span);
  return null;
}

function userTypeRef(t: Typer, ref: A.TypeRef, report: boolean): A.PineType | null {
  const u = typeNamed(t, ref.name);
  if (u) return { kind: "udt", name: u.name, id: u.id };
  const e = enumNamed(t, ref.name);
  if (e) return { kind: "enum", name: e.name, id: e.id };
  const alias = ref.name.split(".")[0] ?? "";
  if (t.imports.get(alias) === null) return POISON;
  // a Pine type this dialect refuses (`footprint`, `volume_row`) is named with the reason
  const refused = unsupportedNamespace(ref.name);
  if (report) t.ctx.error(refused ? Code.unsupported_feature : Code.undeclared_identifier, refused ?? `Unknown type '${ref.name}'.`, ref.span);
  return null;
}
