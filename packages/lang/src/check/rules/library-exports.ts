// Rule: what TradingView's user manual (Libraries, Library functions) says of a library's exported
// functions and methods: every parameter declares its type; the body reads no global variable but
// "const" ones (not an input's value, not a global array); it calls no input.*() function.

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { forEachNode } from "../../language/visit";
import type { RuleContext, Visitor } from "./rule";

export function LibraryExportsRule(ctx: RuleContext): Visitor {
  return {
    Script: {
      // after the typing (the names-and-types rule), which gives names their symbols and qualifiers
      leave: (script) => {
        if (ctx.declaration?.kind !== "library") return;
        const globals = globalSymbols(script);
        for (const s of script.body) if (s.kind === "FunctionDecl" && s.exported) checkExported(ctx, s, globals);
      },
    },
  };
}

/** The variables the script declares at its top level. */
function globalSymbols(script: A.Script): Set<A.LocalSymbol> {
  const out = new Set<A.LocalSymbol>();
  for (const s of script.body) {
    if (s.kind === "VarDecl" && s.symbol) out.add(s.symbol);
    if (s.kind === "TupleDecl") for (const sym of s.symbols ?? []) if (sym) out.add(sym);
  }
  return out;
}

function checkExported(ctx: RuleContext, f: A.FunctionDecl, globals: Set<A.LocalSymbol>): void {
  const what = `${f.isMethod ? "method" : "function"} ${f.name.name}()`;
  for (const p of f.params) {
    if (!p.typeAnn) ctx.error(Code.type_mismatch, `The exported ${what} needs a type for its parameter '${p.name.name}' (e.g. \`float ${p.name.name}\`): a library's exported functions declare every parameter's type.`, p.span);
  }
  const reported = new Set<A.LocalSymbol>();
  forEachNode(f.body.body, (n) => {
    if (n.kind === "Identifier" && n.symbol?.kind === "local" && globals.has(n.symbol) && n.symbol.qual !== "const" && !reported.has(n.symbol)) {
      reported.add(n.symbol);
      ctx.error(Code.invalid_context, `The exported ${what} reads the global variable '${n.name}', which is ${n.symbol.qual}: an exported function can use only "const" globals; pass the value as a parameter.`, n.span);
    }
    if (n.kind === "Call" && isInputCall(n)) {
      ctx.error(Code.invalid_context, `The exported ${what} calls an input function: a library's exported functions cannot create inputs; take the value as a parameter.`, n.callee.span);
    }
  });
}

/** `input(...)` or `input.*(...)` of the built-in namespace (not a variable or import named `input`). */
function isInputCall(c: A.Call): boolean {
  const root = c.callee.kind === "Member" ? c.callee.object : c.callee;
  return root.kind === "Identifier" && root.name === "input" && !root.symbol;
}
