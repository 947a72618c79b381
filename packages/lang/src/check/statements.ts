// Statement checking for one file: declarations and scopes, assignments, structured forms,
// user functions (checked once per distinct argument-type key), user types and enums, and the
// calls of built-ins, user functions and type constructors.

import { builtinFunction, EVENT_FUNCTIONS, PLOT_FUNCTIONS } from "../builtins";
import type * as A from "../language/ast";
import { forEachNode } from "../language/visit";
import { matchBuiltin } from "./calls";
import type { CheckContext } from "./context";
import { type CallArgs, ExpressionChecker, POISON, POISONED, type Value } from "./expressions";
import { Scope } from "./scope";
import { type ArgInfo, emptyExports, type FunctionInfo, type ModuleExports, type TypeInfo } from "./symbols";
import { assignable, BOOL, COLOR, FLOAT, INT, isNumeric, maxQual, NA, prim, qualFits, show, signatureKey, STRING, unify, VOID } from "./types";

const VALUELESS: Value = { type: VOID, qual: "const" };

/** Pine refuses these in a local scope ("Cannot use 'plot' in local scope"). */
const GLOBAL_ONLY: ReadonlySet<string> = new Set([...PLOT_FUNCTIONS, "hline", "fill", "bgcolor", "barcolor", "alertcondition", "indicator", "library", "definition", "study", "use"]);

/** A block whose branches returned different types, as a value nobody asked for (yet): why. */
const MIXED = new WeakMap<A.PineType, string>();
const mixedNote = (t: A.PineType): string => {
  const why = MIXED.get(t);
  return why === undefined ? "" : ` (${why})`;
};

/** Findings that hold whatever the types of a function's parameters. */
const TYPE_INDEPENDENT: ReadonlySet<string> = new Set([
  "syntax_error", "undeclared_identifier", "assignment_to_undeclared", "duplicate_declaration", "invalid_assignment", "unsupported_feature", "not_a_value",
]);

/** Deepest chain of user functions calling each other (f1 calls f2 calls ... ): see instantiate(). */
export const MAX_CALL_DEPTH = 400;

export class FileChecker extends ExpressionChecker {
  readonly exports: ModuleExports = emptyExports();
  private loopDepth = 0;
  private readonly reassigned: Set<string>;
  private readonly instances = new Map<FunctionInfo, Map<string, Value>>();
  private readonly active = new Set<FunctionInfo>();

  constructor(
    ctx: CheckContext,
    imports: Map<string, ModuleExports | null>,
    private readonly script: A.Script,
    /** Prefix making type ids unique across files (`main.pine`, `lib:acme/x/1`). */
    private readonly idPrefix: string,
    /** Relative modules expose every top-level declaration; libraries only `export`ed ones. */
    private readonly exportAll: boolean,
  ) {
    super(ctx, imports);
    this.reassigned = collectReassigned(script.body);
  }

  /** Checks the statements; `finish()` then checks the functions nobody called. */
  run(): void {
    for (const s of this.script.body) this.stmt(s);
  }

  finish(): void {
    for (const fn of this.functions.values()) this.checkUncalled(fn);
    for (const list of this.methods.values()) for (const fn of list) this.checkUncalled(fn);
  }

  // ---- statements ----------------------------------------------------------------------------

  /** `wantValue`: "soft" for a block's last statement (its value is used only if someone uses it). */
  private stmt(s: A.Stmt, wantValue: boolean | "soft" = false): Value {
    switch (s.kind) {
      case "VarDecl":
        return this.varDecl(s);
      case "TupleDecl":
        return this.tupleDecl(s);
      case "Assign":
        return this.assign(s);
      case "ExprStmt":
        return this.expr(s.expr);
      case "FunctionDecl":
        this.functionDecl(s);
        return VALUELESS;
      case "TypeDecl":
        this.typeDecl(s);
        return VALUELESS;
      case "EnumDecl":
        this.enumDecl(s);
        return VALUELESS;
      case "ImportDecl":
        if (this.scope !== this.globals) this.ctx.error("syntax_error", "Imports must be at the top level.", s.span);
        return VALUELESS;
      case "Break":
      case "Continue":
        if (this.loopDepth === 0) this.ctx.error("syntax_error", `'${s.kind.toLowerCase()}' outside a loop.`, s.span);
        return VALUELESS;
      default:
        return this.expr(s, wantValue);
    }
  }

  private newLocal(name: A.Identifier, type: A.PineType, qual: A.Qualifier, mode: A.LocalSymbol["mode"], role: A.LocalSymbol["role"]): A.LocalSymbol {
    return { kind: "local", id: ++this.ctx.ids.local, name: name.name, mode, type, qual, role, declSpan: name.span };
  }

  /** Declare (or, when a function body is re-checked, re-declare) a variable in the current scope. */
  private declare(name: A.Identifier, existing: A.LocalSymbol | undefined, make: () => A.LocalSymbol): A.LocalSymbol {
    const clash = this.scope.own(name.name);
    if (clash && clash !== existing) {
      this.ctx.error("duplicate_declaration", `'${name.name}' is already declared in this scope; use ':=' to reassign it.`, name.span);
    }
    const sym = existing ?? make();
    this.scope.declare(sym);
    return sym;
  }

  private varDecl(s: A.VarDecl): Value {
    const v = this.expr(s.init);
    let type = v.type;
    const declared = s.typeAnn ? this.resolveTypeRef(s.typeAnn) : null;
    if (s.typeAnn && declared === null) type = POISON;
    else if (declared) {
      if (v.type !== POISON && !assignable(v.type, declared, this.ctx.version)) {
        this.ctx.error("type_mismatch", `Cannot assign ${show(v.type)} to '${s.name.name}' declared ${show(declared)}.`, s.init.span);
      }
      type = declared;
    } else type = this.inferredDeclType(s.name.name, v.type, s.init.span);
    // A `var` never reassigned keeps its value's qualifier, as in Pine (`var isBB = maTypeInput ==
    // "SMA + Bollinger Bands"` is an input bool that `active = isBB` accepts).
    let qual: A.Qualifier = this.reassigned.has(s.name.name) ? "series" : v.qual;
    const q = s.typeAnn?.qualifier;
    if (q && q !== "input") {
      if (!qualFits(v.qual, q)) this.ctx.error("qualifier_mismatch", `'${s.name.name}' is declared ${q} but its value is ${v.qual}.`, s.init.span);
      qual = q;
    }
    const sym = this.declare(s.name, s.symbol, () => this.newLocal(s.name, type, qual, s.mode, "variable"));
    sym.type = type;
    sym.qual = qual;
    if (s.init.kind === "Call" && s.init.target?.kind === "builtin" && s.init.target.name.startsWith("input")) sym.input = s.name.name;
    s.symbol = sym;
    return { type, qual };
  }

  private inferredDeclType(name: string, t: A.PineType, span: A.Span): A.PineType {
    if (t === POISON) return POISON;
    if (t.kind === "na") {
      this.ctx.error("type_mismatch", `Cannot infer the type of '${name}' from na: declare it with a type, e.g. 'float ${name} = na'.`, span);
      return POISON;
    }
    if (t.kind === "void") {
      const why = mixedNote(t);
      this.ctx.error("type_mismatch", why === "" ? `This call returns no value to assign to '${name}'.` : `This value cannot be assigned to '${name}'${why}.`, span);
      return POISON;
    }
    if (t.kind === "tuple") {
      this.ctx.error("type_mismatch", `A tuple of ${t.elements.length} values must be destructured: [a, b, ...] = ...`, span);
      return POISON;
    }
    return t;
  }

  private tupleDecl(s: A.TupleDecl): Value {
    const v = this.expr(s.init);
    let elements: A.PineType[] = s.names.map(() => POISON);
    if (v.type !== POISON) {
      if (v.type.kind !== "tuple") this.ctx.error("type_mismatch", `Only a tuple can be destructured, not ${show(v.type)}${mixedNote(v.type)}.`, s.init.span);
      else if (v.type.elements.length !== s.names.length) {
        this.ctx.error("type_mismatch", `The value is a tuple of ${v.type.elements.length}, not ${s.names.length}.`, s.init.span);
      } else elements = v.type.elements;
    }
    const symbols = s.names.map((n, i) => {
      if (!n) return null;
      const t = elements[i] ?? POISON;
      const qual: A.Qualifier = this.reassigned.has(n.name) ? "series" : v.qual;
      const sym = this.declare(n, s.symbols?.[i] ?? undefined, () => this.newLocal(n, t, qual, "none", "variable"));
      sym.type = t;
      sym.qual = qual;
      return sym;
    });
    s.symbols = symbols;
    return v;
  }

  private assign(s: A.Assign): Value {
    const v = this.expr(s.value);
    let target: Value;
    if (s.target.kind === "Identifier") {
      const found = this.scope.lookup(s.target.name);
      if (!found) {
        this.ctx.error("assignment_to_undeclared", `'${s.target.name}' is not declared: declare it with '${s.target.name} = ...' before reassigning it with '${s.op}'.`, s.target.span);
        return POISONED;
      }
      if (found.crossesFunction) {
        this.ctx.error("invalid_assignment", `Cannot modify the global variable '${s.target.name}' inside a function.`, s.target.span);
      }
      s.target.symbol = found.sym;
      target = this.set(s.target, { type: found.sym.type, qual: found.sym.qual });
    } else target = this.expr(s.target);
    if (target.type === POISON || v.type === POISON) return target;
    this.checkAssignedValue(s, target.type, v.type);
    return target;
  }

  private checkAssignedValue(s: A.Assign, t: A.PineType, v: A.PineType): void {
    if (s.op === ":=") {
      if (!assignable(v, t, this.ctx.version)) this.ctx.error("type_mismatch", `Cannot assign ${show(v)} to a variable of type ${show(t)}.`, s.value.span);
      return;
    }
    const stringConcat = s.op === "+=" && prim(t, "string") && (prim(v, "string") || v.kind === "na");
    const numeric = isNumeric(t) && (isNumeric(v) || v.kind === "na") && !(prim(t, "int") && prim(v, "float")) && !(prim(t, "int") && s.op === "/=" && this.ctx.version >= 6);
    if (!stringConcat && !numeric) this.ctx.error("type_mismatch", `'${s.op}' cannot combine ${show(t)} and ${show(v)}.`, s.value.span);
  }

  // ---- blocks and structured forms -------------------------------------------------------------

  /** A block in its own scope; its value is its last statement's. */
  private block(b: A.Block): Value {
    const saved = this.scope;
    this.scope = new Scope(saved);
    let last: Value = VALUELESS;
    try {
      b.body.forEach((s, i) => {
        last = this.stmt(s, i === b.body.length - 1 ? "soft" : false);
      });
    } finally {
      this.scope = saved;
    }
    return last;
  }

  protected checkStructured(node: A.Structured, wantValue: boolean | "soft"): Value {
    switch (node.kind) {
      case "If":
        return this.ifNode(node, wantValue);
      case "Switch":
        return this.switchNode(node, wantValue);
      case "For":
        return this.forNode(node);
      case "ForIn":
        return this.forInNode(node);
      case "While": {
        this.condition(node.cond, "A while condition");
        return this.loopBody(node.body);
      }
    }
  }

  private loopBody(b: A.Block): Value {
    this.loopDepth++;
    try {
      const v = this.block(b);
      return { type: v.type, qual: "series" };
    } finally {
      this.loopDepth--;
    }
  }

  private ifNode(node: A.If, wantValue: boolean | "soft"): Value {
    const c = this.condition(node.cond, "An if condition");
    const branches = [this.block(node.then)];
    if (node.else) branches.push(node.else.kind === "If" ? this.set(node.else, this.ifNode(node.else, wantValue)) : this.block(node.else));
    return this.branchesValue(branches, c.qual, wantValue, node.span);
  }

  private switchNode(node: A.Switch, wantValue: boolean | "soft"): Value {
    const subject = node.subject ? this.expr(node.subject) : null;
    let qual = subject?.qual ?? "const";
    const branches: Value[] = [];
    for (const c of node.cases) {
      if (c.test) {
        const t = subject ? this.expr(c.test) : this.condition(c.test, "A switch case without subject");
        qual = maxQual(qual, t.qual);
        if (subject && subject.type !== POISON && t.type !== POISON && unify(subject.type, t.type, this.ctx.version) === null) {
          this.ctx.error("type_mismatch", `This case is ${show(t.type)} but the switch value is ${show(subject.type)}.`, c.test.span);
        }
      }
      branches.push(this.block(c.body));
    }
    return this.branchesValue(branches, qual, wantValue, node.span);
  }

  /** The common value of the branches; a mismatch is an error only when the value is wanted. */
  private branchesValue(branches: Value[], qual: A.Qualifier, wantValue: boolean | "soft", span: A.Span): Value {
    let type: A.PineType = NA;
    for (const b of branches) {
      qual = maxQual(qual, b.qual);
      if (!wantValue || type === POISON || MIXED.has(type)) continue;
      if (b.type === POISON) {
        type = POISON;
        continue;
      }
      const u = unify(type, b.type, this.ctx.version);
      if (u === null && wantValue === "soft") {
        // not an error unless the value is used (a function's last `if` run for its effects)
        const mixed: A.PineType = { kind: "void" };
        MIXED.set(mixed, `its branches return different types: ${show(type)} and ${show(b.type)}`);
        type = mixed;
      } else if (u === null) {
        this.ctx.error("type_mismatch", `The branches return different types: ${show(type)} and ${show(b.type)}.`, span);
        type = POISON;
      } else type = u;
    }
    return { type: wantValue ? type : VOID, qual };
  }

  private forNode(node: A.For): Value {
    const vals = [this.expr(node.from), this.expr(node.to), ...(node.step ? [this.expr(node.step)] : [])];
    const exprs = [node.from, node.to, ...(node.step ? [node.step] : [])];
    vals.forEach((v, i) => {
      if (v.type !== POISON && !isNumeric(v.type)) this.ctx.error("type_mismatch", `A for bound must be a number, not ${show(v.type)}.`, (exprs[i] as A.Expr).span);
    });
    const counterType = vals.every((v) => prim(v.type, "int")) ? INT : FLOAT;
    return this.inLoopScope(() => {
      const sym = this.declare(node.counter, node.symbol, () => this.newLocal(node.counter, counterType, "series", "none", "loop"));
      sym.type = counterType;
      node.symbol = sym;
      return this.loopBody(node.body);
    });
  }

  private forInNode(node: A.ForIn): Value {
    const it = this.expr(node.iterable);
    let item: A.PineType = POISON;
    if (it.type !== POISON) {
      if (it.type.kind === "array") item = it.type.element;
      else if (it.type.kind === "matrix") item = { kind: "array", element: it.type.element };
      else this.ctx.error("type_mismatch", `'for ... in' needs an array, not ${show(it.type)}.`, node.iterable.span);
    }
    return this.inLoopScope(() => {
      if (node.index) {
        const idx = node.index;
        node.indexSymbol = this.declare(idx, node.indexSymbol, () => this.newLocal(idx, INT, "series", "none", "loop"));
      }
      const sym = this.declare(node.item, node.itemSymbol, () => this.newLocal(node.item, item, "series", "none", "loop"));
      sym.type = item;
      node.itemSymbol = sym;
      return this.loopBody(node.body);
    });
  }

  private inLoopScope(f: () => Value): Value {
    const saved = this.scope;
    this.scope = new Scope(saved);
    try {
      return f();
    } finally {
      this.scope = saved;
    }
  }

  // ---- user functions ------------------------------------------------------------------------

  private functionDecl(s: A.FunctionDecl): void {
    if (this.scope !== this.globals) {
      this.ctx.error("syntax_error", "Functions must be declared at the top level.", s.name.span);
      return;
    }
    const symbol: A.FunctionSymbol = s.fn ?? { kind: "function", id: ++this.ctx.ids.fn, name: s.name.name, file: this.ctx.file, isMethod: s.isMethod, exported: s.exported };
    s.fn = symbol;
    for (const p of s.params) if (p.defaultValue) this.expr(p.defaultValue);
    const info: FunctionInfo = { symbol, decl: s, instantiate: (args) => this.instantiate(info, args) };
    if (s.isMethod) {
      const first = s.params[0];
      if (!first?.typeAnn) this.ctx.error("syntax_error", "A method's first parameter must have a type (the type it is a method of).", (first ?? s.name).span);
      const list = this.methods.get(s.name.name) ?? [];
      list.push(info);
      this.methods.set(s.name.name, list);
      if (s.exported || this.exportAll) this.exports.methods.set(s.name.name, list);
      return;
    }
    if (this.functions.has(s.name.name)) this.ctx.error("duplicate_declaration", `Function '${s.name.name}' is already declared.`, s.name.span);
    this.functions.set(s.name.name, info);
    if (s.exported || this.exportAll) this.exports.functions.set(s.name.name, info);
  }

  protected callUser(fn: FunctionInfo, node: A.Call, args: CallArgs, receiver: ArgInfo | null): Value {
    node.callSiteId ??= ++this.ctx.ids.callSite;
    const params = fn.decl.params;
    const given: Array<ArgInfo | null> = params.map(() => null);
    if (receiver) given[0] = receiver;
    let positional = receiver ? 1 : 0;
    let ok = true;
    for (const a of args) {
      const idx = a.name === null ? positional++ : params.findIndex((p) => p.name.name === a.name);
      if (idx < 0 || idx >= params.length) {
        ok = false;
        if (a.name === null) this.ctx.error("too_many_arguments", `${fn.symbol.name}() takes ${params.length - (receiver ? 1 : 0)} argument(s).`, a.node.span);
        else this.ctx.error("wrong_argument", `${fn.symbol.name}() has no parameter '${a.name}'.`, a.nameSpan ?? a.node.span);
        continue;
      }
      given[idx] = a.info;
    }
    params.forEach((p, i) => {
      const g = given[i];
      if (g) ok = this.checkParamArg(fn, p, g) && ok;
      else if (p.defaultValue) given[i] = { type: p.defaultValue.type ?? POISON, qual: p.defaultValue.qual ?? "const", span: p.defaultValue.span };
      else {
        ok = false;
        this.ctx.error("missing_argument", `${fn.symbol.name}() needs the argument '${p.name.name}'.`, node.span);
      }
    });
    if (!ok) return POISONED;
    return fn.instantiate(given as ArgInfo[]);
  }

  private checkParamArg(fn: FunctionInfo, p: A.Param, a: ArgInfo): boolean {
    if (!p.typeAnn || a.type === POISON) return true;
    const t = this.resolveTypeRef(p.typeAnn, false);
    if (t && !assignable(a.type, t, this.ctx.version)) {
      this.ctx.error("type_mismatch", `Argument '${p.name.name}' of ${fn.symbol.name}() must be ${show(t)}, not ${show(a.type)}.`, a.span);
      return false;
    }
    const q = p.typeAnn.qualifier;
    if (q && q !== "input" && !qualFits(a.qual, q)) {
      this.ctx.error("qualifier_mismatch", `Argument '${p.name.name}' of ${fn.symbol.name}() must be ${q}; this value is ${a.qual}.`, a.span);
      return false;
    }
    return true;
  }

  /** Check the body for these argument types (Pine compiles one body per type combination). */
  private instantiate(fn: FunctionInfo, args: ArgInfo[]): Value {
    const key = signatureKey(args);
    const cache = this.instances.get(fn) ?? new Map<string, Value>();
    this.instances.set(fn, cache);
    const cached = cache.get(key);
    if (cached) return cached;
    if (this.active.has(fn)) {
      this.ctx.error("unsupported_feature", `Function '${fn.symbol.name}' calls itself: Pine functions cannot be recursive.`, fn.decl.name.span);
      return POISONED;
    }
    if (this.active.size >= MAX_CALL_DEPTH) {
      // every later stage walks such a chain recursively: refused here, not by a stack overflow
      this.ctx.error("too_complex", `Calls of user functions nest more than ${MAX_CALL_DEPTH} deep through '${fn.symbol.name}'.`, fn.decl.name.span);
      return POISONED;
    }
    this.active.add(fn);
    const savedScope = this.scope;
    const savedLoop = this.loopDepth;
    this.scope = new Scope(this.globals, true);
    this.loopDepth = 0;
    try {
      fn.decl.params.forEach((p, i) => this.declareParam(p, args[i]));
      const v = this.functionBody(fn.decl.body);
      const result = { type: v.type, qual: maxQual(v.qual, ...args.map((a) => a.qual)) };
      cache.set(key, result);
      return result;
    } finally {
      this.scope = savedScope;
      this.loopDepth = savedLoop;
      this.active.delete(fn);
    }
  }

  private declareParam(p: A.Param, arg: ArgInfo | undefined): void {
    const annotated = p.typeAnn ? this.resolveTypeRef(p.typeAnn, false) : null;
    let type = annotated ?? arg?.type ?? FLOAT;
    if (type.kind === "na" && type !== POISON) type = FLOAT;
    const qual: A.Qualifier = p.typeAnn?.qualifier && p.typeAnn.qualifier !== "input" ? p.typeAnn.qualifier : (arg?.qual ?? "series");
    const sym = p.symbol ?? this.newLocal(p.name, type, qual, "none", "param");
    sym.type = type;
    sym.qual = qual;
    p.symbol = sym;
    this.scope.declare(sym);
  }

  private functionBody(b: A.Block): Value {
    let last: Value = VALUELESS;
    b.body.forEach((s, i) => {
      last = this.stmt(s, i === b.body.length - 1 ? "soft" : false);
    });
    return last;
  }

  /** Functions never called are still checked: with their annotated types, else int simple. */
  private checkUncalled(fn: FunctionInfo): void {
    if (this.instances.has(fn)) return;
    if (fn.decl.params.some((p) => !p.typeAnn)) {
      // Untyped parameters have no type until a call gives them one (Pine compiles a function
      // only for its calls): report only what does not depend on their types.
      this.withFilteredErrors(TYPE_INDEPENDENT, () => this.instantiateUncalled(fn));
      return;
    }
    this.instantiateUncalled(fn);
  }

  private withFilteredErrors(keep: ReadonlySet<string>, f: () => void): void {
    const error = this.ctx.error;
    this.ctx.error = (code, message, span) => {
      if (keep.has(code)) error(code, message, span);
    };
    try {
      f();
    } finally {
      this.ctx.error = error;
    }
  }

  private instantiateUncalled(fn: FunctionInfo): void {
    const args: ArgInfo[] = fn.decl.params.map((p) => {
      const t = p.typeAnn ? this.resolveTypeRef(p.typeAnn) : null;
      const def = p.defaultValue?.type;
      // Untyped and never called: int fits wherever a number is expected (int -> float), and
      // simple wherever a length is; Pine itself compiles a function only for its calls.
      const type = t ?? (def && def.kind !== "na" ? def : INT);
      const qual = p.typeAnn?.qualifier && p.typeAnn.qualifier !== "input" ? p.typeAnn.qualifier : t ? "series" : "simple";
      return { type, qual, span: p.span };
    });
    this.instantiate(fn, args);
  }

  // ---- built-in calls ------------------------------------------------------------------------

  protected callBuiltin(name: string, node: A.Call, args: CallArgs, receiver: ArgInfo | null): Value {
    const fn = builtinFunction(name);
    if (!fn) return POISONED;
    if (this.pending(name, node.callee.span)) return POISONED;
    if (GLOBAL_ONLY.has(name) && this.scope !== this.globals) {
      this.ctx.error("invalid_context", `${name}() cannot be called in a local scope (a function, if, switch or loop body): Pine allows it only at the top level. Make its value conditional instead, e.g. ${name === "plot" ? "plot(cond ? x : na)" : `${name}(...) at the top level with a conditional argument`}.`, node.callee.span);
      return POISONED;
    }
    if (fn.stateful || PLOT_FUNCTIONS.has(name) || EVENT_FUNCTIONS.has(name)) node.callSiteId ??= ++this.ctx.ids.callSite;
    const callArgs = args.map((a) => ({ name: a.name, nameSpan: a.nameSpan, info: a.info, node: a.node }));
    if (receiver && node.callee.kind === "Member") callArgs.unshift({ name: null, nameSpan: null, info: receiver, node: node.callee.object });
    if (callArgs.some((a) => a.info.type === POISON)) return POISONED;
    const typeArgs: A.PineType[] = [];
    for (const ta of node.typeArgs) {
      const t = this.resolveTypeRef(ta);
      if (!t) return POISONED;
      typeArgs.push(t);
    }
    const r = matchBuiltin(fn, callArgs, typeArgs, node.span, this.ctx.version);
    for (const f of r.findings) this.ctx.error(f.code, f.message, f.span);
    if (r.findings.length > 0) return POISONED;
    // `input(close)`: a source input, named so for derive and codegen
    if (name === "input" && r.sig.returnQual === "series") node.target = { kind: "builtin", name: "input.source" };
    if (containsNa(r.type)) return this.unresolvedGeneric(name, node, r);
    return { type: r.type, qual: r.qual };
  }

  /** `array.new()` without a type argument or typed value: the element type is unknown. */
  private unresolvedGeneric(name: string, node: A.Call, r: Value): Value {
    if (name === "na" || name === "nz" || name === "fixnan") return { type: NA, qual: r.qual };
    this.ctx.error("type_mismatch", `Cannot infer the type of ${name}(): give a type argument, e.g. ${name}<float>(...).`, node.span);
    return POISONED;
  }

  protected callTypeNew(t: TypeInfo, node: A.Call, args: CallArgs): Value {
    let positional = 0;
    const given = new Set<string>();
    for (const a of args) {
      const f = a.name === null ? t.fields[positional++] : t.fields.find((x) => x.name === a.name);
      if (!f) {
        if (a.name === null) this.ctx.error("too_many_arguments", `${t.name}.new() takes at most ${t.fields.length} arguments.`, a.node.span);
        else this.ctx.error("wrong_argument", `Type ${t.name} has no field '${a.name}'.`, a.nameSpan ?? a.node.span);
        continue;
      }
      given.add(f.name);
      if (a.info.type !== POISON && !assignable(a.info.type, f.type, this.ctx.version)) {
        this.ctx.error("type_mismatch", `Field '${f.name}' of ${t.name} is ${show(f.type)}, not ${show(a.info.type)}.`, a.node.span);
      }
    }
    return { type: { kind: "udt", name: t.name, id: t.id }, qual: "series" };
  }

  // ---- types and enums -----------------------------------------------------------------------

  private typeDecl(s: A.TypeDecl): void {
    const id = `${this.idPrefix}:${s.name.name}`;
    const info: TypeInfo = { id, name: s.name.name, fields: [], decl: s };
    if (this.types.has(s.name.name)) this.ctx.error("duplicate_declaration", `Type '${s.name.name}' is already declared.`, s.name.span);
    this.types.set(s.name.name, info); // before fields: a type may hold fields of its own type
    for (const f of s.fields) {
      const t = this.resolveTypeRef(f.typeAnn) ?? POISON;
      if (f.defaultValue) {
        const v = this.expr(f.defaultValue);
        if (v.type !== POISON && t !== POISON && !assignable(v.type, t, this.ctx.version)) {
          this.ctx.error("type_mismatch", `The default of '${f.name.name}' must be ${show(t)}, not ${show(v.type)}.`, f.defaultValue.span);
        }
      }
      info.fields.push({ name: f.name.name, type: t, hasDefault: f.defaultValue !== null });
    }
    if (s.exported || this.exportAll) this.exports.types.set(s.name.name, info);
  }

  private enumDecl(s: A.EnumDecl): void {
    const info = { id: `${this.idPrefix}:${s.name.name}`, name: s.name.name, members: s.members.map((m) => m.name.name), decl: s };
    if (this.enums.has(s.name.name)) this.ctx.error("duplicate_declaration", `Enum '${s.name.name}' is already declared.`, s.name.span);
    this.enums.set(s.name.name, info);
    if (s.exported || this.exportAll) this.exports.enums.set(s.name.name, info);
  }

  resolveTypeRef(ref: A.TypeRef, report = true): A.PineType | null {
    const arity = (n: number): boolean => {
      if (ref.args.length === n) return true;
      if (report) this.ctx.error("type_mismatch", `Type '${ref.name}' takes ${n} type argument${n === 1 ? "" : "s"}.`, ref.span);
      return false;
    };
    const args = (): Array<A.PineType | null> => ref.args.map((a) => this.resolveTypeRef(a, report));
    switch (ref.name) {
      case "int":
        return INT;
      case "float":
        return FLOAT;
      case "bool":
        return BOOL;
      case "string":
        return STRING;
      case "color":
        return COLOR;
      case "label":
      case "line":
      case "box":
      case "table":
      case "linefill":
        return { kind: "handle", name: ref.name };
      case "array":
      case "matrix": {
        if (!arity(1)) return null;
        const [e] = args();
        return e ? { kind: ref.name, element: e } : null;
      }
      case "map": {
        if (!arity(2)) return null;
        const [k, v] = args();
        return k && v ? { kind: "map", key: k, value: v } : null;
      }
    }
    const t = this.typeNamed(ref.name);
    if (t) return { kind: "udt", name: t.name, id: t.id };
    const e = this.enumNamed(ref.name);
    if (e) return { kind: "enum", name: e.name, id: e.id };
    const alias = ref.name.split(".")[0] ?? "";
    if (this.imports.get(alias) === null) return POISON;
    if (report) this.ctx.error("undeclared_identifier", `Unknown type '${ref.name}'.`, ref.span);
    return null;
  }
}

function containsNa(t: A.PineType): boolean {
  if (t.kind === "na") return true;
  if (t.kind === "array" || t.kind === "matrix") return containsNa(t.element);
  if (t.kind === "map") return containsNa(t.key) || containsNa(t.value);
  return false;
}

/** Names assigned with `:=` or compound operators anywhere: such variables are series. */
function collectReassigned(body: A.Stmt[]): Set<string> {
  const out = new Set<string>();
  forEachNode(body, (n) => {
    if (n.kind === "Assign" && n.target.kind === "Identifier") out.add(n.target.name);
  });
  return out;
}
