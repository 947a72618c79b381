// Pine's comparison operators on floats: two numbers within 1e-10 of each other are equal, so
// `a < b` holds only when b - a exceeds 1e-10 (docs/adr/0315). Comparisons of two ints, and the
// ta.* built-ins that compare exactly, keep exact comparison; a na operand gives false.

import type * as A from "../language/ast";

/** The absolute tolerance of float comparisons; a difference of exactly this much is still equal. */
export const FLOAT_TOLERANCE = 1e-10;

export type ComparisonOp = "==" | "!=" | "<" | "<=" | ">" | ">=";

export function isComparison(op: string): op is ComparisonOp {
  return op === "==" || op === "!=" || op === "<" || op === "<=" || op === ">" || op === ">=";
}

/** Whether a comparison of operands of these types takes the tolerance: a number compared with a float. */
export function comparesFloats(left: A.PineType | undefined, right: A.PineType | undefined): boolean {
  const num = (t: A.PineType | undefined): boolean => t?.kind === "na" || (t?.kind === "primitive" && (t.name === "int" || t.name === "float"));
  const float = (t: A.PineType | undefined): boolean => t?.kind === "primitive" && t.name === "float";
  return num(left) && num(right) && (float(left) || float(right));
}

/** `op` of two numbers with the tolerance (each read once; na gives false). */
export function compareFloats(op: ComparisonOp, a: number, b: number): boolean {
  const d = a - b;
  switch (op) {
    case "==":
      return Math.abs(d) <= FLOAT_TOLERANCE;
    case "!=":
      return Math.abs(d) > FLOAT_TOLERANCE;
    case "<":
      return d < -FLOAT_TOLERANCE;
    case "<=":
      return d <= FLOAT_TOLERANCE;
    case ">":
      return d > FLOAT_TOLERANCE;
    case ">=":
      return d >= -FLOAT_TOLERANCE;
  }
}

/** The JavaScript of compareFloats for compiled code: operands `l` and `r` are each evaluated once, left first. */
export function compareFloatsJs(op: ComparisonOp, l: string, r: string): string {
  const d = `(${l} - ${r})`;
  switch (op) {
    case "==":
      return `(Math.abs${d} <= ${FLOAT_TOLERANCE})`;
    case "!=":
      return `(Math.abs${d} > ${FLOAT_TOLERANCE})`;
    case "<":
      return `(${d} < -${FLOAT_TOLERANCE})`;
    case "<=":
      return `(${d} <= ${FLOAT_TOLERANCE})`;
    case ">":
      return `(${d} > ${FLOAT_TOLERANCE})`;
    case ">=":
      return `(${d} >= -${FLOAT_TOLERANCE})`;
  }
}
