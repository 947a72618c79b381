// Calls whose role codegen handles itself (builtins/record.ts `role`): inputs become Interface
// inputs read from the run's values, plots write an output column, alertcondition and alert
// raise events.

import type * as A from "../language/ast";
import type { FunctionRecord } from "../builtins";
import { bind, callEmit } from "./binding";
import type { Gen } from "./context";
import { CodegenError, literalValue, memberName } from "./types";
import { enumMemberOf, enumOptions } from "../language/enum-titles";
import { eventNameOf, inputNameOf } from "../language/call-names";
import { builtinVariable } from "../builtins";
import { prim } from "../check/types";
import { hex } from "../stdlib/color";

export function input(g: Gen, c: A.Call, f: FunctionRecord): string {
  const { byName } = bind(c, f);
  const def = byName.get("defval");
  const title = byName.get("title");
  const titleText = title && title.kind === "StringLit" ? title.value : null;
  // the Interface's name when the program was derived (language/call-names.ts), so that a run's value reaches it
  const inputName = inputNameOf(c) ?? g.flow.declName ?? titleText ?? `input_${g.unit.inputs.length}`;
  const kind = f.inputType ?? "auto";
  const js = g.scopes.fresh("in");
  if (kind === "source") {
    const src = def ? memberName(def) : "close";
    g.unit.inputs.push({ name: inputName, kind, defval: src });
    g.slots.topConsts.push(`var ${js} = $rt.sourceColumn(${JSON.stringify(inputName)}, ${JSON.stringify(src ?? "close")});`);
    return `${js}[$i]`;
  }
  if (f.name === "input.enum") return enumInput(g, def, inputName, js);
  // a default written with a constant's name or arithmetic: the literal the checker folded it to
  const d = def ? literalValue(def.folded ?? def) : null;
  if (kind === "color" || (kind === "auto" && def?.type !== undefined && prim(def.type, "color"))) {
    // a palette constant (`color.teal`) is a default too; the run's value is text (`#RRGGBB[AA]`, `color.teal`)
    const dc = typeof d === "number" ? d : def ? paletteColor(def.folded ?? def) : NaN;
    g.unit.inputs.push({ name: inputName, kind: "color", defval: dc === dc ? dc : null });
    // a palette default is the script's version's color (a v5 script's red, teal, yellow: docs/adr/0227), as is a name the run gives
    const named = typeof d === "number" || !def ? null : paletteName(def.folded ?? def);
    const fallback = named !== null ? `$rt.namedColor(${JSON.stringify(named)})` : dc === dc ? String(dc) : "NaN";
    g.slots.topConsts.push(`var ${js} = $rt.color.inputColor($rt.input(${JSON.stringify(inputName)}, "string", null), ${fallback}, $rt.version);`);
    return js;
  }
  g.unit.inputs.push({ name: inputName, kind, defval: d });
  const read = `$rt.input(${JSON.stringify(inputName)}, ${JSON.stringify(kind)}, ${JSON.stringify(d)})`;
  // input.symbol's value is the symbol's ticker identifier, "NASDAQ:AAPL" for "AAPL" (docs/adr/0272)
  g.slots.topConsts.push(`var ${js} = ${f.name === "input.symbol" ? `$rt.req.tickerIdOf(${read})` : read};`);
  return js;
}

/** `input.enum`: the run gives a member's title (or name); compiled code holds the member's name. */
function enumInput(g: Gen, def: A.Expr | undefined, inputName: string, js: string): string {
  const d = enumMemberOf(def);
  const decl = d ? g.unit.enumDecls.get(d.enumName) : undefined;
  if (!d || !decl) throw new CodegenError("input.enum needs a member of an enum declared in the script or a library as its default", def?.span ?? null);
  const byTitle = new Map<string, string>();
  for (const o of enumOptions(decl)) byTitle.set(o.member, o.member);
  for (const o of enumOptions(decl)) byTitle.set(o.title, o.member);
  const title = enumOptions(decl).find((o) => o.member === d.member)!.title;
  g.unit.inputs.push({ name: inputName, kind: "string", defval: title });
  g.slots.topConsts.push(`var ${js} = new Map(${JSON.stringify([...byTitle])}).get($rt.input(${JSON.stringify(inputName)}, "string", ${JSON.stringify(title)})) ?? ${JSON.stringify(d.member)};`);
  return js;
}

export function plot(g: Gen, c: A.Call, f: FunctionRecord): string {
  const name = f.name;
  if (g.scopes.ctx.fnId !== null) throw new CodegenError(`${name} cannot be called inside a function`, c.span);
  const bound = bind(c, f);
  const title = bound.byName.get("title");
  const index = g.unit.outputs.length;
  const offset = bound.byName.get("offset");
  const shifted = offset !== undefined && literalValue(offset.folded ?? offset) !== 0;
  // a shifted column keeps rows no bar writes (the first `offset` or the last `-offset`): na prefilled
  const everyBar = g.scopes.atBodyLevel() && g.flow.condDepth === 0 && !shifted;
  g.unit.outputs.push({ index, title: title && title.kind === "StringLit" ? title.value : null, call: name, everyBar, shifted });
  // the record's emitter gives the output's value; only the arguments it reads are compiled
  if (!f.emit) throw new CodegenError(`${name} has no output value`, c.span);
  const compiled = new Map<A.Expr, string>();
  // a plot that is its statement's whole value evaluates its first argument before anything else
  // of the statement: that argument is a root too (a user call there may run in place, calls.ts)
  const first = c === g.flow.root ? (c.args[0]?.value ?? null) : null;
  const compile = (e: A.Expr): string => {
    const known = compiled.get(e);
    if (known !== undefined) return known;
    g.flow.root = e === first && compiled.size === 0 ? e : null;
    const js = g.expr(e);
    g.flow.root = null;
    compiled.set(e, js);
    return js;
  };
  const v = f.emit(callEmit(g, c, f, bound, compile));
  if (!shifted) return `($o${index}[$i] = ${v})`;
  // a v5 series offset (the checker warned): bar i's value at row i, the whole column shifted by
  // the last bar's offset when the run ends (docs/adr/0261)
  if (offset!.qual === "series") {
    g.flow.root = null;
    return `($o${index}[$i] = ${v}, $rt.lastShift[${index}] = ${g.expr(offset!)})`;
  }
  // TradingView draws the value of bar i `offset` bars away (docs/adr/0131-plot-offset.md): row
  // i + offset, a row outside the bars is dropped (a typed array ignores the write). The offset
  // is simple (one value per run), recorded for a failing bar's reset and the streamed chunks.
  g.flow.root = null;
  const off = g.expr(offset);
  return `($o${index}[$i + ($rt.outShift[${index}] = ${off})] = ${v})`;
}

export function alert(g: Gen, c: A.Call, f: FunctionRecord): string {
  const name = f.name;
  const { byName } = bind(c, f);
  if (name === "alert") {
    const msg = byName.get("message");
    if (!g.unit.events.some((e) => e.name === "alert")) g.unit.events.push({ name: "alert", message: msg && msg.kind === "StringLit" ? msg.value : "" });
    return `$rt.event("alert", ${msg ? g.expr(msg) : '""'})`;
  }
  const cond = byName.get("condition")!;
  const title = byName.get("title");
  const message = byName.get("message");
  // the Interface's name when the program was derived (language/call-names.ts); a const title or message is read folded
  const titleText = stringLiteral(title);
  const t = eventNameOf(c) ?? titleText ?? `alert_${g.unit.events.length}`;
  const m = stringLiteral(message) ?? t;
  g.unit.events.push({ name: t, message: m });
  const cj = g.expr(cond);
  return `(${g.truthy(cj, cond)} ? $rt.event(${JSON.stringify(t)}, ${JSON.stringify(m)}) : undefined)`;
}

/** A string argument's literal text, or that of the const expression the checker folded it to; null otherwise. */
function stringLiteral(e: A.Expr | undefined): string | null {
  const v = e?.folded ?? e;
  return v?.kind === "StringLit" ? v.value : null;
}

/** A built-in palette constant (`color.teal`) as a color number; NaN for anything else. */
/** `color.teal` written as a default: the palette name ("teal"), else null. */
function paletteName(e: A.Expr): string | null {
  if ((e.kind !== "Identifier" && e.kind !== "Member") || e.symbol?.kind !== "builtinVariable" || !e.symbol.name.startsWith("color.")) return null;
  return Number.isNaN(paletteColor(e)) ? null : e.symbol.name.slice(6);
}

function paletteColor(e: A.Expr): number {
  if ((e.kind !== "Identifier" && e.kind !== "Member") || e.symbol?.kind !== "builtinVariable") return NaN;
  const v = builtinVariable(e.symbol.name)?.value;
  return typeof v === "string" && /^#[0-9A-Fa-f]{6}$/.test(v) ? hex(v) : NaN;
}
