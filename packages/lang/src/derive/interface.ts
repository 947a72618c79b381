// Interface derivation: inputs from input.* calls, outputs from plot-like
// calls, events from alertcondition/alert, horizons of studies, warmup bars.
//
// Outputs are named from their title, slugified to [a-z0-9_], `plot_N` when untitled (N = the
// output's index), made unique with `_2`, `_3`, ... A title colliding with an earlier one gives
// the `duplicate_output` warning (the run still works, under the unique name). An indicator with
// no output is an error (`no_outputs`): its runs could produce nothing; a warning when it draws
// or calls only chart-only outputs (bgcolor, barcolor, fill, hline: docs/adr/0122), only writes
// log lines (log.*: docs/adr/0190) or only raises alert events (alertcondition, alert: docs/adr/0324).

import { builtinFunction, PLOT_FUNCTIONS } from "../builtins";
import type { CheckedFile } from "../check";
import type { Call, EnumDecl, Expr, Span } from "../language/ast";
import { Code, type DiagnosticCode } from "../language/codes";
import type { CheckedProgram } from "../link/program";
import type { EventSpec, InputSpec, InputType, OutputSpec, ScriptInterface } from "../types";
import { analyzeWarmup } from "./warmup";
import { UNBOUNDED, WARMUP_CAP } from "./rules";
import { builtinName, forEachNode } from "./walk";
import { argument } from "./arguments";
import { chartOnlyCalls, deriveHlines, hasDrawings, hasLogs, outputColor, outputLinestyle, outputStyle, overlayOf } from "./appearance";
import { enumMemberOf, enumOptions } from "../language/enum-titles";
import { nameEvent, nameInput } from "../language/call-names";
import { timestampOf } from "../stdlib/time";

export interface DeriveFinding {
  code: DiagnosticCode;
  message: string;
  span: Span;
  severity: "error" | "warning";
}

export function slugify(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9_]+/g, "_").replace(/_+/g, "_").replace(/^_|_$/g, "");
}

export { argument };

function literal(given: Expr | undefined): number | string | boolean | null {
  // an input's constant argument written with a name or arithmetic: the literal the checker folded it to
  const e = given?.folded ?? given;
  if (!e) return null;
  if (e.kind === "NumberLit" || e.kind === "StringLit" || e.kind === "BoolLit") return e.value;
  if (e.kind === "ColorLit") return e.raw;
  if (e.kind === "Unary" && e.op === "-" && e.operand.kind === "NumberLit") return -e.operand.value;
  if ((e.kind === "Identifier" || e.kind === "Member") && e.symbol?.kind === "builtinVariable") return e.symbol.name;
  return null;
}

/** A default as the Interface shows it: a literal, or the time of `timestamp("2024-01-02")`. */
function defaultOf(call: Call): number | string | boolean | null {
  const given = argument(call, "defval")?.value;
  const d = given?.folded ?? given;
  if (d?.kind === "Call" && builtinName(d) === "timestamp" && d.args.length === 1) {
    const text = literal(d.args[0]!.value);
    const t = typeof text === "string" ? timestampOf(text) : NaN;
    return Number.isFinite(t) ? t : null;
  }
  return literal(d);
}

/** `input.enum`: a string input whose options are the members' titles (or those of `options`), its default the default member's title. */
function enumInput(spec: InputSpec, call: Call, enums: Map<string, EnumDecl>): InputSpec {
  const def = enumMemberOf(argument(call, "defval")?.value);
  const decl = def ? enums.get(def.enumName) : undefined;
  if (!def || !decl) return spec;
  const all = enumOptions(decl);
  const titleOf = (member: string): string => all.find((o) => o.member === member)?.title ?? member;
  const listed = argument(call, "options")?.value;
  const members = listed?.kind === "TupleExpr" ? listed.elements.flatMap((e) => enumMemberOf(e)?.member ?? []) : all.map((o) => o.member);
  return { ...spec, type: "string", default: titleOf(def.member), options: members.map(titleOf) };
}

function stringArg(call: Call, param: string): string | null {
  const v = literal(argument(call, param)?.value);
  return typeof v === "string" ? v : null;
}

function numberArg(call: Call, param: string): number | null {
  const v = literal(argument(call, param)?.value);
  return typeof v === "number" ? v : null;
}

function inputType(call: Call, name: string): InputType {
  const t = builtinFunction(name)?.inputType;
  if (t) return t;
  const d = argument(call, "defval")?.value;
  if (d?.type?.kind === "primitive") return d.qual === "series" ? "source" : d.type.name;
  return "float";
}

/** One walk over the files: every call in source order, and input calls assigned to variables. */
export interface CallIndex {
  calls: Call[];
  named: Map<Call, string>;
  /** Enum declarations by name (the options of `input.enum`). */
  enums: Map<string, EnumDecl>;
}

export function indexCalls(files: CheckedFile[]): CallIndex {
  const calls: Call[] = [];
  const named = new Map<Call, string>();
  const enums = new Map<string, EnumDecl>();
  for (const f of files) {
    forEachNode(f.script.body, (n) => {
      if (n.kind === "Call") calls.push(n);
      else if (n.kind === "EnumDecl") enums.set(n.name.name, n);
      else if (n.kind === "VarDecl" && n.init.kind === "Call" && n.symbol?.input) named.set(n.init, n.symbol.input);
    });
  }
  return { calls, named, enums };
}

export function deriveInputs({ calls, named, enums }: CallIndex): InputSpec[] {
  const inputs: InputSpec[] = [];
  const used = new Set<string>();
  calls.forEach((c) => {
    const name = builtinName(c);
    if (name === null || builtinFunction(name)?.role !== "input") return;
    const title = stringArg(c, "title");
    const base = named.get(c) ?? ((title ? slugify(title) : "") || `input_${inputs.length}`);
    let unique = base;
    for (let i = 2; used.has(unique); i++) unique = `${base}_${i}`;
    used.add(unique);
    nameInput(c, unique);
    const opts = argument(c, "options")?.value;
    const options = opts?.kind === "TupleExpr" ? opts.elements.map(literal).filter((v): v is number | string => typeof v === "number" || typeof v === "string") : null;
    const spec: InputSpec = { name: unique, type: inputType(c, name), default: defaultOf(c), title, min: numberArg(c, "minval"), max: numberArg(c, "maxval"), options };
    inputs.push(name === "input.enum" ? enumInput(spec, c, enums) : spec);
  });
  return inputs;
}

export function deriveOutputs({ calls }: CallIndex, findings: DeriveFinding[], version = 6): OutputSpec[] {
  const outputs: OutputSpec[] = [];
  const byTitle = new Map<string, Span>();
  const used = new Set<string>();
  calls.forEach((c) => {
    const name = builtinName(c);
    if (name === null || !PLOT_FUNCTIONS.has(name)) return;
    const title = stringArg(c, "title");
    const index = outputs.length;
    const base = (title ? slugify(title) : "") || `plot_${index}`;
    if (title !== null && byTitle.has(title)) {
      findings.push({ code: Code.duplicate_output, message: `Another output is titled "${title}": this one is named '${uniqueName(base, used)}'.`, span: c.span, severity: "warning" });
    }
    if (title !== null && !byTitle.has(title)) byTitle.set(title, c.span);
    const unique = uniqueName(base, used);
    used.add(unique);
    const spec: OutputSpec = { name: unique, title: title ?? unique, type: "float", style: outputStyle(c, name), color: outputColor(c, version) };
    // docs/adr/0220: the field only when the call says true (force_overlay is const bool), so other outputs keep their shape
    if (literal(argument(c, "force_overlay")?.value) === true) spec.force_overlay = true;
    // docs/adr/0242: plot's linestyle only when dashed or dotted, so other outputs keep their shape too
    const linestyle = outputLinestyle(c);
    if (linestyle !== null) spec.linestyle = linestyle;
    outputs.push(spec);
  });
  return outputs;
}

function uniqueName(base: string, used: Set<string>): string {
  let unique = base;
  for (let i = 2; used.has(unique); i++) unique = `${base}_${i}`;
  return unique;
}

export function deriveEvents({ calls }: CallIndex): EventSpec[] {
  const events = new Map<string, EventSpec>();
  calls.forEach((c) => {
    const name = builtinName(c);
    if (name === "alertcondition") {
      const title = stringArg(c, "title") ?? `alertcondition_${events.size}`;
      nameEvent(c, title);
      if (!events.has(title)) events.set(title, { name: title, message: stringArg(c, "message") ?? "" });
    } else if (name === "alert" && !events.has("alert")) {
      events.set("alert", { name: "alert", message: stringArg(c, "message") ?? "" });
    }
  });
  return [...events.values()];
}

/** The `alert` event when only an imported file's function calls alert() (such a function runs when the script calls it). */
function withImportedAlerts(events: EventSpec[], imported: CallIndex[]): EventSpec[] {
  if (events.some((e) => e.name === "alert")) return events;
  const call = imported.flatMap((i) => i.calls).find((c) => builtinName(c) === "alert");
  return call ? [...events, { name: "alert", message: stringArg(call, "message") ?? "" }] : events;
}

/** A study's horizons: 1 to 10 of them, each an integer of bars from 1 to 500, as a sweep's (docs/adr/0305). */
const HORIZONS = { most: 10, min: 1, max: 500 } as const;

/**
 * The study declaration's horizons in the order given. Each must be a constant integer from 1 to
 * 500 listed once, and there are 1 to 10 of them (docs/adr/0305): anything else is the
 * `invalid_horizons` error, so the Interface never says other horizons than the results measure.
 */
function deriveHorizons(program: CheckedProgram, findings: DeriveFinding[]): number[] | undefined {
  if (program.kind !== "study") return undefined;
  const decl = program.entry.declaration?.call;
  const h = decl ? argument(decl, "horizons")?.value : undefined;
  if (h?.kind !== "TupleExpr") return [1, 5, 20];
  const refuse = (message: string, span: Span): void => { findings.push({ code: Code.invalid_horizons, message, span, severity: "error" }); };
  if (h.elements.length < 1 || h.elements.length > HORIZONS.most) refuse(`A study has 1 to ${HORIZONS.most} horizons; this one lists ${h.elements.length}.`, h.span);
  const horizons: number[] = [];
  for (const element of h.elements) {
    const v = literal(element);
    if (typeof v !== "number" || !Number.isInteger(v)) refuse("Each horizon is a constant integer number of bars, written as a number.", element.span);
    else if (v < HORIZONS.min || v > HORIZONS.max) refuse(`A horizon is ${HORIZONS.min} to ${HORIZONS.max} bars; ${v} is not.`, element.span);
    else if (horizons.includes(v)) refuse(`The horizon ${v} is listed twice; list each horizon once.`, element.span);
    else horizons.push(v);
  }
  return horizons;
}

/** The study declaration's `cooldown` in bars (0: every event counts). */
function deriveCooldown(program: CheckedProgram): number {
  if (program.kind !== "study") return 0;
  const decl = program.entry.declaration?.call;
  const v = decl ? literal(argument(decl, "cooldown")?.value) : undefined;
  return typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}

/** The warmup after the cap, with the unbounded_lookback warning when the cap applies. */
export function deriveWarmup(program: CheckedProgram, findings: DeriveFinding[]): number {
  let required = analyzeWarmup(program).required;
  for (const u of program.uses) required = Math.max(required, u.interface.warmup_bars);
  if (required <= WARMUP_CAP) return required;
  const span = program.entry.declaration?.call.span ?? program.entry.script.span;
  const why = required === UNBOUNDED ? "its values depend on every bar since the start (bar_index, ta.cum, var accumulators, ...)" : `it needs ${required} bars of history`;
  findings.push({ code: Code.unbounded_lookback, message: `The script's warmup is capped at ${WARMUP_CAP} bars: ${why}.`, span, severity: "warning" });
  return WARMUP_CAP;
}

/**
 * The calls the Interface's inputs, outputs, events and hlines come from: the entry file's. The top
 * level of a file it imports is not evaluated (only its exported functions are called), as a
 * TradingView library's plots show only when the library itself is on a chart.
 */
export function interfaceCalls(program: Pick<CheckedProgram, "entry">): CallIndex {
  return indexCalls([program.entry]);
}

export function deriveInterface(program: CheckedProgram): { interface: ScriptInterface; findings: DeriveFinding[] } {
  const findings: DeriveFinding[] = [];
  const index = interfaceCalls(program);
  // drawings and log lines made inside the imported files' functions do run
  const everyFile = indexCalls([...program.files, program.entry]);
  const outputs = deriveOutputs(index, findings, program.entry.script.version);
  const events = withImportedAlerts(deriveEvents(index), [everyFile, indexCalls(program.libraries.flatMap((l) => l.files))]);
  if (program.kind === "indicator" && outputs.length === 0) {
    const span = program.entry.declaration?.call.span ?? program.entry.script.span;
    // as on TradingView, a script that only draws (labels, lines, boxes, tables) is a valid indicator
    const chartOnly = chartOnlyCalls(everyFile);
    // docs/adr/0216: drawings made inside an imported library's functions count (TradingView's Zig Zag
    // indicator only calls its ZigZag library's update(), which draws the lines and labels)
    if (hasDrawings(everyFile) || hasDrawings(indexCalls(program.libraries.flatMap((l) => l.files)))) findings.push({ code: Code.no_outputs, message: "This indicator has no plot(): its runs have no output columns, only drawings (GET /v1/runs/{id}/drawings).", span, severity: "warning" });
    // docs/adr/0122: TradingView runs a script whose only output is chart-only (bgcolor, barcolor, fill, hline)
    else if (chartOnly.length > 0) findings.push({ code: Code.no_outputs, message: `This indicator has no plot(): ${chartOnly.join(", ")} only colour the chart, so its runs have no output columns (add a plot() of the value to get one).`, span, severity: "warning" });
    // docs/adr/0190: TradingView runs a script whose only output is its Pine Logs (log.*)
    else if (hasLogs(everyFile)) findings.push({ code: Code.no_outputs, message: "This indicator has no plot(): its runs have no output columns, only log lines (GET /v1/runs/{id}/logs).", span, severity: "warning" });
    // docs/adr/0324: TradingView's reference runs an indicator whose only output is an alertcondition()
    // (it "generates an additional plot"); its runs have the alert events
    else if (events.length > 0) findings.push({ code: Code.no_outputs, message: "This indicator has no plot(): its runs have no output columns, only its alert events (alertcondition(), alert()).", span, severity: "warning" });
    else findings.push({ code: Code.no_outputs, message: "An indicator needs at least one plot() (or plotshape, plotchar, plotcandle, plotbar) or a drawing (label.new, line.new, box.new, table.new): it has no output.", span, severity: "error" });
  }
  const iface: ScriptInterface = {
    inputs: deriveInputs(index),
    outputs,
    events,
    warmup_bars: deriveWarmup(program, findings),
    // every kind's (docs/adr/0065): false / [] when the declaration has no overlay, the script no hline()
    overlay: overlayOf(program.entry.script),
    hlines: deriveHlines(index, program.entry.script.version),
  };
  const horizons = deriveHorizons(program, findings);
  if (horizons) iface.horizons = horizons;
  const cooldown = deriveCooldown(program);
  if (cooldown > 0) iface.cooldown = cooldown;
  return { interface: iface, findings };
}
