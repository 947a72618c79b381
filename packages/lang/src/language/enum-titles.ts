// What an `enum` shows a user: each member's title (`up = "Up trend"`), or its name when it has
// none, as TradingView lists an `input.enum`'s options. Compiled code holds a member as its name.

import type { EnumDecl, Expr } from "./ast";

export interface EnumOption {
  member: string;
  title: string;
}

export function enumOptions(decl: EnumDecl): EnumOption[] {
  return decl.members.map((m) => ({ member: m.name.name, title: m.title?.value ?? m.name.name }));
}

/** The member an expression names (`Mode.fast`, `lib.Mode.fast`), or null. */
export function enumMemberOf(e: Expr | undefined): { enumName: string; member: string } | null {
  if (!e || e.kind !== "Member" || e.symbol?.kind !== "enumMember") return null;
  const id = e.symbol.enumId;
  return { enumName: id.slice(id.lastIndexOf(":") + 1), member: e.symbol.member };
}
