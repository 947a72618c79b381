// Code generator: checked syntax tree -> JavaScript source of a factory `(rt) => step(i)`.
//
// Every identifier in the output is either an internal name starting with `$` (Pine names
// cannot contain `$`), a mangled user name (`v12_x`, `f3_f`), or a property of `$rt` chosen from
// fixed tables (builtins.ts). String literals go through JSON.stringify; user-type fields become
// array slots. State of stateful calls lives in per-call-site slots created once.

import type * as A from "../language/ast";
import { builtinFunction, builtinVariable } from "../builtins";
import type { FunctionRecord, ParamSpec } from "../builtins";
import type { CallEmit, InlineSite, VariableEmit, ValueKind, WrittenArg } from "../builtins/record";
import { LOOP_BUDGET } from "../runtime/errors";
import { runtimePath } from "../runtime/library";

export class CodegenError extends Error {
  constructor(message: string, readonly span: A.Span | null) {
    super(message);
    this.name = "CodegenError";
  }
}

export interface OutputSlot {
  index: number;
  title: string | null;
  call: string;
  /** Written on every bar (a top-level, unconditional plot): its column needs no na prefill. */
  everyBar: boolean;
}

export interface InputSlot {
  name: string;
  kind: string;
  defval: number | string | boolean | null;
}

/** Derived history lengths (derive/warmup.ts): per call site and per variable symbol. */
export interface HistorySizes {
  callSites: ReadonlyMap<number, number | null>;
  symbols: ReadonlyMap<number, number | null>;
}

export interface Generated {
  source: string;
  outputs: OutputSlot[];
  inputs: InputSlot[];
  events: Array<{ name: string; message: string }>;
}

type VT = ValueKind;

interface Binding {
  js: string;
  vt: VT;
  /** `var` inside a user function: lives in the function's state (`$st[k]`). */
  slot: number | null;
  /** Deepest literal `x[n]` read (sizes the history ring). */
  hist: number;
  histJs: string | null;
  /** The history ring's state slot (its initializer is fixed at the end, once `hist` is known). */
  histSlot: number;
  /** Declared inside a nested block: its history advances when that block runs, not every bar. */
  nested: boolean;
  /** Symbol id, for the derived history length. */
  symId: number | null;
  /** The context that declared it (a global read inside a function belongs to the top level). */
  owner: FnCtx;
  /** A global read by a user function: it lives in the closure, not in a local of $run. */
  fnRead: boolean;
}

interface FnCtx {
  /** null at the top level (state in closure consts), else the user function being compiled. */
  fnId: number | null;
  slots: string[];
  hoisted: Set<string>;
  bindings: Binding[];
  tupleJs: string | null;
  /** Scope depth of the context's own body (deeper = a nested block). */
  baseDepth: number;
}

function vtOf(t: A.PineType | undefined): VT | null {
  if (!t) return null;
  if (t.kind === "primitive") return t.name === "bool" ? "bool" : t.name === "string" ? "str" : "num";
  if (t.kind === "na") return "num";
  return "obj";
}

function naOf(vt: VT): string {
  return vt === "num" ? "NaN" : vt === "bool" ? "false" : "null";
}

/** The value kind of a built-in's type. */
function specVt(t: import("../builtins").TypeSpec): VT {
  if (t.kind === "primitive") return t.name === "bool" ? "bool" : t.name === "string" ? "str" : "num";
  return "obj";
}

function memberName(e: A.Expr): string | null {
  if (e.kind === "Identifier") return e.name;
  if (e.kind === "Member") {
    const o = memberName(e.object);
    return o === null ? null : `${o}.${e.property.name}`;
  }
  return null;
}

export function generate(main: A.Script, libraries: A.Script[] = [], history: HistorySizes | null = null): Generated {
  return new Generator(history).run(main, libraries);
}

class Generator {
  private counter = 0;
  private scopes: Array<Map<string, Binding>> = [];
  private fnByName = new Map<string, { decl: A.FunctionDecl; js: string; id: number }>();
  private fnById = new Map<number, { decl: A.FunctionDecl; js: string; id: number }>();
  private typesByName = new Map<string, A.TypeDecl>();
  private enums = new Set<string>();
  private fnCode: string[] = [];
  private topConsts: string[] = [];
  private ctx!: FnCtx;
  private pre: string[] = [];
  private outputs: OutputSlot[] = [];
  private inputs: InputSlot[] = [];
  private events: Array<{ name: string; message: string }> = [];
  private currentDeclName: string | null = null;
  private compiledFns = new Set<number>();
  private refs = new Map<string, string>();
  /** Locals of $run holding inlined state (loaded at its start) and the stores that save them. */
  private runLocals: string[] = [];
  private runSpill: string[] = [];
  /** Inside an expression evaluated only sometimes (ternary branch, right side of and/or). */
  private condDepth = 0;
  /** A loop was compiled somewhere: each bar resets the shared loop counter. */
  private anyLoops = false;
  /** The script's global scope (main's top-level block): user functions read globals from it. */
  private globalScope: Map<string, Binding> = new Map();

  constructor(private readonly hist: HistorySizes | null) {}

  run(main: A.Script, libraries: A.Script[]): Generated {
    for (const s of [...libraries, main]) {
      for (const st of s.body) {
        if (st.kind === "FunctionDecl") {
          const id = st.fn?.id ?? ++this.counter;
          const info = { decl: st, js: `f${id}_${st.name.name}`, id };
          this.fnByName.set(st.name.name, info);
          this.fnById.set(id, info);
        } else if (st.kind === "TypeDecl") this.typesByName.set(st.name.name, st);
        else if (st.kind === "EnumDecl") this.enums.add(st.name.name);
      }
    }
    this.ctx = { fnId: null, slots: [], hoisted: new Set(), bindings: [], tupleJs: null, baseDepth: 2 };
    this.scopes = [new Map(), this.globalScope];
    const body = main.body
      .filter((s) => s.kind !== "FunctionDecl")
      .map((s) => this.stmt(s))
      .join("\n");
    this.scopes.pop();
    const top = this.ctx;
    this.sizeRings(top);
    const pushes = this.histPushes(top);
    // Values read after the bar (history pushes) or by other functions live in the closure;
    // every other top-level temporary is a local of the bar loop.
    const closureNames = new Set(top.bindings.filter((b) => (b.histJs !== null && !b.nested) || b.fnRead).map((b) => b.js));
    const hoisted = [...top.hoisted];
    const inClosure = hoisted.filter((h) => closureNames.has(h.split(" ")[0]!));
    const inLoop = hoisted.filter((h) => !closureNames.has(h.split(" ")[0]!));
    // One function runs a range of bars: plain JavaScript over the bar columns, state in closure
    // variables created once per evaluation, no per-bar allocation or exception handling. A
    // runtime error leaves the loop with `$i` at the failing bar; evaluate() records it, calls
    // `$endBar` (the bar's history still advances) and resumes at the next bar.
    // State objects (never reassigned) are read in the loop through locals of $run: closure
    // variables are memory loads after every call that is not inlined, locals stay in registers.
    const objects = new Set(top.slots.flatMap((s, k) => (s.startsWith("new ") ? [k] : [])));
    const closureState = (code: string): string => code.replace(/\$s(\d+)\b/g, (m, k: string) => (objects.has(Number(k)) ? `$S${k}` : m));
    const columns = "$O = $rt.open, $H = $rt.high, $L = $rt.low, $C = $rt.close, $V = $rt.volume, $T = $rt.time";
    const src = [
      '"use strict";',
      `var ${columns};`,
      "var $at = 0, $loops = 0;",
      ...[...this.refs].map(([name, path]) => `var ${name} = $rt.${path};`),
      ...top.slots.map((s, k) => `var ${objects.has(k) ? "$S" : "$s"}${k} = ${s};`),
      ...inClosure.map((h) => `var ${h};`),
      ...this.topConsts,
      // functions read the history rings of globals through the closure's state objects
      ...this.fnCode.map(closureState),
      "function $endBar() {",
      closureState(pushes),
      "}",
      "function $run($from, $to) {",
      `var ${columns};`,
      ...this.outputs.map((o) => `var $o${o.index} = $rt.out[${o.index}];`),
      ...(this.events.length > 0 ? ["var $P = $rt.pending;"] : []),
      ...[...objects].map((k) => `var $s${k} = $S${k};`),
      ...this.runLocals,
      ...inLoop.map((h) => `var ${h};`),
      // the bar index is a local (user functions take it as a parameter); an error records it
      "var $i = $from;",
      "try {",
      "for (; $i < $to; $i++) {",
      ...(this.anyLoops ? ["$loops = 0;"] : []),
      body,
      pushes,
      ...(this.events.length > 0 ? ["if ($P.length !== 0) $rt.flush($i);"] : []),
      "}",
      "} catch ($e) {",
      "$at = $i;",
      ...this.runSpill,
      "throw $e;",
      "}",
      "$at = $to;",
      ...this.runSpill,
      "}",
      "return { run: $run, endBar: $endBar, bar: function () { return $at; } };",
    ].join("\n");
    return { source: src, outputs: this.outputs, inputs: this.inputs, events: this.events };
  }

  /** A hoisted reference to a fixed runtime path (`math.sign`): a closure variable, no lookup per call. */
  private ref(path: string): string {
    const name = `$R_${path.replace(/\./g, "_")}`;
    this.refs.set(name, path);
    return name;
  }

  /** History rings get the capacity of the deepest read: derived, else the deepest literal offset. */
  private sizeRings(ctx: FnCtx): void {
    for (const b of ctx.bindings) {
      if (b.histJs === null) continue;
      const derived = b.symId !== null ? this.hist?.symbols.get(b.symId) : undefined;
      const cap = Math.min(10_001, Math.max(b.hist, derived ?? 0) + 1);
      ctx.slots[b.histSlot] = `new $rt.${b.vt === "str" || b.vt === "obj" ? "ValueRing" : "Ring"}(${cap})`;
    }
  }

  // ----- scopes and names -------------------------------------------------------------------

  private fresh(prefix: string): string {
    return `$${prefix}${++this.counter}`;
  }

  private declare(name: string, sym: A.LocalSymbol | undefined, vt: VT, mode: "none" | "var" | "varip"): Binding {
    const id = sym?.id ?? ++this.counter;
    const js = `v${id}_${name}`;
    let slot: number | null = null;
    if (mode !== "none" && this.ctx.fnId !== null) {
      slot = this.ctx.slots.length;
      this.ctx.slots.push(naOf(vt));
    } else if (mode !== "none") {
      this.topConsts.push(`var ${js} = ${naOf(vt)};`);
    } else this.ctx.hoisted.add(`${js} = ${naOf(vt)}`);
    const nested = mode === "none" && this.scopes.length > this.ctx.baseDepth;
    const b: Binding = { js: slot === null ? js : `$st[${slot}]`, vt, slot, hist: 0, histJs: null, histSlot: -1, nested, symId: sym?.id ?? null, owner: this.ctx, fnRead: false };
    this.scopes[this.scopes.length - 1]!.set(name, b);
    this.ctx.bindings.push(b);
    return b;
  }

  private lookup(name: string): Binding | null {
    for (let k = this.scopes.length - 1; k >= 0; k--) {
      const b = this.scopes[k]!.get(name);
      if (b) return b;
    }
    return null;
  }

  /** A new per-call-site state object; returns the JS expression that holds it. */
  private state(init: string): string {
    return this.stateSlot(init).js;
  }

  private stateSlot(init: string, ctx: FnCtx = this.ctx): { js: string; k: number } {
    const k = ctx.slots.length;
    ctx.slots.push(init);
    return { js: ctx.fnId === null ? `$s${k}` : `$st[${k}]`, k };
  }

  /** History pushes of the context's own (not nested) variables, at the end of its bar or call. */
  private histPushes(ctx: FnCtx): string {
    return this.pushesOf(ctx.bindings.filter((b) => !b.nested));
  }

  private pushesOf(bs: Binding[]): string {
    return bs
      .filter((b) => b.histJs !== null)
      .map((b) => `${b.histJs}.push(${b.vt === "bool" ? `(${b.js} ? 1 : 0)` : b.js});`)
      .join("\n");
  }

  /** Pushes of variables declared in a nested block that ends here (their history is per run of the block). */
  private blockPushes(scope: Map<string, Binding>): string {
    const p = this.pushesOf([...scope.values()].filter((b) => b.nested));
    return p.length > 0 ? "\n" + p : "";
  }

  // ----- statements -------------------------------------------------------------------------

  private block(stmts: A.Stmt[]): string {
    const scope = new Map<string, Binding>();
    this.scopes.push(scope);
    const out = stmts.map((s) => this.stmt(s)).join("\n");
    this.scopes.pop();
    return out + this.blockPushes(scope);
  }

  /** Statements of a block whose last statement's value goes to `target` (or is returned). */
  private valueBlock(stmts: A.Stmt[], target: string, vt: VT): string {
    this.scopes.push(new Map<string, Binding>());
    const parts: string[] = [];
    stmts.forEach((s, k) => {
      if (k < stmts.length - 1) {
        parts.push(this.stmt(s));
        return;
      }
      const v = this.lastValue(s, vt);
      if (v === null) parts.push(this.stmt(s));
      else parts.push(v.code, `${target} = ${v.value};`);
    });
    if (stmts.length === 0) parts.push(`${target} = ${naOf(vt)};`);
    const scope = this.scopes.pop()!;
    return parts.join("\n") + this.blockPushes(scope);
  }

  private lastValue(s: A.Stmt, vt: VT): { code: string; value: string } | null {
    this.pre = [];
    if (s.kind === "ExprStmt") {
      if (s.expr.kind === "TupleExpr" && this.ctx.tupleJs) {
        const els = s.expr.elements.map((e) => this.expr(e));
        const code = this.flushPre() + els.map((e, k) => `${this.ctx.tupleJs}[${k}] = ${e};`).join("\n");
        return { code, value: this.ctx.tupleJs };
      }
      const v = this.expr(s.expr);
      return { code: this.flushPre(), value: v };
    }
    if (s.kind === "VarDecl" || s.kind === "Assign") {
      const code = this.stmt(s);
      const name = s.kind === "VarDecl" ? s.name.name : s.target.kind === "Identifier" ? s.target.name : null;
      const b = name === null ? null : this.lookup(name);
      return { code, value: b ? b.js : naOf(vt) };
    }
    if (s.kind === "If" || s.kind === "Switch") {
      const t = this.fresh("t");
      this.ctx.hoisted.add(t);
      const code = this.structured(s, t, vt);
      return { code, value: t };
    }
    return null;
  }

  private flushPre(): string {
    const p = this.pre.join("\n");
    this.pre = [];
    return p.length > 0 ? p + "\n" : "";
  }

  private stmt(s: A.Stmt): string {
    this.pre = [];
    switch (s.kind) {
      case "VarDecl": {
        const vt = vtOf(s.symbol?.type) ?? this.guess(s.init);
        this.currentDeclName = s.name.name;
        const init = this.expr(s.init);
        this.currentDeclName = null;
        const b = this.declare(s.name.name, s.symbol, vt, s.mode);
        const pre = this.flushPre();
        if (s.mode !== "none") {
          const flag = this.state("false");
          return `if (!${flag}) {\n${flag} = true;\n${pre}${b.js} = ${init};\n}`;
        }
        return `${pre}${b.js} = ${init};`;
      }
      case "TupleDecl":
        return this.tupleDecl(s);
      case "Assign":
        return this.assign(s);
      case "ExprStmt": {
        const e = s.expr;
        if (e.kind === "If" || e.kind === "Switch" || e.kind === "For" || e.kind === "ForIn" || e.kind === "While") return this.structured(e, null, "num");
        const v = this.expr(e);
        return `${this.flushPre()}${v};`;
      }
      case "If":
      case "Switch":
      case "For":
      case "ForIn":
      case "While":
        return this.structured(s, null, "num");
      case "Break":
        return "break;";
      case "Continue":
        return "continue;";
      case "FunctionDecl":
        return "";
      case "TypeDecl":
      case "EnumDecl":
      case "ImportDecl":
        return "";
    }
  }

  private tupleDecl(s: A.TupleDecl): string {
    const init = s.init;
    const names = s.names;
    const decl = (k: number, value: string, vt: VT): string => {
      const n = names[k];
      if (!n) return "";
      const b = this.declare(n.name, s.symbols?.[k] ?? undefined, vtOf(s.symbols?.[k]?.type) ?? vt, "none");
      return `${b.js} = ${value};`;
    };
    if (init.kind === "Call") {
      const name = this.calleeName(init);
      if (name !== null && builtinFunction(name)?.signatures[0]?.returns.kind === "tuple") {
        const call = this.builtinCall(init, name);
        const stJs = /^(\$s\d+|\$st\[\d+\])\.update/.exec(call)?.[1];
        if (!stJs) throw new CodegenError(`cannot destructure ${name}`, init.span);
        const parts = [`${this.flushPre()}${call};`];
        names.forEach((_, k) => parts.push(decl(k, `${stJs}.r${k}`, "num")));
        return parts.join("\n");
      }
    }
    const tmp = this.fresh("tu");
    this.ctx.hoisted.add(tmp);
    const v = this.expr(init);
    const parts = [`${this.flushPre()}${tmp} = ${v};`];
    if (init.kind === "TupleExpr") {
      // `[a, b] = [x, y]` written out directly
      parts.length = 0;
      const els = init.elements.map((e) => this.expr(e));
      parts.push(this.flushPre());
      names.forEach((_, k) => parts.push(decl(k, els[k] ?? "NaN", this.guess(init.elements[k]!))));
      return parts.join("\n");
    }
    names.forEach((_, k) => parts.push(decl(k, `${tmp}[${k}]`, "num")));
    return parts.join("\n");
  }

  private assign(s: A.Assign): string {
    const v = this.expr(s.value);
    const pre = this.flushPre();
    let target: string;
    let vt: VT = "num";
    if (s.target.kind === "Identifier") {
      const b = this.lookup(s.target.name);
      if (!b) throw new CodegenError(`'${s.target.name}' is not declared`, s.target.span);
      target = b.js;
      vt = b.vt;
    } else {
      target = this.fieldRef(s.target);
    }
    if (s.op === ":=") return `${pre}${target} = ${v};`;
    const op = s.op[0]!;
    if (op === "+" && vt === "str") return `${pre}${target} = $rt.concat(${target}, ${v});`;
    return `${pre}${target} = ${target} ${op} (${v});`;
  }

  /** Structured statement; with `target`, its value is assigned there. */
  private structured(s: A.Structured, target: string | null, vt: VT): string {
    const pre = this.flushPre();
    const body = (b: A.Block): string => (target === null ? this.block(b.body) : this.valueBlock(b.body, target, vt));
    switch (s.kind) {
      case "If": {
        const c = this.expr(s.cond);
        const cpre = this.flushPre();
        const then = body(s.then);
        let els = target === null ? "" : `${target} = ${naOf(vt)};`;
        if (s.else) els = s.else.kind === "If" ? this.structured(s.else, target, vt) : body(s.else);
        return `${pre}${cpre}if (${this.truthy(c, s.cond)}) {\n${then}\n} else {\n${els}\n}`;
      }
      case "Switch": {
        let subj: string | null = null;
        const parts: string[] = [pre];
        if (s.subject) {
          subj = this.fresh("sw");
          this.ctx.hoisted.add(subj);
          const v = this.expr(s.subject);
          parts.push(`${this.flushPre()}${subj} = ${v};`);
        }
        let chain = "";
        let closing = "";
        let hasDefault = false;
        for (const c of s.cases) {
          if (c.test === null) {
            hasDefault = true;
            chain += `{\n${body(c.body)}\n}`;
            break;
          }
          const t = this.expr(c.test);
          const tp = this.flushPre();
          const cond = subj === null ? this.truthy(t, c.test) : `$rt.eq(${subj}, ${t})`;
          chain += `${tp ? `{\n${tp}` : ""}if (${cond}) {\n${body(c.body)}\n} else `;
          if (tp) closing += "}";
        }
        if (!hasDefault) chain += target === null ? "{}" : `{ ${target} = ${naOf(vt)}; }`;
        parts.push(chain + closing);
        return parts.join("\n");
      }
      case "For": {
        this.anyLoops = true;
        const from = this.expr(s.from);
        const to = this.expr(s.to);
        const step = s.step ? this.expr(s.step) : null;
        const p = this.flushPre();
        const [a, z, st, dir] = [this.fresh("a"), this.fresh("z"), this.fresh("by"), this.fresh("d")];
        this.scopes.push(new Map());
        const ctr = this.declare(s.counter.name, s.symbol, "num", "none");
        const inner = body(s.body);
        this.scopes.pop();
        const init = target === null ? "" : `${target} = ${naOf(vt)};`;
        return (
          `${pre}${p}${init}{ const ${a} = ${from}, ${z} = ${to};\n` +
          `const ${dir} = ${z} >= ${a} ? 1 : -1; const ${st} = ${step === null ? dir : `Math.abs(${step}) * ${dir}`};\n` +
          `if (${a} === ${a} && ${z} === ${z} && ${st} !== 0 && ${st} === ${st}) ` +
          `for (let $k = ${a}; ${dir} > 0 ? $k <= ${z} : $k >= ${z}; $k += ${st}) {\n` +
          `if (++$loops > ${LOOP_BUDGET}) $rt.tooLong();\n${ctr.js} = $k;\n${inner}\n} }`
        );
      }
      case "ForIn": {
        this.anyLoops = true;
        const arr = this.expr(s.iterable);
        const p = this.flushPre();
        const v = this.fresh("arr");
        const k = this.fresh("k");
        this.scopes.push(new Map());
        const idx = s.index ? this.declare(s.index.name, s.indexSymbol, "num", "none") : null;
        const item = this.declare(s.item.name, s.itemSymbol, vtOf(s.itemSymbol?.type) ?? "num", "none");
        const inner = body(s.body);
        this.scopes.pop();
        const init = target === null ? "" : `${target} = ${naOf(vt)};`;
        return (
          `${pre}${p}${init}{ const ${v} = $rt.items(${arr});\n` +
          `for (let ${k} = 0; ${k} < ${v}.length; ${k}++) {\n` +
          `if (++$loops > ${LOOP_BUDGET}) $rt.tooLong();\n` +
          `${idx ? `${idx.js} = ${k};\n` : ""}${item.js} = ${v}[${k}];\n${inner}\n} }`
        );
      }
      case "While": {
        this.anyLoops = true;
        const c = this.expr(s.cond);
        const cp = this.flushPre();
        const inner = body(s.body);
        const init = target === null ? "" : `${target} = ${naOf(vt)};`;
        // the condition's prelude (if any) runs before each test
        return `${pre}${init}while (true) {\n${cp}if (!(${this.truthy(c, s.cond)})) break;\nif (++$loops > ${LOOP_BUDGET}) $rt.tooLong();\n${inner}\n}`;
      }
    }
  }

  private truthy(js: string, e: A.Expr): string {
    const vt = vtOf(e.type) ?? this.guess(e);
    return vt === "bool" ? js : `$rt.bool(${js})`;
  }

  // ----- expressions ------------------------------------------------------------------------

  /** A rough value kind when the checker left no type (the checker's type wins when present). */
  private guess(e: A.Expr): VT {
    const t = vtOf(e.type);
    if (t) return t;
    switch (e.kind) {
      case "BoolLit":
        return "bool";
      case "StringLit":
        return "str";
      case "Binary":
        if (["==", "!=", "<", "<=", ">", ">=", "and", "or"].includes(e.op)) return "bool";
        return e.op === "+" && (this.guess(e.left) === "str" || this.guess(e.right) === "str") ? "str" : "num";
      case "Unary":
        return e.op === "not" ? "bool" : "num";
      case "Ternary":
        return this.guess(e.then);
      case "Identifier": {
        const b = this.lookup(e.name);
        if (b) return b.vt;
        const bv = builtinVariable(e.name);
        return bv?.emit ? specVt(bv.type) : "num";
      }
      case "Member": {
        const n = memberName(e);
        const bv = n === null ? undefined : builtinVariable(n);
        return bv?.emit ? specVt(bv.type) : "num";
      }
      case "Call": {
        const n = this.calleeName(e);
        if (n === null) return "num";
        if (n.startsWith("str.") && !["str.length", "str.pos", "str.tonumber", "str.contains", "str.startswith", "str.endswith"].includes(n)) return n === "str.split" ? "obj" : "str";
        if (["str.contains", "str.startswith", "str.endswith", "na", "ta.crossover", "ta.crossunder", "ta.cross", "ta.rising", "ta.falling", "input.bool"].includes(n)) return "bool";
        if (n === "input.string" || n === "input.timeframe" || n === "string") return "str";
        if (n === "bool") return "bool";
        if (n.startsWith("array.new") || n === "array.from" || n === "array.copy" || n === "array.slice") return "obj";
        const f = this.fnByName.get(n);
        if (f) {
          const last = f.decl.body.body[f.decl.body.body.length - 1];
          if (last && last.kind === "ExprStmt") return this.guess(last.expr);
        }
        return "num";
      }
      default:
        return "num";
    }
  }

  private calleeName(c: A.Call): string | null {
    if (c.target?.kind === "builtin" || c.target?.kind === "builtinMethod") return c.target.name;
    return memberName(c.callee);
  }

  private expr(e: A.Expr): string {
    switch (e.kind) {
      case "NumberLit":
        return Number.isFinite(e.value) ? `(${String(e.value)})` : "NaN";
      case "StringLit":
        return JSON.stringify(e.value);
      case "BoolLit":
        return e.value ? "true" : "false";
      case "ColorLit":
        return String(Math.round(e.r) * 16777216 + Math.round(e.g) * 65536 + Math.round(e.b) * 256 + Math.round(((255 - e.a) / 255) * 100));
      case "NaLit":
        return naOf(vtOf(e.type) ?? "num");
      case "Identifier":
        return this.ident(e);
      case "Member":
        return this.member(e);
      case "Call":
        return this.call(e);
      case "Index":
        return this.history(e);
      case "Unary": {
        const v = this.expr(e.operand);
        if (e.op === "not") return `!${this.truthy(v, e.operand)}`;
        return e.op === "-" ? `(-${v})` : `(+${v})`;
      }
      case "Binary":
        return this.binary(e);
      case "Ternary": {
        const c = this.expr(e.cond);
        this.condDepth++;
        const t = this.expr(e.then);
        const f = this.expr(e.else);
        this.condDepth--;
        return `(${this.truthy(c, e.cond)} ? ${t} : ${f})`;
      }
      case "TupleExpr":
        return `[${e.elements.map((x) => this.expr(x)).join(", ")}]`;
      case "If":
      case "Switch":
      case "For":
      case "ForIn":
      case "While": {
        const vt = vtOf(e.type) ?? "num";
        const t = this.fresh("t");
        this.ctx.hoisted.add(t);
        const saved = this.pre;
        this.pre = [];
        const code = this.structured(e, t, vt);
        this.pre = saved;
        this.pre.push(code);
        return t;
      }
    }
  }

  private binary(e: A.Binary): string {
    const l = this.expr(e.left);
    const lazy = e.op === "and" || e.op === "or";
    if (lazy) this.condDepth++;
    const r = this.expr(e.right);
    if (lazy) this.condDepth--;
    switch (e.op) {
      case "and":
        return `(${this.truthy(l, e.left)} && ${this.truthy(r, e.right)})`;
      case "or":
        return `(${this.truthy(l, e.left)} || ${this.truthy(r, e.right)})`;
      case "==":
        return `(${l} === ${r})`;
      case "!=":
        return `$rt.ne(${l}, ${r})`;
      case "+":
        if (this.guess(e) === "str") return `$rt.concat(${l}, ${r})`;
        return `(${l} + ${r})`;
      default:
        return `(${l} ${e.op} ${r})`;
    }
  }

  private ident(e: A.Identifier): string {
    const b = this.lookup(e.name);
    if (b) {
      if (b.owner !== this.ctx) b.fnRead = true;
      return b.js;
    }
    const bv = builtinVariable(e.name);
    if (bv?.emit) return bv.emit(this.variableEmit(e.span));
    if (e.name === "na") return "NaN";
    if (this.fnByName.has(e.name)) throw new CodegenError(`function '${e.name}' used as a value`, e.span);
    throw new CodegenError(`unknown name '${e.name}'`, e.span);
  }

  private member(e: A.Member): string {
    const n = memberName(e);
    if (n !== null) {
      const bv = builtinVariable(n);
      if (bv?.emit) return bv.emit(this.variableEmit(e.span));
      const [ns, prop] = [n.slice(0, n.indexOf(".")), n.slice(n.indexOf(".") + 1)];
      if (ns === "color" && !prop.includes(".")) return `$rt.namedColor(${JSON.stringify(prop)})`;
      if (this.enums.has(ns)) return JSON.stringify(prop);
      if (bv && bv.value !== undefined) {
        const v = bv.value;
        if (typeof v === "number") return `(${v})`;
        if (typeof v === "boolean") return v ? "true" : "false";
        if (/^#[0-9a-fA-F]{6}$/.test(v)) return `$rt.hexColor(${JSON.stringify(v)})`;
        return JSON.stringify(constantValue(v));
      }
      if (bv) throw new CodegenError(`'${n}' is not supported by the evaluator`, e.span);
    }
    return this.fieldRef(e);
  }

  /** `obj.field` of a user type: the field's slot in the object's array. */
  private fieldRef(e: A.Member): string {
    const obj = this.expr(e.object);
    const field = e.property.name;
    const typeName = e.object.type?.kind === "udt" ? e.object.type.name : null;
    const candidates = typeName !== null ? [this.typesByName.get(typeName)].filter((t): t is A.TypeDecl => !!t) : [...this.typesByName.values()];
    for (const t of candidates) {
      const k = t.fields.findIndex((f) => f.name.name === field);
      if (k >= 0) return `$rt.obj(${obj})[${k}]`;
    }
    throw new CodegenError(`unknown field '${field}'`, e.span);
  }

  private history(e: A.Index): string {
    const nJs = this.expr(e.index);
    const lit = e.index.kind === "NumberLit" ? Math.max(0, Math.floor(e.index.value)) : null;
    const o = e.object;
    const name = o.kind === "Identifier" || o.kind === "Member" ? memberName(o) : null;
    if (name !== null && !this.lookup(name)) {
      const read = builtinVariable(name)?.history;
      if (read) return read(nJs, lit);
    }
    if (o.kind === "Identifier") {
      const b = this.lookup(o.name);
      if (b) {
        // a global read inside a function: its ring belongs to the top level (pushed per bar)
        if (b.owner !== this.ctx) b.fnRead = true;
        if (b.histJs === null) {
          // the initializer is fixed by sizeRings() once every read is known
          const st = this.stateSlot("null", b.owner);
          b.histJs = st.js;
          b.histSlot = st.k;
        }
        if (lit !== null) b.hist = Math.max(b.hist, lit);
        if (b.vt === "obj" || b.vt === "str") return `$rt.agoV(${b.histJs}, ${b.js}, ${nJs})`;
        // a literal offset reads the ring directly: it is sized for the deepest literal read
        const read = lit === 0 ? b.js : lit !== null && lit <= 10_000 ? `${b.histJs}.get(${lit - 1})` : `$rt.ago(${b.histJs}, ${b.js}, ${nJs})`;
        return b.vt === "bool" ? (lit === 0 ? read : `(${read} === 1)`) : read;
      }
    }
    // history of an expression: its value each time it is evaluated
    const vt = this.guess(o);
    const cap = lit !== null ? Math.min(lit, 10_000) + 1 : 8;
    const v = this.expr(o);
    if (vt === "obj" || vt === "str") return `$rt.hxV(${this.state(`new $rt.ValueRing(${cap})`)}, ${v}, ${nJs})`;
    const ring = this.state(`new $rt.Ring(${cap})`);
    const read = `$rt.hx(${ring}, ${vt === "bool" ? `(${v} ? 1 : 0)` : v}, ${nJs})`;
    return vt === "bool" ? `(${read} === 1)` : read;
  }

  // ----- calls ------------------------------------------------------------------------------

  private call(c: A.Call): string {
    const t = c.target;
    if (t?.kind === "user" || t?.kind === "userMethod") return this.userCall(c, t.fn.id);
    if (t?.kind === "typeNew") return this.typeNew(c, t.typeId);
    const name = this.calleeName(c);
    if (name === null) throw new CodegenError("unsupported call", c.span);
    if (!t && this.fnByName.has(name) && !this.lookup(name)) return this.userCall(c, this.fnByName.get(name)!.id);
    if (name.endsWith(".new")) {
      const typeName = name.slice(0, -4);
      if (this.typesByName.has(typeName)) return this.typeNew(c, typeName);
    }
    if (t?.kind === "builtinMethod" || (!t && c.callee.kind === "Member" && this.isMethodCall(c.callee))) {
      const m = c.callee as A.Member;
      const method = t?.kind === "builtinMethod" ? t.name : `array.${m.property.name}`;
      return this.builtinCall({ ...c, args: [{ kind: "Argument", span: m.object.span, name: null, value: m.object }, ...c.args] }, method);
    }
    return this.builtinCall(c, name);
  }

  private isMethodCall(m: A.Member): boolean {
    if (m.object.kind === "Identifier") {
      const b = this.lookup(m.object.name);
      return b !== null && b.vt === "obj";
    }
    return false;
  }

  private userCall(c: A.Call, id: number): string {
    const f = this.fnById.get(id);
    if (!f) throw new CodegenError("unknown function", c.span);
    this.compileFn(f.id);
    const params = f.decl.params;
    const args: string[] = params.map((p) => (p.defaultValue ? this.expr(p.defaultValue) : naOf(vtOf(p.symbol?.type) ?? "num")));
    let receiver: A.Expr | null = null;
    if (c.target?.kind === "userMethod" && c.callee.kind === "Member") receiver = c.callee.object;
    const given = receiver ? [{ name: null, value: receiver }, ...c.args] : c.args;
    given.forEach((a, k) => {
      const idx = a.name ? params.findIndex((p) => p.name.name === a.name!.name) : k;
      if (idx < 0 || idx >= params.length) throw new CodegenError("too many arguments", c.span);
      args[idx] = this.expr(a.value);
    });
    const st = this.state(`$mk_${f.js}()`);
    return `${f.js}(${st}, $i${args.map((a) => `, ${a}`).join("")})`;
  }

  private compileFn(id: number): void {
    if (this.compiledFns.has(id)) return;
    this.compiledFns.add(id);
    const f = this.fnById.get(id)!;
    const savedCtx = this.ctx;
    const savedScopes = this.scopes;
    const savedPre = this.pre;
    this.pre = [];
    const tupleJs = `$tup_${f.js}`;
    this.ctx = { fnId: id, slots: [], hoisted: new Set(), bindings: [], tupleJs, baseDepth: 4 };
    // globals declared before the first call (the checker's rule) are readable, never locals of the caller
    this.scopes = [savedScopes[0]!, this.globalScope, new Map()];
    // parameters: their own bindings (never `var`)
    const params = f.decl.params.map((p) => {
      const b = this.declare(p.name.name, p.symbol, vtOf(p.symbol?.type) ?? "num", "none");
      this.ctx.hoisted.delete(`${b.js} = ${naOf(b.vt)}`);
      return b.js;
    });
    const ret = "$ret";
    const body = this.valueBlock(f.decl.body.body, ret, "num");
    const ctx = this.ctx;
    this.sizeRings(ctx);
    const pushes = this.histPushes(ctx);
    // A call that raises an error does not advance its variables' history (the bar fails).
    const code = [
      `var ${tupleJs} = [];`,
      `function ${f.js}($st, $i${params.map((p) => `, ${p}`).join("")}) {`,
      `var ${ret} = NaN;`,
      ...[...ctx.hoisted].map((h) => `var ${h};`),
      body,
      pushes,
      `return ${ret};`,
      "}",
      `function $mk_${f.js}() { return [${ctx.slots.join(", ")}]; }`,
    ].join("\n");
    this.fnCode.push(code);
    this.ctx = savedCtx;
    this.scopes = savedScopes;
    this.pre = savedPre;
  }

  private typeNew(c: A.Call, typeIdOrName: string): string {
    const t = this.typesByName.get(typeIdOrName) ?? [...this.typesByName.values()].find((d) => typeIdOrName.endsWith(d.name.name));
    if (!t) throw new CodegenError("unknown type", c.span);
    const vals = t.fields.map((f) => (f.defaultValue ? this.expr(f.defaultValue) : naOf(vtOf(undefined) ?? (f.typeAnn.name === "string" || f.typeAnn.name === "bool" ? (f.typeAnn.name === "bool" ? "bool" : "str") : f.typeAnn.args.length > 0 ? "obj" : "num"))));
    c.args.forEach((a, k) => {
      const idx = a.name ? t.fields.findIndex((f) => f.name.name === a.name!.name) : k;
      if (idx < 0 || idx >= t.fields.length) throw new CodegenError("too many arguments", c.span);
      vals[idx] = this.expr(a.value);
    });
    return `[${vals.join(", ")}]`;
  }

  /** Binds a call's arguments to the record's signature that fits them (or the one its `overload` picks). */
  private bind(c: A.Call, f: FunctionRecord): { params: ParamSpec[]; byName: Map<string, A.Expr>; rest: A.Expr[] } {
    if (f.overload) {
      const written: WrittenArg[] = c.args.map((a) => ({ name: a.name?.name ?? null, kind: vtOf(a.value.type) ?? this.guess(a.value) }));
      const sig = f.signatures[f.overload(written)];
      const b = sig ? this.bindTo(c, sig.params) : null;
      if (b) return b;
    } else {
      for (const sig of f.signatures) {
        const b = this.bindTo(c, sig.params);
        if (b) return b;
      }
    }
    throw new CodegenError(`no signature of '${f.name}' fits these arguments`, c.span);
  }

  /** The call's arguments bound to these parameters, or null when they do not fit. */
  private bindTo(c: A.Call, params: ParamSpec[]): { params: ParamSpec[]; byName: Map<string, A.Expr>; rest: A.Expr[] } | null {
    const positional = c.args.filter((a) => a.name === null);
    const byName = new Map<string, A.Expr>();
    const rest: A.Expr[] = [];
    let k = 0;
    for (const p of params) {
      if (p.variadic) {
        while (k < positional.length) rest.push(positional[k++]!.value);
        continue;
      }
      if (k < positional.length) byName.set(p.name, positional[k++]!.value);
    }
    if (k < positional.length) return null;
    for (const a of c.args) {
      if (a.name === null) continue;
      const p = params.find((q) => q.name === a.name!.name);
      if (!p) return null;
      byName.set(p.name, a.value);
    }
    for (const p of params) if (!p.variadic && p.default === null && !byName.has(p.name)) return null;
    return { params, byName, rest };
  }

  /** `$rt.<path>` of a stdlib class or function an emitter names. */
  private implPath(impl: unknown, span: A.Span | null): string {
    const path = runtimePath(impl);
    if (path === null) throw new CodegenError("a built-in's implementation is not exposed by the runtime", span);
    return path;
  }

  private variableEmit(span: A.Span | null): VariableEmit {
    return {
      state: (impl) => this.state(`new $rt.${this.implPath(impl, span)}()`),
      fn: (impl) => this.ref(this.implPath(impl, span)),
    };
  }

  private builtinCall(c: A.Call, name: string): string {
    const f = builtinFunction(name);
    if (!f) throw new CodegenError(`'${name}' is not supported by the evaluator`, c.span);
    switch (f.role) {
      case "noop":
      case "declaration":
        return "undefined";
      case "input":
        return this.input(c, f);
      case "plot":
        return this.plot(c, f);
      case "event":
        return this.alert(c, f);
      case null:
        break;
    }
    if (!f.emit) throw new CodegenError(`'${name}' is not supported by the evaluator`, c.span);
    const { byName, rest } = this.bind(c, f);
    // every argument compiled once, in the order written
    const compiledOf = new Map<A.Expr, string>();
    const written = c.args.map((a) => {
      const js = this.expr(a.value);
      compiledOf.set(a.value, js);
      return js;
    });
    const compiled = new Map<string, string>();
    for (const [k, v] of byName) compiled.set(k, compiledOf.get(v)!);
    const restJs = rest.map((r) => compiledOf.get(r)!);
    const arg = (n: string, d?: string): string => {
      const v = compiled.get(n);
      if (v !== undefined) return v;
      if (d !== undefined) return d;
      throw new CodegenError(`missing argument '${n}' of ${name}`, c.span);
    };
    const lit = (n: string): string | number | boolean | null => {
      const v = byName.get(n);
      return v && (v.kind === "StringLit" || v.kind === "NumberLit" || v.kind === "BoolLit") ? v.value : null;
    };
    if (f.inline && this.ctx.fnId === null && this.condDepth === 0) {
      const site: InlineSite = {
        a: (n) => arg(n),
        lit,
        stateSlot: (impl) => this.stateSlot(`new $rt.${this.implPath(impl, c.span)}()`),
        runLocal: (load, store) => {
          this.runLocals.push(load);
          this.runSpill.push(store);
        },
        before: (code) => this.pre.push(code),
      };
      const inlined = f.inline(site);
      if (inlined !== null) return inlined;
    }
    const states = new Map<unknown, string>();
    const b: CallEmit = {
      a: arg,
      has: (n) => compiled.has(n),
      rest: () => restJs,
      written: () => written,
      lit,
      kind: (n) => {
        const v = byName.get(n);
        return v ? (vtOf(v.type) ?? this.guess(v)) : "num";
      },
      typeArg: (k) => c.typeArgs[k]?.name ?? null,
      state: (impl) => {
        let s = states.get(impl);
        if (!s) {
          const cap = this.windowOf(c, byName);
          s = this.state(`new $rt.${this.implPath(impl, c.span)}(${cap === null ? "" : cap})`);
          states.set(impl, s);
        }
        return s;
      },
      fn: (impl) => this.ref(this.implPath(impl, c.span)),
    };
    return f.emit(b);
  }

  /** A call site's window in bars: derived (per callSiteId), else its literal `length`. */
  private windowOf(c: A.Call, byName: Map<string, A.Expr>): number | null {
    const derived = c.callSiteId !== undefined ? this.hist?.callSites.get(c.callSiteId) : undefined;
    if (typeof derived === "number" && Number.isFinite(derived) && derived >= 1) return Math.min(Math.ceil(derived), 10_000);
    const l = byName.get("length");
    if (l && l.kind === "NumberLit" && l.value >= 1) return Math.min(Math.floor(l.value), 10_000);
    return null;
  }

  private input(c: A.Call, f: FunctionRecord): string {
    const name = f.name;
    const { byName } = this.bind(c, f);
    const def = byName.get("defval");
    const title = byName.get("title");
    const titleText = title && title.kind === "StringLit" ? title.value : null;
    const inputName = this.currentDeclName ?? titleText ?? `input_${this.inputs.length}`;
    const kind = name === "input" ? "auto" : name.slice(6);
    const js = this.fresh("in");
    if (kind === "source") {
      const src = def ? memberName(def) : "close";
      this.inputs.push({ name: inputName, kind, defval: src });
      this.topConsts.push(`const ${js} = $rt.sourceColumn(${JSON.stringify(inputName)}, ${JSON.stringify(src ?? "close")});`);
      return `${js}[$i]`;
    }
    const d = def ? literalValue(def) : null;
    this.inputs.push({ name: inputName, kind, defval: d });
    this.topConsts.push(`const ${js} = $rt.input(${JSON.stringify(inputName)}, ${JSON.stringify(kind)}, ${JSON.stringify(d)});`);
    return js;
  }

  private plot(c: A.Call, f: FunctionRecord): string {
    const name = f.name;
    if (this.ctx.fnId !== null) throw new CodegenError(`${name} cannot be called inside a function`, c.span);
    const { byName } = this.bind(c, f);
    const title = byName.get("title");
    const index = this.outputs.length;
    const everyBar = this.scopes.length === this.ctx.baseDepth && this.condDepth === 0;
    this.outputs.push({ index, title: title && title.kind === "StringLit" ? title.value : null, call: name, everyBar });
    let v: string;
    if (name === "plotcandle" || name === "plotbar") v = this.expr(byName.get("close")!);
    else {
      const s = byName.get("series")!;
      const js = this.expr(s);
      const vt = this.guess(s);
      v = name === "plot" ? (vt === "bool" ? `(${js} ? 1 : 0)` : js) : vt === "bool" ? `(${js} ? 1 : NaN)` : `$rt.shown(${js})`;
    }
    return `($o${index}[$i] = ${v})`;
  }

  private alert(c: A.Call, f: FunctionRecord): string {
    const name = f.name;
    const { byName } = this.bind(c, f);
    if (name === "alert") {
      const msg = byName.get("message");
      if (!this.events.some((e) => e.name === "alert")) this.events.push({ name: "alert", message: msg && msg.kind === "StringLit" ? msg.value : "" });
      return `$rt.event("alert", ${msg ? this.expr(msg) : '""'})`;
    }
    const cond = byName.get("condition")!;
    const title = byName.get("title");
    const message = byName.get("message");
    const t = title && title.kind === "StringLit" ? title.value : `alert_${this.events.length}`;
    const m = message && message.kind === "StringLit" ? message.value : t;
    this.events.push({ name: t, message: m });
    const cj = this.expr(cond);
    return `(${this.truthy(cj, cond)} ? $rt.event(${JSON.stringify(t)}, ${JSON.stringify(m)}) : undefined)`;
  }
}

function literalValue(e: A.Expr): number | string | boolean | null {
  if (e.kind === "NumberLit" || e.kind === "StringLit" || e.kind === "BoolLit") return e.value;
  if (e.kind === "Unary" && e.op === "-" && e.operand.kind === "NumberLit") return -e.operand.value;
  if (e.kind === "ColorLit") return Math.round(e.r) * 16777216 + Math.round(e.g) * 65536 + Math.round(e.b) * 256 + Math.round(((255 - e.a) / 255) * 100);
  return null;
}

/** Named constants (`format.percent`, `order.descending`): the part after the namespace. */
function constantValue(v: string): string {
  const k = v.lastIndexOf(".");
  return k < 0 ? v : v.slice(k + 1);
}
