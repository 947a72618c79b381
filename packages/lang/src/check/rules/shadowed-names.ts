// Rule: two shadowing cases TradingView's user manual (Variable declarations, Shadowing) says do not
// compile: a variable named as a built-in variable the script also uses as that built-in
// (`ta.sma(close, 20)` and later `float close = open`), and a variable of a user type named as a
// built-in namespace (`myType syminfo = myType.new()` would obscure `syminfo.*`).

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { forEachNode } from "../../language/visit";
import { isBuiltinNamespace } from "../builtin-lookup";
import type { RuleContext, Visitor } from "./rule";

export function ShadowedNamesRule(ctx: RuleContext): Visitor {
  return {
    Script: {
      // after the typing, which tells a built-in variable's use from a script variable's
      leave: (script) => {
        const builtinsUsed = new Set<string>();
        const declared: A.VarDecl[] = [];
        forEachNode(script.body, (n) => {
          if (n.kind === "Identifier" && n.symbol?.kind === "builtinVariable" && n.symbol.name === n.name) builtinsUsed.add(n.name);
          if (n.kind === "VarDecl") declared.push(n);
        });
        for (const d of declared) {
          const name = d.name.name;
          if (builtinsUsed.has(name)) {
            ctx.error(Code.duplicate_declaration, `'${name}' is a built-in variable this script also uses: a variable cannot take its name (TradingView refuses using a built-in and shadowing it); rename the variable.`, d.name.span);
          } else if (d.symbol?.type.kind === "udt" && isBuiltinNamespace(name)) {
            ctx.error(Code.duplicate_declaration, `A variable of a user type cannot be named '${name}', the name of a built-in namespace: its fields would hide ${name}.*; rename the variable.`, d.name.span);
          }
        }
      },
    },
  };
}
