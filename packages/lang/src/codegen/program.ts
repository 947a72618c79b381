// Program assembly: checked syntax tree -> JavaScript source of a factory `(rt) => { run, endBar,
// bar }`. It collects the program's declarations, generates the entry file's top level through
// the jobs (statements, expressions, calls) and lays out the closure: bar columns, hoisted
// runtime references, state slots, user functions, and the bar loop.
//
// Every identifier in the output is either an internal name starting with `$` (Pine names
// cannot contain `$`), a mangled user name (`v12_x`, `f3_f`), or a property of `$rt` named by a
// built-in's record. String literals go through JSON.stringify; user-type fields become array
// slots. State of stateful calls lives in per-call-site slots created once.

import type * as A from "../language/ast";
import { builtinCall } from "./builtin-calls";
import { call } from "./calls";
import { Flow, type Gen, type Unit } from "./context";
import { expr, fieldRef, truthy } from "./expressions";
import { Scopes } from "./scope";
import { directRequests, requestSlices, type RequestLane } from "./slice";
import { requestsReadByRequests } from "./request-feeds";
import { Slots } from "./slots";
import { stmt, structured, valueBlock } from "./statements";
import type { FnCtx, Generated, HistorySizes } from "./types";

export function generate(main: A.Script, libraries: A.Script[] = [], history: HistorySizes | null = null): Generated {
  const g = newGen(history, main.version);
  // a v5 script's bools can be na (docs/adr/0260)
  if (main.version < 6) g.scopes.ctx.naBools = true;
  declare(g, [...libraries, main]);
  g.scopes.stack = [new Map(), g.scopes.global];
  // a requested context's run executes only the request slice (docs/adr/0070-request-slices.md),
  // further runs the slices of requests a later statement would change (docs/adr/0346)
  const { slice, lanes } = requestSlices(main, libraries);
  for (const c of directRequests(main, libraries, slice)) g.unit.directRequests.add(c);
  // a request another request's expression reads is made from that request's context (docs/adr/0307)
  for (const c of requestsReadByRequests(main, libraries)) g.unit.requestsReadByRequests.add(c);
  const stmts = main.body.filter((s) => s.kind !== "FunctionDecl");
  const code = stmts.map((s) => g.stmt(s));
  g.scopes.pop();
  const sliceBody = slice === null ? null : code.filter((_, k) => slice.has(stmts[k]!)).join("\n");
  const sliceLines = slice === null ? null : stmts.filter((s) => slice.has(s)).map((s) => s.span.line);
  const laneBodies = lanes.map((l) => laneBody(l, stmts, code));
  return { source: assemble(g, code.join("\n"), sliceBody, laneBodies), outputs: g.unit.outputs, inputs: g.unit.inputs, events: g.unit.events, sliceLines, sliceLanes: lanes.length };
}

/**
 * A further run's bar (docs/adr/0346): its slice's statements, the requests it runs for marked
 * while they run (`$rt.req.lanes.owning`), so that the host keeps only their columns from it.
 */
function laneBody(lane: RequestLane, stmts: readonly A.Stmt[], code: readonly string[]): string {
  const body = ["$rt.req.lanes.owning = false;"];
  stmts.forEach((s, k) => {
    if (!lane.stmts.has(s)) return;
    body.push(lane.owners.has(s) ? `$rt.req.lanes.owning = true;\n${code[k]!}\n$rt.req.lanes.owning = false;` : code[k]!);
  });
  return body.join("\n");
}

/** One compilation's state, with the jobs wired as its entry points. */
function newGen(hist: HistorySizes | null, version: number): Gen {
  let scopes: Scopes | null = null;
  const slots = new Slots(() => scopes!.ctx, () => scopes!.top);
  scopes = new Scopes(slots, hist);
  const unit: Unit = {
    functionsByName: new Map(),
    functionsById: new Map(),
    types: new Map(),
    enums: new Set(),
    enumDecls: new Map(),
    compiledFunctions: new Set(),
    fnCode: [],
    fnForms: new Map(),
    loopFnForms: new Map(),
    compiledLoopFunctions: new Set(),
    inlinedChars: 0,
    outputs: [],
    inputs: [],
    events: [],
    anyLoops: false,
    directRequests: new Set(),
    requestsReadByRequests: new Set(),
    version,
  };
  const g: Gen = {
    scopes,
    slots,
    flow: new Flow(),
    unit,
    hist,
    expr: (e) => expr(g, e),
    stmt: (s) => stmt(g, s),
    structured: (s, target, vt) => structured(g, s, target, vt),
    valueBlock: (stmts, target, vt) => valueBlock(g, stmts, target, vt),
    call: (c) => call(g, c),
    builtinCall: (c, name) => builtinCall(g, c, name),
    truthy: (js, e) => truthy(g, js, e),
    fieldRef: (e) => fieldRef(g, e),
  };
  scopes.loopDepth = () => g.flow.loop;
  return g;
}

/** User functions, types and enums of every file, by name (functions also by id). */
function declare(g: Gen, scripts: A.Script[]): void {
  for (const s of scripts) {
    for (const st of s.body) {
      if (st.kind === "FunctionDecl") {
        const id = st.fn?.id ?? g.scopes.nextId();
        const info = { decl: st, js: `f${id}_${st.name.name}`, id, ...(s.version < 6 ? { naBools: true } : {}) };
        g.unit.functionsByName.set(st.name.name, info);
        g.unit.functionsById.set(id, info);
      } else if (st.kind === "TypeDecl") g.unit.types.set(st.name.name, st);
      else if (st.kind === "EnumDecl") {
        g.unit.enums.add(st.name.name);
        g.unit.enumDecls.set(st.name.name, st);
      }
    }
  }
}

function assemble(g: Gen, body: string, sliceBody: string | null, laneBodies: readonly string[]): string {
  const top = g.scopes.ctx;
  const { refs, runLocals, runSpill, topConsts } = g.slots;
  const { outputs, events, fnCode, anyLoops } = g.unit;
  g.scopes.sizeRings(top);
  const pushes = g.scopes.histPushes(top);
  // Values read after the bar (history pushes) or by other functions live in the closure;
  // every other top-level temporary is a local of the bar loop.
  const closureNames = new Set(top.bindings.filter((b) => (b.histJs !== null && !b.nested) || b.fnRead).map((b) => b.js));
  runOwnedNumbers(top, topConsts, runLocals, runSpill);
  const hoisted = [...top.hoisted];
  const inClosure = hoisted.filter((h) => closureNames.has(h.split(" ")[0]!));
  const inLoop = hoisted.filter((h) => !closureNames.has(h.split(" ")[0]!));
  // One function runs a range of bars: plain JavaScript over the bar columns, state in closure
  // variables created once per evaluation, no per-bar allocation or exception handling. A
  // runtime error leaves the loop with `$i` at the failing bar; evaluate() records it, calls
  // `$endBar` (the bar's history still advances) and resumes at the next bar.
  // State objects (never reassigned) are read in the loop through locals of $run: closure
  // variables are memory loads after every call that is not inlined, locals stay in registers.
  const objects = new Set(top.slots.flatMap((s, k) => (s.startsWith("new ") ? [k] : [])));
  const closureState = (code: string): string => code.replace(/\$s(\d+)\b/g, (m, k: string) => (objects.has(Number(k)) ? `$S${k}` : m));
  // $TV: the times a script reads (`time`; docs/adr/0200), made only for code that reads them (SCRIPT_TIMES is filled in at the end)
  const columns = `$O = $rt.open, $H = $rt.high, $L = $rt.low, $C = $rt.close, $V = $rt.volume, $T = $rt.time${SCRIPT_TIMES}`;
  const runFunction = (name: string, code: string): string[] => [
    `function ${name}($from, $to) {`,
    `var ${columns};`,
    // only the columns this body writes (a slice without plots leaves the outputs unallocated)
    ...outputs.filter((o) => code.includes(`$o${o.index}[`)).map((o) => `var $o${o.index} = $rt.out[${o.index}];`),
    ...(events.length > 0 ? ["var $P = $rt.pending;"] : []),
    ...[...objects].map((k) => `var $s${k} = $S${k};`),
    ...runLocals,
    ...inLoop.map((h) => `var ${h};`),
    // the bar index is a local (user functions take it as a parameter); an error records it
    "var $i = $from;",
    "try {",
    "for (; $i < $to; $i++) {",
    ...(anyLoops ? ["$loops = 0;"] : []),
    code,
    pushes,
    ...(events.length > 0 ? ["if ($P.length !== 0) $rt.flush($i);"] : []),
    "}",
    "} catch ($e) {",
    "$at = $i;",
    ...runSpill,
    "throw $e;",
    "}",
    "$at = $to;",
    ...runSpill,
    "}",
  ];
  // Every closure variable that can hold one evaluation's data (the runtime, bar columns, state,
  // variables, inputs), cleared by $release (docs/adr/0113-finished-runs-keep-their-code.md).
  const held = [
    "$rt",
    `$O = $H = $L = $C = $V = $T${SCRIPT_TIMES_HELD}`,
    ...refs.keys(),
    ...top.slots.map((_, k) => `${objects.has(k) ? "$S" : "$s"}${k}`),
    ...inClosure.map((h) => h.split(" ")[0]!),
    ...topConsts.map((c) => /^(?:var|const) (\S+) =/.exec(c)![1]!),
  ];
  const code = [
    '"use strict";',
    `var ${columns};`,
    // $E: the state of stateless user functions' call sites (never written)
    "var $at = 0, $loops = 0, $E = [];",
    ...[...refs].map(([name, path]) => `var ${name} = $rt.${path};`),
    ...top.slots.map((s, k) => `var ${objects.has(k) ? "$S" : "$s"}${k} = ${s};`),
    ...inClosure.map((h) => `var ${h};`),
    ...topConsts,
    // functions read the history rings of globals through the closure's state objects
    ...fnCode.map(closureState),
    "function $endBar() {",
    closureState(pushes),
    "}",
    ...runFunction("$run", body),
    ...(sliceBody === null ? [] : runFunction("$runSlice", sliceBody)),
    ...laneBodies.flatMap((b, k) => runFunction(`$runLane${k + 1}`, b)),
    ...releaseFunction(held),
    // a requested context's run (capture) executes the request slice, a further run its lane's (docs/adr/0346)
    `return { run: ${captureRunner(sliceBody !== null, laneBodies.length)}, endBar: $endBar, bar: function () { return $at; }, release: $release };`,
  ].join("\n");
  const scriptTimes = /\$TV\b/.test(code);
  return code.replaceAll(SCRIPT_TIMES, scriptTimes ? ", $TV = $rt.scriptTime" : "").replaceAll(SCRIPT_TIMES_HELD, scriptTimes ? " = $TV" : "");
}

/** The factory's `run`: the chart's, the request slice's while capturing, a lane's in a further run over a context. */
function captureRunner(sliced: boolean, lanes: number): string {
  const first = sliced ? "$runSlice" : "$run";
  if (lanes === 0) return sliced ? "$rt.req.capturing ? $runSlice : $run" : "$run";
  const byLane = Array.from({ length: lanes }, (_, k) => `$rt.req.lane === ${k + 1} ? $runLane${k + 1} : `).join("");
  return `!$rt.req.capturing ? $run : ${byLane}${first}`;
}

/** Places in the program's text where the script-time column `$TV` is declared and released, when the code reads it. */
const SCRIPT_TIMES = "@@SCRIPT_TIMES@@";
const SCRIPT_TIMES_HELD = "@@SCRIPT_TIMES_HELD@@";

/**
 * A top-level `var` number that only the bar loop reads (no user function, no history ring: $endBar
 * and the functions read the closure) is a local of $run and $runSlice, loaded when they start and
 * stored back when they return or throw: V8 keeps a number in a closure variable as a heap object,
 * one allocation per bar that writes it, and the young collections they cause kept promoting the
 * evaluation's output columns (typed arrays), collected then only by full collections.
 */
function runOwnedNumbers(top: FnCtx, topConsts: string[], runLocals: string[], runSpill: string[]): void {
  for (const b of top.bindings) {
    if (!b.number || b.fnRead || b.histJs !== null || b.slot !== null) continue;
    const k = topConsts.indexOf(`var ${b.js} = NaN;`);
    if (k < 0) continue;
    topConsts[k] = `var $g_${b.js} = NaN;`;
    // `+`: V8 then knows the local holds a number and keeps it unboxed through the loop
    runLocals.push(`var ${b.js} = +$g_${b.js};`);
    runSpill.push(`$g_${b.js} = ${b.js};`);
  }
}

/**
 * `$release()`: drops the evaluation's data from the closure so that the finished run can be kept
 * for its compiled code alone (docs/adr/0113-finished-runs-keep-their-code.md). The run is never
 * called again.
 */
function releaseFunction(held: string[]): string[] {
  return ["function $release() {", `${held.join(" = ")} = undefined;`, "}"];
}
