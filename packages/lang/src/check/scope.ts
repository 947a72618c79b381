// Lexical scopes: the file's globals, a function's parameters and locals, and each block of
// if/for/while/switch (Pine's variables are visible from their declaration to the block's end).

import type { LocalSymbol } from "../language/ast";

export class Scope {
  private readonly vars = new Map<string, LocalSymbol>();

  constructor(
    readonly parent: Scope | null,
    /** True for a function's own scope: outer locals are readable but not assignable. */
    readonly isFunction = false,
  ) {}

  declare(sym: LocalSymbol): void {
    this.vars.set(sym.name, sym);
  }

  own(name: string): LocalSymbol | undefined {
    return this.vars.get(name);
  }

  lookup(name: string): { sym: LocalSymbol; crossesFunction: boolean } | undefined {
    let crosses = false;
    const start: Scope = this; // eslint-disable-line @typescript-eslint/no-this-alias -- walking the parent chain
    for (let s: Scope | null = start; s; s = s.parent) {
      const sym = s.vars.get(name);
      if (sym) return { sym, crossesFunction: crosses };
      if (s.isFunction) crosses = true;
    }
    return undefined;
  }
}
