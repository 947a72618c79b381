// The value of a const expression, worked out when the script is checked. TradingView's user
// manual ("Type system"): values qualified const are established at compile time, and literals and
// the results of expressions involving only const values are const; an input's default is one
// (docs/adr/0290). Operators, ternaries and constants (the script's own, a library's, built-in ones
// such as `math.pi` or `color.teal`) are worked out here; a built-in call is its record's own
// emitter (builtins/record.ts) over the values of its arguments, run once against the runtime's
// implementations, so `math.round`, `str.format` or `color.new` mean here exactly what they mean
// on every bar. What needs the bars, the symbol or a call site's state is not constant.

import type * as A from "../../language/ast";
import { builtinFunction, builtinVariable } from "../../builtins";
import type { CallEmit, FunctionRecord, RuntimeFunction } from "../../builtins/record";
import { bind, callEmit, type EmitSite } from "../../codegen/binding";
import { colorValue, constantJs, kindOf, memberName, naOf, type FnCtx } from "../../codegen/types";
import { RUNTIME_NAMESPACES } from "../../runtime/library";
import { Runtime } from "../../runtime/runtime";
import { compareFloats, isComparison } from "../../runtime/float-compare";
import type { Typer } from "./state";

/** A const value as compiled code holds it: a number (int, float, color; NaN is na), a bool, a string (null is na). */
export type ConstValue = number | string | boolean | null;

/** Why an expression has no value when the script is checked, in words for a diagnostic. */
export class NotConstant extends Error {}

/** Constants followed through at most this many names and calls. */
const MAX_DEPTH = 64;

/** The value of the const expression `e`; throws NotConstant when it cannot be worked out here. */
export function constValue(t: Typer, e: A.Expr): ConstValue {
  return new ConstEvaluator(t).value(e, 0);
}

class ConstEvaluator {
  private readonly rt: Runtime;
  constructor(private readonly t: Typer) {
    this.rt = constRuntime(t.ctx.version);
  }

  value(e: A.Expr, depth: number): ConstValue {
    if (depth > MAX_DEPTH) throw new NotConstant("it nests constants too deeply");
    switch (e.kind) {
      case "NumberLit":
      case "StringLit":
      case "BoolLit":
        return e.value;
      case "ColorLit":
        return colorValue(e);
      case "NaLit":
        return this.run(naOf(kindOf(e)), []);
      case "Identifier":
      case "Member":
        return this.name(e, depth);
      case "Unary":
        return this.unary(e, depth);
      case "Binary":
        return this.binary(e, depth);
      case "Ternary":
        return this.value(this.truthy(this.value(e.cond, depth + 1)) ? e.then : e.else, depth + 1);
      case "Call":
        return this.call(e, depth);
      default:
        throw new NotConstant(`a ${e.kind} expression has no value before the script runs`);
    }
  }

  /** A constant's value: the script's or a library's const (its initializer), an enum member (its name) or a built-in constant. */
  private name(e: A.Identifier | A.Member, depth: number): ConstValue {
    if (e.constant) return this.value(e.constant, depth + 1);
    if (e.kind === "Identifier" && e.symbol?.kind === "local") {
      const init = this.t.constants.get(e.symbol.id);
      if (init) return this.value(init, depth + 1);
    }
    if (e.kind === "Member" && e.symbol?.kind === "enumMember") return e.symbol.member;
    const n = memberName(e);
    if (n === "na") return NaN;
    const bv = n === null ? undefined : builtinVariable(n);
    if (!bv || bv.qual !== "const") throw new NotConstant(`'${n ?? "this value"}' is not a constant`);
    if (bv.emit) {
      const fns: RuntimeFunction[] = [];
      return this.run(bv.emit({ state: () => notConstant(`'${n}'`), fn: (impl) => this.fn(impl, fns) }), fns);
    }
    if (bv.value !== undefined) return this.run(constantJs(bv.value), []);
    throw new NotConstant(`'${n}' has no value before the script runs`);
  }

  private unary(e: A.Unary, depth: number): ConstValue {
    const v = this.value(e.operand, depth + 1);
    if (e.op === "not") return typeof v === "boolean" ? !v : kindOf(e.operand) === "bool" ? (this.rt.notNa(v) as ConstValue) : !this.truthy(v);
    const x = this.number(v);
    return e.op === "-" ? -x : x;
  }

  /** Pine's operators as compiled code has them (codegen/expressions.ts binary): a zero divisor gives na, an int-typed division truncates. */
  private binary(e: A.Binary, depth: number): ConstValue {
    const l = this.value(e.left, depth + 1);
    if (e.op === "and") return this.truthy(l) && this.truthy(this.value(e.right, depth + 1));
    if (e.op === "or") return this.truthy(l) || this.truthy(this.value(e.right, depth + 1));
    const r = this.value(e.right, depth + 1);
    if (isComparison(e.op) && e.floatCompare === true) return compareFloats(e.op, this.number(l), this.number(r));
    if (e.op === "==") return this.rt.eq(l, r);
    if (e.op === "!=") return this.rt.ne(l, r);
    if (e.op === "+" && (typeof l === "string" || typeof r === "string" || kindOf(e) === "str")) return this.rt.concat(l as string | null, r as string | null);
    const [a, b] = [this.number(l), this.number(r)];
    switch (e.op) {
      case "+":
        return a + b;
      case "-":
        return a - b;
      case "*":
        return a * b;
      case "/": {
        const q = b === 0 ? NaN : a / b;
        return e.type?.kind === "primitive" && e.type.name === "int" ? Math.trunc(q) : q;
      }
      case "%":
        return a % b;
      case "<":
        return a < b;
      case "<=":
        return a <= b;
      case ">":
        return a > b;
      case ">=":
        return a >= b;
      default:
        throw new NotConstant(`the operator '${e.op}' has no value before the script runs`);
    }
  }

  /** A built-in call: its record's emitter over its arguments' values, run once. */
  private call(e: A.Call, depth: number): ConstValue {
    const name = e.target?.kind === "builtin" ? e.target.name : null;
    if (name === null) throw new NotConstant(`a call of the script's function '${memberName(e.callee) ?? "?"}' is worked out only as the script runs`);
    const f = builtinFunction(name);
    if (!f || f.stateful || f.role !== null || !f.emit) throw new NotConstant(`${name}() has no value before the script runs`);
    const compiled = new Map<A.Expr, string>();
    for (const a of e.args) compiled.set(a.value, literalJs(this.value(a.value, depth + 1)));
    const fns: RuntimeFunction[] = [];
    let js: string;
    try {
      js = f.emit(this.emitView(e, f, compiled, fns));
    } catch (err) {
      // a call the emitter cannot compile from constants (no signature fits, a state) is not constant, never a crash of the check
      if (err instanceof NotConstant) throw err;
      throw new NotConstant(`${name}() cannot be compiled from constants: ${err instanceof Error ? err.message : String(err)}`);
    }
    return this.run(js, fns);
  }

  /** What the record's emitter sees of the call: codegen's own view, its stdlib functions listed in `fns` and no call-site state. */
  private emitView(e: A.Call, f: FunctionRecord, compiled: Map<A.Expr, string>, fns: RuntimeFunction[]): CallEmit {
    // the parts of a code generator callEmit reads besides history and state: stdlib functions, no script names or types
    const site: EmitSite = {
      slots: { refOf: (impl) => this.fn(impl as RuntimeFunction, fns), state: () => notConstant(`${f.name}()`), newOf: () => notConstant(`${f.name}()`) },
      scopes: { lookup: () => null, ring: () => notConstant(`${f.name}()`), ctx: NO_FUNCTION },
      unit: { types: new Map(), enumDecls: new Map() },
      hist: null,
    };
    return callEmit(site, e, f, bind(e, f), (x) => compiled.get(x)!);
  }

  private fn(impl: RuntimeFunction, fns: RuntimeFunction[]): string {
    fns.push(impl);
    return `$f[${fns.length - 1}]`;
  }

  /** Compiled code run once: its value when it is a single value; what reads the bars or the symbol is not constant. */
  private run(js: string, fns: readonly RuntimeFunction[]): ConstValue {
    let v: unknown;
    try {
      v = new Function("$f", "$rt", `"use strict"; return (${js});`)(fns, this.rt);
    } catch (err) {
      if (err instanceof NotConstant) throw err;
      throw new NotConstant(err instanceof ReferenceError ? "it reads the bars" : `it fails: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (v === null || typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
    throw new NotConstant("its value is not a single number, bool, color or string");
  }

  private truthy(v: ConstValue): boolean {
    return this.rt.bool(v);
  }

  private number(v: ConstValue): number {
    if (typeof v === "number") return v;
    if (typeof v === "boolean") return v ? 1 : 0;
    return NaN;
  }
}

/** The scope a constant is worked out in: the script's top level, with no names of its own. */
const NO_FUNCTION: FnCtx = { fnId: null, slots: [], hoisted: new Set(), bindings: [], tupleJs: null, baseDepth: 2 };

function notConstant(what: string): never {
  throw new NotConstant(`${what} keeps state from bar to bar`);
}

/** A value as a JavaScript literal, as an emitter expects a compiled argument. */
function literalJs(v: ConstValue): string {
  if (v === null) return "null";
  if (typeof v === "number") return v === v ? `(${v})` : "NaN";
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

/**
 * The runtime as compiled code reaches it (`$rt`), without bars or a symbol: its methods and stdlib
 * namespaces and the script's version; reading anything else (the symbol's mintick, time zone, a
 * bar) means the value is not constant.
 */
function constRuntime(version: number): Runtime {
  const base = Object.assign(Object.create(Runtime.prototype) as object, RUNTIME_NAMESPACES, { version });
  return new Proxy(base, {
    get(target, prop, receiver) {
      if (typeof prop === "symbol" || prop in target) return Reflect.get(target, prop, receiver) as unknown;
      throw new NotConstant(`it depends on the chart (its symbol, time zone or bars: ${String(prop)})`);
    },
  }) as Runtime;
}
