// Differences from TradingView closed in one pass (issue 16), each against TradingView's reference
// manual: str.tostring's default text and its ties (docs/adr/0230), array.join's numbers, the
// pattern letters of str.format_time (docs/adr/0231), reassigning a `const` variable (docs/adr/0232),
// a length reassigned from inputs staying an input (docs/adr/0232) and the syminfo.* metadata
// variables (docs/adr/0233). Expected texts are the reference's examples, texts a library published
// on TradingView prints (PineCoders' Time), or worked by hand.
import { format, tostring } from "../../src/stdlib/str";
import { join } from "../../src/stdlib/array";
import { PineArray } from "../../src/stdlib/pine-array";
import { formatTime } from "../../src/stdlib/time-format";
import { evaluate } from "../../src/evaluate";
import { build, closeBars, run, SYMBOL } from "./harness";

const logsOf = (src: string, closes = [10]): string[] => run(src, closeBars(closes)).logs.map((l) => l.message);

describe("str.tostring without a format: '#.##########', a tie rounded up as the digits read", () => {
  test("the reference's remarks: 3.99 under '#' is 4; '#.000' keeps trailing zeros", () => {
    expect([tostring(3.99, "#"), tostring(3.99, "#.000"), tostring(4, "#.000")]).toEqual(["4", "3.990", "4.000"]);
  });

  test("up to ten decimals, no grouping, an exponent from 1e21 on (worked by hand; docs/adr/0294)", () => {
    const cases: Array<[number, string]> = [
      [2 / 3, "0.6666666667"],
      [1 / 3, "0.3333333333"],
      [1234567.5, "1234567.5"],
      [0.1 + 0.2, "0.3"],
      // from 1e21 on an exponent, as a public emulator's TradingView logs show (docs/adr/0294)
      [1e21, "1E21"],
      [1e-7, "0.0000001"],
      // the eleventh decimal is a 5: up, as the number reads (the double is 1.0000000000499999...)
      [1.00000000005, "1.0000000001"],
      [-1.00000000005, "-1.0000000001"],
      // 9s carry into the integer
      [9.99999999995, "10"],
    ];
    expect(cases.map(([x]) => tostring(x))).toEqual(cases.map(([, t]) => t));
  });

  test("a pattern's tie: as the digits read (2.675 is 2.68 though the double is 2.67499999999999982...)", () => {
    expect([tostring(2.675, "#.##"), tostring(-2.675, "#.##"), tostring(0.125, "#.##"), tostring(1.005, "0.00")]).toEqual(["2.68", "-2.68", "0.13", "1.01"]);
  });

  test("str.format stays Java's MessageFormat: a tie of the double's exact value to the even digit", () => {
    // the double 2.675 is below the tie, 0.125 is the tie itself and 2 is even
    expect(format("{0,number,#.##} {1,number,#.##}", [2.675, 0.125])).toBe("2.67 0.12");
  });

  test("in a script: str.tostring of a computed value in a log line", () => {
    expect(logsOf('//@version=6\nindicator("t")\nlog.info(str.tostring(close / 3))\n', [2])).toEqual(["0.6666666667"]);
  });
});

// array.join of a float array writes each element as Java's Double.toString, as a public emulator's
// TradingView logs show (docs/adr/0294); the reference's example prints no text.
describe("array.join: an int array's numbers as str.tostring writes them, a float array's as Java does", () => {
  test("the reference's example: array.new_float(5, 5) joined with ',' is 5.0,5.0,5.0,5.0,5.0", () => {
    expect(logsOf('//@version=6\nindicator("array.join example")\na = array.new_float(5, 5)\nlog.info(array.join(a, ","))\n')).toEqual(["5.0,5.0,5.0,5.0,5.0"]);
    expect(logsOf('//@version=6\nindicator("j")\na = array.new_int(5, 5)\nlog.info(array.join(a, ","))\n')).toEqual(["5,5,5,5,5"]);
  });

  test("fractions, exponents and na (worked by hand; Java's digits are Python's repr)", () => {
    const a = PineArray.of([0.1 + 0.2, 1e21, 2 / 3, NaN, -0.5, 1e-7]);
    expect(join(a, ", ")).toBe("0.3, 1E21, 0.6666666667, NaN, -0.5, 0.0000001");
    expect(join(a, ", ", true)).toBe("0.30000000000000004, 1.0E21, 0.6666666666666666, NaN, -0.5, 1.0E-7");
    expect(join(PineArray.of(["a", null, "c"]), "-")).toBe("a-NaN-c");
  });

  test("in a script: a float array of computed values (Python: repr(3.3 / 3), repr(3.3 * 0.1))", () => {
    const src = '//@version=6\nindicator("j")\na = array.from(close / 3, close * 0.1, na)\nlog.info(a.join("|"))\n';
    expect(logsOf(src, [3.3])).toEqual(["1.0999999999999999|0.33|NaN"]);
  });
});

describe("str.format_time: the pattern letters of Java's SimpleDateFormat", () => {
  // Thursday 2024-07-04 13:30:05.123 UTC; New York is on daylight time (UTC-4): 09:30:05.123 there
  const T = Date.UTC(2024, 6, 4, 13, 30, 5, 123);
  const NY = "America/New_York";

  test("the reference's default 'yyyy-MM-dd'T'HH:mm:ssZ' and its example 'yyyy-MM-dd HH:mm'", () => {
    expect([formatTime(T, null, NY), formatTime(T, "yyyy-MM-dd HH:mm", NY), formatTime(T, null, "UTC")]).toEqual(["2024-07-04T09:30:05-0400", "2024-07-04 09:30", "2024-07-04T13:30:05+0000"]);
  });

  test("S: fractions of a second (tenths, hundredths, milliseconds, then zeros)", () => {
    expect(["S", "SS", "SSS", "SSSS", "ss.SSS"].map((f) => formatTime(T, f, "UTC"))).toEqual(["1", "12", "123", "1230", "05.123"]);
    expect(formatTime(Date.UTC(2024, 0, 1, 0, 0, 0, 7), "s.SSS", "UTC")).toBe("0.007");
  });

  test("the reference's other letters: y, M, d, a, h, H, m, s, Z", () => {
    expect(["y", "yy", "yyyy", "M", "MM", "MMM", "MMMM", "d", "dd", "a", "h", "hh", "H", "m", "s", "Z"].map((f) => formatTime(T, f, "UTC"))).toEqual([
      "2024", "24", "2024", "7", "07", "Jul", "July", "4", "04", "PM", "1", "01", "13", "30", "5", "+0000",
    ]);
  });

  test("day and week letters: E, u, D, w, W, F, G (worked by hand on the US calendar)", () => {
    // July 4 2024: Thursday, day 31+29+31+30+31+30+4 = 186 of the leap year; US weeks start on
    // Sunday and week 1 holds January 1 (Monday): Sunday June 30 starts week 27, and week 1 of July
    expect(["E", "EEE", "EEEE", "u", "D", "DDDD", "w", "W", "F", "G"].map((f) => formatTime(T, f, "UTC"))).toEqual(["Thu", "Thu", "Thursday", "4", "186", "0186", "27", "1", "1", "AD"]);
    // Monday 2024-12-30 lies in the week of Wednesday 2025-01-01: week 1 of week-year 2025;
    // Saturday 2024-12-28 (day 363) is in week 52
    expect([formatTime(Date.UTC(2024, 11, 30), "w Y", "UTC"), formatTime(Date.UTC(2024, 11, 28), "w Y u", "UTC")]).toEqual(["1 2025", "52 2024 6"]);
  });

  test("hour letters: k (1-24), K (0-11), h (1-12) at midnight and noon", () => {
    const midnight = Date.UTC(2024, 6, 4, 0, 15);
    const noon = Date.UTC(2024, 6, 4, 12, 15);
    expect([midnight, noon].map((t) => formatTime(t, "k K h H a", "UTC"))).toEqual(["24 0 12 0 AM", "12 0 12 12 PM"]);
  });

  test("zone letters: z, zzzz, X, XX, XXX", () => {
    expect(["z", "zzzz", "X", "XX", "XXX"].map((f) => formatTime(T, f, NY))).toEqual(["EDT", "Eastern Daylight Time", "-04", "-0400", "-04:00"]);
    expect(["z", "X"].map((f) => formatTime(T, f, "UTC"))).toEqual(["UTC", "Z"]);
    expect(formatTime(Date.UTC(2024, 0, 2), "z Z", NY)).toBe("EST -0500");
    expect(formatTime(T, "HH:mm z", "GMT+3")).toBe("16:30 GMT+03:00");
    // London in winter is on Greenwich Mean Time
    expect(formatTime(Date.UTC(2024, 0, 2), "z zzzz", "Europe/London")).toBe("GMT Greenwich Mean Time");
  });

  test("quoted text: 'at', a doubled quote inside and outside quotes", () => {
    expect(formatTime(T, "h 'o''clock' a, ''yy", "UTC")).toBe("1 o'clock PM, '24");
  });

  test("in a script, in a zone given", () => {
    const src = '//@version=6\nindicator("ft")\nlog.info(str.format_time(timestamp("UTC", 2024, 7, 4, 13, 30, 5) + 123, "EEE d MMM yyyy hh:mm:ss.SSS a z", "America/New_York"))\n';
    expect(logsOf(src)).toEqual(["Thu 4 Jul 2024 09:30:05.123 AM EDT"]);
  });
});

describe("const variables cannot be reassigned", () => {
  const refused = (body: string) => () => build(`//@version=6\nindicator("c")\n${body}`);

  test.each([
    ["':='", "const int N = 5\nN := 6\nplot(N)\n"],
    ["'+='", "const float F = 1.5\nF += 1\nplot(F)\n"],
    ["inside an if block", "const int N = 5\nif close > open\n    N := 6\nplot(N)\n"],
    ["inside a function", "f() =>\n    const int K = 3\n    K := 4\n    K\nplot(f())\n"],
    ["a const string", 'const string T = "a"\nT := "b"\nplot(close, T)\n'],
  ])("%s is refused with invalid_assignment", (_name, body) => {
    expect(refused(body)).toThrow(/invalid_assignment.*Cannot modify the constant variable/);
  });

  test("valid forms still compile and run", () => {
    const src = `//@version=6
indicator("valid")
const int LEN = 3
const string T = "Up" + " trend"
const float HALF = LEN / 2
var const float[] buf = array.new<float>()
buf.push(close)
x = LEN
x := x + 1
var int count = 0
count += 1
f(int n) =>
    m = n
    m := m * 2
    m
plot(ta.sma(close, LEN) + x + f(LEN) + HALF + count + buf.size(), T)
`;
    const r = evaluate(build(src), closeBars([1, 2, 3]), {}, { symbol: SYMBOL, windowStart: 0 });
    // bar 2: sma 2, x 4, f(3) 6, HALF 1.5, count 3, buf.size() 3
    expect(Array.from(r.outputs[0]!.values)[2]).toBe(19.5);
  });
});

describe("a length reassigned from inputs stays an input", () => {
  const PRESET = `//@version=6
indicator("preset atr")
base = input.int(2, "Base")
len = input.int(3, "ATR length")
preset = input.string("Default", "Preset", options = ["Default", "Double", "Max"])
if preset == "Double"
    len := base * 2
else if preset == "Max"
    len := math.max(base, 5) - 1
plot(ta.atr(len), "atr")
`;
  // close 10, 12, 11, 15, 14, 13; high = close + 1, low = close - 1: true ranges 2, 3, 2, 5, 2, 2
  const bars = closeBars([10, 12, 11, 15, 14, 13]);
  const atr = (inputs: Record<string, unknown>) => Array.from(evaluate(build(PRESET), bars, inputs, { symbol: SYMBOL, windowStart: 0 }).outputs[0]!.values, (v) => (Number.isNaN(v) ? null : Math.round(v * 1e9) / 1e9));

  test("Double: ta.atr takes base * 2 = 4", () => {
    // first (2 + 3 + 2 + 5) / 4 = 3, then (3 * 3 + 2) / 4 = 2.75, then (2.75 * 3 + 2) / 4 = 2.5625
    expect(atr({ preset: "Double" })).toEqual([null, null, null, 3, 2.75, 2.5625]);
  });

  test("Max: math.max(2, 5) - 1 = 4 too; Default: 3", () => {
    expect(atr({ preset: "Max" })).toEqual([null, null, null, 3, 2.75, 2.5625]);
    // (2 + 3 + 2) / 3 = 7/3, (7/3 * 2 + 5) / 3 = 29/9, (29/9 * 2 + 2) / 3 = 76/27, (76/27 * 2 + 2) / 3 = 206/81
    expect(atr({})).toEqual([null, null, 2.333333333, 3.222222222, 2.814814815, 2.543209877]);
  });

  test("a variable declared from inputs (slow = fast * 2) is settled too", () => {
    const src = PRESET.replace('base = input.int(2, "Base")', 'fast = input.int(1, "Fast")\nbase = fast * 2');
    expect(() => build(src)).not.toThrow();
  });

  test("a value that changes bar to bar keeps the variable series, refused by ta.atr", () => {
    expect(() => build(PRESET.replace("len := base * 2", "len := base * bar_index"))).toThrow(/qualifier_mismatch/);
    expect(() => build(PRESET.replace("len := base * 2", "len := math.max(base, int(close))"))).toThrow(/qualifier_mismatch/);
  });
});

describe("syminfo metadata: TradingView's documented value for what is not stored", () => {
  // every syminfo.* variable of TradingView's v6 reference
  const NAMES = [
    "basecurrency", "country", "currency", "current_contract", "description", "employees", "expiration_date", "industry", "isin", "main_tickerid",
    "mincontract", "minmove", "mintick", "pointvalue", "prefix", "pricescale", "recommendations_buy", "recommendations_buy_strong", "recommendations_date",
    "recommendations_hold", "recommendations_sell", "recommendations_sell_strong", "recommendations_total", "root", "sector", "session", "shareholders",
    "shares_outstanding_float", "shares_outstanding_total", "target_price_average", "target_price_date", "target_price_estimates", "target_price_high",
    "target_price_low", "target_price_median", "ticker", "tickerid", "timezone", "type", "volumetype",
  ];
  const SRC = `//@version=6
indicator("syminfo")
log.info(str.format("{0}|{1}|{2}|{3}|{4}", na(syminfo.country) ? "na" : syminfo.country, syminfo.isin == "" ? "empty" : syminfo.isin, syminfo.volumetype, str.tostring(syminfo.mincontract), na(syminfo.sector) and na(syminfo.industry) ? "na" : "?"))
log.info(str.tostring(array.from(syminfo.employees, syminfo.shareholders, syminfo.shares_outstanding_total, syminfo.expiration_date, syminfo.recommendations_total, syminfo.recommendations_date, syminfo.target_price_date)))
log.info(str.tostring(array.from(syminfo.shares_outstanding_float, syminfo.target_price_average, syminfo.target_price_high, syminfo.target_price_low, syminfo.target_price_median, syminfo.target_price_estimates)))
`;
  const logs = (symbol: Record<string, unknown>) => evaluate(build(SRC), closeBars([10]), {}, { symbol: { ...SYMBOL, ...symbol }, windowStart: 0 }).logs.map((l) => l.message);

  test("every syminfo.* variable of the reference compiles", () => {
    const src = `//@version=6\nindicator("all")\n${NAMES.map((n, i) => `v${i} = syminfo.${n}`).join("\n")}\nplot(close)\n`;
    expect(() => build(src)).not.toThrow();
  });

  test("a NASDAQ stock: country US, no ISIN, volume type n/a, one share, no sector or fundamentals", () => {
    expect(logs({ prefix: "NASDAQ", type: "stock" })).toEqual(["US|empty|n/a|1|na", "[NaN, NaN, NaN, NaN, NaN, NaN, NaN]", "[NaN, NaN, NaN, NaN, NaN, NaN]"]);
  });

  test("a Coinbase pair: no country (an exchange not tied to one), volume type base, mincontract na", () => {
    // its volume is in BTC, the base currency
    expect(logs({ prefix: "COINBASE", type: "crypto", ticker: "BTC-USD" })[0]).toBe("na|empty|base|NaN|na");
  });

  test("the recommendations example of the reference runs: its dates and counts are na", () => {
    const src = `//@version=6
indicator("syminfo recommendations", overlay = true)
if barstate.islastconfirmedhistory
    int YTD = syminfo.target_price_date + timeframe.in_seconds("12M") * 1000
    string startDate = str.format_time(syminfo.recommendations_date, "yyyy-MM-dd")
    log.info(str.tostring(syminfo.recommendations_buy) + " " + str.tostring(YTD) + " " + (na(startDate) ? "na" : startDate))
`;
    expect(evaluate(build(src), closeBars([10, 11]), {}, { symbol: SYMBOL, windowStart: 0 }).logs.map((l) => l.message)).toEqual(["NaN NaN 1970-01-01"]); // str.format_time reads na as 0 (user manual, Time)
  });
});

describe("a length reassigned from the chart's simple values is simple", () => {
  test("per := a ternary of timeframe.period, then another variable := it: ta.atr takes it (21 on daily bars)", () => {
    // v5, where a daily chart's timeframe.period is "D" (v6 writes "1D")
    const src = `//@version=5
indicator("kc")
per = 14
setper = 14
tf = timeframe.period
setper := tf == "M" ? 14 : tf == "W" ? 14 : tf == "D" ? 21 : 10
per := setper
plot(ta.atr(per), "atr")
plot(per, "per")
`;
    const r = evaluate(build(src), closeBars([10, 11, 12]), {}, { symbol: SYMBOL, windowStart: 0 });
    expect(Array.from(r.outputs[1]!.values)).toEqual([21, 21, 21]);
  });

  test("reassigned under an if testing timeframe.isdaily", () => {
    expect(() => build('//@version=6\nindicator("d")\nlen = 10\nif timeframe.isdaily\n    len := 20\nplot(ta.atr(len))\n')).not.toThrow();
  });

  test("a value from a bar (close) keeps it series: refused by ta.atr", () => {
    expect(() => build('//@version=6\nindicator("d")\nlen = 10\nif close > 5\n    len := 20\nplot(ta.atr(len))\n')).toThrow(/qualifier_mismatch/);
    expect(() => build('//@version=6\nindicator("d")\nlen = 10\nlen := int(close)\nplot(ta.atr(len))\n')).toThrow(/qualifier_mismatch/);
  });

  test("the variable is not a constant: a const parameter still refuses it", () => {
    // plot's title takes a const string; a reassigned one is simple at most
    expect(() => build('//@version=6\nindicator("d")\nt = "a"\nif timeframe.isdaily\n    t := "b"\nplot(close, t)\n')).toThrow(/qualifier_mismatch|const/);
  });
});

describe("str.format's dates read the same letters (PineCoders' Time library page on TradingView prints these)", () => {
  // 2022-04-30 00:40:35 UTC, a Saturday: the library's examples of formattedTime/Date/Day(timenow, ...)
  const NOW = Date.UTC(2022, 3, 30, 0, 40, 35);
  test.each([
    ["{0,time,HH:mm:ss}", "00:40:35"],
    ["{0,time,short}", "12:40 AM"],
    ["{0,time,full}", "12:40:35 AM UTC"],
    ["{0,date,short}", "4/30/22"],
    ["{0,date,medium}", "Apr 30, 2022"],
    ["{0,date,full}", "Saturday, April 30, 2022"],
    ["{0,date,E}", "Sat"],
    ["{0,date,dd.MM.yy}", "30.04.22"],
    ["{0,date,yyyy.MM.dd G 'at' hh:mm:ss z}", "2022.04.30 AD at 12:40:35 UTC"],
  ])("%s is %s", (pattern, expected) => {
    expect(format(pattern, [NOW])).toBe(expected);
  });
  test("3.5 hours of milliseconds under HH:mm is 03:30", () => {
    expect(format("{0,time,HH:mm}", [1000 * 60 * 60 * 3.5])).toBe("03:30");
  });
});

describe("v5: a var length set under timeframe tests (TradingView's v5 took such variables as fixed, docs/adr/0232)", () => {
  const AUTOSET = `//@version=5
indicator("auto-set")
var int lengthsg = 50
if timeframe.period == "1"
    lengthsg := 28
else if timeframe.period == "D"
    lengthsg := 3
plot(ta.ema(close, lengthsg), "ema")
`;
  test("ta.ema takes it: 3 on daily bars (close 10, 13, 16: the first ema is their mean 13)", () => {
    const r = evaluate(build(AUTOSET), closeBars([10, 13, 16]), {}, { symbol: SYMBOL, windowStart: 0 });
    expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, NaN, 13]);
  });
  test("a growing var (+=) stays series; v6 keeps every var series, as its migration guide says", () => {
    expect(() => build(AUTOSET.replace("    lengthsg := 3", "    lengthsg += 3"))).toThrow(/qualifier_mismatch/);
    expect(() => build(AUTOSET.replace("//@version=5", "//@version=6").replace('"D"', '"1D"'))).toThrow(/qualifier_mismatch/);
  });
});
