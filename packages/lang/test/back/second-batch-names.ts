// The names the language contract's second batch (docs: "Additions (second batch)", items 1-10)
// names or implies, each with a minimal realistic v6 script that uses it. Written out by hand from
// TradingView's Pine v6 reference (ta.*, math.*, request.*, timeframe.*, syminfo.*, session.*,
// input.*, map.*, matrix.*, array.*, display.*, drawings, chart.*, log.*), never generated from
// the built-in table (that would compare the code with itself). second-batch-names.unit.test.ts
// validates, compiles and evaluates each one over real bars.

/** Which real bars a case runs over: AAPL daily (weekly AAPL and daily MSFT requestable) or SPY hourly (its minutes requestable). */
export type Chart = "daily" | "hourly";

export interface NameCase {
  /** The name the case exercises (a function, variable or constant). */
  name: string;
  /** The script after `//@version=6` and `indicator(...)` (or a whole script when it starts with `//@version`). */
  body: string;
  chart?: Chart;
  /** A runtime error the contract asks for on these bars (its message matches). */
  runtimeError?: RegExp;
  /** The contract gives na on every bar here (an ignored invalid symbol, a missing currency pair). */
  allNa?: boolean;
}

/** Names refused by design: the message must match and carry `code`. */
export interface RefusedCase {
  name: string;
  body: string;
  code: string;
  message: RegExp;
}

const p = (expr: string): string => `plot(${expr})`;

// ---- item 1: request.security, barmerge.* ------------------------------------------------------
const REQUEST: NameCase[] = [
  { name: "request.security", body: p('request.security(syminfo.tickerid, "W", close)') },
  { name: "request.security (symbol string, 1D)", body: p('request.security("MSFT", "1D", close)') },
  { name: "request.security (exchange prefix)", body: p('request.security("NASDAQ:MSFT", "D", close)') },
  { name: "request.security (chart's symbol and timeframe)", body: p('request.security("", "", ta.sma(close, 5))') },
  { name: "request.security (tuple)", body: '[h, l] = request.security("", "W", [high, low])\nplot(h - l)' },
  { name: "request.security (user function)", body: 'f() => ta.ema(close, 3)\nplot(request.security("", "W", f()))' },
  { name: "request.security (every parameter)", body: p('request.security("", "W", close, barmerge.gaps_off, barmerge.lookahead_off, ignore_invalid_symbol = false, calc_bars_count = 100)') },
  { name: "request.security (dynamic symbol)", body: 's = bar_index % 2 == 0 ? "MSFT" : "AAPL"\nplot(request.security(s, "D", close))' },
  { name: "request.security (ignore_invalid_symbol)", body: p('request.security("NOPE", "D", close, ignore_invalid_symbol = true)'), allNa: true },
  { name: "barmerge.lookahead_on", body: p('request.security("", "W", close[1], lookahead = barmerge.lookahead_on)') },
  { name: "barmerge.lookahead_off", body: p('request.security("", "W", close, lookahead = barmerge.lookahead_off)') },
  { name: "barmerge.gaps_on", body: p('request.security("", "W", close, barmerge.gaps_on)') },
  { name: "barmerge.gaps_off", body: p('request.security("", "W", close, barmerge.gaps_off)') },
  { name: "request.security_lower_tf", body: 'a = request.security_lower_tf("", "1", close)\nplot(a.size())', chart: "hourly" },
  { name: "request.currency_rate", body: p('request.currency_rate("USD", "USD")') },
  { name: "request.currency_rate (missing pair)", body: p('request.currency_rate("EUR", "JPY", true)'), allNa: true },
];

// ---- item 3: time and timeframes ------------------------------------------------------------------
const TIME: NameCase[] = [
  { name: "time", body: p("time") },
  { name: "time_close", body: p("time_close") },
  { name: "time(timeframe)", body: p('time("W")') },
  { name: "time(timeframe, session)", body: p('time(timeframe.period, "0930-1600")'), chart: "hourly" },
  { name: "time(timeframe, session, timezone)", body: p('time("60", "0930-1600", "America/New_York")'), chart: "hourly" },
  { name: "time_close(timeframe)", body: p('time_close("W")') },
  { name: "time_close(timeframe, session, timezone)", body: p('time_close("60", "0930-1600", "UTC")'), chart: "hourly" },
  { name: "timeframe.period", body: p('timeframe.period == "D" ? 1 : 0') },
  { name: "timeframe.main_period", body: p('timeframe.main_period == "D" ? 1 : 0') },
  { name: "timeframe.multiplier", body: p("timeframe.multiplier") },
  { name: "timeframe.isseconds", body: p("timeframe.isseconds ? 1 : 0") },
  { name: "timeframe.isminutes", body: p("timeframe.isminutes ? 1 : 0") },
  { name: "timeframe.isticks", body: p("timeframe.isticks ? 1 : 0") },
  { name: "timeframe.isdwm", body: p("timeframe.isdwm ? 1 : 0") },
  { name: "timeframe.isdaily", body: p("timeframe.isdaily ? 1 : 0") },
  { name: "timeframe.isweekly", body: p("timeframe.isweekly ? 1 : 0") },
  { name: "timeframe.ismonthly", body: p("timeframe.ismonthly ? 1 : 0") },
  { name: "timeframe.isintraday", body: p("timeframe.isintraday ? 1 : 0") },
  { name: "timeframe.from_seconds", body: p('timeframe.from_seconds(3600) == "60" ? 1 : 0') },
  { name: "timeframe.in_seconds", body: p('timeframe.in_seconds("W")') },
  { name: "timeframe.change", body: p('timeframe.change("W") ? 1 : 0') },
  { name: "input.timeframe (in a request)", body: 'tf = input.timeframe("W", "Higher timeframe")\nplot(request.security("", tf, close))' },
  { name: "timenow", body: p("timenow > 0 ? 1 : 0") },
];

// ---- syminfo.* and item 4: sessions --------------------------------------------------------------
const SESSION: NameCase[] = [
  { name: "syminfo.session", body: p('syminfo.session == "" ? 0 : 1') },
  { name: "syminfo.ticker", body: p("str.length(syminfo.ticker)") },
  { name: "syminfo.tickerid", body: p("str.length(syminfo.tickerid)") },
  { name: "syminfo.mintick", body: p("syminfo.mintick") },
  { name: "syminfo.timezone", body: p("str.length(syminfo.timezone)") },
  { name: "syminfo.prefix", body: p("str.length(syminfo.prefix)") },
  { name: "syminfo.root", body: p("str.length(syminfo.root)") },
  { name: "syminfo.pointvalue", body: p("syminfo.pointvalue") },
  { name: "syminfo.pricescale", body: p("syminfo.pricescale") },
  { name: "syminfo.minmove", body: p("syminfo.minmove") },
  { name: "input.session (in time())", body: 's = input.session("0930-1600", "Session")\nplot(na(time(timeframe.period, s)) ? 0 : 1)' },
  { name: "session.regular", body: p("na(time(timeframe.period, session.regular)) ? 0 : 1") },
  { name: "session.extended", body: p("na(time(timeframe.period, session.extended)) ? 0 : 1") },
  { name: "session.ismarket", body: p("session.ismarket ? 1 : 0") },
  { name: "session.ispremarket", body: p("session.ispremarket ? 1 : 0") },
  { name: "session.ispostmarket", body: p("session.ispostmarket ? 1 : 0") },
  { name: "session.isfirstbar", body: p("session.isfirstbar ? 1 : 0") },
  { name: "session.islastbar", body: p("session.islastbar ? 1 : 0") },
  { name: "session.isfirstbar_regular", body: p("session.isfirstbar_regular ? 1 : 0") },
  { name: "session.islastbar_regular", body: p("session.islastbar_regular ? 1 : 0") },
];

// ---- item 5: inputs, map.*, matrix.*, array.* ----------------------------------------------------
const INPUT: NameCase[] = [
  { name: "input", body: p("close * input(1.0)") },
  { name: "input.bool", body: p('input.bool(true, "On") ? close : open') },
  { name: "input.int", body: p('ta.sma(close, input.int(14, "Length", minval = 1))') },
  { name: "input.float", body: p('close * input.float(1.5, "Factor", step = 0.5)') },
  { name: "input.string", body: p('input.string("A", "Mode", options = ["A", "B"]) == "A" ? close : open') },
  { name: "input.color", body: p('close, color = input.color(color.red, "Color")') },
  { name: "input.source", body: p('ta.sma(input.source(close, "Source"), 5)') },
  { name: "input.timeframe", body: p('timeframe.in_seconds(input.timeframe("60", "TF"))') },
  { name: "input.symbol", body: p('request.security(input.symbol("MSFT", "Symbol"), "D", close)') },
  { name: "input.session", body: p('str.length(input.session("0930-1600", "S"))') },
  { name: "input.enum", body: 'enum Mode\n    fast = "Fast"\n    slow = "Slow"\nm = input.enum(Mode.fast, "Mode")\nplot(m == Mode.fast ? ta.ema(close, 5) : ta.ema(close, 50))' },
  { name: "input.time", body: p('time >= input.time(timestamp("2010-01-01"), "From") ? 1 : 0') },
  { name: "input.price", body: p('close > input.price(100.0, "Level") ? 1 : 0') },
  { name: "input.text_area", body: p('str.length(input.text_area("a\\nb", "Notes"))') },
];

const MAP: NameCase[] = [
  { name: "map.new", body: 'var m = map.new<string, float>()\nm.put("c", close)\nplot(m.get("c"))' },
  { name: "map.put", body: "m = map.new<int, float>()\nmap.put(m, 1, close)\nplot(map.get(m, 1))" },
  { name: "map.get", body: "m = map.new<int, float>()\nm.put(1, high)\nplot(m.get(1))" },
  { name: "map.contains", body: "m = map.new<int, float>()\nm.put(1, high)\nplot(m.contains(1) ? 1 : 0)" },
  { name: "map.remove", body: "m = map.new<int, float>()\nm.put(1, high)\nplot(m.remove(1))" },
  { name: "map.size", body: "m = map.new<int, float>()\nm.put(1, high)\nm.put(2, low)\nplot(m.size())" },
  { name: "map.keys", body: "m = map.new<int, float>()\nm.put(3, high)\nplot(m.keys().first())" },
  { name: "map.values", body: "m = map.new<int, float>()\nm.put(3, high)\nplot(m.values().sum())" },
  { name: "map.clear", body: "m = map.new<int, float>()\nm.put(3, high)\nm.clear()\nplot(m.size())" },
  { name: "map.copy", body: "m = map.new<int, float>()\nm.put(3, high)\nc = m.copy()\nplot(c.get(3))" },
  { name: "map.put_all", body: "a = map.new<int, float>()\nb = map.new<int, float>()\nb.put(1, close)\na.put_all(b)\nplot(a.get(1))" },
];

const M = "m = matrix.new<float>(2, 2, 0.0)\nm.set(0, 0, close)\nm.set(0, 1, open)\nm.set(1, 0, high)\nm.set(1, 1, low)\n";
const MATRIX_FNS: Array<[string, string]> = [
  ["matrix.new", "plot(m.get(0, 0))"],
  ["matrix.get", "plot(matrix.get(m, 1, 1))"],
  ["matrix.set", "matrix.set(m, 0, 0, 1.0)\nplot(m.get(0, 0))"],
  ["matrix.rows", "plot(m.rows())"],
  ["matrix.columns", "plot(m.columns())"],
  ["matrix.elements_count", "plot(m.elements_count())"],
  ["matrix.row", "plot(m.row(0).sum())"],
  ["matrix.col", "plot(m.col(1).sum())"],
  ["matrix.add_row", "m.add_row(2, array.from(1.0, 2.0))\nplot(m.rows())"],
  ["matrix.add_col", "m.add_col(2, array.from(1.0, 2.0))\nplot(m.columns())"],
  ["matrix.remove_row", "r = m.remove_row(0)\nplot(r.sum())"],
  ["matrix.remove_col", "c = m.remove_col(0)\nplot(c.sum())"],
  ["matrix.avg", "plot(m.avg())"],
  ["matrix.sum", "plot(matrix.sum(m, m).get(0, 0))"],
  ["matrix.diff", "plot(matrix.diff(m, m).get(0, 0))"],
  ["matrix.max", "plot(m.max())"],
  ["matrix.min", "plot(m.min())"],
  ["matrix.median", "plot(m.median())"],
  ["matrix.mode", "plot(m.mode())"],
  ["matrix.mult", "plot(m.mult(m).get(0, 0))"],
  ["matrix.pow", "plot(m.pow(2).get(0, 0))"],
  ["matrix.det", "plot(m.det())"],
  ["matrix.inv", "plot(m.inv().get(0, 0))"],
  ["matrix.pinv", "plot(m.pinv().get(0, 0))"],
  ["matrix.rank", "plot(m.rank())"],
  ["matrix.trace", "plot(m.trace())"],
  ["matrix.transpose", "plot(m.transpose().get(0, 1))"],
  ["matrix.copy", "plot(m.copy().get(1, 0))"],
  ["matrix.concat", "plot(m.copy().concat(m).rows())"],
  ["matrix.fill", "m.fill(close)\nplot(m.avg())"],
  ["matrix.reshape", "m.reshape(1, 4)\nplot(m.columns())"],
  ["matrix.reverse", "m.reverse()\nplot(m.get(0, 0))"],
  ["matrix.sort", "m.sort(0)\nplot(m.get(0, 0))"],
  ["matrix.submatrix", "plot(m.submatrix(0, 1, 0, 1).get(0, 0))"],
  ["matrix.swap_rows", "m.swap_rows(0, 1)\nplot(m.get(0, 0))"],
  ["matrix.swap_columns", "m.swap_columns(0, 1)\nplot(m.get(0, 0))"],
  ["matrix.kron", "plot(m.kron(m).rows())"],
  ["matrix.eigenvalues", "plot(m.mult(m.transpose()).eigenvalues().max())"],
  ["matrix.eigenvectors", "plot(m.mult(m.transpose()).eigenvectors().rows())"],
  ["matrix.is_square", "plot(m.is_square() ? 1 : 0)"],
  ["matrix.is_zero", "plot(m.is_zero() ? 1 : 0)"],
  ["matrix.is_binary", "plot(m.is_binary() ? 1 : 0)"],
  ["matrix.is_diagonal", "plot(m.is_diagonal() ? 1 : 0)"],
  ["matrix.is_antidiagonal", "plot(m.is_antidiagonal() ? 1 : 0)"],
  ["matrix.is_identity", "plot(m.is_identity() ? 1 : 0)"],
  ["matrix.is_symmetric", "plot(m.is_symmetric() ? 1 : 0)"],
  ["matrix.is_antisymmetric", "plot(m.is_antisymmetric() ? 1 : 0)"],
  ["matrix.is_triangular", "plot(m.is_triangular() ? 1 : 0)"],
  ["matrix.is_stochastic", "plot(m.is_stochastic() ? 1 : 0)"],
];
const MATRIX: NameCase[] = MATRIX_FNS.map(([name, tail]) => ({ name, body: M + tail }));

const A = "a = array.from(close, open, high, low, close[1])\n";
const ARRAY_FNS: Array<[string, string]> = [
  ["array.percentile_linear_interpolation", "plot(a.percentile_linear_interpolation(50))"],
  ["array.percentile_nearest_rank", "plot(a.percentile_nearest_rank(50))"],
  ["array.sort_indices", "plot(a.sort_indices().first())"],
  ["array.mode", "plot(a.mode())"],
  ["array.abs", "plot(array.from(-1.0, close).abs().sum())"],
  ["array.covariance", "plot(a.covariance(array.from(1.0, 2.0, 3.0, 4.0, 5.0)))"],
  ["array.percentrank", "plot(a.percentrank(0))"],
  ["array.standardize", "plot(a.standardize().sum())"],
  ["array.binary_search", "s = a.copy()\ns.sort()\nplot(s.binary_search(close))"],
  ["array.binary_search_leftmost", "s = a.copy()\ns.sort()\nplot(s.binary_search_leftmost(close))"],
  ["array.binary_search_rightmost", "s = a.copy()\ns.sort()\nplot(s.binary_search_rightmost(close))"],
  ["array.every", "plot(array.from(true, close > 0).every() ? 1 : 0)"],
  ["array.some", "plot(array.from(false, close > open).some() ? 1 : 0)"],
  ["array.get (negative index)", "plot(a.get(-1))"],
  ["array.set (negative index)", "a.set(-1, 0.0)\nplot(a.last())"],
  ["array.remove (negative index)", "plot(a.remove(-2))"],
  ["array.insert (negative index)", "a.insert(-1, 7.0)\nplot(a.get(-2))"],
];
const ARRAY: NameCase[] = ARRAY_FNS.map(([name, tail]) => ({ name, body: A + tail }));

// ---- item 6: syntax and declarations ------------------------------------------------------------
const DECL = (args: string, rest: string): string => `//@version=6\nindicator("n", ${args})\n${rest}`;
const SYNTAX: NameCase[] = [
  { name: "display.all - display.status_line", body: p("close, display = display.all - display.status_line") },
  { name: "display.none", body: p("close, display = display.none") },
  { name: "display.pane + display.price_scale", body: p("close, display = display.pane + display.price_scale") },
  { name: "display.data_window", body: p("close, display = display.data_window") },
  { name: "max_bars_back (function)", body: "x = close\nmax_bars_back(x, 500)\nplot(x[10])" },
  { name: "max_bars_back (declaration)", body: DECL("max_bars_back = 500", p("close[300]")) },
  { name: "line wrapping and \"\"\" strings", body: 's = """multi\nline"""\nx = ta.sma(close,\n  5) +\n     ta.ema(close, 5)\nplot(x + str.length(s))' },
  { name: "function overloads", body: "f(float x) => x * 2\nf(string s) => str.length(s)\nplot(f(close) + f(\"ab\"))" },
];

// ---- item 7: ta.* and math.* (TradingView's v6 reference) ---------------------------------------
const TA_FNS: Array<[string, string]> = [
  ["ta.accdist", "ta.accdist"],
  ["ta.alma", "ta.alma(close, 9, 0.85, 6)"],
  ["ta.atr", "ta.atr(14)"],
  ["ta.barssince", "ta.barssince(close > open)"],
  ["ta.bbw", "ta.bbw(close, 20, 2)"],
  ["ta.cci", "ta.cci(close, 20)"],
  ["ta.change", "ta.change(close)"],
  ["ta.cmo", "ta.cmo(close, 9)"],
  ["ta.cog", "ta.cog(close, 10)"],
  ["ta.correlation", "ta.correlation(close, volume, 20)"],
  ["ta.cross", "ta.cross(close, ta.sma(close, 5)) ? 1 : 0"],
  ["ta.crossover", "ta.crossover(close, ta.sma(close, 5)) ? 1 : 0"],
  ["ta.crossunder", "ta.crossunder(close, ta.sma(close, 5)) ? 1 : 0"],
  ["ta.cum", "ta.cum(volume)"],
  ["ta.dev", "ta.dev(close, 10)"],
  ["ta.ema", "ta.ema(close, 10)"],
  ["ta.falling", "ta.falling(close, 3) ? 1 : 0"],
  ["ta.highest", "ta.highest(high, 10)"],
  ["ta.highest (length only)", "ta.highest(10)"],
  ["ta.highestbars", "ta.highestbars(high, 10)"],
  ["ta.hma", "ta.hma(close, 9)"],
  ["ta.iii", "ta.iii"],
  ["ta.kcw", "ta.kcw(close, 20, 1.5)"],
  ["ta.linreg", "ta.linreg(close, 20, 0)"],
  ["ta.lowest", "ta.lowest(low, 10)"],
  ["ta.lowestbars", "ta.lowestbars(low, 10)"],
  ["ta.max", "ta.max(close)"],
  ["ta.median", "ta.median(close, 10)"],
  ["ta.mfi", "ta.mfi(hlc3, 14)"],
  ["ta.min", "ta.min(close)"],
  ["ta.mode", "ta.mode(close, 10)"],
  ["ta.mom", "ta.mom(close, 10)"],
  ["ta.nvi", "ta.nvi"],
  ["ta.obv", "ta.obv"],
  ["ta.percentile_linear_interpolation", "ta.percentile_linear_interpolation(close, 10, 50)"],
  ["ta.percentile_nearest_rank", "ta.percentile_nearest_rank(close, 10, 50)"],
  ["ta.percentrank", "ta.percentrank(close, 10)"],
  ["ta.pivothigh", "ta.pivothigh(high, 3, 3)"],
  ["ta.pivotlow", "ta.pivotlow(3, 3)"],
  ["ta.pvi", "ta.pvi"],
  ["ta.pvt", "ta.pvt"],
  ["ta.range", "ta.range(close, 10)"],
  ["ta.rci", "ta.rci(close, 10)"],
  ["ta.rising", "ta.rising(close, 3) ? 1 : 0"],
  ["ta.rma", "ta.rma(close, 14)"],
  ["ta.roc", "ta.roc(close, 10)"],
  ["ta.rsi", "ta.rsi(close, 14)"],
  ["ta.sar", "ta.sar(0.02, 0.02, 0.2)"],
  ["ta.sma", "ta.sma(close, 10)"],
  ["ta.stdev", "ta.stdev(close, 10)"],
  ["ta.stoch", "ta.stoch(close, high, low, 14)"],
  ["ta.sum", "ta.sum(volume, 10)"],
  ["ta.swma", "ta.swma(close)"],
  ["ta.tr (variable)", "ta.tr"],
  ["ta.tr (function)", "ta.tr(true)"],
  ["ta.tsi", "ta.tsi(close, 13, 25)"],
  ["ta.valuewhen", "ta.valuewhen(close > open, close, 0)"],
  ["ta.variance", "ta.variance(close, 10)"],
  ["ta.vwap (variable)", "ta.vwap"],
  ["ta.vwap (source)", "ta.vwap(hlc3)"],
  ["ta.vwap (anchor)", 'ta.vwap(hlc3, timeframe.change("W"))'],
  ["ta.vwma", "ta.vwma(close, 20)"],
  ["ta.wad", "ta.wad"],
  ["ta.wma", "ta.wma(close, 10)"],
  ["ta.wpr", "ta.wpr(14)"],
  ["ta.wvad", "ta.wvad"],
];
const TA_TUPLES: NameCase[] = [
  { name: "ta.bb", body: "[m, u, l] = ta.bb(close, 20, 2)\nplot(u - l)" },
  { name: "ta.dmi", body: "[dp, dm, adx] = ta.dmi(14, 14)\nplot(adx)" },
  { name: "ta.kc", body: "[m, u, l] = ta.kc(close, 20, 1.5)\nplot(u - l)" },
  { name: "ta.macd", body: "[m, s, h] = ta.macd(close, 12, 26, 9)\nplot(h)" },
  { name: "ta.supertrend", body: "[st, dir] = ta.supertrend(3, 10)\nplot(st)" },
  { name: "ta.vwap (bands)", body: '[v, u, l] = ta.vwap(hlc3, timeframe.change("W"), 1)\nplot(u - l)' },
  { name: "ta.pivot_point_levels", body: 'levels = ta.pivot_point_levels("Traditional", timeframe.change("W"))\nplot(levels.get(0))' },
];
const TA: NameCase[] = [...TA_FNS.map(([name, expr]) => ({ name, body: p(expr) })), ...TA_TUPLES];

const MATH_FNS: Array<[string, string]> = [
  ["math.abs", "math.abs(close - open)"],
  ["math.acos", "math.acos(0.5)"],
  ["math.asin", "math.asin(0.5)"],
  ["math.atan", "math.atan(close / open)"],
  ["math.avg", "math.avg(open, high, low, close)"],
  ["math.ceil", "math.ceil(close)"],
  ["math.cos", "math.cos(bar_index)"],
  ["math.cosh", "math.cosh(0.5)"],
  ["math.e", "math.e"],
  ["math.exp", "math.exp(close / close[1] - 1)"],
  ["math.floor", "math.floor(close)"],
  ["math.log", "math.log(close)"],
  ["math.log10", "math.log10(close)"],
  ["math.max", "math.max(open, close, 1)"],
  ["math.min", "math.min(open, close)"],
  ["math.phi", "math.phi"],
  ["math.pi", "math.pi"],
  ["math.pow", "math.pow(close, 2)"],
  ["math.random", "math.random(0, 1, 42)"],
  ["math.round", "math.round(close, 1)"],
  ["math.round_to_mintick", "math.round_to_mintick(close / 3)"],
  ["math.rphi", "math.rphi"],
  ["math.sign", "math.sign(close - open)"],
  ["math.sin", "math.sin(bar_index)"],
  ["math.sinh", "math.sinh(0.5)"],
  ["math.sqrt", "math.sqrt(close)"],
  ["math.sum", "math.sum(volume, 10)"],
  ["math.tan", "math.tan(0.5)"],
  ["math.tanh", "math.tanh(close - open)"],
  ["math.todegrees", "math.todegrees(math.pi)"],
  ["math.toradians", "math.toradians(180)"],
];
const MATH: NameCase[] = MATH_FNS.map(([name, expr]) => ({ name, body: p(expr) }));

// ---- item 8: drawings as data, chart.* ----------------------------------------------------------
const LAB = "var l = label.new(bar_index, high, \"x\")\n";
const LABEL_FNS: Array<[string, string]> = [
  ["label.new", "plot(label.all.size())"],
  ["label.new (chart.point)", "k = label.new(chart.point.from_index(bar_index, high), \"p\")\nplot(k.get_y())"],
  ["label.get_x", "plot(l.get_x())"],
  ["label.get_y", "plot(label.get_y(l))"],
  ["label.get_text", "plot(str.length(l.get_text()))"],
  ["label.set_x", "l.set_x(bar_index)\nplot(l.get_x())"],
  ["label.set_y", "l.set_y(low)\nplot(l.get_y())"],
  ["label.set_xy", "l.set_xy(bar_index, close)\nplot(l.get_y())"],
  ["label.set_point", "l.set_point(chart.point.now(close))\nplot(l.get_y())"],
  ["label.set_text", "l.set_text(str.tostring(close))\nplot(l.get_y())"],
  ["label.set_xloc", "l.set_xloc(time, xloc.bar_time)\nplot(l.get_x())"],
  ["label.set_yloc", "l.set_yloc(yloc.abovebar)\nplot(l.get_y())"],
  ["label.set_color", "l.set_color(color.red)\nplot(close)"],
  ["label.set_style", "l.set_style(label.style_label_down)\nplot(close)"],
  ["label.set_textcolor", "l.set_textcolor(color.white)\nplot(close)"],
  ["label.set_size", "l.set_size(size.small)\nplot(close)"],
  ["label.set_textalign", "l.set_textalign(text.align_left)\nplot(close)"],
  ["label.set_tooltip", "l.set_tooltip(\"t\")\nplot(close)"],
  ["label.set_text_font_family", "l.set_text_font_family(font.family_monospace)\nplot(close)"],
  ["label.set_text_formatting", "l.set_text_formatting(text.format_bold)\nplot(close)"],
  ["label.copy", "c = l.copy()\nplot(c.get_y())"],
  ["label.delete", "k = label.new(bar_index, low)\nk.delete()\nplot(label.all.size())"],
  ["label.all", "plot(label.all.size())"],
];
const LINE = "var ln = line.new(bar_index - 1, low, bar_index, high)\n";
const LINE_FNS: Array<[string, string]> = [
  ["line.new", "plot(line.all.size())"],
  ["line.new (chart.point)", "k = line.new(chart.point.from_index(bar_index - 1, low), chart.point.now(high))\nplot(k.get_y2())"],
  ["line.get_x1", "plot(ln.get_x1())"],
  ["line.get_x2", "plot(ln.get_x2())"],
  ["line.get_y1", "plot(ln.get_y1())"],
  ["line.get_y2", "plot(ln.get_y2())"],
  ["line.get_price", "plot(ln.get_price(bar_index))"],
  ["line.set_x1", "ln.set_x1(bar_index - 2)\nplot(ln.get_x1())"],
  ["line.set_x2", "ln.set_x2(bar_index)\nplot(ln.get_x2())"],
  ["line.set_y1", "ln.set_y1(low)\nplot(ln.get_y1())"],
  ["line.set_y2", "ln.set_y2(high)\nplot(ln.get_y2())"],
  ["line.set_xy1", "ln.set_xy1(bar_index - 1, low)\nplot(ln.get_y1())"],
  ["line.set_xy2", "ln.set_xy2(bar_index, high)\nplot(ln.get_y2())"],
  ["line.set_first_point", "ln.set_first_point(chart.point.from_index(bar_index - 1, low))\nplot(ln.get_y1())"],
  ["line.set_second_point", "ln.set_second_point(chart.point.now(high))\nplot(ln.get_y2())"],
  ["line.set_xloc", "ln.set_xloc(time[1], time, xloc.bar_time)\nplot(ln.get_x2())"],
  ["line.set_extend", "ln.set_extend(extend.right)\nplot(close)"],
  ["line.set_color", "ln.set_color(color.blue)\nplot(close)"],
  ["line.set_style", "ln.set_style(line.style_dashed)\nplot(close)"],
  ["line.set_width", "ln.set_width(2)\nplot(close)"],
  ["line.copy", "plot(ln.copy().get_y2())"],
  ["line.delete", "k = line.new(bar_index, low, bar_index, high)\nk.delete()\nplot(line.all.size())"],
  ["line.all", "plot(line.all.size())"],
];
const BOX = "var bx = box.new(bar_index - 5, high, bar_index, low)\n";
const BOX_FNS: Array<[string, string]> = [
  ["box.new", "plot(box.all.size())"],
  ["box.new (chart.point)", "k = box.new(chart.point.from_index(bar_index - 1, high), chart.point.now(low))\nplot(k.get_top())"],
  ["box.get_left", "plot(bx.get_left())"],
  ["box.get_right", "plot(bx.get_right())"],
  ["box.get_top", "plot(bx.get_top())"],
  ["box.get_bottom", "plot(bx.get_bottom())"],
  ["box.set_left", "bx.set_left(bar_index - 3)\nplot(bx.get_left())"],
  ["box.set_right", "bx.set_right(bar_index)\nplot(bx.get_right())"],
  ["box.set_top", "bx.set_top(high)\nplot(bx.get_top())"],
  ["box.set_bottom", "bx.set_bottom(low)\nplot(bx.get_bottom())"],
  ["box.set_lefttop", "bx.set_lefttop(bar_index - 2, high)\nplot(bx.get_top())"],
  ["box.set_rightbottom", "bx.set_rightbottom(bar_index, low)\nplot(bx.get_bottom())"],
  ["box.set_top_left_point", "bx.set_top_left_point(chart.point.from_index(bar_index - 2, high))\nplot(bx.get_top())"],
  ["box.set_bottom_right_point", "bx.set_bottom_right_point(chart.point.now(low))\nplot(bx.get_bottom())"],
  ["box.set_xloc", "bx.set_xloc(time[1], time, xloc.bar_time)\nplot(bx.get_right())"],
  ["box.set_extend", "bx.set_extend(extend.both)\nplot(close)"],
  ["box.set_bgcolor", "bx.set_bgcolor(color.new(color.green, 80))\nplot(close)"],
  ["box.set_border_color", "bx.set_border_color(color.green)\nplot(close)"],
  ["box.set_border_style", "bx.set_border_style(line.style_dotted)\nplot(close)"],
  ["box.set_border_width", "bx.set_border_width(2)\nplot(close)"],
  ["box.set_text", "bx.set_text(\"zone\")\nplot(close)"],
  ["box.set_text_color", "bx.set_text_color(color.white)\nplot(close)"],
  ["box.set_text_size", "bx.set_text_size(size.small)\nplot(close)"],
  ["box.set_text_halign", "bx.set_text_halign(text.align_left)\nplot(close)"],
  ["box.set_text_valign", "bx.set_text_valign(text.align_top)\nplot(close)"],
  ["box.set_text_wrap", "bx.set_text_wrap(text.wrap_auto)\nplot(close)"],
  ["box.set_text_font_family", "bx.set_text_font_family(font.family_monospace)\nplot(close)"],
  ["box.set_text_formatting", "bx.set_text_formatting(text.format_italic)\nplot(close)"],
  ["box.copy", "plot(bx.copy().get_top())"],
  ["box.delete", "k = box.new(bar_index, high, bar_index, low)\nk.delete()\nplot(box.all.size())"],
  ["box.all", "plot(box.all.size())"],
];
const TAB = 'var t = table.new(position.top_right, 2, 2)\nt.cell(0, 0, "c")\n';
const TABLE_FNS: Array<[string, string]> = [
  ["table.new", "plot(table.all.size())"],
  ["table.cell", "table.cell(t, 1, 1, str.tostring(close), text_color = color.white, bgcolor = color.blue)\nplot(close)"],
  ["table.cell_set_text", "t.cell_set_text(0, 0, str.tostring(close))\nplot(close)"],
  ["table.cell_set_bgcolor", "t.cell_set_bgcolor(0, 0, color.red)\nplot(close)"],
  ["table.cell_set_text_color", "t.cell_set_text_color(0, 0, color.red)\nplot(close)"],
  ["table.cell_set_text_size", "t.cell_set_text_size(0, 0, size.large)\nplot(close)"],
  ["table.cell_set_text_halign", "t.cell_set_text_halign(0, 0, text.align_left)\nplot(close)"],
  ["table.cell_set_text_valign", "t.cell_set_text_valign(0, 0, text.align_top)\nplot(close)"],
  ["table.cell_set_text_font_family", "t.cell_set_text_font_family(0, 0, font.family_monospace)\nplot(close)"],
  ["table.cell_set_text_formatting", "t.cell_set_text_formatting(0, 0, text.format_bold)\nplot(close)"],
  ["table.cell_set_tooltip", "t.cell_set_tooltip(0, 0, \"tip\")\nplot(close)"],
  ["table.cell_set_width", "t.cell_set_width(0, 0, 10)\nplot(close)"],
  ["table.cell_set_height", "t.cell_set_height(0, 0, 5)\nplot(close)"],
  ["table.merge_cells", "t.merge_cells(0, 0, 1, 0)\nplot(close)"],
  ["table.clear", "t.clear(0, 0, 1, 1)\nplot(close)"],
  ["table.set_position", "t.set_position(position.bottom_left)\nplot(close)"],
  ["table.set_bgcolor", "t.set_bgcolor(color.black)\nplot(close)"],
  ["table.set_frame_color", "t.set_frame_color(color.gray)\nplot(close)"],
  ["table.set_frame_width", "t.set_frame_width(1)\nplot(close)"],
  ["table.set_border_color", "t.set_border_color(color.gray)\nplot(close)"],
  ["table.set_border_width", "t.set_border_width(1)\nplot(close)"],
  ["table.delete", "k = table.new(position.top_left, 1, 1)\nk.delete()\nplot(table.all.size())"],
  ["table.all", "plot(table.all.size())"],
];
const OTHER_DRAWING: Array<[string, string]> = [
  ["polyline.new", "var pts = array.new<chart.point>()\npts.push(chart.point.now(close))\nif barstate.islast\n    polyline.new(pts)\nplot(polyline.all.size())"],
  ["polyline.delete", "pts = array.from(chart.point.now(close), chart.point.from_index(bar_index - 1, open))\nk = polyline.new(pts)\nk.delete()\nplot(polyline.all.size())"],
  ["polyline.all", "plot(polyline.all.size())"],
  ["linefill.new", "a = line.new(bar_index, high, bar_index + 1, high)\nb = line.new(bar_index, low, bar_index + 1, low)\nf = linefill.new(a, b, color.new(color.blue, 80))\nplot(linefill.all.size())"],
  ["linefill.set_color", "a = line.new(bar_index, high, bar_index + 1, high)\nb = line.new(bar_index, low, bar_index + 1, low)\nf = linefill.new(a, b, color.blue)\nf.set_color(color.red)\nplot(close)"],
  ["linefill.get_line1", "a = line.new(bar_index, high, bar_index + 1, high)\nb = line.new(bar_index, low, bar_index + 1, low)\nf = linefill.new(a, b, color.blue)\nplot(f.get_line1().get_y1())"],
  ["linefill.get_line2", "a = line.new(bar_index, high, bar_index + 1, high)\nb = line.new(bar_index, low, bar_index + 1, low)\nf = linefill.new(a, b, color.blue)\nplot(f.get_line2().get_y1())"],
  ["linefill.delete", "a = line.new(bar_index, high, bar_index + 1, high)\nb = line.new(bar_index, low, bar_index + 1, low)\nf = linefill.new(a, b, color.blue)\nf.delete()\nplot(linefill.all.size())"],
  ["linefill.all", "plot(linefill.all.size())"],
  ["chart.point.new", "pt = chart.point.new(time, bar_index, close)\nplot(pt.price)"],
  ["chart.point.now", "plot(chart.point.now(close).index)"],
  ["chart.point.from_index", "plot(chart.point.from_index(bar_index, close).price)"],
  ["chart.point.from_time", "plot(chart.point.from_time(time, close).time)"],
  ["chart.point.copy", "plot(chart.point.now(close).copy().price)"],
  ["chart.bg_color", "plot(color.r(chart.bg_color))"],
  ["chart.fg_color", "plot(color.r(chart.fg_color))"],
  ["chart.is_standard", "plot(chart.is_standard ? 1 : 0)"],
  ["chart.is_heikinashi", "plot(chart.is_heikinashi ? 1 : 0)"],
  ["chart.is_kagi", "plot(chart.is_kagi ? 1 : 0)"],
  ["chart.is_linebreak", "plot(chart.is_linebreak ? 1 : 0)"],
  ["chart.is_pnf", "plot(chart.is_pnf ? 1 : 0)"],
  ["chart.is_range", "plot(chart.is_range ? 1 : 0)"],
  ["chart.is_renko", "plot(chart.is_renko ? 1 : 0)"],
  ["chart.left_visible_bar_time", "plot(chart.left_visible_bar_time)"],
  ["chart.right_visible_bar_time", "plot(chart.right_visible_bar_time)"],
  ["drawing-only indicator", 'if barstate.islast\n    label.new(bar_index, high, "only")'],
  ["max_labels_count / max_lines_count / max_boxes_count", ""],
  ["log.info", 'if barstate.islast\n    log.info("close {0}", close)\nplot(close)'],
  ["log.warning", 'if barstate.islast\n    log.warning("v {0,number,#.##}", volume)\nplot(close)'],
  ["log.error", 'if close < 0\n    log.error("negative")\nplot(close)'],
];
const DRAWING: NameCase[] = [
  ...LABEL_FNS.map(([name, tail]) => ({ name, body: LAB + tail })),
  ...LINE_FNS.map(([name, tail]) => ({ name, body: LINE + tail })),
  ...BOX_FNS.map(([name, tail]) => ({ name, body: BOX + tail })),
  ...TABLE_FNS.map(([name, tail]) => ({ name, body: TAB + tail })),
  ...OTHER_DRAWING.filter(([n]) => !n.startsWith("max_")).map(([name, body]) => ({ name, body })),
  { name: "max_labels_count / max_lines_count / max_boxes_count", body: DECL("overlay = true, max_labels_count = 50, max_lines_count = 50, max_boxes_count = 50", "label.new(bar_index, high)\nplot(label.all.size())") },
];

const CONSTANTS: NameCase[] = [
  ...["label.style_label_lower_left", "label.style_label_lower_right", "label.style_label_upper_left", "label.style_label_upper_right", "label.style_text_outline", "label.style_label_center", "label.style_none"].map((c) => ({ name: c, body: `${LAB}l.set_style(${c})\nplot(close)` })),
  ...["text.format_bold", "text.format_italic", "text.format_none"].map((c) => ({ name: c, body: `${LAB}l.set_text_formatting(${c})\nplot(l.get_y())` })),
  { name: "text.format_bold + text.format_italic", body: `${TAB}t.cell_set_text_formatting(0, 0, text.format_bold + text.format_italic)\nplot(close)` },
  ...["line.style_arrow_both", "line.style_arrow_left", "line.style_arrow_right"].map((c) => ({ name: c, body: `${LINE}ln.set_style(${c})\nplot(close)` })),
];

export const NAME_CASES: readonly NameCase[] = [...REQUEST, ...TIME, ...SESSION, ...INPUT, ...MAP, ...MATRIX, ...ARRAY, ...SYNTAX, ...TA, ...MATH, ...DRAWING, ...CONSTANTS];

// ---- items 2 and 10: refused by design ----------------------------------------------------------
const needs = (name: string, sig: string): RefusedCase => ({ name, body: p(sig), code: "unsupported_feature", message: new RegExp(`${name.replace(".", "\\.")}.*not supported.*needs`) });
export const REFUSED_CASES: readonly RefusedCase[] = [
  needs("request.dividends", 'request.dividends("AAPL")'),
  needs("request.earnings", 'request.earnings("AAPL")'),
  needs("request.splits", 'request.splits("AAPL", splits.denominator)'),
  needs("request.financial", 'request.financial("NASDAQ:AAPL", "ACCOUNTS_PAYABLE", "FQ")'),
  needs("request.economic", 'request.economic("US", "GDP")'),
  needs("request.quandl", 'request.quandl("CFTC/SB_FO_ALL", barmerge.gaps_off, 0)'),
  needs("request.seed", 'request.seed("seed_crypto_santiment", "BTC_SENTIMENT_POSITIVE_TOTAL", close)'),
  needs("request.footprint", "request.footprint(100)"),
  ...["description", "type", "currency", "basecurrency", "volumetype", "main_tickerid", "sector", "shares_outstanding_total", "target_price_average"].map((n) => ({
    name: `syminfo.${n}`,
    body: p(`str.length(str.tostring(syminfo.${n}))`),
    code: "unsupported_feature",
    message: new RegExp(`syminfo\\.${n}.*not supported.*instrument metadata`),
  })),
  { name: "study() (v4)", body: '//@version=4\nstudy("x")\nplot(close)', code: "", message: /indicator\(/ },
  { name: "security() (v4)", body: p('security(syminfo.tickerid, "D", close)'), code: "", message: /request\.security/ },
  { name: "iff() (v4)", body: p("iff(close > open, 1, 0)"), code: "", message: /\?|ternary/ },
  { name: "transp= (v4)", body: p("close, color = color.red, transp = 50"), code: "", message: /color\.new/ },
];
