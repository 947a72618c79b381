// Scope and bindings: the stack of block scopes, the context code is generated in (the top level
// or a user function), fresh internal names, declared variables and their history rings (pushed
// at the end of the bar, of the call, or of the nested block that declares them).

import type * as A from "../language/ast";
import type { Slots } from "./slots";
import { boolToRing, naOf, type Binding, type FnCtx, type HistorySizes, type VT } from "./types";

export class Scopes {
  private counter = 0;
  /** Innermost last; [0] the module scope, [1] the script's global scope. */
  stack: Array<Map<string, Binding>> = [];
  ctx: FnCtx = { fnId: null, slots: [], hoisted: new Set(), bindings: [], tupleJs: null, baseDepth: 2 };
  /** The top level's context (state of the whole evaluation). */
  readonly top: FnCtx = this.ctx;
  /** The script's global scope (main's top-level block): user functions read globals from it. */
  readonly global = new Map<string, Binding>();

  constructor(
    private readonly slots: Slots,
    private readonly hist: HistorySizes | null,
  ) {}

  /** A number no symbol of this compilation has (symbols without a checker id, internal names). */
  nextId(): number {
    return ++this.counter;
  }

  fresh(prefix: string): string {
    return `$${prefix}${this.nextId()}`;
  }

  /** A fresh variable declared at the top of the function being compiled (its closure's `let`). */
  hoisted(prefix: string): string {
    const v = this.fresh(prefix);
    this.ctx.hoisted.add(v);
    return v;
  }

  push(scope: Map<string, Binding> = new Map()): Map<string, Binding> {
    this.stack.push(scope);
    return scope;
  }

  pop(): Map<string, Binding> {
    return this.stack.pop()!;
  }

  /** At the context's own body, not inside a nested block. */
  atBodyLevel(): boolean {
    return this.stack.length === this.ctx.baseDepth;
  }

  declare(name: string, sym: A.LocalSymbol | undefined, vt: VT, mode: "none" | "var" | "varip"): Binding {
    const ctx = this.ctx;
    const id = sym?.id ?? this.nextId();
    const js = `v${id}_${name}`;
    let slot: number | null = null;
    if (mode !== "none" && ctx.fnId !== null) {
      slot = ctx.slots.length;
      ctx.slots.push(naOf(vt));
    } else if (mode !== "none") {
      this.slots.topConsts.push(`var ${js} = ${naOf(vt)};`);
    } else ctx.hoisted.add(`${js} = ${naOf(vt)}`);
    const nested = mode === "none" && this.stack.length > ctx.baseDepth;
    // written more than once on a bar: everything of a function's loop variant, a block's variable inside a loop
    const perBar = ctx.loop === true || (nested && this.loopDepth() > 0);
    const b: Binding = { js: slot === null ? js : `$st[${slot}]`, vt, slot, hist: 0, histJs: null, histSlot: -1, nested, symId: sym?.id ?? null, owner: ctx, fnRead: false, number: isNumber(sym?.type), perBar };
    this.stack[this.stack.length - 1]!.set(name, b);
    ctx.bindings.push(b);
    return b;
  }

  /** Loop bodies around the code being generated (set by program.ts). */
  loopDepth: () => number = () => 0;

  lookup(name: string): Binding | null {
    for (let k = this.stack.length - 1; k >= 0; k--) {
      const b = this.stack[k]!.get(name);
      if (b) return b;
    }
    return null;
  }

  /** A variable read as `x[n]`: its history ring (a state slot of the declaring context, sized by sizeRings). */
  ring(b: Binding): string {
    if (b.histJs === null) {
      const st = this.slots.slot("null", b.owner);
      b.histJs = st.js;
      b.histSlot = st.k;
    }
    return b.histJs;
  }

  /** History rings get the capacity of the deepest read: derived, else the deepest literal offset. */
  sizeRings(ctx: FnCtx): void {
    for (const b of ctx.bindings) {
      if (b.histJs === null) continue;
      const derived = b.symId !== null ? this.hist?.symbols.get(b.symId) : undefined;
      // a ring written once per bar holds one value more while its bar's own value is not history yet
      const cap = Math.min(10_001, Math.max(b.hist, derived ?? 0) + (b.perBar ? 2 : 1));
      ctx.slots[b.histSlot] = `new $rt.${b.vt === "str" || b.vt === "obj" ? "ValueRing" : "Ring"}(${cap})`;
    }
  }

  /** History pushes of the context's own (not nested) variables, at the end of its bar or call. */
  histPushes(ctx: FnCtx): string {
    return pushesOf(ctx.bindings.filter((b) => !b.nested));
  }

  /** Pushes of variables declared in a nested block that ends here (their history is per run of the block). */
  blockPushes(scope: Map<string, Binding>): string {
    const p = pushesOf([...scope.values()].filter((b) => b.nested));
    return p.length > 0 ? "\n" + p : "";
  }
}

function pushesOf(bs: Binding[]): string {
  return bs
    .filter((b) => b.histJs !== null)
    .map((b) => `${b.histJs}.${b.perBar ? "pushOnBar" : "push"}(${b.vt === "bool" ? boolToRing(b.owner.naBools, b.js) : b.js}${b.perBar ? ", $i" : ""});`)
    .join("\n");
}

/** An int or float: always a JavaScript number (na is NaN), unlike a color of the same value kind. */
function isNumber(t: A.PineType | undefined): boolean {
  return t?.kind === "primitive" && (t.name === "int" || t.name === "float");
}
