// The kinds of drawing objects and the fields that hold each kind's x coordinates: read by the
// drawing store (its limits) and by the emitters of the kinds' setters (which setters place a drawing).

export type DrawingKind = "label" | "line" | "box" | "table" | "linefill" | "polyline";

/** The fields holding each kind's x coordinates (a polyline's are its points' indexes). */
export const X_FIELDS: Readonly<Record<DrawingKind, readonly string[]>> = { label: ["x"], line: ["x1", "x2"], box: ["left", "right"], polyline: [], table: [], linefill: [] };

/** Whether `field` is an x coordinate of the kind's drawings. */
export function isXField(kind: DrawingKind, field: string): boolean {
  return X_FIELDS[kind].includes(field);
}
