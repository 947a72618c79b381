// The array and map calls a bar loop makes most, written out (docs/adr/0111-collection-calls-written-out.md):
// the common case (an array that is not na and an integer index inside it; a map key in the
// small-integer table) reads or writes the element list in place (keeping the array's extremes,
// stdlib/pine-array.ts), so V8 neither calls nor boxes;
// anything else calls the stdlib function, which raises the error or takes the general path. The
// stdlib functions stay the definition of each call; these forms only skip the call when its
// outcome is the plain read or write.

import type * as A from "../language/ast";
import type { CallEmit, RuntimeFunction } from "../builtins/record";
import { MAX_ARRAY_SIZE } from "../runtime/errors";
import * as arrays from "../stdlib/array";
import * as maps from "../stdlib/map";
import { HI, LO } from "../stdlib/pine-array";
import type { BoundArgs } from "./binding";
import type { Gen } from "./context";
import { once } from "./expressions";

/** The written-out form of `name`, or null (the call is emitted as usual). */
export function collectionCall(g: Gen, c: A.Call, name: string, bound: BoundArgs, b: CallEmit): string | null {
  // the forms evaluate the arguments in the signature's order: only calls written in that order
  if (c.args.some((a) => a.name !== null)) return null;
  const o = new Operands(g, b);
  if (name.startsWith("map.")) {
    // a constant key at the top level: the call site keeps the key's cell (its own state, which a
    // function's body does not get: a stateful function is no longer run in place)
    const key = bound.byName.get("key");
    if (key?.kind === "StringLit" && g.scopes.ctx.fnId === null) return CACHED.get(name)?.(o, b.state(maps.KeyCache)) ?? null;
    if (!smallIntegerKeys(bound.byName.get("id"))) return null;
  }
  // the kept extremes answer the smallest or largest, not the nth
  if ((name === "array.max" || name === "array.min") && bound.byName.has("nth")) return null;
  if (name === "array.push" && numericElements(bound.byName.get("id"))) return numericPush(o);
  return FORMS.get(name)?.(o) ?? null;
}

/** An array of numbers (int or float): what it holds can be kept as its extremes. */
function numericElements(id: A.Expr | undefined): boolean {
  const t = id?.type;
  return t?.kind === "array" && t.element.kind === "primitive" && (t.element.name === "int" || t.element.name === "float");
}

/** A map whose keys are numbers (int or float): its keys may be in the small-integer table. */
function smallIntegerKeys(id: A.Expr | undefined): boolean {
  const t = id?.type;
  return t?.kind === "map" && t.key.kind === "primitive" && (t.key.name === "int" || t.key.name === "float");
}

/** The call's arguments, each evaluated once, in order: `seq` starts the form with their evaluation. */
class Operands {
  private readonly sets: string[] = [];
  constructor(
    private readonly g: Gen,
    readonly b: CallEmit,
  ) {}
  /** An argument held where the form may read it more than once. */
  arg(param: string): string {
    const v = once(this.g, this.b.a(param));
    if (v.set !== v.get) this.sets.push(v.set);
    return v.get;
  }
  /** A fresh local of the form. */
  temp(): string {
    return this.g.scopes.hoisted("v");
  }
  /** `(args evaluated, test ? fast : slow)`. */
  seq(test: string, fast: string, slow: string): string {
    return `(${[...this.sets, `${test} ? ${fast} : ${slow}`].join(", ")})`;
  }
  fn(impl: RuntimeFunction): string {
    return this.b.fn(impl);
  }
}

/** `k` is an integer index inside the list `v`. */
const inside = (k: string, v: string): string => `${k} >= 0 && ${k} < ${v}.length && (${k} | 0) === ${k}`;
/** The call site's cache holds a live cell of the map `m` (for its constant key). */
const cached = (m: string, st: string): string => `${m} !== null && ${st}.m === ${m} && ${st}.c.live`;

/** `k` is a key of the map's small-integer table (stdlib/map.ts isDense). */
const dense = (k: string): string => `${k} >>> 0 === ${k} && ${k} < ${maps.DENSE}`;

const FORMS = new Map<string, (o: Operands) => string>([
  ["array.size", (o) => `(${o.b.a("id")} ?? $rt.items(null)).e.length`],
  [
    "array.get",
    (o) => {
      const [a, k] = [o.arg("id"), o.arg("index")];
      return o.seq(`${a} !== null && ${inside(k, `${a}.e`)}`, `${a}.e[${k}]`, `${o.fn(arrays.get)}(${a}, ${k})`);
    },
  ],
  [
    "array.set",
    (o) => {
      const [a, k, x] = [o.arg("id"), o.arg("index"), o.arg("value")];
      return o.seq(`${a} !== null && ${inside(k, `${a}.e`)}`, `(${a}.e[${k}] = ${x}, ${a}.ext = 0, undefined)`, `${o.fn(arrays.set)}(${a}, ${k}, ${x})`);
    },
  ],
  [
    "array.push",
    (o) => {
      const [a, x] = [o.arg("id"), o.arg("value")];
      return o.seq(`${a} !== null && ${a}.e.length < ${MAX_ARRAY_SIZE}`, `(${a}.e.push(${x}), ${a}.ext !== 0 && ${o.fn(arrays.pushed)}(${a}, ${x}), undefined)`, `${o.fn(arrays.push)}(${a}, ${x})`);
    },
  ],
  [
    // the first element is read before the shift: V8 boxes the value shift() returns from a list
    // of numbers, and the kept extremes are dropped here as dropped() does, without a call
    "array.shift",
    (o) => {
      const a = o.arg("id");
      const t = o.temp();
      return o.seq(
        `${a} !== null && ${a}.e.length !== 0`,
        `(${t} = ${a}.e[0], ${a}.e.shift(), ${a}.ext !== 0 && (${t} === ${a}.hi && (${a}.ext &= ${~HI}), ${t} === ${a}.lo && (${a}.ext &= ${~LO})), ${t})`,
        `${o.fn(arrays.shift)}(${a})`,
      );
    },
  ],
  ["array.max", (o) => keptExtreme(o, HI, "hi")],
  ["array.min", (o) => keptExtreme(o, LO, "lo")],
  [
    "map.get",
    (o) => {
      const [m, k] = [o.arg("id"), o.arg("key")];
      const c = o.temp();
      return o.seq(`${m} !== null && ${dense(k)}`, `((${c} = ${m}.d[${k}]) === undefined ? ${m}.na : ${c}.v)`, `${o.fn(maps.get)}(${m}, ${k})`);
    },
  ],
  [
    "map.contains",
    (o) => {
      const [m, k] = [o.arg("id"), o.arg("key")];
      return o.seq(`${m} !== null && ${dense(k)}`, `${m}.d[${k}] !== undefined`, `${o.fn(maps.contains)}(${m}, ${k})`);
    },
  ],
  [
    // a key already present: its value is replaced in the table alone (the pair keeps its place)
    "map.put",
    (o) => {
      const [m, k, x] = [o.arg("id"), o.arg("key"), o.arg("value")];
      const [c, t] = [o.temp(), o.temp()];
      return o.seq(`${m} !== null && ${dense(k)} && (${c} = ${m}.d[${k}]) !== undefined`, `(${t} = ${c}.v, ${c}.v = ${x}, ${t})`, `${o.fn(maps.put)}(${m}, ${k}, ${x})`);
    },
  ],
]);

/**
 * array.max / array.min (no nth): the array's kept value (stdlib/pine-array.ts), kept first by the
 * stdlib's scan when it is not (array.keep fails on an na array as max and min do).
 */
function keptExtreme(o: Operands, bit: number, field: string): string {
  const a = o.arg("id");
  return o.seq(`${a} !== null && (${a}.ext & ${bit}) !== 0`, `${a}.${field}`, `(${o.fn(arrays.keep)}(${a}, ${bit}), ${a}.${field})`);
}

/**
 * array.push of a number: the kept extremes are updated here as pushed() does (a pushed value
 * replaces one only when strictly beyond it, or when none was found), so no call boxes the value.
 */
function numericPush(o: Operands): string {
  const [a, x] = [o.arg("id"), o.arg("value")];
  const beyond = (bit: number, f: string, op: string): string => `(${a}.ext & ${bit}) !== 0 && (${x} ${op} ${a}.${f} || (${a}.${f} !== ${a}.${f} && ${x} === ${x})) && (${a}.${f} = ${x})`;
  return o.seq(`${a} !== null && ${a}.e.length < ${MAX_ARRAY_SIZE}`, `(${a}.e.push(${x}), ${a}.ext !== 0 && (${beyond(HI, "hi", ">")}, ${beyond(LO, "lo", "<")}), undefined)`, `${o.fn(arrays.push)}(${a}, ${x})`);
}

/** Map calls with a constant key at the top level, through the call site's KeyCache `st`. */
const CACHED = new Map<string, (o: Operands, st: string) => string>([
  [
    "map.get",
    (o, st) => {
      const [m, k] = [o.arg("id"), o.arg("key")];
      return o.seq(cached(m, st), `${st}.c.v`, `${o.fn(maps.getCached)}(${m}, ${k}, ${st})`);
    },
  ],
  [
    "map.contains",
    (o, st) => {
      const [m, k] = [o.arg("id"), o.arg("key")];
      return o.seq(cached(m, st), "true", `${o.fn(maps.contains)}(${m}, ${k})`);
    },
  ],
  [
    "map.put",
    (o, st) => {
      const [m, k, x] = [o.arg("id"), o.arg("key"), o.arg("value")];
      const t = o.temp();
      return o.seq(cached(m, st), `(${t} = ${st}.c.v, ${st}.c.v = ${x}, ${t})`, `${o.fn(maps.put)}(${m}, ${k}, ${x})`);
    },
  ],
]);
