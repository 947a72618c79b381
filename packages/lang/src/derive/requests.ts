// The contexts a script's request.* calls name with constant arguments, read from its source
// before it runs, so that the worker fetches their bars in one read each before evaluation. A
// call whose symbol or timeframe is computed (an input, a variable, a loop) is dynamic: its
// contexts are found as the script runs (evaluate()'s `missingContexts`) and fetched then. One named
// by an input's literal default (`sym = input.symbol("AMEX:SPY")`) is dynamic too, and the default's
// context is listed as well: a run with the default inputs then has it before its first evaluation.
// So are the values such a call's arguments take where the source shows them (sitePairs): a
// parameter of the function the call is in, at each call of that function (`f(tf) =>
// request.security(syminfo.tickerid, tf, ...)` called as `f("5")`, `f("60")`), a variable
// declared from a string literal, and one from a `switch`/`?:` on the chart's timeframe and bool
// inputs (docs/adr/0224). A context an evaluation finds instead costs one
// more evaluation of every bar (a loop over symbols finds them all in one: docs/adr/0223).

import { parse } from "../language/parser";
import { forEachChild, forEachNode } from "../language/visit";
import type * as A from "../language/ast";
import { storeTimeframe } from "../stdlib/request/timeframes";
import { heikinAshiTicker, tickerInherit } from "../stdlib/heikin-ashi";
import { instrumentTickerId, splitTickerId, tickerId, type TickerParts } from "../stdlib/ticker-id";
import { requestSymbol } from "../stdlib/request/timeframes";
import { scriptTimeframeOf } from "../script-timeframe";
import { INTRABAR_REQUEST_NAMES } from "../stdlib/ta/tv-library/intrabar";
import type { SourceFile } from "../types";
import { variableDefinitions } from "./request-definitions";
import { withoutDynamicRequestsIn } from "../check/rules/dynamic-requests";

/** The chart a script runs on: its ticker, exchange prefix ("" or absent: none) and store timeframe. */
export interface ChartSymbol extends TickerParts {
  timeframe: string;
}

export interface RequestedContext {
  /** As written (`"NASDAQ:MSFT"`), or the chart's ticker (also for its ticker identifier, `"NASDAQ:AAPL"`). */
  symbol: string;
  /** Store timeframe (`"1w"`). */
  timeframe: string;
}

export interface ScriptRequests {
  contexts: RequestedContext[];
  /** Some request's symbol or timeframe is only known as the script runs. */
  dynamic: boolean;
}

/** Parameters of the symbol and timeframe by position, per request function. */
const REQUESTS: Readonly<Record<string, readonly [string, string | null]>> = {
  "request.security": ["symbol", "timeframe"],
  "request.security_lower_tf": ["symbol", "timeframe"],
  "request.currency_rate": ["from", "to"],
};

/** The aliases `TradingView/ta` is imported under (`ta` without `as`). */
function tradingViewTaAliases(script: A.Script): Set<string> {
  const out = new Set<string>();
  forEachNode(script, (n) => {
    if (n.kind === "ImportDecl" && n.source.kind === "library" && n.source.owner === "TradingView" && n.source.slug === "ta") out.add(n.alias.name);
  });
  return out;
}

/** A request site: its function and the arguments naming its symbol and timeframe; undefined for a call that requests nothing. */
interface RequestSite {
  /** The request.* function; null for a ta library call (the chart's symbol at its lower timeframe). */
  name: string | null;
  /** The symbol's argument (undefined: absent, the chart's); null for a ta library call, whose symbol is the chart's ticker. */
  symbol: A.Expr | undefined | null;
  timeframe: A.Expr | undefined;
}

function requestSite(c: A.Call, aliases: ReadonlySet<string>): RequestSite | undefined {
  const name = dotted(c.callee);
  if (name === null) return undefined;
  const dot = name.indexOf(".");
  if (dot > 0 && aliases.has(name.slice(0, dot)) && INTRABAR_REQUEST_NAMES.has(name.slice(dot + 1))) {
    return { name: null, symbol: null, timeframe: argument(c, "lowerTimeframe", 0) };
  }
  const params = REQUESTS[name];
  if (!params) return undefined;
  return { name, symbol: argument(c, params[0], 0), timeframe: argument(c, params[1] ?? "", 1) };
}

/** The literal defaults of a script's string inputs, by the top-level variable declared from each. */
type InputDefaults = ReadonlyMap<string, string>;
const NO_DEFAULTS: InputDefaults = new Map();
const STRING_INPUTS: ReadonlySet<string> = new Set(["input", "input.symbol", "input.timeframe", "input.string"]);

/** `input.symbol("AMEX:SPY", ...)` and the other string inputs with a literal default: that default; null otherwise. */
function inputDefault(e: A.Expr): string | null {
  if (e.kind !== "Call" || !STRING_INPUTS.has(dotted(e.callee) ?? "")) return null;
  const d = argument(e, "defval", 0);
  return d?.kind === "StringLit" ? d.value : null;
}

/**
 * Top-level variables declared once from a string input with a literal default and never
 * reassigned: the run's value of the input where `inputs` gives one (a run's inputs are named by
 * the variable an input is declared to), else the default.
 */
function inputDefaults(script: A.Script, inputs: Readonly<Record<string, unknown>> = {}): InputDefaults {
  const declared = new Map<string, number>();
  const reassigned = new Set<string>();
  forEachNode(script, (n) => {
    if (n.kind === "VarDecl") declared.set(n.name.name, (declared.get(n.name.name) ?? 0) + 1);
    else if (n.kind === "Assign" && n.target.kind === "Identifier") reassigned.add(n.target.name);
  });
  const out = new Map<string, string>();
  for (const s of script.body) {
    if (s.kind !== "VarDecl" || s.mode !== "none" || declared.get(s.name.name) !== 1 || reassigned.has(s.name.name)) continue;
    const d = inputDefault(s.init);
    const given = Object.hasOwn(inputs, s.name.name) ? inputs[s.name.name] : undefined;
    if (d !== null) out.set(s.name.name, typeof given === "string" ? given : d);
  }
  return out;
}

function dotted(e: A.Expr): string | null {
  if (e.kind === "Identifier") return e.name;
  if (e.kind === "Member") {
    const o = dotted(e.object);
    return o === null ? null : `${o}.${e.property.name}`;
  }
  return null;
}

/**
 * A constant string argument: a literal, or the chart's own ticker identifier, ticker, prefix or
 * timeframe; with `defaults`, also a string input's literal default.
 */
function constant(e: A.Expr | undefined, chart: ChartSymbol, defaults: InputDefaults = NO_DEFAULTS): string | null {
  if (e === undefined) return "";
  if (e.kind === "StringLit") return e.value;
  if (e.kind === "Identifier" && defaults.has(e.name)) return defaults.get(e.name)!;
  if (defaults !== NO_DEFAULTS && inputDefault(e) !== null) return inputDefault(e);
  const name = dotted(e);
  if (name === "syminfo.tickerid" || name === "syminfo.main_tickerid") return instrumentTickerId(chart);
  if (name === "syminfo.ticker") return chart.ticker;
  if (name === "syminfo.prefix") return chart.prefix ?? "";
  if (name === "timeframe.period") return "";
  // ticker.standard(symbol) is symbol itself here (stdlib/syminfo.ts), the chart's ticker identifier by default
  if (e.kind === "Call" && dotted(e.callee) === "ticker.standard") return e.args.length === 0 ? instrumentTickerId(chart) : constant(e.args[0]?.value, chart, defaults);
  // ticker.modify(id, ...) is id, ticker.new(prefix, ticker, ...) is prefix:ticker (stdlib/syminfo.ts)
  if (e.kind === "Call" && dotted(e.callee) === "ticker.modify") return constant(argument(e, "tickerid", 0), chart, defaults);
  if (e.kind === "Call" && dotted(e.callee) === "ticker.inherit") {
    const from = constant(argument(e, "from_tickerid", 0), chart, defaults);
    const symbol = constant(argument(e, "symbol", 1), chart, defaults);
    return from === null ? null : tickerInherit(from, symbol);
  }
  if (e.kind === "Call" && dotted(e.callee) === "ticker.heikinashi") {
    const symbol = constant(argument(e, "symbol", 0), chart, defaults);
    return symbol === null ? null : heikinAshiTicker(symbol);
  }
  if (e.kind === "Call" && dotted(e.callee) === "ticker.new") {
    const prefix = argument(e, "prefix", 0);
    const ticker = argument(e, "ticker", 1);
    return prefix === undefined || ticker === undefined ? null : tickerId(constant(prefix, chart, defaults), constant(ticker, chart, defaults));
  }
  return null;
}

function argument(c: A.Call, name: string, position: number): A.Expr | undefined {
  const named = c.args.find((a) => a.name?.name === name);
  if (named) return named.value;
  const positional = c.args.filter((a) => a.name === null);
  return positional[position]?.value;
}

/** Whether a statement imports another script's library (TradingView's ta library has no requests of its own here). */
function importsLibrary(s: A.Stmt): boolean {
  return s.kind === "ImportDecl" && s.source.kind === "library" && !(s.source.owner === "TradingView" && s.source.slug === "ta");
}

/**
 * The contexts every request.* call of `files` names; the chart's own context is left out. With a
 * run's `inputs`, a site named by a string input lists the run's value instead of the default.
 */
export function scriptRequests(files: readonly SourceFile[], chart: ChartSymbol, inputs: Readonly<Record<string, unknown>> = {}): ScriptRequests {
  const found = new Map<string, RequestedContext>();
  let dynamic = false;
  for (const f of files) {
    const declared = f.content.includes("timeframe");
    // "request": request.* calls and the ta library's requestUpAndDownVolume / requestVolumeDelta
    if (!f.content.includes("request") && !declared && !f.content.includes("import")) continue;
    const { script } = parse(f.path, f.content);
    // an imported library's functions may request contexts (the symbol and timeframe their
    // callers pass): its source is not among `files`, so they are found as the script runs
    if (script.body.some(importsLibrary)) dynamic = true;
    // indicator(timeframe = "W"): the script runs on the chart symbol's bars of that timeframe
    const own = declared ? scriptTimeframeOf(script) : null;
    const ownTf = own ? storeTimeframe(own.timeframe, chart.timeframe) : null;
    if (ownTf && "tf" in ownTf && ownTf.tf !== chart.timeframe) found.set(`${chart.ticker}@${ownTf.tf}`, { symbol: chart.ticker, timeframe: ownTf.tf });
    const aliases = tradingViewTaAliases(script);
    const names = staticNames(script, chart, inputs);
    const fromChart = withoutDynamicRequestsIn(script); // each request made as from the chart (docs/adr/0329)
    const add = (name: string | null, a: string, b: string): void => {
      const isRate = name === "request.currency_rate";
      if (isRate && a === b) return;
      const symbol = isRate ? `${a}${b}` : requestSymbol(a, chart);
      const tf = storeTimeframe(isRate ? "" : b, chart.timeframe);
      if ("error" in tf) return;
      if (symbol === chart.ticker && tf.tf === chart.timeframe) return;
      found.set(`${symbol}@${tf.tf}`, { symbol, timeframe: tf.tf });
    };
    // the requests written in a constant request's expression, listed in the outer call's context
    const nested = new Set<A.Node>();
    for (const s of script.body) {
      const within = s.kind === "FunctionDecl" ? s : null;
      forEachNode(s, (n) => {
        if (n.kind !== "Call" || nested.has(n)) return;
        const site = requestSite(n, aliases);
        if (!site) return;
        const symbol = site.symbol === null ? chart.ticker : constant(site.symbol, chart);
        const timeframe = constant(site.timeframe, chart);
        if (symbol !== null && timeframe !== null) {
          if (site.name === "request.security") nestedContexts(n, fromChart ? chart : outerChart(symbol, timeframe, chart), names, aliases, add, nested, fromChart);
          return add(site.name, symbol, timeframe);
        }
        // a site named by inputs, parameters or variables is dynamic (a run may set them) and
        // listed with the values the source shows them taking
        dynamic = true;
        const sym: Arg = symbol !== null ? { value: symbol, within } : { expr: site.symbol ?? undefined, within };
        for (const [a, b] of sitePairs(sym, { expr: site.timeframe, within }, names)) if (found.size < MAX_LISTED) add(site.name, a, b);
      });
    }
  }
  return { contexts: [...found.values()], dynamic };
}

/** The context a constant request names, as the chart a request inside its expression runs on; null when its timeframe is not stored. */
function outerChart(symbol: string, timeframe: string, chart: ChartSymbol): ChartSymbol | null {
  const tf = storeTimeframe(timeframe, chart.timeframe);
  if ("error" in tf) return null;
  const own = requestSymbol(symbol, chart) === chart.ticker;
  const { prefix, ticker } = splitTickerId(symbol);
  return own ? { ...chart, timeframe: tf.tf } : { ticker, ...(prefix ? { prefix } : {}), timeframe: tf.tf };
}

/**
 * The contexts of the requests written in request.security call `outer`'s expression, directly or
 * in a function it calls (declared once), named as the outer call's context resolves them: a
 * request made while another's expression is evaluated requests from the outer call's context, so
 * `syminfo.tickerid` and `""` are its symbol and timeframe there (docs/adr/0296); without dynamic
 * requests (`fromChart`, docs/adr/0329) the chart's. Those with computed arguments are left to the run.
 */
function nestedContexts(outer: A.Call, at: ChartSymbol | null, names: StaticNames, aliases: ReadonlySet<string>, add: (name: string | null, symbol: string, timeframe: string) => void, written: Set<A.Node>, fromChart: boolean, open: Set<A.FunctionDecl> = new Set(), followed: Set<string> = new Set()): void {
  const expr = argument(outer, "expression", 2);
  if (at === null || expr === undefined) return;
  const done = new Set<string>();
  const visit = (x: A.Node): void => {
    // a variable the expression reads: the requests its values hold are made from the outer call's context too (docs/adr/0307)
    if (x.kind === "Identifier" && !followed.has(x.name) && !done.has(x.name)) {
      done.add(x.name);
      followed.add(x.name);
      for (const e of names.definitions.get(x.name) ?? []) visit(e);
      followed.delete(x.name);
    }
    if (x.kind === "Call") {
      const site = requestSite(x, aliases);
      if (site) {
        // written in the expression itself (not in a function body): listed here only
        if (open.size === 0 && followed.size === 0) written.add(x);
        const given = site.symbol === null ? "" : constant(site.symbol, at);
        const timeframe = constant(site.timeframe, at);
        const tf = storeTimeframe(timeframe ?? "", at.timeframe);
        if (given === null || timeframe === null || "error" in tf) return;
        const symbol = given === "" ? instrumentTickerId(at) : given;
        add(site.name, symbol, tf.tf);
        if (site.name === "request.security") nestedContexts(x, fromChart ? at : outerChart(symbol, tf.tf, at), names, aliases, add, written, fromChart, open, followed);
        return;
      }
      const fn = names.functions.get(dotted(x.callee) ?? "");
      if (fn !== undefined && !open.has(fn)) {
        open.add(fn);
        forEachChild(fn, visit);
        open.delete(fn);
      }
    }
    forEachChild(x, visit);
  };
  visit(expr);
}

/** Contexts listed at most from values the source shows (TradingView's limit of requested contexts a script). */
const MAX_LISTED = 40;

/** What the source shows of names a request's arguments use beyond literals (namedValues reads them). */
interface StaticNames {
  chart: ChartSymbol;
  /** Top-level variables declared once from a string input with a literal default and never reassigned. */
  defaults: InputDefaults;
  /** Top-level variables declared once (no parameter, loop variable or other variable has the name) from a string literal, never reassigned. */
  literals: ReadonlyMap<string, string>;
  /** Top-level variables declared once and never reassigned from a `switch` or `?:` (folded by settledValue). */
  settled: ReadonlyMap<string, A.Expr>;
  /** Top-level variables declared once from `input.bool` with a literal default: the run's value, else the default. */
  flags: ReadonlyMap<string, boolean>;
  /** Functions declared once (methods aside) and their calls, each with the function it is in (null: the top level). */
  functions: ReadonlyMap<string, A.FunctionDecl>;
  calls: ReadonlyMap<string, ReadonlyArray<{ call: A.Call; within: A.FunctionDecl | null }>>;
  /** Per variable name, the values it is declared or assigned from anywhere in the script (nestedContexts follows them). */
  definitions: ReadonlyMap<string, readonly A.Expr[]>;
}

function staticNames(script: A.Script, chart: ChartSymbol, inputs: Readonly<Record<string, unknown>>): StaticNames {
  const declared = new Map<string, number>();
  const count = (name: string): void => void declared.set(name, (declared.get(name) ?? 0) + 1);
  const reassigned = new Set<string>();
  const fnCount = new Map<string, number>();
  forEachNode(script, (n) => {
    if (n.kind === "VarDecl" || n.kind === "Param") count(n.name.name);
    else if (n.kind === "TupleDecl") {
      for (const x of n.names) if (x) count(x.name);
    } else if (n.kind === "For") count(n.counter.name);
    else if (n.kind === "ForIn") {
      for (const x of [n.index, n.item]) if (x) count(x.name);
    } else if (n.kind === "Assign" && n.target.kind === "Identifier") reassigned.add(n.target.name);
    else if (n.kind === "FunctionDecl" && !n.isMethod) fnCount.set(n.name.name, (fnCount.get(n.name.name) ?? 0) + 1);
  });
  const once = (name: string): boolean => declared.get(name) === 1 && !reassigned.has(name);
  const literals = new Map<string, string>();
  const settled = new Map<string, A.Expr>();
  const flags = new Map<string, boolean>();
  const functions = new Map<string, A.FunctionDecl>();
  for (const s of script.body) {
    if (s.kind === "FunctionDecl" && !s.isMethod && fnCount.get(s.name.name) === 1) functions.set(s.name.name, s);
    if (s.kind !== "VarDecl" || s.mode === "varip" || !once(s.name.name)) continue;
    const name = s.name.name;
    if (s.init.kind === "StringLit") literals.set(name, s.init.value);
    if (s.init.kind === "Switch" || s.init.kind === "Ternary") settled.set(name, s.init);
    const d = s.init.kind === "Call" && dotted(s.init.callee) === "input.bool" ? argument(s.init, "defval", 0) : undefined;
    const given = Object.hasOwn(inputs, name) ? inputs[name] : undefined;
    if (d?.kind === "BoolLit") flags.set(name, typeof given === "boolean" ? given : d.value);
  }
  const calls = new Map<string, Array<{ call: A.Call; within: A.FunctionDecl | null }>>();
  for (const s of script.body) {
    const within = s.kind === "FunctionDecl" ? s : null;
    forEachNode(s, (n) => {
      if (n.kind !== "Call" || n.callee.kind !== "Identifier" || !functions.has(n.callee.name)) return;
      const list = calls.get(n.callee.name) ?? [];
      list.push({ call: n, within });
      calls.set(n.callee.name, list);
    });
  }
  return { chart, defaults: inputDefaults(script, inputs), literals, settled, flags, functions, calls, definitions: variableDefinitions(script, functions, calls) };
}

/** A request's symbol or timeframe argument (absent: the chart's), read in the function it is in (null: the top level); or its known value. */
interface Arg {
  expr?: A.Expr | undefined;
  value?: string;
  within: A.FunctionDecl | null;
}

/** The parameter of its function an argument is (not declared again in the function's body), or -1. */
function paramOf(a: Arg): number {
  const e = a.expr;
  if (a.value !== undefined || a.within === null || e?.kind !== "Identifier") return -1;
  const k = a.within.params.findIndex((p) => p.name.name === e.name);
  return k >= 0 && !declaredIn(a.within.body, e.name) ? k : -1;
}

/**
 * The symbol and timeframe pairs a request site takes that the source shows. A parameter of the
 * function the site is in takes, at each call of that function, its argument there (or the
 * parameter's default), read in the caller: both arguments at the same call, so `f("MSFT", "D")`
 * and `f("AAPL", "W")` are two pairs, not four. Other arguments are read by namedValues.
 */
function sitePairs(sym: Arg, tf: Arg, n: StaticNames, depth = 0): Array<[string, string]> {
  if (depth > 4) return [];
  const ks = paramOf(sym);
  const kt = paramOf(tf);
  const fn = ks >= 0 ? sym.within : kt >= 0 ? tf.within : null;
  if (fn === null) {
    const out: Array<[string, string]> = [];
    const timeframes = valuesOf(tf, n);
    for (const a of valuesOf(sym, n)) for (const b of timeframes) out.push([a, b]);
    return out;
  }
  const out: Array<[string, string]> = [];
  for (const { call, within } of n.calls.get(fn.name.name) ?? []) {
    const at = (a: Arg, k: number): Arg | null => {
      if (k < 0) return a;
      const p = fn.params[k]!;
      const e = argument(call, p.name.name, k) ?? p.defaultValue ?? undefined;
      return e === undefined ? null : { expr: e, within };
    };
    const s = at(sym, ks);
    const t = at(tf, kt);
    if (s !== null && t !== null) out.push(...sitePairs(s, t, n, depth + 1));
  }
  return out;
}

function valuesOf(a: Arg, n: StaticNames): readonly string[] {
  return a.value !== undefined ? [a.value] : namedValues(a.expr, a.within, n);
}

/**
 * The values an argument that is not a parameter takes that the source shows: a constant, an
 * input's literal default, a variable declared from a literal. Values the source does not show are
 * left out (the run finds them as it evaluates).
 */
function namedValues(e: A.Expr | undefined, within: A.FunctionDecl | null, n: StaticNames, depth = 0): readonly string[] {
  if (e === undefined) return [""];
  // a parameter reaching here is declared again in its function: its value is not known
  if (e.kind === "Identifier" && within?.params.some((p) => p.name.name === e.name)) return [];
  const c = constant(e, n.chart, n.defaults);
  if (c !== null) return [c];
  const literal = e.kind === "Identifier" ? n.literals.get(e.name) : undefined;
  if (literal !== undefined) return [literal];
  const folded = e.kind === "Identifier" && n.settled.has(e.name) ? settledValue(n.settled.get(e.name)!, n, depth + 1) : null;
  return typeof folded === "string" ? [folded] : [];
}

/** The chart's `timeframe.is*` flags, from its store timeframe (seconds and ticks are not stored). */
function chartFlag(name: string, tf: string): boolean | null {
  const daily = tf.endsWith("d");
  const weekly = tf.endsWith("w");
  const monthly = tf.endsWith("M");
  const minutes = !daily && !weekly && !monthly;
  switch (name) {
    case "timeframe.isseconds":
    case "timeframe.isticks":
      return false;
    case "timeframe.isminutes":
    case "timeframe.isintraday":
      return minutes;
    case "timeframe.isdaily":
      return daily;
    case "timeframe.isweekly":
      return weekly;
    case "timeframe.ismonthly":
      return monthly;
    case "timeframe.isdwm":
      return !minutes;
    default:
      return null;
  }
}

/**
 * The value of a top-level `switch` or `?:` that the chart and the inputs settle (TradingView's own
 * lower-timeframe tools: `switch` / `timeframe.isintraday => "1"` / `timeframe.isdaily => "5"` / `=> "60"`;
 * `useCustom ? customTf : timeframe.period`): a string, a bool, or null where anything is not known.
 */
function settledValue(e: A.Expr | undefined, n: StaticNames, depth: number): string | boolean | null {
  if (e === undefined || depth > 8) return null;
  switch (e.kind) {
    case "BoolLit":
      return e.value;
    case "Identifier": {
      const flag = n.flags.get(e.name);
      if (flag !== undefined) return flag;
      const values = namedValues(e, null, n, depth + 1);
      return values.length === 1 ? values[0]! : null;
    }
    case "Member": {
      const name = dotted(e);
      const flag = name === null ? null : chartFlag(name, n.chart.timeframe);
      return flag !== null ? flag : (constant(e, n.chart, n.defaults) ?? null);
    }
    case "Unary": {
      const v = settledValue(e.operand, n, depth + 1);
      return e.op === "not" && typeof v === "boolean" ? !v : null;
    }
    case "Binary": {
      if (e.op !== "and" && e.op !== "or") return null;
      const a = settledValue(e.left, n, depth + 1);
      const b = settledValue(e.right, n, depth + 1);
      if (typeof a !== "boolean" || typeof b !== "boolean") return null;
      return e.op === "and" ? a && b : a || b;
    }
    case "Ternary": {
      const c = settledValue(e.cond, n, depth + 1);
      return typeof c === "boolean" ? settledValue(c ? e.then : e.else, n, depth + 1) : null;
    }
    case "Switch": {
      if (e.subject !== null) return null;
      for (const c of e.cases) {
        const t = c.test === null ? true : settledValue(c.test, n, depth + 1);
        if (typeof t !== "boolean") return null;
        if (!t) continue;
        const last = c.body.body[c.body.body.length - 1];
        return last?.kind === "ExprStmt" ? settledValue(last.expr, n, depth + 1) : null;
      }
      return null;
    }
    default:
      return constant(e, n.chart, n.defaults) ?? null;
  }
}

/** Whether a function's body declares `name` again (a local then shadows the parameter). */
function declaredIn(body: A.Block, name: string): boolean {
  let found = false;
  forEachNode(body, (x) => {
    if ((x.kind === "VarDecl" && x.name.name === name) || (x.kind === "TupleDecl" && x.names.some((y) => y?.name === name)) || (x.kind === "For" && x.counter.name === name) || (x.kind === "ForIn" && (x.item.name === name || x.index?.name === name))) found = true;
  });
  return found;
}
