// Expression checking: each expression gets its `type` and `qual`; names get their `symbol`.
// Statement-level checking (statements.ts) extends this class with scopes' contents, functions and
// types. A name or construct not understood is a diagnostic, never an untyped escape: after an
// error the expression gets the POISON type so that one mistake is reported once.

import { BUILTIN_NAMESPACES, builtinFunction, builtinVariable, PENDING_BUILTINS, UNSUPPORTED_NAMESPACES } from "../builtins";
import type * as A from "../language/ast";
import type { CheckContext } from "./context";
import { Scope } from "./scope";
import type { ArgInfo, EnumInfo, FunctionInfo, ModuleExports, TypeInfo } from "./symbols";
import { assignable, BOOL, COLOR, FLOAT, INT, isNumeric, maxQual, NA, prim, show, STRING, unify } from "./types";

export interface Value {
  type: A.PineType;
  qual: A.Qualifier;
}

/** The type of an expression already reported as wrong: accepted everywhere, reported nowhere. */
export const POISON: A.PineType = { kind: "na" };
export const POISONED: Value = { type: POISON, qual: "series" };

/** Spellings of Pine v4 and older, named when they appear undeclared. */
const OLD_SPELLINGS: Record<string, string> = {
  study: "`study()` is Pine v4: use `indicator()` (this dialect's `study()` is the event-study extension).",
  security: "`security()` is Pine v4: use `request.security()`.",
  iff: "`iff()` is Pine v4: use the ternary `cond ? a : b`.",
  sma: "Use `ta.sma()` (v5 and later put technical analysis under `ta.`).",
  ema: "Use `ta.ema()`.",
  rsi: "Use `ta.rsi()`.",
  crossover: "Use `ta.crossover()`.",
  crossunder: "Use `ta.crossunder()`.",
  tostring: "Use `str.tostring()`.",
  abs: "Use `math.abs()`.",
  max: "Use `math.max()`.",
  min: "Use `math.min()`.",
  transp: "Use `color.new(color, transp)`.",
};

export abstract class ExpressionChecker {
  protected scope: Scope;
  protected readonly globals: Scope;
  protected readonly functions = new Map<string, FunctionInfo>();
  protected readonly methods = new Map<string, FunctionInfo[]>();
  protected readonly types = new Map<string, TypeInfo>();
  protected readonly enums = new Map<string, EnumInfo>();

  constructor(
    protected readonly ctx: CheckContext,
    protected readonly imports: Map<string, ModuleExports | null>,
  ) {
    this.globals = new Scope(null);
    this.scope = this.globals;
  }

  protected abstract checkStructured(node: A.Structured, wantValue: boolean | "soft"): Value;
  protected abstract callUser(fn: FunctionInfo, node: A.Call, args: CallArgs, receiver: ArgInfo | null): Value;
  protected abstract callBuiltin(name: string, node: A.Call, args: CallArgs, receiver: ArgInfo | null): Value;
  protected abstract callTypeNew(t: TypeInfo, node: A.Call, args: CallArgs): Value;

  protected set(node: A.Expr, v: Value): Value {
    node.type = v.type;
    node.qual = v.qual;
    return v;
  }

  expr(node: A.Expr, wantValue: boolean | "soft" = true): Value {
    return this.set(node, this.exprInner(node, wantValue));
  }

  private exprInner(node: A.Expr, wantValue: boolean | "soft"): Value {
    switch (node.kind) {
      case "NumberLit":
        return { type: node.isInt ? INT : FLOAT, qual: "const" };
      case "StringLit":
        return { type: STRING, qual: "const" };
      case "BoolLit":
        return { type: BOOL, qual: "const" };
      case "ColorLit":
        return { type: COLOR, qual: "const" };
      case "NaLit":
        return { type: NA, qual: "const" };
      case "Identifier":
        return this.identifier(node);
      case "Member":
        return this.member(node);
      case "Call":
        return this.call(node);
      case "Index":
        return this.index(node);
      case "Unary":
        return this.unary(node);
      case "Binary":
        return this.binary(node);
      case "Ternary":
        return this.ternary(node);
      case "TupleExpr": {
        const vs = node.elements.map((e) => this.expr(e));
        return { type: { kind: "tuple", elements: vs.map((v) => v.type) }, qual: maxQual(...vs.map((v) => v.qual)) };
      }
      default:
        return this.checkStructured(node, wantValue);
    }
  }

  // ---- names ---------------------------------------------------------------------------------

  private identifier(node: A.Identifier): Value {
    const found = this.scope.lookup(node.name);
    if (found) {
      node.symbol = found.sym;
      return { type: found.sym.type, qual: found.sym.qual };
    }
    const bv = builtinVariable(node.name);
    if (bv) {
      if (this.pending(node.name, node.span)) return POISONED;
      node.symbol = { kind: "builtinVariable", name: node.name };
      return { type: specType(bv.type), qual: bv.qual };
    }
    if (this.functions.has(node.name) || builtinFunction(node.name)) {
      this.ctx.error("not_a_value", `'${node.name}' is a function: call it with (...).`, node.span);
      return POISONED;
    }
    this.undeclared(node.name, node.span);
    return POISONED;
  }

  /** A built-in of the table the back end does not compile yet: refused, named plainly. */
  protected pending(name: string, span: A.Span): boolean {
    const why = PENDING_BUILTINS.get(name);
    if (why === undefined) return false;
    this.ctx.error("unsupported_feature", why, span);
    return true;
  }

  protected undeclared(name: string, span: A.Span): void {
    const hint = OLD_SPELLINGS[name];
    this.ctx.error("undeclared_identifier", `Undeclared identifier '${name}'.${hint ? " " + hint : ""}`, span);
  }

  /** `a.b.c` as a dotted name when its root is not a variable (so it names a built-in or import). */
  protected dotted(node: A.Expr): string | null {
    if (node.kind === "Identifier") return this.scope.lookup(node.name) ? null : node.name;
    if (node.kind !== "Member") return null;
    const head = this.dotted(node.object);
    return head === null ? null : `${head}.${node.property.name}`;
  }

  private member(node: A.Member): Value {
    const name = this.dotted(node);
    if (name !== null) {
      const v = this.namedMember(node, name);
      if (v) return v;
    }
    return this.field(node);
  }

  /** `color.red`, `Dir.up`, `lib.Dir.up`, or a diagnostic for namespaces we do not have. */
  private namedMember(node: A.Member, name: string): Value | null {
    const bv = builtinVariable(name);
    if (bv) {
      if (this.pending(name, node.span)) return POISONED;
      node.symbol = { kind: "builtinVariable", name };
      return { type: specType(bv.type), qual: bv.qual };
    }
    const parts = name.split(".");
    const root = parts[0] ?? "";
    const en = this.enumNamed(parts.slice(0, -1).join("."));
    if (en) {
      const member = parts[parts.length - 1] ?? "";
      if (!en.members.includes(member)) {
        this.ctx.error("undeclared_identifier", `Enum ${en.name} has no member '${member}'.`, node.property.span);
        return POISONED;
      }
      node.symbol = { kind: "enumMember", enumId: en.id, member };
      return { type: { kind: "enum", name: en.name, id: en.id }, qual: "const" };
    }
    const unsupported = UNSUPPORTED_NAMESPACES.get(root);
    if (unsupported && !this.imports.has(root)) {
      this.ctx.error("unsupported_feature", unsupported, node.span);
      return POISONED;
    }
    if (builtinFunction(name) || this.importedFunction(name)) {
      this.ctx.error("not_a_value", `'${name}' is a function: call it with (...).`, node.span);
      return POISONED;
    }
    if (this.imports.has(root)) {
      if (this.imports.get(root) === null) return POISONED; // unresolved import, reported by the linker
      this.ctx.error("undeclared_identifier", `'${root}' does not export '${parts.slice(1).join(".")}'.`, node.span);
      return POISONED;
    }
    if (BUILTIN_NAMESPACES.has(root) && parts.length === 2 && !this.types.has(root) && !this.enums.has(root)) {
      this.ctx.error("undeclared_identifier", `'${name}' is not a built-in.`, node.span);
      return POISONED;
    }
    if (parts.length >= 2 && !this.scope.lookup(root) && !builtinVariable(root)) {
      if (this.types.has(root)) return null;
      this.undeclared(root, (firstIdentifier(node) ?? node).span);
      return POISONED;
    }
    return null;
  }

  protected enumNamed(name: string): EnumInfo | undefined {
    if (this.enums.has(name)) return this.enums.get(name);
    if (this.imports.size === 0) return undefined;
    const [alias, enumName, more] = name.split(".");
    if (alias && enumName && more === undefined) return this.imports.get(alias)?.enums.get(enumName);
    return undefined;
  }

  protected typeNamed(name: string): TypeInfo | undefined {
    if (this.types.has(name)) return this.types.get(name);
    if (this.imports.size === 0) return undefined;
    const [alias, typeName, more] = name.split(".");
    if (alias && typeName && more === undefined) return this.imports.get(alias)?.types.get(typeName);
    return undefined;
  }

  protected importedFunction(name: string): FunctionInfo | undefined {
    if (this.imports.size === 0) return undefined;
    const [alias, fnName, more] = name.split(".");
    if (!alias || !fnName || more !== undefined) return undefined;
    return this.imports.get(alias)?.functions.get(fnName);
  }

  /** `p.x`: a field of a user-type value. */
  private field(node: A.Member): Value {
    const obj = this.expr(node.object);
    if (obj.type === POISON) return POISONED;
    if (obj.type.kind !== "udt") {
      this.ctx.error("undeclared_identifier", `A value of type ${show(obj.type)} has no field '${node.property.name}'.`, node.property.span);
      return POISONED;
    }
    const udt = obj.type;
    const t = this.typeById(udt.id);
    const f = t?.fields.find((x) => x.name === node.property.name);
    if (!f) {
      this.ctx.error("undeclared_identifier", `Type ${udt.name} has no field '${node.property.name}'.`, node.property.span);
      return POISONED;
    }
    node.symbol = { kind: "field", typeId: udt.id, field: f.name };
    return { type: f.type, qual: "series" };
  }

  protected typeById(id: string): TypeInfo | undefined {
    for (const t of this.types.values()) if (t.id === id) return t;
    for (const m of this.imports.values()) for (const t of m?.types.values() ?? []) if (t.id === id) return t;
    return undefined;
  }

  // ---- calls ---------------------------------------------------------------------------------

  private call(node: A.Call): Value {
    const args = this.callArgs(node);
    const callee = node.callee;
    if (callee.kind === "Identifier") return this.callNamed(node, callee.name, callee, args);
    if (callee.kind === "Member") {
      const name = this.dotted(callee);
      if (name !== null && this.isCallableName(name)) return this.callNamed(node, name, callee, args);
      if (name !== null) {
        const root = name.split(".")[0] ?? "";
        const unsupported = UNSUPPORTED_NAMESPACES.get(root);
        if (unsupported && !this.imports.has(root)) {
          this.ctx.error("unsupported_feature", unsupported, callee.span);
          return POISONED;
        }
        if (this.imports.get(root) === null) return POISONED;
        if (this.imports.has(root) || (BUILTIN_NAMESPACES.has(root) && !this.enums.has(root) && !builtinVariable(name))) {
          this.ctx.error("undeclared_identifier", `'${name}' is not a ${this.imports.has(root) ? "function exported by '" + root + "'" : "built-in function"}.`, callee.span);
          return POISONED;
        }
      }
      return this.methodCall(node, callee, args);
    }
    this.expr(callee);
    this.ctx.error("not_a_function", "Only functions can be called.", callee.span);
    return POISONED;
  }

  private isCallableName(name: string): boolean {
    if (builtinFunction(name) || this.importedFunction(name)) return true;
    if (name.endsWith(".new") && this.typeNamed(name.slice(0, -4))) return true;
    return false;
  }

  private callNamed(node: A.Call, name: string, callee: A.Identifier | A.Member, args: CallArgs): Value {
    const user = callee.kind === "Identifier" ? this.functions.get(name) : this.importedFunction(name);
    if (user) {
      callee.symbol = user.symbol;
      node.target = { kind: "user", fn: user.symbol };
      return this.callUser(user, node, args, null);
    }
    if (name.endsWith(".new")) {
      const t = this.typeNamed(name.slice(0, -4));
      if (t) {
        node.target = { kind: "typeNew", typeId: t.id };
        return this.callTypeNew(t, node, args);
      }
    }
    if (builtinFunction(name)) {
      callee.symbol = { kind: "builtinFunction", name };
      node.target = { kind: "builtin", name };
      return this.callBuiltin(name, node, args, null);
    }
    if (name === "strategy") {
      this.ctx.error("unsupported_feature", UNSUPPORTED_NAMESPACES.get("strategy") ?? "", callee.span);
      return POISONED;
    }
    if (callee.kind === "Identifier" && this.scope.lookup(name)) {
      this.ctx.error("not_a_function", `'${name}' is a variable, not a function.`, callee.span);
      return POISONED;
    }
    this.undeclared(name, callee.span);
    return POISONED;
  }

  /** `recv.m(...)`: a user method, or a built-in of the receiver's namespace (`a.push(x)`). */
  private methodCall(node: A.Call, callee: A.Member, args: CallArgs): Value {
    const recvValue = this.expr(callee.object);
    if (recvValue.type === POISON) return POISONED;
    const receiver: ArgInfo = { ...recvValue, span: callee.object.span };
    const method = this.findMethod(callee.property.name, recvValue.type);
    if (method) {
      callee.symbol = method.symbol;
      node.target = { kind: "userMethod", fn: method.symbol };
      return this.callUser(method, node, args, receiver);
    }
    const ns = methodNamespace(recvValue.type);
    const name = ns ? `${ns}.${callee.property.name}` : null;
    if (name && builtinFunction(name)) {
      callee.symbol = { kind: "builtinFunction", name };
      node.target = { kind: "builtinMethod", name };
      return this.callBuiltin(name, node, args, receiver);
    }
    this.ctx.error("not_a_function", `A value of type ${show(recvValue.type)} has no method '${callee.property.name}'.`, callee.property.span);
    return POISONED;
  }

  protected findMethod(name: string, recv: A.PineType): FunctionInfo | undefined {
    const candidates = [...(this.methods.get(name) ?? [])];
    for (const m of this.imports.values()) candidates.push(...(m?.methods.get(name) ?? []));
    return candidates.find((m) => {
      const first = m.decl.params[0];
      const t = first?.typeAnn ? this.resolveTypeRef(first.typeAnn, false) : null;
      return t !== null && assignable(recv, t, this.ctx.version);
    });
  }

  private callArgs(node: A.Call): CallArgs {
    return node.args.map((a) => ({
      name: a.name?.name ?? null,
      nameSpan: a.name?.span ?? null,
      node: a.value,
      info: { ...this.expr(a.value), span: a.value.span },
    }));
  }

  /** A TypeRef as a PineType; unknown names are reported (when `report`) and give null. */
  abstract resolveTypeRef(ref: A.TypeRef, report?: boolean): A.PineType | null;

  // ---- operators -----------------------------------------------------------------------------

  private index(node: A.Index): Value {
    const obj = this.expr(node.object);
    const idx = this.expr(node.index);
    if (obj.type === POISON) return POISONED;
    if (obj.type.kind === "void" || obj.type.kind === "tuple") {
      this.ctx.error("type_mismatch", `The history operator [] needs a value, not ${show(obj.type)}.`, node.object.span);
      return POISONED;
    }
    if (idx.type !== POISON && !prim(idx.type, "int")) {
      this.ctx.error("type_mismatch", `A history offset must be an int, not ${show(idx.type)}.`, node.index.span);
    }
    return { type: obj.type, qual: "series" };
  }

  protected condition(node: A.Expr, what: string): Value {
    const v = this.expr(node);
    if (v.type === POISON || prim(v.type, "bool") || v.type.kind === "na") return v;
    if (this.ctx.version < 6 && isNumeric(v.type)) return v;
    const hint = isNumeric(v.type) ? " Pine v6 has no implicit number-to-bool conversion: compare with 0 (`x != 0`)." : "";
    this.ctx.error("type_mismatch", `${what} must be a bool, not ${show(v.type)}.${hint}`, node.span);
    return v;
  }

  private unary(node: A.Unary): Value {
    if (node.op === "not") {
      const v = this.condition(node.operand, "The operand of 'not'");
      return { type: v.type === POISON ? POISON : BOOL, qual: v.qual };
    }
    const v = this.expr(node.operand);
    if (v.type === POISON || v.type.kind === "na") return v.type === POISON ? POISONED : { type: FLOAT, qual: v.qual };
    if (!isNumeric(v.type)) {
      this.ctx.error("type_mismatch", `Unary '${node.op}' needs a number, not ${show(v.type)}.`, node.operand.span);
      return POISONED;
    }
    return v;
  }

  private binary(node: A.Binary): Value {
    if (node.op === "and" || node.op === "or") {
      const l = this.condition(node.left, `The left operand of '${node.op}'`);
      const r = this.condition(node.right, `The right operand of '${node.op}'`);
      return { type: BOOL, qual: maxQual(l.qual, r.qual) };
    }
    const l = this.expr(node.left);
    const r = this.expr(node.right);
    const qual = maxQual(l.qual, r.qual);
    if (l.type === POISON || r.type === POISON) return POISONED;
    const type = this.binaryType(node, l.type, r.type);
    return type === null ? POISONED : { type, qual };
  }

  private binaryType(node: A.Binary, l: A.PineType, r: A.PineType): A.PineType | null {
    const op = node.op;
    const bothNa = l.kind === "na" && r.kind === "na";
    if (op === "==" || op === "!=") {
      if (unify(l, r, this.ctx.version) === null) return this.mismatch(node, l, r);
      return BOOL;
    }
    if (op === "<" || op === "<=" || op === ">" || op === ">=") {
      const ok = (t: A.PineType): boolean => isNumeric(t) || t.kind === "na";
      const strings = prim(l, "string") && prim(r, "string");
      if (!strings && !(ok(l) && ok(r))) return this.mismatch(node, l, r);
      return BOOL;
    }
    if (op === "+" && (prim(l, "string") || prim(r, "string"))) {
      const ok = (t: A.PineType): boolean => prim(t, "string") || t.kind === "na";
      return ok(l) && ok(r) ? STRING : this.mismatch(node, l, r);
    }
    const num = (t: A.PineType): boolean => isNumeric(t) || t.kind === "na";
    if (!num(l) || !num(r)) return this.mismatch(node, l, r);
    if (bothNa) return FLOAT;
    const ints = (prim(l, "int") || l.kind === "na") && (prim(r, "int") || r.kind === "na");
    if (!ints) return FLOAT;
    // Pine v6 divides ints exactly (5 / 2 = 2.5); v5 kept int division for ints.
    if (op === "/" && this.ctx.version >= 6) return FLOAT;
    return INT;
  }

  private mismatch(node: A.Binary, l: A.PineType, r: A.PineType): null {
    this.ctx.error("type_mismatch", `Operator '${node.op}' cannot combine ${show(l)} and ${show(r)}.`, node.span);
    return null;
  }

  private ternary(node: A.Ternary): Value {
    const c = this.condition(node.cond, "The condition of '?:'");
    const a = this.expr(node.then);
    const b = this.expr(node.else);
    const qual = maxQual(c.qual, a.qual, b.qual);
    if (a.type === POISON || b.type === POISON) return { type: a.type === POISON ? b.type : a.type, qual };
    const t = unify(a.type, b.type, this.ctx.version);
    if (t === null) {
      this.ctx.error("type_mismatch", `The branches of '?:' have different types: ${show(a.type)} and ${show(b.type)}.`, node.span);
      return POISONED;
    }
    return { type: t, qual };
  }
}

export type CallArgs = Array<{ name: string | null; nameSpan: A.Span | null; node: A.Expr; info: ArgInfo }>;

function methodNamespace(t: A.PineType): string | null {
  if (t.kind === "array" || t.kind === "map" || t.kind === "matrix") return t.kind;
  if (t.kind === "handle") return t.name;
  if (t.kind === "primitive" && t.name === "string") return "str";
  return null;
}

function firstIdentifier(node: A.Expr): A.Identifier | null {
  if (node.kind === "Identifier") return node;
  if (node.kind === "Member") return firstIdentifier(node.object);
  return null;
}

/** Concrete TypeSpec (of a built-in variable) as a PineType. */
function specType(spec: import("../builtins").TypeSpec): A.PineType {
  switch (spec.kind) {
    case "primitive":
      return { kind: "primitive", name: spec.name };
    case "handle":
      return { kind: "handle", name: spec.name };
    default:
      return FLOAT;
  }
}
