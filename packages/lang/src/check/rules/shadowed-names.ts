// Rule: two shadowing cases TradingView's user manual (Variable declarations, Shadowing) says do not
// compile: a variable named as a built-in variable the script used as that built-in before
// (`ta.sma(close, 20)` and later `float close = open`), and a variable of a user type named as a
// built-in namespace (`myType syminfo = myType.new()` would obscure `syminfo.*`). A use of the
// built-in only after the declaration (`hl2 = 1.0` in a block, `hl2` read after it) compiles, with
// the warning shadowed_builtin_variable only (docs/adr/0358).

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { startsBefore } from "../../language/diagnostics";
import { forEachNode } from "../../language/visit";
import { isBuiltinNamespace } from "../builtin-lookup";
import type { RuleContext, Visitor } from "./rule";

export function ShadowedNamesRule(ctx: RuleContext): Visitor {
  return {
    Script: {
      // after the typing, which tells a built-in variable's use from a script variable's
      leave: (script) => {
        // each built-in variable's first use as the built-in, in the text's order
        const firstUse = new Map<string, A.Span>();
        const declared: A.VarDecl[] = [];
        forEachNode(script.body, (n) => {
          if (n.kind === "Identifier" && n.symbol?.kind === "builtinVariable" && n.symbol.name === n.name) {
            const seen = firstUse.get(n.name);
            if (seen === undefined || startsBefore(n.span, seen)) firstUse.set(n.name, n.span);
          }
          if (n.kind === "VarDecl") declared.push(n);
        });
        for (const d of declared) {
          const name = d.name.name;
          const use = firstUse.get(name);
          if (use !== undefined && startsBefore(use, d.name.span)) {
            ctx.error(Code.duplicate_declaration, `'${name}' is a built-in variable this script already used as the built-in (line ${use.line}): a variable cannot take its name after that (TradingView refuses using a built-in and then shadowing it); rename the variable.`, d.name.span);
          } else if (d.symbol?.type.kind === "udt" && isBuiltinNamespace(name)) {
            ctx.error(Code.duplicate_declaration, `A variable of a user type cannot be named '${name}', the name of a built-in namespace: its fields would hide ${name}.*; rename the variable.`, d.name.span);
          }
        }
      },
    },
  };
}
