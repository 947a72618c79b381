// Names as values: a variable, a built-in variable (`close`, `color.red`), an enum member
// (`Dir.up`, `lib.Dir.up`), a field of a user-type value (`p.x`), or a diagnostic saying why not.

import type { TypeSpec } from "../../builtins";
import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { handleField, isBuiltinNamespace, lookupFunction, lookupVariable, unsupportedNamespace } from "../builtin-lookup";
import { FLOAT, show } from "../types";
import { didYouMean, memberHint } from "../suggest";
import { enumNamed, importedFunction, inlineConstants, pending, typeById, undeclared } from "./lookup";
import { POISON, POISONED, type Typer, type Value } from "./state";
import { tradingViewBuiltinName } from "../tradingview-libraries";

export function identifier(t: Typer, node: A.Identifier): Value {
  const found = t.scope.lookup(node.name);
  if (found) {
    node.symbol = found.sym;
    // a top-level constant read in a function: its value in place, as a library's function is
    // compiled into the importing script, where the library's top level does not run
    const constant = t.scope !== t.globals && found.sym.kind === "local" ? t.constants.get(found.sym.id) : undefined;
    if (constant !== undefined) {
      node.constant = constant;
      inlineConstants(t, constant);
    }
    return { type: found.sym.type, qual: found.sym.qual };
  }
  const bv = lookupVariable(node.name);
  if (bv) {
    if (pending(t, node.name, node.span)) return POISONED;
    node.symbol = { kind: "builtinVariable", name: node.name };
    return { type: specType(bv.type), qual: bv.qual };
  }
  if (t.functions.has(node.name) || lookupFunction(node.name)) {
    t.ctx.error(Code.not_a_value, `'${node.name}' is a function: call it with (...).`, node.span);
    return POISONED;
  }
  undeclared(t, node.name, node.span);
  return POISONED;
}

/** `a.b.c` as a dotted name when its root is not a variable (so it names a built-in or import). */
export function dotted(t: Typer, node: A.Expr): string | null {
  if (node.kind === "Identifier") return t.scope.lookup(node.name) ? null : node.name;
  if (node.kind !== "Member") return null;
  const head = dotted(t, node.object);
  return head === null ? null : `${head}.${node.property.name}`;
}

/**
 * `color.new` or `color.red` where a variable named `color` (a method's parameter, often) hides the
 * namespace: Pine keeps built-in namespaces apart from variables, so `ns.name` whose root is a
 * variable still names the built-in when that variable's value has no such field or method (the
 * callers check which). Null when the root is not a variable named as a built-in namespace.
 */
export function hiddenBuiltinName(t: Typer, node: A.Member): string | null {
  const root = node.object;
  if (root.kind !== "Identifier" || !isBuiltinNamespace(root.name) || !t.scope.lookup(root.name)) return null;
  return `${root.name}.${node.property.name}`;
}

export function member(t: Typer, node: A.Member): Value {
  const name = dotted(t, node);
  if (name !== null) {
    const v = namedMember(t, node, name);
    if (v) return v;
  }
  const hidden = hiddenBuiltinName(t, node);
  if (hidden !== null && lookupVariable(hidden) && !hasField(t, node)) return namedMember(t, node, hidden) ?? POISONED;
  return field(t, node);
}

/** Whether the variable `v` of `v.f` holds a value with a field `f` (a user type's, or chart.point's). */
function hasField(t: Typer, node: A.Member): boolean {
  const type = node.object.kind === "Identifier" ? t.scope.lookup(node.object.name)?.sym.type : undefined;
  if (!type) return true;
  if (type.kind === "handle") return handleField(type.name, node.property.name) !== undefined;
  if (type.kind === "udt") return typeById(t, type.id)?.fields.some((f) => f.name === node.property.name) ?? true;
  return false;
}

/** `color.red`, `Dir.up`, `lib.Dir.up`, or a diagnostic for namespaces we do not have. */
function namedMember(t: Typer, node: A.Member, name: string): Value | null {
  const root0 = name.slice(0, name.indexOf("."));
  const viaLibrary = root0 === "" ? null : tradingViewBuiltinName(t.imports.get(root0), name.slice(root0.length + 1));
  if (viaLibrary !== null && viaLibrary !== name && lookupVariable(viaLibrary) && node.object.kind === "Identifier") {
    node.object.name = "ta"; // `TVta.tr` is the built-in `ta.tr`, read by that name
    return namedMember(t, node, viaLibrary);
  }
  const bv = lookupVariable(name);
  if (bv) {
    if (pending(t, name, node.span)) return POISONED;
    node.symbol = { kind: "builtinVariable", name };
    return { type: specType(bv.type), qual: bv.qual };
  }
  const parts = name.split(".");
  const root = parts[0] ?? "";
  const en = enumNamed(t, parts.slice(0, -1).join("."));
  if (en) return enumMember(t, node, en, parts[parts.length - 1] ?? "");
  const unsupported = unsupportedNamespace(root);
  if (unsupported && !t.imports.has(root)) {
    t.ctx.error(Code.unsupported_feature, unsupported, node.span);
    return POISONED;
  }
  if (lookupFunction(name) || importedFunction(t, name)) {
    t.ctx.error(Code.not_a_value, `'${name}' is a function: call it with (...).`, node.span);
    return POISONED;
  }
  if (t.imports.has(root)) {
    if (t.imports.get(root) === null) return POISONED; // unresolved import, reported by the linker
    const constant = parts.length === 2 ? t.imports.get(root)?.constants.get(parts[1] ?? "") : undefined;
    if (constant) {
      node.constant = constant.decl.init;
      return { type: constant.type, qual: "const" };
    }
    t.ctx.error(Code.undeclared_identifier, `'${root}' does not export '${parts.slice(1).join(".")}'.`, node.span);
    return POISONED;
  }
  if (isBuiltinNamespace(root) && parts.length === 2 && !t.types.has(root) && !t.enums.has(root)) {
    t.ctx.error(Code.undeclared_identifier, `'${name}' is not a built-in.${memberHint(name) || didYouMean(name, "variable")}`, node.span);
    return POISONED;
  }
  if (parts.length >= 2 && !t.scope.lookup(root) && !lookupVariable(root)) {
    if (t.types.has(root)) return null;
    undeclared(t, root, (firstIdentifier(node) ?? node).span);
    return POISONED;
  }
  return null;
}

function enumMember(t: Typer, node: A.Member, en: { id: string; name: string; members: string[] }, name: string): Value {
  if (!en.members.includes(name)) {
    t.ctx.error(Code.undeclared_identifier, `Enum ${en.name} has no member '${name}'.`, node.property.span);
    return POISONED;
  }
  node.symbol = { kind: "enumMember", enumId: en.id, member: name };
  return { type: { kind: "enum", name: en.name, id: en.id }, qual: "const" };
}

/** `p.x`: a field of a user-type value. */
function field(t: Typer, node: A.Member): Value {
  const obj = t.expr(node.object);
  if (obj.type === POISON) return POISONED;
  const builtinField = obj.type.kind === "handle" ? handleField(obj.type.name, node.property.name) : undefined;
  if (obj.type.kind === "handle" && builtinField !== undefined) {
    node.symbol = { kind: "field", typeId: obj.type.name, field: node.property.name };
    return { type: { kind: "primitive", name: builtinField }, qual: "series" };
  }
  if (obj.type.kind !== "udt") {
    t.ctx.error(Code.undeclared_identifier, `A value of type ${show(obj.type)} has no field '${node.property.name}'.`, node.property.span);
    return POISONED;
  }
  const udt = obj.type;
  const f = typeById(t, udt.id)?.fields.find((x) => x.name === node.property.name);
  if (!f) {
    t.ctx.error(Code.undeclared_identifier, `Type ${udt.name} has no field '${node.property.name}'.`, node.property.span);
    return POISONED;
  }
  node.symbol = { kind: "field", typeId: udt.id, field: f.name };
  return { type: f.type, qual: "series" };
}

function firstIdentifier(node: A.Expr): A.Identifier | null {
  if (node.kind === "Identifier") return node;
  if (node.kind === "Member") return firstIdentifier(node.object);
  return null;
}

/** Concrete TypeSpec (of a built-in variable) as a PineType. */
function specType(spec: TypeSpec): A.PineType {
  switch (spec.kind) {
    case "primitive":
      return { kind: "primitive", name: spec.name };
    case "handle":
      return { kind: "handle", name: spec.name };
    case "array":
      // label.all, line.all, box.all, table.all, linefill.all
      return { kind: "array", element: specType(spec.element) };
    default:
      return FLOAT;
  }
}
