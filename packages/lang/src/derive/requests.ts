// The contexts a script's request.* calls name with constant arguments, read from its source
// before it runs, so that the worker fetches their bars in one read each before evaluation. A
// call whose symbol or timeframe is computed (an input, a variable, a loop) is dynamic: its
// contexts are found as the script runs (evaluate()'s `missingContexts`) and fetched then. One named
// by an input's literal default (`sym = input.symbol("AMEX:SPY")`) is dynamic too, and the default's
// context is listed as well: a run with the default inputs then has it before its first evaluation.

import { parse } from "../language/parser";
import { forEachNode } from "../language/visit";
import type * as A from "../language/ast";
import { storeTimeframe } from "../stdlib/request/timeframes";
import { heikinAshiTicker, tickerInherit } from "../stdlib/heikin-ashi";
import { instrumentTickerId, tickerId, type TickerParts } from "../stdlib/ticker-id";
import { requestSymbol } from "../stdlib/request/timeframes";
import { scriptTimeframeOf } from "../script-timeframe";
import { INTRABAR_REQUEST_NAMES } from "../stdlib/ta/tv-library/intrabar";
import type { SourceFile } from "../types";

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

/** A request site's name and its symbol and timeframe (null where not constant); undefined for a call that requests nothing. */
interface RequestSite {
  /** The request.* function; null for a ta library call (the chart's symbol at its lower timeframe). */
  name: string | null;
  symbol: string | null;
  timeframe: string | null;
}

function requestSite(c: A.Call, aliases: ReadonlySet<string>, chart: ChartSymbol, defaults: InputDefaults = NO_DEFAULTS): RequestSite | undefined {
  const name = dotted(c.callee);
  if (name === null) return undefined;
  const dot = name.indexOf(".");
  if (dot > 0 && aliases.has(name.slice(0, dot)) && INTRABAR_REQUEST_NAMES.has(name.slice(dot + 1))) {
    return { name: null, symbol: chart.ticker, timeframe: constant(argument(c, "lowerTimeframe", 0), chart, defaults) };
  }
  const params = REQUESTS[name];
  if (!params) return undefined;
  return { name, symbol: constant(argument(c, params[0], 0), chart, defaults), timeframe: constant(argument(c, params[1] ?? "", 1), chart, defaults) };
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

/** Top-level variables declared once from a string input with a literal default and never reassigned. */
function inputDefaults(script: A.Script): InputDefaults {
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
    if (d !== null) out.set(s.name.name, d);
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

/** The contexts every request.* call of `files` names; the chart's own context is left out. */
export function scriptRequests(files: readonly SourceFile[], chart: ChartSymbol): ScriptRequests {
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
    const defaults = inputDefaults(script);
    forEachNode(script, (n) => {
      if (n.kind !== "Call") return;
      const written = requestSite(n, aliases, chart);
      if (!written) return;
      // a site named by inputs is dynamic (a run may set them) and listed with their defaults
      const computed = written.symbol === null || written.timeframe === null;
      if (computed) dynamic = true;
      const site = computed ? requestSite(n, aliases, chart, defaults)! : written;
      const { name, symbol: a, timeframe: b } = site;
      if (a === null || b === null) return;
      const isRate = name === "request.currency_rate";
      if (isRate && a === b) return;
      const symbol = isRate ? `${a}${b}` : requestSymbol(a, chart);
      const tf = storeTimeframe(isRate ? "" : b, chart.timeframe);
      if ("error" in tf) return;
      if (symbol === chart.ticker && tf.tf === chart.timeframe) return;
      found.set(`${symbol}@${tf.tf}`, { symbol, timeframe: tf.tf });
    });
  }
  return { contexts: [...found.values()], dynamic };
}
