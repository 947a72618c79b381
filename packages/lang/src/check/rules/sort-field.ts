// Rule: a literal `sort_field` (array.sort, array.sort_indices, matrix.sort, the
// array.binary_search functions) names a field of the collection's user type, by index or by name,
// as TradingView's compiler requires (release notes, April and August 2026), and that field (the
// first one when none is given) is an int, a float or a string (docs/adr/0256). A field given by
// another constant is checked as the script runs (stdlib/sort-field.ts). Types declared in the
// script are checked; a library's are left to the run.

import { builtinFunction } from "../../builtins";
import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { fieldIndex } from "../../stdlib/sort-field";
import type { RuleContext, Visitor } from "./rule";

const SORTABLE: ReadonlySet<string> = new Set(["int", "float", "string"]);
const SORTING = new Set(["array.sort", "array.sort_indices", "matrix.sort", "array.binary_search", "array.binary_search_leftmost", "array.binary_search_rightmost"]);

export function SortFieldRule(ctx: RuleContext): Visitor {
  const fieldsOf = new Map<string, string[]>();
  const typesOf = new Map<string, A.TypeRef[]>();
  for (const s of ctx.script.body) {
    if (s.kind !== "TypeDecl") continue;
    fieldsOf.set(s.name.name, s.fields.map((f) => f.name.name));
    typesOf.set(s.name.name, s.fields.map((f) => f.typeAnn));
  }
  return {
    Call: (node) => {
      const t = node.target;
      const name = t?.kind === "builtin" || t?.kind === "builtinMethod" ? t.name : null;
      if (name === null || !SORTING.has(name)) return;
      const method = t?.kind === "builtinMethod" && node.callee.kind === "Member";
      const field = argument(node, name, "sort_field", method);
      if (field && field.kind !== "StringLit" && field.kind !== "NumberLit") return;
      const collection = method ? (node.callee as A.Member).object : argument(node, name, "id", false);
      const ty = collection?.type;
      const elem = ty?.kind === "array" || ty?.kind === "matrix" ? ty.element : null;
      const fields = elem?.kind === "udt" ? fieldsOf.get(elem.name) : undefined;
      if (!fields || elem?.kind !== "udt") return;
      const k = field ? fieldIndex(field.value, fields) : 0; // 0 by default: the first field
      if (k < 0 && field) {
        const given = field.kind === "StringLit" ? `"${field.value}"` : String(field.value);
        ctx.error(Code.undeclared_identifier, `sort_field ${given} is not a field of ${elem.name}: give one of its fields' names (${fields.join(", ")}) or its index, 0 to ${fields.length - 1}.`, field.span);
        return;
      }
      // only an int, float or string field orders the objects (TradingView's Arrays and Matrices pages)
      const fieldType = typesOf.get(elem.name)?.[k];
      if (fieldType && !(fieldType.args.length === 0 && SORTABLE.has(fieldType.name))) {
        const what = field ? "sort_field" : "sort_field (0 by default, the first field)";
        ctx.error(Code.type_mismatch, `${what} names the field '${fields[k]}' of ${elem.name}, which is not an int, a float or a string: objects are sorted and searched by an int, a float or a string field.`, (field ?? node).span);
      }
    },
  };
}

/** The argument of `param`, named or in its place among the positional ones (a method's receiver is not among them). */
function argument(call: A.Call, fn: string, param: string, method: boolean): A.Expr | undefined {
  const named = call.args.find((a) => a.name?.name === param);
  if (named) return named.value;
  const sig = builtinFunction(fn)?.signatures.find((s) => s.params.some((p) => p.name === param));
  const k = sig ? sig.params.findIndex((p) => p.name === param) - (method ? 1 : 0) : -1;
  return k >= 0 ? call.args.filter((a) => a.name === null)[k]?.value : undefined;
}
