// `x[n]` and `e[n]` as compiled code reads them (`$rt.ago`, `$rt.hx`, ...): a variable's or an
// expression's history ring, numeric (Ring) or of strings and objects (ValueRing, na is null), and
// their forms for code run more than once on a bar (docs/adr/0243). The numeric and value forms
// stay separate functions, not one generic: each is called from bar loops with one ring class only.
import type { Ring, ValueRing } from "../stdlib/ring";
import { beyondBufferMessage, fail, SERIES_BUFFER_LIMIT } from "./errors";

/** Whole bars back of a history reference to a series; past its buffer's limit a runtime error of the bar. */
export function historyDepth(n: number, limit = SERIES_BUFFER_LIMIT): number {
  const k = Math.floor(n);
  if (k > limit) fail(beyondBufferMessage(k, limit));
  return k;
}

/** `x[n]` of a variable: n = 0 is its current value, n >= 1 what it held n bars ago. */
export function ago(ring: Ring, current: number, n: number): number {
  if (n === 0) return current;
  if (!(n >= 0)) return NaN;
  const k = historyDepth(n);
  if (k > ring.cap) ring.ensure(k + 1);
  return ring.get(k - 1);
}

/**
 * `ago`, `hx`, `agoV` and `hxV` of code run more than once on a bar (a loop's body): its ring
 * holds one value per bar, the bar's last execution's (docs/adr/0243).
 */
export function agoOnBar(ring: Ring, current: number, n: number, bar: number): number {
  if (n === 0) return current;
  if (!(n >= 0)) return NaN;
  const k = historyDepth(n);
  if (k + 1 > ring.cap) ring.ensure(k + 2);
  return ring.getOnBar(k - 1, bar);
}

export function hxOnBar(ring: Ring, v: number, n: number, bar: number): number {
  const k = historyDepth(n);
  if (!(k >= 0)) return NaN;
  if (k >= ring.cap) ring.ensure(k + 1);
  ring.pushOnBar(v, bar);
  return ring.get(k);
}

export function agoVOnBar(ring: ValueRing, current: unknown, n: number, bar: number): unknown {
  if (n === 0) return current;
  if (!(n >= 0)) return null;
  const k = historyDepth(n);
  if (k + 1 > ring.cap) ring.ensure(k + 2);
  return ring.getOnBar(k - 1, bar);
}

export function hxVOnBar(ring: ValueRing, v: unknown, n: number, bar: number): unknown {
  const k = historyDepth(n);
  if (!(k >= 0)) return null;
  if (k >= ring.cap) ring.ensure(k + 1);
  ring.pushOnBar(v, bar);
  return ring.get(k);
}

/** `e[n]` of an expression: records this evaluation and reads n evaluations back. */
export function hx(ring: Ring, v: number, n: number): number {
  const k = historyDepth(n);
  if (!(k >= 0)) return NaN;
  if (k >= ring.cap) ring.ensure(k + 1);
  ring.push(v);
  return ring.get(k);
}

/** `x[n]` of a string or object variable (na is null). */
export function agoV(ring: ValueRing, current: unknown, n: number): unknown {
  if (n === 0) return current;
  if (!(n >= 0)) return null;
  const k = historyDepth(n);
  if (k > ring.cap) ring.ensure(k + 1);
  return ring.get(k - 1);
}

/** `e[n]` of a string or object expression. */
export function hxV(ring: ValueRing, v: unknown, n: number): unknown {
  const k = historyDepth(n);
  if (!(k >= 0)) return null;
  if (k >= ring.cap) ring.ensure(k + 1);
  ring.push(v);
  return ring.get(k);
}
