// request.*: other symbols and timeframes. The records compile a request to a read of the
// evaluation's RequestHost (host.ts), which evaluates the expression in the requested context;
// while the script runs over a context's bars (capture), the same code records the expression's
// value instead. The request built-ins TradingView backs with data this service does not hold are
// known and refused with the data they would need.

import { builtinFunction, constants, type CallEmit, type ValueKind } from "../../builtins/record";
import { RELATIVE_SYMBOL, RELATIVE_TIMEFRAME } from "./values";
import { RequestSite, type BarField } from "./site";

export { RequestHost, type ContextBars, type MissingContext, type CaptureRun } from "./host";
export { RequestSite, type BarField, type Column } from "./site";
export { alignBars, intrabarRanges } from "./align";
export { contextKey, storeTimeframe, storeSeconds, requestSymbol } from "./timeframes";

/**
 * The na a request gives before its context has a value: a tuple's (also a user function's) is an
 * array of na elements, made once per site `st` (compiled code only reads a tuple's elements, as it
 * reads the tuples a request returns: host.ts security).
 */
function naOf(b: CallEmit, expr: string, st: string): string {
  // each value its own kind's na: an array, string or object value of a tuple is null, so a method
  // called on it is the runtime's "na" error (a NaN there was walked as an array and crashed)
  const kinds = b.tupleKinds("expression");
  if (kinds !== null) return `(${st}.na ??= [${kinds.map(naOfKind).join(", ")}])`;
  if (/^\[|^\$tup_/.test(expr)) return `(${st}.na ??= $rt.req.naTuple(${(expr.match(/,/g) ?? []).length + 1}))`;
  return naOfKind(b.kind("expression"));
}

function naOfKind(k: ValueKind): string {
  return k === "num" ? "NaN" : k === "bool" ? "false" : "null";
}

/** The site's state and key: its state slot and expression make the key shared by every context's run. */
function site(b: CallEmit, expr: string): string {
  const st = b.state(RequestSite);
  return `${st}, ${JSON.stringify(`${st}|${expr}`)}`;
}

/** Capture mode: the site records the expression's value per context bar (numbers in a typed column, tuples in a column per element). */
function capture(b: CallEmit, id: string, expr: string): string {
  const tuple = b.tupleKinds("expression") !== null || /^\[|^\$tup_/.test(expr);
  if (tuple) return `$rt.req.captureTuple(${id}, $i, $C.length, ${expr})`;
  return b.kind("expression") === "num" ? `$rt.req.captureNum(${id}, $i, $C.length, ${expr})` : `$rt.req.capture(${id}, $i, ${expr})`;
}

/**
 * Which of the site's symbol and timeframe name the context the call executes in (`""`,
 * `syminfo.tickerid`, `timeframe.period`), as bits (host.ts RELATIVE_*): without dynamic requests a
 * nested or fed site reads them as the chart's (docs/adr/0329).
 */
function relative(b: CallEmit): number {
  const sym = b.a("symbol");
  const tf = b.a("timeframe");
  return (sym === '""' || sym === "$rt.tickerid" ? RELATIVE_SYMBOL : 0) | (tf === '""' || tf === "$rt.tf.period" ? RELATIVE_TIMEFRAME : 0);
}

/** A barmerge option given (a constant compiles to its member name): true when it is `on`. */
function option(b: CallEmit, param: string, on: string): string {
  return b.has(param) ? `$rt.req.isOption(${b.a(param)}, ${JSON.stringify(on)})` : "false";
}

/** An option's value as `true`/`false` when the argument is a constant (a literal or `barmerge.*`), else `js`. */
function constantOption(b: CallEmit, param: string, on: string, js: string): string {
  if (!b.has(param)) return js;
  const v = b.lit(param);
  return typeof v === "string" ? String(v === on || v === `barmerge.${on}`) : js;
}

/** A non-na `currency` other than the requested instrument's own asks for a conversion the service cannot make (no exchange rates are stored). */
function noCurrency(b: CallEmit): string {
  return b.has("currency") ? `($rt.req.noCurrency(${b.a("currency")}, ${b.a("symbol")}), ` : "(";
}

export const barmerge = constants("barmerge", "string", ["gaps_on", "gaps_off", "lookahead_on", "lookahead_off"], "A `request.security` option: gaps (`na` between new values) and lookahead (the period's final value on each of its bars).");

/** JavaScript that reads the same value every time it is evaluated (a name, a literal). */
const SIMPLE = /^(?:[\w$.]+|"(?:[^"\\]|\\.)*")$/;

/**
 * A numeric request whose symbol and timeframe are plain names or literals and whose options are
 * fixed: the site's per-bar values are resolved once (RequestHost.securityNum) and read directly.
 */
function numericRead(b: CallEmit, id: string, st: string, expr: string, gaps: string, look: string, field: BarField | null): string | null {
  if (b.kind("expression") !== "num" || /^\[|^\$tup_/.test(expr)) return null;
  if ((gaps !== "false" && gaps !== "true") || (look !== "false" && look !== "true")) return null;
  const sym = b.a("symbol");
  const tf = b.a("timeframe");
  if (!SIMPLE.test(sym) || !SIMPLE.test(tf)) return null;
  const args = `${id}, $i, ${sym}, ${tf}, ${gaps}, ${look}, ${b.a("ignore_invalid_symbol", "false")}`;
  const count = b.has("calc_bars_count") ? `, ${b.a("calc_bars_count")}` : "";
  const slow = field === null ? `$rt.req.securityNum(${args}${count})` : `$rt.req.securityBars(${args}, ${JSON.stringify(field)}${count})`;
  // `+`: the slow path's result is a number; said so, V8 keeps the site's value unboxed (without
  // it, the typed read merged with a call's result was boxed on every bar)
  return `(${st}.aligned !== null && ${st}.symbol === ${sym} && ${st}.timeframe === ${tf} ? ${st}.aligned[$i] : +${slow})`;
}

/** The bar column a bare `open`/`high`/`low`/`close`/`volume` argument compiles to. */
const BAR_FIELDS: Readonly<Record<string, BarField>> = { $O: "open", $H: "high", $L: "low", $C: "close", $V: "volume" };

/** How codegen found a request.security call's expression (codegen/builtin-calls.ts). */
export interface SecurityForm {
  /** A bar column no earlier statement of a context's run can keep from being recorded (codegen/slice.ts directRequests). */
  direct: boolean;
  /** It reads only the bars (codegen/own-context.ts): on the chart's own bars it is evaluated in place. */
  barsOnly: boolean;
  /** Another request's expression may read its result (codegen/request-feeds.ts): a context's run nests it even at the top of the script (docs/adr/0307). */
  feeds: boolean;
}

/**
 * request.security. A site whose expression reads only the bars evaluates it in place while its
 * context is the chart's own bars (RequestHost.ownBars), instead of reading a run over them.
 */
function emitSecurity(b: CallEmit, form: SecurityForm): string {
  const expr = b.a("expression");
  const id = site(b, expr);
  const gaps = option(b, "gaps", "gaps_on");
  const look = option(b, "lookahead", "lookahead_on");
  const column = form.direct && !b.has("currency") ? b.column("expression") : null;
  const field = column !== null && Object.prototype.hasOwnProperty.call(BAR_FIELDS, column) ? BAR_FIELDS[column]! : null;
  const count = b.has("calc_bars_count") ? `, ${b.a("calc_bars_count")}` : "";
  const inPlace = form.barsOnly && !b.has("currency") ? `$rt.req.ownBars(${id.slice(0, id.indexOf(","))}, ${b.a("symbol")}, ${b.a("timeframe")}${count}) ? ${expr} : ` : "";
  // capture: the expression is evaluated one level deeper, so a request inside it is nested (docs/adr/0296)
  // the value first: it records even where the arguments naming the context fail in a context's run (docs/adr/0314)
  const recorded = `$rt.req.nested(${id}, $i, ${form.feeds}, $rt.req.left(${id.slice(0, id.indexOf(","))}, ($rt.req.depth++, ${capture(b, id, expr)})), ${b.a("symbol")}, ${b.a("timeframe")}, ${gaps}, ${look}, ${b.a("ignore_invalid_symbol", "false")}, ${naOf(b, expr, id.slice(0, id.indexOf(",")))}, ${relative(b)}${count})`;
  const fast = numericRead(b, id, id.slice(0, id.indexOf(",")), expr, constantOption(b, "gaps", "gaps_on", gaps), constantOption(b, "lookahead", "lookahead_on", look), field);
  if (fast !== null) return `${noCurrency(b)}$rt.req.capturing ? ${recorded} : ${inPlace}${fast})`;
  const read = `$rt.req.security(${id}, $i, ${b.a("symbol")}, ${b.a("timeframe")}, ${gaps}, ${look}, ${b.a("ignore_invalid_symbol", "false")}, ${naOf(b, expr, id.slice(0, id.indexOf(",")))}${count})`;
  return `${noCurrency(b)}$rt.req.capturing ? ${recorded} : ${inPlace}${read})`;
}

/** The code of a request.security call whose expression codegen examined (`form`). */
export function securityOf(b: CallEmit, form: SecurityForm): string {
  return emitSecurity(b, form);
}

export const security = builtinFunction({
  sig: "request.security(symbol: series string, timeframe: series string, expression: series R, gaps: simple string = barmerge.gaps_off, lookahead: simple string = barmerge.lookahead_off, ignore_invalid_symbol: input bool = false, currency: series string = na, calc_bars_count: simple int = na): series R",
  doc: "The value of `expression` evaluated on another symbol and/or timeframe (`\"\"` for the chart's): on historical bars with lookahead off, a higher timeframe's value appears on the last chart bar of its period.",
  stateful: true,
  emit: (b) => emitSecurity(b, { direct: false, barsOnly: false, feeds: false }),
});

/**
 * request.security_lower_tf; `feeds`: another request's expression may read its result
 * (codegen/request-feeds.ts), so a context's run nests it even at the top of the script (docs/adr/0307).
 */
export function lowerTfOf(b: CallEmit, feeds: boolean): string {
  const expr = b.a("expression");
  const id = site(b, expr);
  const values = `$rt.req.lowerTf(${id}, $i, ${b.a("symbol")}, ${b.a("timeframe")}, ${b.a("ignore_invalid_symbol", "false")}, ${b.a("ignore_invalid_timeframe", "false")}${b.has("calc_bars_count") ? `, ${b.a("calc_bars_count")}` : ""})`;
  const size = b.tupleKinds("expression")?.length ?? null;
  const read = size === null ? values : `$rt.req.lowerTfTuple(${values}, ${size})`;
  // capture: nested in another request's expression, it reads its intrabars of the outer context (docs/adr/0296)
  const own = `$rt.req.left(${id.slice(0, id.indexOf(","))}, ($rt.req.depth++, $rt.req.lowerTfOwnBar(${capture(b, id, expr)}, ${size ?? 0})))`;
  const recorded = `$rt.req.nestedLowerTf(${id}, $i, ${feeds}, ${own}, ${b.a("symbol")}, ${b.a("timeframe")}, ${b.a("ignore_invalid_symbol", "false")}, ${b.a("ignore_invalid_timeframe", "false")}, ${size ?? 0}, ${relative(b)}${b.has("calc_bars_count") ? `, ${b.a("calc_bars_count")}` : ""})`;
  return `${noCurrency(b)}$rt.req.capturing ? ${recorded} : ${read})`;
}

export const securityLowerTf = builtinFunction({
  sig: "request.security_lower_tf(symbol: series string, timeframe: series string, expression: series R, ignore_invalid_symbol: series bool = false, currency: series string = na, ignore_invalid_timeframe: series bool = false, calc_bars_count: simple int = na): array<R>",
  doc: "An array of `expression`'s values on every bar of a lower timeframe inside the chart bar (oldest first); of a tuple expression, a tuple of such arrays.",
  stateful: true,
  emit: (b) => lowerTfOf(b, false),
});

export const currencyRate = builtinFunction({
  sig: "request.currency_rate(from: series string, to: series string, ignore_invalid_currency: series bool = false): series float",
  doc: "The rate converting `from` into `to` (the close of the instrument `FROMTO` at the chart's timeframe); 1 for the same currency, na with a runtime error when no such pair is stored.",
  stateful: true,
  emit: (b) => {
    const from = b.a("from");
    const to = b.a("to");
    const id = site(b, "$C[$i]");
    const read = `$rt.req.security(${id}, $i, $rt.concat(${from}, ${to}), "", false, false, ${b.a("ignore_invalid_currency", "false")}, NaN)`;
    return `($rt.req.capturing ? $rt.req.captureNum(${id}, $i, $C.length, $C[$i]) : ${from} === ${to} ? 1 : ${read})`;
  },
});

/** request.* TradingView backs with data this service does not store: refused, naming that data. */
function refused(sig: string, data: string): ReturnType<typeof builtinFunction> {
  const name = sig.slice(0, sig.indexOf("("));
  return builtinFunction({ sig, doc: `Not supported: needs ${data}.`, pending: `\`${name}\` is not supported: it needs ${data}, which this service does not store.` });
}

export const refusedRequests = [
  refused("request.footprint(ticks_per_row: simple int, va_percent: simple int = 70, imbalance_percent: simple int = 300): series float", "volume footprint (tick) data"),
  refused("request.dividends(ticker: simple string, field: simple string = na, gaps: simple string = barmerge.gaps_off, lookahead: simple string = barmerge.lookahead_off, ignore_invalid_symbol: input bool = false, currency: simple string = na): series float", "dividend data"),
  refused("request.earnings(ticker: simple string, field: simple string = na, gaps: simple string = barmerge.gaps_off, lookahead: simple string = barmerge.lookahead_off, ignore_invalid_symbol: input bool = false, currency: simple string = na): series float", "earnings data"),
  refused("request.splits(ticker: simple string, field: simple string, gaps: simple string = barmerge.gaps_off, lookahead: simple string = barmerge.lookahead_off, ignore_invalid_symbol: input bool = false): series float", "stock split data"),
  refused("request.financial(symbol: simple string, financial_id: simple string, period: simple string, gaps: simple string = barmerge.gaps_off, ignore_invalid_symbol: input bool = false, currency: simple string = na): series float", "company financial data"),
  refused("request.economic(country_code: simple string, field: simple string, gaps: simple string = barmerge.gaps_off, ignore_invalid_symbol: input bool = false): series float", "economic data"),
  refused("request.quandl(ticker: simple string, gaps: simple string = barmerge.gaps_off, index: simple int = 0, ignore_invalid_symbol: input bool = false): series float", "Nasdaq Data Link (Quandl) data"),
  refused("request.seed(source: simple string, symbol: simple string, expression: series float, ignore_invalid_symbol: input bool = false, calc_bars_count: simple int = na): series float", "data from user GitHub seed repositories"),
];
