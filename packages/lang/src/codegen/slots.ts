// State slots: per-call-site state objects and history rings (closure variables `$s<k>` at the
// top level, `$st[k]` of a user function's state array), the evaluation's shared instances (a
// built-in variable's series, one per evaluation wherever it is read), the hoisted references to runtime
// functions, the locals of the bar loop that hold inlined state, and the top level's closure
// declarations. Slots are created once per evaluation, never per bar.

import type * as A from "../language/ast";
import { runtimePath } from "../runtime/library";
import { CodegenError, type FnCtx } from "./types";

export class Slots {
  /** Hoisted runtime references: closure variable name -> path under `$rt`. */
  readonly refs = new Map<string, string>();
  /** Locals of $run holding inlined state (loaded at its start) and the stores that save them. */
  readonly runLocals: string[] = [];
  readonly runSpill: string[] = [];
  /** Closure declarations of the top level: inputs and top-level `var` variables. */
  readonly topConsts: string[] = [];

  /** The evaluation's one instance of each class `shared` was asked for: class path -> its slot. */
  private readonly sharedSlots = new Map<string, string>();

  constructor(
    private readonly current: () => FnCtx,
    private readonly top: () => FnCtx,
  ) {}

  /** A new per-call-site state slot holding `init`; returns the JS expression that holds it. */
  state(init: string): string {
    return this.slot(init).js;
  }

  slot(init: string, ctx: FnCtx = this.current()): { js: string; k: number } {
    const k = ctx.slots.length;
    ctx.slots.push(init);
    return { js: ctx.fnId === null ? `$s${k}` : `$st[${k}]`, k };
  }

  /**
   * The evaluation's one instance of a stdlib class, a top-level slot shared by every read of it
   * wherever it is (a branch, a user function, a library): a built-in variable's series.
   */
  shared(impl: unknown, span: A.Span | null): string {
    const path = this.path(impl, span);
    let js = this.sharedSlots.get(path);
    if (js === undefined) {
      js = this.slot(`new $rt.${path}()`, this.top()).js;
      this.sharedSlots.set(path, js);
    }
    return js;
  }

  /** A hoisted reference to a fixed runtime path (`math.sign`): a closure variable, no lookup per call. */
  ref(path: string): string {
    const name = `$R_${path.replace(/\./g, "_")}`;
    this.refs.set(name, path);
    return name;
  }

  /** `new $rt.<path>(<cap>)` of a stdlib class an emitter names. */
  newOf(impl: unknown, span: A.Span | null, cap: number | null = null): string {
    return `new $rt.${this.path(impl, span)}(${cap === null ? "" : cap})`;
  }

  /** A hoisted reference to a stdlib function an emitter names. */
  refOf(impl: unknown, span: A.Span | null): string {
    return this.ref(this.path(impl, span));
  }

  /** A state slot's local of the bar loop: loaded when $run starts, stored back when it returns or throws. */
  runLocal(load: string, store: string): void {
    this.runLocals.push(load);
    this.runSpill.push(store);
  }

  private path(impl: unknown, span: A.Span | null): string {
    const path = runtimePath(impl);
    if (path === null) throw new CodegenError("a built-in's implementation is not exposed by the runtime", span);
    return path;
  }
}
