// Rule: `input.enum`'s default is a member of an enum (`input.enum(Mode.fast, "Mode")`), as in
// Pine: the Interface lists that enum's members as the input's options.

import { Code } from "../../language/codes";
import type { RuleContext, Visitor } from "./rule";

export function InputEnumRule(ctx: RuleContext): Visitor {
  return {
    Call: (node) => {
      if (node.target?.kind !== "builtin" || node.target.name !== "input.enum") return;
      const arg = node.args.find((a) => a.name?.name === "defval") ?? node.args.find((a) => a.name === null);
      if (!arg) return;
      const v = arg.value;
      if (v.kind !== "Member" || v.symbol?.kind !== "enumMember") ctx.error(Code.type_mismatch, "input.enum: the default value must be a member of an enum (`input.enum(Mode.fast)`).", v.span);
    },
  };
}
