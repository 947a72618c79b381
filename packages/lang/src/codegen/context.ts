// What every job of the code generator shares for one compilation: the scopes, the state slots,
// the statement being generated (its prelude, conditional depth, declared name), the program's
// declarations and collected outputs, and the entry points of the other jobs. program.ts wires
// them, so the job modules never import each other.

import type * as A from "../language/ast";
import type { Scopes } from "./scope";
import type { Slots } from "./slots";
import { asKind, naOf, vtOf, type HistorySizes, type InputSlot, type OutputSlot, type UserFunction, type VT } from "./types";

/** The statement being generated. */
export class Flow {
  /** Code that must run before the current statement (structured expressions, inlined state). */
  pre: string[] = [];
  /** Inside an expression evaluated only sometimes (ternary branch, right side of and/or). */
  condDepth = 0;
  /** Depth of loop bodies (for, for...in, while) around the code being generated (docs/adr/0243). */
  loop = 0;
  /** The variable the current declaration assigns (names an input after it). */
  declName: string | null = null;
  /** The expression whose value is the whole statement's (a declaration's, an assignment's, an
   *  expression statement's): a user call there may be inlined, as nothing else of the statement
   *  is evaluated before it. */
  root: A.Expr | null = null;

  /** The prelude so far, ending in a newline when not empty; the prelude starts again empty. */
  flush(): string {
    const p = this.pre.join("\n");
    this.pre = [];
    return p.length > 0 ? p + "\n" : "";
  }
}

/** How a compiled user function is called (calls.ts). */
export interface FnForm {
  /** It has no state (no `var`, no history, no stateful built-in): its call sites share one empty state. */
  stateless: boolean;
  /** Its body as statements a call site can run in place (stateless, small, no tuple), else null. */
  inline: InlineForm | null;
}

/** A stateless function's body to run in place: assign the arguments, reset the locals, run the body, read `ret`. */
export interface InlineForm {
  params: string[];
  /** Its locals (`name = na`), declared in the caller and reset before the body. */
  locals: string[];
  body: string;
  ret: string;
}

/** The program's declarations and what generation collects for program assembly. */
export interface Unit {
  readonly functionsByName: Map<string, UserFunction>;
  readonly functionsById: Map<number, UserFunction>;
  readonly types: Map<string, A.TypeDecl>;
  readonly enums: Set<string>;
  /** Enum declarations by name (`input.enum` maps a run's option title to its member). */
  readonly enumDecls: Map<string, A.EnumDecl>;
  readonly compiledFunctions: Set<number>;
  /** The compiled user functions, in the order first called. */
  readonly fnCode: string[];
  /** Per compiled user function: whether it keeps state per call site, and its inline form. */
  readonly fnForms: Map<number, FnForm>;
  /** The same for the functions' variants called inside loops (docs/adr/0243). */
  readonly loopFnForms: Map<number, FnForm>;
  readonly compiledLoopFunctions: Set<number>;
  /** Characters of function bodies run in place so far (calls.ts caps them). */
  inlinedChars: number;
  readonly outputs: OutputSlot[];
  readonly inputs: InputSlot[];
  readonly events: Array<{ name: string; message: string }>;
  /** A loop was compiled somewhere: each bar resets the shared loop counter. */
  anyLoops: boolean;
  /** request.security calls that read their context's bar column without a run over it (slice.ts directRequests). */
  readonly directRequests: Set<A.Call>;
  /** request.security / security_lower_tf calls whose result a request's expression may read (request-feeds.ts): nested in a context's run. */
  readonly requestsReadByRequests: Set<A.Call>;
  /** The entry file's `//@version`: the runtime's (`$rt.version`), which named colors depend on (docs/adr/0227). */
  readonly version: number;
}

/**
 * Whether the code being generated may run more than once on a bar: inside a loop's body, or in
 * a user function's variant for call sites inside loops (docs/adr/0243).
 */
export function inLoop(g: Gen): boolean {
  return g.flow.loop > 0 || g.scopes.ctx.loop === true;
}

/** Whether the code being generated is a v5 file's, where a bool can be na (NaN; docs/adr/0260). */
export function naBools(g: Gen): boolean {
  return g.scopes.ctx.naBools === true;
}

/** The na of a value kind where the code being generated is: NaN for a v5 bool (docs/adr/0260), else naOf's. */
export function naIn(g: Gen, vt: VT): string {
  return vt === "bool" && naBools(g) ? "NaN" : naOf(vt);
}

/**
 * The value of a structure (if, switch, loop) where no branch or iteration gives one: a tuple's is
 * a tuple of its members' na, a v6 bool member's false (docs/adr/0262); else naIn's.
 */
export function naOfStructure(g: Gen, s: A.Structured, vt: VT): string {
  const t = s.type;
  if (t?.kind !== "tuple") return naIn(g, vt);
  return `[${t.elements.map((e) => naIn(g, vtOf(e) ?? "num")).join(", ")}]`;
}

/** asKind, and where a v6 bool is expected a bare `na` is false: a v6 bool is never na (docs/adr/0262). */
export function asKindIn(g: Gen, e: A.Expr, js: string, vt: VT): string {
  if (vt !== "bool" || naBools(g)) return asKind(e, js, vt);
  if (e.kind === "NaLit") return "false";
  return e.type?.kind === "na" ? `(${js}, false)` : js;
}

export interface Gen {
  readonly scopes: Scopes;
  readonly slots: Slots;
  readonly flow: Flow;
  readonly unit: Unit;
  readonly hist: HistorySizes | null;
  expr(e: A.Expr): string;
  stmt(s: A.Stmt): string;
  /** Structured statement; with `target`, its value is assigned there. */
  structured(s: A.Structured, target: string | null, vt: VT): string;
  /** Statements of a block whose last statement's value goes to `target`. */
  valueBlock(stmts: A.Stmt[], target: string, vt: VT): string;
  call(c: A.Call): string;
  builtinCall(c: A.Call, name: string): string;
  /** `js` as a JavaScript condition (non-bool values are true when non-zero and not na). */
  truthy(js: string, e: A.Expr): string;
  /** `obj.field` of a user type: the field's slot in the object's array. */
  fieldRef(e: A.Member): string;
}
