// Rule: every name resolves and every value has the type and qualifier its place needs. It runs
// the typing of the file (check/typing), which annotates the tree for the rules after it; the
// functions of an imported module wait for their callers (see check/index.ts).

import { typeFile } from "../typing";
import type { RuleContext, Visitor } from "./rule";

export function NamesAndTypesRule(ctx: RuleContext): Visitor {
  return {
    Script: (script) => {
      ctx.typing = typeFile(script, ctx, { imports: ctx.imports, idPrefix: ctx.key, exportAll: !ctx.isEntry });
    },
  };
}
