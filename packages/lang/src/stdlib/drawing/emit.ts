// What the drawing records share: an object's properties as a JavaScript object literal from the
// call's arguments, and setter/getter records generated from one line each.

import { builtinFunction, type CallEmit, type FunctionRecord } from "../../builtins/record";
import { isXField, type DrawingKind } from "./kinds";

/** [parameter, property, JavaScript default when not passed]. */
export type FieldSpec = readonly [param: string, field: string, dflt: string];

export const NA_NUM = "NaN";
export const NA_OBJ = "null";

/**
 * What a call placing a drawing passes after its coordinates: the bar it runs on (`$i`) and the
 * chart's last bar (`$rt.n - 1`), against which the store checks an x read as a bar index: at most
 * 10,000 bars before the first, 500 past the second (reach.ts MOST_PAST_BARS, MOST_FUTURE_BARS).
 */
export const AT = "$i, $rt.n - 1";

/** `{x: <arg>, ...}` in the order of the spec. */
export function props(b: CallEmit, spec: readonly FieldSpec[], extra: Record<string, string> = {}): string {
  const parts = spec.map(([p, f, d]) => `${JSON.stringify(f)}: ${b.a(p, d)}`);
  for (const [k, v] of Object.entries(extra)) parts.push(`${JSON.stringify(k)}: ${v}`);
  return `{${parts.join(", ")}}`;
}

export function newRecord(kind: DrawingKind, sig: string, doc: string, spec: readonly FieldSpec[]): FunctionRecord {
  return builtinFunction({ sig, doc, emit: (b) => `$rt.draw.add(${JSON.stringify(kind)}, ${props(b, spec)})` });
}

/** [point parameter, x field, y field]: a corner a chart.point gives. */
export type PointSpec = readonly [param: string, xField: string, yField: string];

/**
 * `<kind>.new` with its coordinates (`sig`) or with chart points (`pointSig`): the overload is the
 * point one when its first point is named or the first argument is an object (a chart.point).
 * Fields the point form lacks keep their defaults, then the points set the corners (store.addAt).
 */
export function newRecordWithPoints(kind: DrawingKind, sig: string, pointSig: string, doc: string, spec: readonly FieldSpec[], points: readonly PointSpec[]): FunctionRecord {
  const first = points[0]![0];
  return builtinFunction({
    sig: [sig, pointSig],
    doc,
    overload: (args) => (args.some((a) => a.name === first) || (args[0] !== undefined && args[0].name === null && args[0].kind === "obj") ? 1 : 0),
    emit: (b) => {
      if (!b.has(first)) return `$rt.draw.add(${JSON.stringify(kind)}, ${props(b, spec)}, ${AT})`;
      const corners = points.map(([p, fx, fy]) => `[${JSON.stringify(fx)}, ${JSON.stringify(fy)}, ${b.a(p)}]`);
      return `$rt.draw.addAt(${JSON.stringify(kind)}, ${props(b, spec)}, [${corners.join(", ")}], ${AT})`;
    },
  });
}

/** `<kind>.set_<name>(id, point)` for each [name, x field, y field]. */
export function pointSetters(kind: DrawingKind, list: ReadonlyArray<readonly [name: string, xField: string, yField: string, what: string]>): FunctionRecord[] {
  return list.map(([n, fx, fy, what]) =>
    builtinFunction({
      sig: `${kind}.set_${n}(id: series ${kind}, point: chart.point): void`,
      doc: `Moves the ${kind}'s ${what} to the point (its time or bar index by the ${kind}'s xloc, and its price).`,
      emit: (b) => `$rt.draw.setPoint(${b.a("id")}, ${JSON.stringify(fx)}, ${JSON.stringify(fy)}, ${b.a("point")}, ${AT}, "${kind}.set_${n}")`,
    }),
  );
}

/** A setter's value when the call omits it: its Pine text (the signature's) and its JavaScript. */
export type SetterDefault = readonly [pine: string, js: string];

/**
 * `<kind>.set_<name>(id, <param>)` for each [name, type, property, param, default]: the parameter is
 * named as TradingView's reference names it (`box.set_bgcolor(id, color)`, `line.set_x1(id, x)`),
 * the setter's name by default; `idParam` is the drawing's (`table_id` for tables). A default makes
 * the value optional, where the reference says so (`table.set_bgcolor(table_id)` clears the color).
 */
export function setters(kind: DrawingKind, list: ReadonlyArray<readonly [name: string, type: string, field: string, param?: string, dflt?: SetterDefault]>, idParam = "id"): FunctionRecord[] {
  return list.map(([n, ty, f, param, dflt]) => {
    const p = param ?? n;
    const value = (b: CallEmit): string => b.a(p, dflt?.[1]);
    return builtinFunction({
      sig: `${kind}.set_${n}(${idParam}: series ${kind}, ${p}: ${ty}${dflt === undefined ? "" : ` = ${dflt[0]}`}): void`,
      doc: `Sets the ${kind}'s ${n.replace(/_/g, " ")}.`,
      // an x coordinate is checked against the bar the call runs on and the chart's last (store.place)
      emit: isXField(kind, f) ? (b) => `$rt.draw.place(${b.a(idParam)}, ${JSON.stringify(f)}, ${value(b)}, ${AT}, "${kind}.set_${n}", "${p}")` : (b) => `$rt.draw.set(${b.a(idParam)}, ${JSON.stringify(f)}, ${value(b)})`,
    });
  });
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
