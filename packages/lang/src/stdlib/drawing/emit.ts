// What the drawing records share: an object's properties as a JavaScript object literal from the
// call's arguments, and setter/getter records generated from one line each.

import { builtinFunction, type CallEmit, type FunctionRecord } from "../../builtins/record";
import type { DrawingKind } from "./store";

/** [parameter, property, JavaScript default when not passed]. */
export type FieldSpec = readonly [param: string, field: string, dflt: string];

export const NA_NUM = "NaN";
export const NA_OBJ = "null";

/** `{x: <arg>, ...}` in the order of the spec. */
export function props(b: CallEmit, spec: readonly FieldSpec[], extra: Record<string, string> = {}): string {
  const parts = spec.map(([p, f, d]) => `${JSON.stringify(f)}: ${b.a(p, d)}`);
  for (const [k, v] of Object.entries(extra)) parts.push(`${JSON.stringify(k)}: ${v}`);
  return `{${parts.join(", ")}}`;
}

export function newRecord(kind: DrawingKind, sig: string, doc: string, spec: readonly FieldSpec[]): FunctionRecord {
  return builtinFunction({ sig, doc, emit: (b) => `$rt.draw.add(${JSON.stringify(kind)}, ${props(b, spec)})` });
}

/** `<kind>.set_<field>(id, <field>)` for each [field, type, property]. */
export function setters(kind: DrawingKind, list: ReadonlyArray<readonly [param: string, type: string, field: string]>): FunctionRecord[] {
  return list.map(([p, ty, f]) =>
    builtinFunction({
      sig: `${kind}.set_${p}(id: series ${kind}, ${p}: ${ty}): void`,
      doc: `Sets the ${kind}'s ${p.replace(/_/g, " ")}.`,
      emit: (b) => `$rt.draw.set(${b.a("id")}, ${JSON.stringify(f)}, ${b.a(p)})`,
    }),
  );
}

/** `<kind>.get_<field>(id)` for each [field, type, property]; na for an na id. */
export function getters(kind: DrawingKind, list: ReadonlyArray<readonly [param: string, type: "series int" | "series float" | "series string" | `series ${string}`, field: string]>): FunctionRecord[] {
  return list.map(([p, ty, f]) => {
    const read = ty === "series string" ? "str" : ty === "series int" || ty === "series float" ? "num" : "obj";
    return builtinFunction({
      sig: `${kind}.get_${p}(id: series ${kind}): ${ty}`,
      doc: `The ${kind}'s ${p.replace(/_/g, " ")} (na for na).`,
      emit: (b) => `$rt.draw.${read}(${b.a("id")}, ${JSON.stringify(f)})`,
    });
  });
}

/** `<kind>.delete`, `<kind>.copy` and the `<kind>.all` variable's record. */
export function lifecycle(kind: DrawingKind, what: string): FunctionRecord[] {
  return [
    builtinFunction({ sig: `${kind}.delete(id: series ${kind}): void`, doc: `Deletes the ${what} (nothing for na or one already deleted).`, emit: (b) => `$rt.draw.remove(${b.a("id")})` }),
    builtinFunction({ sig: `${kind}.copy(id: series ${kind}): series ${kind}`, doc: `A new ${what} with the same properties (counts toward the cap).`, emit: (b) => `$rt.draw.copy(${b.a("id")})` }),
  ];
}
