// Statements: declarations, assignments, blocks (a block that yields a value assigns it to a
// target), tuple destructuring and the structured statements (if, switch, for, for...in, while),
// whose bodies are scopes of their own.

import type * as A from "../language/ast";
import { builtinFunction } from "../builtins";
import { LOOP_BUDGET } from "../runtime/errors";
import { asKindIn, naIn, naOfStructure, type Gen } from "./context";
import { quotient } from "./expressions";
import { capturedEverywhere, exitSkipsRequests, holdsRequest } from "./request-blocks";
import { exitCode, withFrame, withLoopExits, type ExitFrame } from "./loop-exits";
import { calleeName, CodegenError, kindOf, vtOf, type Binding, type VT } from "./types";

function block(g: Gen, stmts: A.Stmt[]): string {
  const scope = new Map<string, Binding>();
  g.scopes.push(scope);
  const out = statementsFrom(g, stmts, 0, (s) => g.stmt(s));
  g.scopes.pop();
  return out + g.scopes.blockPushes(scope);
}

/**
 * Statements `from` on of a block, each compiled by `one`. A statement that may end the loop's
 * iteration before a later one makes a request holds its exit back: a context's run first runs
 * the rest of the block, so that its requests record on every context bar (docs/adr/0314).
 */
function statementsFrom(g: Gen, stmts: A.Stmt[], from: number, one: (s: A.Stmt, k: number) => string): string {
  const parts: string[] = [];
  for (let k = from; k < stmts.length; k++) {
    if (k < stmts.length - 1 && exitSkipsRequests(stmts, k, g.unit.functionsById)) {
      const s = stmts[k]!;
      parts.push(heldExit(g, () => one(s, k), () => statementsFrom(g, stmts, k + 1, one)));
      break;
    }
    parts.push(one(stmts[k]!, k));
  }
  return parts.join("\n");
}

/**
 * `first` with its exits held back (a flag and a labelled block), then `rest`: run as usual when
 * `first` did not exit; in a context's run after an exit, once more in a pass of its own (an exit
 * or a runtime error there ends only that pass); then the exit held back is taken.
 */
function heldExit(g: Gen, first: () => string, rest: () => string): string {
  const [flag, held, pass, again, depth] = [g.scopes.hoisted("ex"), g.scopes.fresh("held"), g.scopes.hoisted("pass"), g.scopes.fresh("rest"), g.scopes.hoisted("depth")];
  const firstCode = withFrame(g, { kind: "held", label: held, flag }, first);
  const restCode = withFrame(g, { kind: "rest", label: again, pass }, rest);
  return [
    `${flag} = 0;`,
    `${held}: {\n${firstCode}\n}`,
    // 1: the rest as usual; 0: a context's run after an exit; 2: skipped
    `${pass} = ${flag} === 0 ? 1 : $rt.req.capturing ? 0 : 2;`,
    `if (${pass} !== 2) {`,
    `${depth} = $rt.req.depth;`,
    `${again}: try {\n${restCode}\n} catch ($e) {`,
    `if (${pass} === 1 || !($e instanceof Error) || $e.name !== "ScriptRuntimeError") throw $e;`,
    `$rt.req.depth = ${depth};`,
    "}\n}",
    `if (${flag} === 1) {\n${exitCode(g, "break")}\n} else if (${flag} === 2) {\n${exitCode(g, "continue")}\n}`,
  ].join("\n");
}

/** Statements of a block whose last statement's value goes to `target` (or is returned). */
export function valueBlock(g: Gen, stmts: A.Stmt[], target: string, vt: VT): string {
  g.scopes.push(new Map<string, Binding>());
  const parts: string[] = [];
  parts.push(
    statementsFrom(g, stmts, 0, (s, k) => {
      if (k < stmts.length - 1) return g.stmt(s);
      const v = lastValue(g, s, vt);
      return v === null ? g.stmt(s) : `${v.code}\n${target} = ${v.value};`;
    }),
  );
  if (stmts.length === 0) parts.push(`${target} = ${naIn(g, vt)};`);
  const scope = g.scopes.pop()!;
  return parts.join("\n") + g.scopes.blockPushes(scope);
}

function lastValue(g: Gen, s: A.Stmt, vt: VT): { code: string; value: string } | null {
  g.flow.pre = [];
  if (s.kind === "ExprStmt") {
    if (s.expr.kind === "TupleExpr" && g.scopes.ctx.tupleJs) {
      const els = s.expr.elements.map((e) => g.expr(e));
      const code = g.flow.flush() + els.map((e, k) => `${g.scopes.ctx.tupleJs}[${k}] = ${e};`).join("\n");
      return { code, value: g.scopes.ctx.tupleJs };
    }
    const v = asKindIn(g, s.expr, rootExpr(g, s.expr), vt);
    return { code: g.flow.flush(), value: v };
  }
  // a block ending in `[a, b] = f()` yields that tuple, as one ending in `[a, b]` does (TradingView's
  // Pivot Points Standard returns request.security's tuple from an if branch of a function this way)
  if (s.kind === "TupleDecl" && g.scopes.ctx.tupleJs) {
    const tup = g.scopes.ctx.tupleJs;
    const { code, els } = tupleDeclParts(g, s);
    return { code: [code, ...els.map((e, k) => `${tup}[${k}] = ${e};`)].join("\n"), value: tup };
  }
  if (s.kind === "VarDecl" || s.kind === "Assign") {
    const code = g.stmt(s);
    const name = s.kind === "VarDecl" ? s.name.name : s.target.kind === "Identifier" ? s.target.name : null;
    const b = name === null ? null : g.scopes.lookup(name);
    return { code, value: b ? b.js : naIn(g, vt) };
  }
  // a loop as the block's last statement gives its last iteration's value, as an if or a switch
  // gives its branch's (a function ending in a for loop returns it)
  if (s.kind === "If" || s.kind === "Switch" || s.kind === "For" || s.kind === "ForIn" || s.kind === "While") {
    const t = g.scopes.hoisted("t");
    const code = structured(g, s, t, vt);
    return { code, value: t };
  }
  return null;
}

/** The statement's whole value: nothing of the statement is evaluated before it (a user call there may run in place). */
function rootExpr(g: Gen, e: A.Expr): string {
  g.flow.root = e;
  const v = g.expr(e);
  g.flow.root = null;
  return v;
}

export function stmt(g: Gen, s: A.Stmt): string {
  g.flow.pre = [];
  switch (s.kind) {
    case "VarDecl": {
      const vt = vtOf(s.symbol?.type) ?? kindOf(s.init);
      g.flow.declName = s.name.name;
      const init = asKindIn(g, s.init, rootExpr(g, s.init), vt);
      g.flow.declName = null;
      const b = g.scopes.declare(s.name.name, s.symbol, vt, s.mode);
      const pre = g.flow.flush();
      if (s.mode !== "none") {
        const flag = g.slots.state("false");
        return `if (!${flag}) {\n${flag} = true;\n${pre}${b.js} = ${init};\n}`;
      }
      return `${pre}${b.js} = ${init};`;
    }
    case "TupleDecl":
      return tupleDecl(g, s);
    case "Assign":
      return assign(g, s);
    case "ExprStmt": {
      const e = s.expr;
      if (e.kind === "If" || e.kind === "Switch" || e.kind === "For" || e.kind === "ForIn" || e.kind === "While") return structured(g, e, null, "num");
      const v = rootExpr(g, e);
      return `${g.flow.flush()}${v};`;
    }
    case "If":
    case "Switch":
    case "For":
    case "ForIn":
    case "While":
      return structured(g, s, null, "num");
    case "Break":
      return exitCode(g, "break");
    case "Continue":
      return exitCode(g, "continue");
    case "FunctionDecl":
      return "";
    case "TypeDecl":
    case "EnumDecl":
    case "ImportDecl":
      return "";
  }
}

function tupleDecl(g: Gen, s: A.TupleDecl): string {
  return tupleDeclParts(g, s).code;
}

/** The destructuring's code and, per element, where its value is read afterwards (also for a `_`). */
function tupleDeclParts(g: Gen, s: A.TupleDecl): { code: string; els: string[] } {
  const init = s.init;
  const names = s.names;
  const decl = (k: number, value: string, vt: VT): string => {
    const n = names[k];
    if (!n) return "";
    const b = g.scopes.declare(n.name, s.symbols?.[k] ?? undefined, vtOf(s.symbols?.[k]?.type) ?? vt, "none");
    return `${b.js} = ${value};`;
  };
  if (init.kind === "Call") {
    const name = calleeName(init);
    if (name !== null && builtinFunction(name)?.signatures[0]?.returns.kind === "tuple") {
      const call = g.builtinCall(init, name);
      const stJs = /^(\$s\d+|\$st\[\d+\])\.update/.exec(call)?.[1];
      if (!stJs) throw new CodegenError(`cannot destructure ${name}`, init.span);
      const parts = [`${g.flow.flush()}${call};`];
      const els = names.map((_, k) => `${stJs}.r${k}`);
      names.forEach((_, k) => parts.push(decl(k, els[k]!, "num")));
      return { code: parts.join("\n"), els };
    }
  }
  const tmp = g.scopes.hoisted("tu");
  const v = g.expr(init);
  const parts = [`${g.flow.flush()}${tmp} = ${v};`];
  if (init.kind === "TupleExpr") {
    // `[a, b] = [x, y]` written out directly
    parts.length = 0;
    const els = init.elements.map((e) => g.expr(e));
    parts.push(g.flow.flush());
    names.forEach((_, k) => parts.push(decl(k, els[k] ?? "NaN", kindOf(init.elements[k]!))));
    // the declared names hold the values now (an element's expression may not be read twice)
    const held = names.map((n, k) => (n ? (g.scopes.lookup(n.name)?.js ?? "NaN") : (els[k] ?? "NaN")));
    return { code: parts.join("\n"), els: held };
  }
  names.forEach((_, k) => parts.push(decl(k, `${tmp}[${k}]`, "num")));
  return { code: parts.join("\n"), els: names.map((_, k) => `${tmp}[${k}]`) };
}

function assign(g: Gen, s: A.Assign): string {
  // `o.f += g(o)` reads the field before the call: only a plain or variable assignment's value is a root
  const js = s.op === ":=" || s.target.kind === "Identifier" ? rootExpr(g, s.value) : g.expr(s.value);
  const pre = g.flow.flush();
  let target: string;
  let vt: VT = kindOf(s.target);
  if (s.target.kind === "Identifier") {
    const b = g.scopes.lookup(s.target.name);
    if (!b) throw new CodegenError(`'${s.target.name}' is not declared`, s.target.span);
    target = b.js;
    vt = b.vt;
  } else {
    target = g.fieldRef(s.target);
  }
  const v = asKindIn(g, s.value, js, vt);
  if (s.op === ":=") return `${pre}${target} = ${v};`;
  const op = s.op[0]!;
  if (op === "+" && vt === "str") return `${pre}${target} = $rt.concat(${target}, ${v});`;
  if (op === "/") return `${pre}${target} = ${quotient(g, target, `(${v})`)};`;
  return `${pre}${target} = ${target} ${op} (${v});`;
}

/** What `for x in a` walks: an array's own elements read in place (na fails in the runtime), else the runtime's items. */
function itemsOf(iterable: A.Expr, js: string): string {
  return iterable.type?.kind === "array" ? `(${js} ?? $rt.items(null)).e` : `$rt.items(${js})`;
}

/**
 * The two-pass form of a block holding a request site (docs/adr/0283): `pick` sets the index of the
 * body the conditions select (-1: none, `rest` runs). A context's run (capture) first runs each
 * body of `forced` not selected, a runtime error ending only that pass, so that every request
 * site inside records its value on every context bar; then, as a chart's run does, the selected one.
 */
function capturePasses(g: Gen, frame: PassesFrame, k: string, pick: string, bodies: string[], forced: number[], rest: string): string {
  const [pass, run, depth] = [frame.pass, g.scopes.hoisted("run"), g.scopes.hoisted("depth")];
  const m = bodies.length;
  const chain = `${bodies.map((b, n) => `if (${run} === ${n}) {\n${b}\n} else `).join("")}{\n${rest}\n}`;
  const isForced = forced.length === 0 ? "false" : forced.map((n) => `${pass} === ${n}`).join(" || ");
  return [
    pick,
    // how many request expressions the block is inside: a pass an error ends leaves it so (docs/adr/0296)
    `${depth} = $rt.req.depth;`,
    // labelled: a `break` or `continue` of a surrounding loop inside jumps past it (codegen/loop-exits.ts)
    `${frame.label}: for (${pass} = $rt.req.capturing ? 0 : ${m}; ${pass} <= ${m}; ${pass}++) {`,
    `${run} = ${pass} === ${m} ? ${k} : ${pass} !== ${k} && (${isForced}) ? ${pass} : -2;`,
    `if (${run} === -2) continue;`,
    `try {\n${chain}\n} catch ($e) {`,
    `if (${pass} === ${m} || !($e instanceof Error) || $e.name !== "ScriptRuntimeError") throw $e;`,
    `$rt.req.depth = ${depth};`,
    "}\n}",
  ].join("\n");
}

type PassesFrame = Extract<ExitFrame, { kind: "passes" }>;

/** The frame of a structure in the two-pass form with `bodies` bodies, made before they are compiled (their exits jump by its label). */
function passesFrame(g: Gen, bodies: number): PassesFrame {
  return { kind: "passes", label: g.scopes.fresh("passes"), pass: g.scopes.hoisted("pass"), last: bodies };
}

/** A switch holding a request site in the two-pass form: its case tests, in order, pick the case; then capturePasses. */
function switchPasses(g: Gen, s: A.Switch, subj: string | null, body: (b: A.Block) => string, rest: string): string {
  const k = g.scopes.hoisted("pick");
  const defaultAt = s.cases.findIndex((c) => c.test === null);
  const frame = passesFrame(g, defaultAt < 0 ? s.cases.length : defaultAt + 1);
  const bodies: string[] = [];
  const forced: number[] = [];
  let picks = "";
  let closing = "";
  let hasDefault = false;
  for (const c of s.cases) {
    const n = bodies.length;
    if (holdsRequest(c.body, g.unit.functionsById)) forced.push(n);
    if (c.test === null) {
      hasDefault = true;
      picks += `{ ${k} = ${n}; }`;
      bodies.push(withFrame(g, frame, () => body(c.body)));
      break;
    }
    const t = g.expr(c.test);
    const tp = g.flow.flush();
    const cond = subj === null ? g.truthy(t, c.test) : `$rt.eq(${subj}, ${t})`;
    picks += `${tp ? `{\n${tp}` : ""}if (${cond}) { ${k} = ${n}; } else `;
    if (tp) closing += "}";
    bodies.push(withFrame(g, frame, () => body(c.body)));
  }
  if (!hasDefault) picks += `{ ${k} = -1; }`;
  return capturePasses(g, frame, k, picks + closing, bodies, forced, rest);
}

/** The guard opening the body of a loop that runs once at most (firstIterationOnly, set by the checker), declared before it as `let <flag> = false`. */
function onceGuard(g: Gen, s: A.For | A.ForIn | A.While): { decl: string; guard: string } {
  if (s.firstIterationOnly !== true) return { decl: "", guard: "" };
  const f = g.scopes.fresh("once");
  return { decl: `let ${f} = false;\n`, guard: `if (${f}) break;\n${f} = true;\n` };
}

/**
 * A `for...in` whose body holds a request, over an array empty in a context's run (a list of
 * higher timeframes filtered by `timeframe.period`): that run makes one iteration of its own, its
 * item na, so that the requests inside record on every context bar; a runtime error there ends only
 * it (docs/adr/0314). The chart's run is unchanged.
 */
function emptyLoopPass(g: Gen, items: string, k: string): { open: string; orOnce: string; close: string } {
  const [zero, depth] = [g.scopes.fresh("zero"), g.scopes.hoisted("depth")];
  return {
    open: `const ${zero} = ${items}.length === 0 && $rt.req.capturing;\n${depth} = $rt.req.depth;\ntry {\n`,
    orOnce: ` || (${zero} && ${k} === 0)`,
    close: `} catch ($e) {\nif (!${zero} || !($e instanceof Error) || $e.name !== "ScriptRuntimeError") throw $e;\n$rt.req.depth = ${depth};\n}\n`,
  };
}

/** Structured statement; with `target`, its value is assigned there. */
export function structured(g: Gen, s: A.Structured, target: string | null, vt: VT): string {
  const pre = g.flow.flush();
  const body = (b: A.Block): string => (target === null ? block(g, b.body) : valueBlock(g, b.body, target, vt));
  // a loop's body may run more than once on a bar: its history is committed once per bar (docs/adr/0243);
  // `label` is what the loop statement is labelled with when an exit inside jumps to it (loop-exits.ts)
  const loopBody = (b: A.Block): { code: string; label: string } => {
    g.flow.loop++;
    try {
      return withLoopExits(g, () => body(b));
    } finally {
      g.flow.loop--;
    }
  };
  switch (s.kind) {
    case "If": {
      const c = g.expr(s.cond);
      const cpre = g.flow.flush();
      const frame = capturedEverywhere([s.then, s.else], g.unit.functionsById) ? passesFrame(g, 2) : null;
      const framed = (f: () => string): string => (frame === null ? f() : withFrame(g, frame, f));
      const then = framed(() => body(s.then));
      // no else: na, which a v5 bool can be (docs/adr/0260), a v6 bool's false, a tuple's members' (docs/adr/0262)
      let els = target === null ? "" : `${target} = ${naOfStructure(g, s, vt)};`;
      const orElse = s.else;
      if (orElse) els = framed(() => (orElse.kind === "If" ? structured(g, orElse, target, vt) : body(orElse)));
      if (frame === null) return `${pre}${cpre}if (${g.truthy(c, s.cond)}) {\n${then}\n} else {\n${els}\n}`;
      const forced = [s.then, s.else].flatMap((b, n) => (b !== null && holdsRequest(b, g.unit.functionsById) ? [n] : []));
      const k = g.scopes.hoisted("pick");
      return `${pre}${cpre}${capturePasses(g, frame, k, `${k} = ${g.truthy(c, s.cond)} ? 0 : 1;`, [then, els], forced, "")}`;
    }
    case "Switch": {
      let subj: string | null = null;
      const parts: string[] = [pre];
      if (s.subject) {
        subj = g.scopes.hoisted("sw");
        const v = g.expr(s.subject);
        parts.push(`${g.flow.flush()}${subj} = ${v};`);
      }
      if (capturedEverywhere(s.cases.map((c) => c.body), g.unit.functionsById)) {
        parts.push(switchPasses(g, s, subj, body, target === null ? "" : `${target} = ${naOfStructure(g, s, vt)};`));
        return parts.join("\n");
      }
      let chain = "";
      let closing = "";
      let hasDefault = false;
      for (const c of s.cases) {
        if (c.test === null) {
          hasDefault = true;
          chain += `{\n${body(c.body)}\n}`;
          break;
        }
        const t = g.expr(c.test);
        const tp = g.flow.flush();
        const cond = subj === null ? g.truthy(t, c.test) : `$rt.eq(${subj}, ${t})`;
        chain += `${tp ? `{\n${tp}` : ""}if (${cond}) {\n${body(c.body)}\n} else `;
        if (tp) closing += "}";
      }
      if (!hasDefault) chain += target === null ? "{}" : `{ ${target} = ${naOfStructure(g, s, vt)}; }`;
      parts.push(chain + closing);
      return parts.join("\n");
    }
    case "For": {
      g.unit.anyLoops = true;
      const from = g.expr(s.from);
      const to = g.expr(s.to);
      const step = s.step ? g.expr(s.step) : null;
      const p = g.flow.flush();
      const [a, z, st, dir] = [g.scopes.fresh("a"), g.scopes.fresh("z"), g.scopes.fresh("by"), g.scopes.fresh("d")];
      g.scopes.push(new Map());
      const ctr = g.scopes.declare(s.counter.name, s.symbol, "num", "none");
      const { code: inner, label } = loopBody(s.body);
      g.scopes.pop();
      const init = target === null ? "" : `${target} = ${naOfStructure(g, s, vt)};`;
      // Pine v6 reads `to` before each iteration (the checker marks where that is safe); its direction is the first reading's
      const end = s.toEachIteration === true && p === "" ? `(${to})` : z;
      const once = onceGuard(g, s);
      const header = `${pre}${p}${init}{ ${once.decl}const ${a} = ${from}, ${z} = ${to};\n` + `const ${dir} = ${z} >= ${a} ? 1 : -1; const ${st} = ${step === null ? dir : `Math.abs(${step}) * ${dir}`};\n`;
      const runs = `${a} === ${a} && ${z} === ${z} && ${st} !== 0 && ${st} === ${st}`;
      const iteration = `${once.guard}if (++$loops > ${LOOP_BUDGET}) $rt.tooLong();\n${ctr.js} = $k;\n${inner}\n}`;
      if (!holdsRequest(s.body, g.unit.functionsById)) return `${header}if (${runs}) ${label}for (let $k = ${a}; ${dir} > 0 ? $k <= ${end} : $k >= ${end}; $k += ${st}) {\n${iteration} }`;
      // bounds (or step) na in a context's run: one iteration there, its counter na, so that its
      // requests record on every context bar; an error there ends only it (docs/adr/0347)
      const [forced, depth] = [g.scopes.fresh("forced"), g.scopes.hoisted("depth")];
      return (
        `${header}const ${forced} = !(${runs}) && $rt.req.capturing; ${depth} = $rt.req.depth;\n` +
        `if (${runs} || ${forced}) try {\n` +
        `${label}for (let $k = ${forced} ? NaN : ${a}, $once = ${forced}; ${forced} ? $once : ${dir} > 0 ? $k <= ${end} : $k >= ${end}; $once = false, $k += ${st}) {\n${iteration}\n` +
        `} catch ($e) {\nif (!${forced} || !($e instanceof Error) || $e.name !== "ScriptRuntimeError") throw $e;\n$rt.req.depth = ${depth};\n} }`
      );
    }
    case "ForIn": {
      g.unit.anyLoops = true;
      const arr = g.expr(s.iterable);
      const p = g.flow.flush();
      const v = g.scopes.fresh("arr");
      const k = g.scopes.fresh("k");
      g.scopes.push(new Map());
      const idx = s.index ? g.scopes.declare(s.index.name, s.indexSymbol, vtOf(s.indexSymbol?.type) ?? "num", "none") : null;
      // a map's pairs: its values as the items, its keys (in the same insertion order) as the index
      const keys = s.iterable.type?.kind === "map" ? g.scopes.fresh("keys") : null;
      const item = g.scopes.declare(s.item.name, s.itemSymbol, vtOf(s.itemSymbol?.type) ?? "num", "none");
      const { code: inner, label } = loopBody(s.body);
      g.scopes.pop();
      const init = target === null ? "" : `${target} = ${naOfStructure(g, s, vt)};`;
      // The loop's iterations are added to the bar's count when it ends; inside, the index is
      // checked against what remains of the budget (a register compare, not a store per element).
      const left = g.scopes.fresh("left");
      const once = onceGuard(g, s);
      const zero = holdsRequest(s.body, g.unit.functionsById) ? emptyLoopPass(g, v, k) : null;
      const key = keys === null ? k : `${keys}[${k}]`;
      return (
        `${pre}${p}${init}{ ${once.decl}const ${v} = ${itemsOf(s.iterable, arr)}, ${left} = ${LOOP_BUDGET} - $loops;\n` +
        (keys === null ? "" : `const ${keys} = $rt.keysOf(${arr});\n`) +
        `let ${k} = 0;\n` +
        (zero?.open ?? "") +
        `${label}for (; ${k} < ${v}.length${zero?.orOnce ?? ""}; ${k}++) {\n` +
        `${once.guard}if (${k} >= ${left}) $rt.tooLong();\n` +
        (zero === null
          ? `${idx ? `${idx.js} = ${key};\n` : ""}${item.js} = ${v}[${k}];\n`
          : `${idx ? `${idx.js} = ${k} < ${v}.length ? ${key} : ${naIn(g, idx.vt)};\n` : ""}${item.js} = ${k} < ${v}.length ? ${v}[${k}] : ${naIn(g, item.vt)};\n`) +
        `${inner}\n}\n${zero?.close ?? ""}` +
        `$loops += ${k}; }`
      );
    }
    case "While": {
      g.unit.anyLoops = true;
      // the condition runs before each iteration too
      g.flow.loop++;
      const c = g.expr(s.cond);
      g.flow.loop--;
      const cp = g.flow.flush();
      const { code: inner, label } = loopBody(s.body);
      const init = target === null ? "" : `${target} = ${naOfStructure(g, s, vt)};`;
      // the condition's prelude (if any) runs before each test
      const once = onceGuard(g, s);
      const test = g.truthy(c, s.cond);
      if (!holdsRequest(s.body, g.unit.functionsById)) {
        return `${pre}${init}${once.decl}${label}while (true) {\n${once.guard}${cp}if (!(${test})) break;\nif (++$loops > ${LOOP_BUDGET}) $rt.tooLong();\n${inner}\n}`;
      }
      // false from the start in a context's run: one iteration there, so its requests record (docs/adr/0314)
      const [first, forced, depth] = [g.scopes.hoisted("first"), g.scopes.hoisted("forced"), g.scopes.hoisted("depth")];
      return (
        `${pre}${init}${once.decl}${first} = $rt.req.capturing; ${forced} = false; ${depth} = $rt.req.depth;\ntry {\n` +
        `${label}while (true) {\nif (${forced}) break;\n${once.guard}${cp}if (!(${test})) { if (!${first}) break; ${forced} = true; }\n${first} = false;\n` +
        `if (++$loops > ${LOOP_BUDGET}) $rt.tooLong();\n${inner}\n}\n` +
        `} catch ($e) {\nif (!${forced} || !($e instanceof Error) || $e.name !== "ScriptRuntimeError") throw $e;\n$rt.req.depth = ${depth};\n}`
      );
    }
  }
}
