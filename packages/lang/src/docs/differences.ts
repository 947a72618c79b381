// The "differences" guide served by GET /docs/differences: every place this dialect gives other
// results than TradingView's Pine, or refuses what TradingView runs, and why (issue 16, item 6).
import type { Guide } from "./guides";
import { REQUEST_DIFFERENCES } from "./differences-requests";

export const DIFFERENCES: Guide = {
  topic: "differences",
  title: "Differences from TradingView",
  summary: "What this dialect does differently from TradingView's Pine, and why.",
  body: `# Differences from TradingView

- **Headless.** \`fill\`, \`bgcolor\` and \`barcolor\` run and draw nothing; drawing objects (\`label.*\`,
  \`line.*\`, \`box.*\`, \`polyline.*\`, \`table.*\`, \`linefill.*\`, also made from \`chart.point\`s) are the run's
  drawings (what remains after the last bar) with what a chart needs to draw them, and the run page draws them as
  TradingView does: tables over their pane at their position, polylines with their style and width, a label's
  tooltip on hover or focus (docs/adr/0214, 0235). Labels, boxes and table cells carry their text's bold/italic
  formatting and monospace font (docs/adr/0242), which the run page draws on labels, boxes and table cells; a
  cell's tooltip shows on hover or keyboard focus. A label's size is the named size (\`small\`) or, given in
  typographic points as v6 allows (\`size = 14\`), those digits (\`"14"\`). An indicator whose only
  outputs are \`bgcolor\`, \`barcolor\`, \`fill\` or \`hline\` (TradingView counts them as outputs) is valid
  with the \`no_outputs\` warning: its runs have no output columns (docs/adr/0122).
  A drawing placed by bar index (\`xloc.bar_index\`) more than 500 bars past the chart's last bar (by
  \`<kind>.new\`, an x setter, a point setter, \`set_xloc\` or a polyline's points) is, as on TradingView, the
  runtime error "Objects positioned using xloc.bar_index cannot be drawn further than 500 bars into the
  future."; TradingView stops the script there, here it is that bar's runtime error (outputs \`na\`, the
  message counted) and the drawing is not made or moved (docs/adr/0299). So is one placed by bar index
  more than 10,000 bars before the bar placing it, with TradingView's message naming the argument ("Bar
  index value of the \`x1\` argument (86) in \`line.new()\` is too far from the current bar index. Try
  using \`time\` instead.", docs/adr/0302); TradingView may fail sooner on a script whose \`time\` buffer
  it sized smaller. Place far drawings by time (\`xloc.bar_time\`).
  A declared \`max_labels_count\`, \`max_lines_count\` or \`max_boxes_count\` outside 1..500 (0, -1, 501) is
  accepted and read as the nearest bound (\`max_polylines_count\`: 1..100, docs/adr/0298). TradingView's
  reference gives these counts' possible values but documents no error for others, so whether it refuses
  them is unchecked.
  A bar index past the last bar is dated one bar length per step from it, so such times count bars, not
  trading days: on a daily stock chart \`bar_index + 2\` from a Friday is dated Sunday, where TradingView's chart
  shows the second trading day after (docs/adr/0063, docs/adr/0201).
  A polyline connects at most its first 10,000 points, the most the user manual gives one; TradingView's
  behaviour past that is not documented (no error here). Drawings made inside a request's expression (a
  function it calls that draws) are not drawn, as TradingView draws only in the chart's context; TradingView
  does not allow them there, here the script runs (docs/adr/0303).
- **History offsets.** A float offset is rounded down, as TradingView's reference for \`[]\` says
  (\`close[1.7]\` is \`close[1]\`).
- **Strategies** are refused: write a \`definition\` for the signal and a \`study\` to measure it.
- **Runtime errors end their bar.** A runtime error, \`runtime.error()\` included, ends the bar it happens on (its
  outputs \`na\`, the message counted in the run's \`summary.runtime_errors\`) and the next bar runs; TradingView stops
  the script at the first one. A guard such as \`if rsiLen > bar_index\` then \`runtime.error(...)\` (a public alert
  script's) fails TradingView's chart on its first bar, where a run here keeps every later bar; only a run whose every
  window bar fails is failed (kind \`script\`).
- **Reassigned variables are series.** A variable given another value with \`:=\` is a series value, except a
  top-level one (declared once, without \`var\`) whose values are all made of literals, inputs and simple built-ins
  (\`timeframe.period\`, \`syminfo.mintick\`) with operators, \`?:\`, \`int()\`/\`float()\` and \`math.*\`, given at the top
  level or in \`if\`/\`switch\` blocks testing such values (\`len := otherInput * 2\` under \`if preset == "Fast"\`,
  \`per := timeframe.period == "D" ? 21 : 10\`): it is an input or simple value as TradingView infers, so \`ta.atr(len)\`
  takes it (docs/adr/0182, 0232); in v5 a \`var\` one given such values with \`:=\` too. A function's local variable is
  settled so too, its parameters declared \`simple\` counting as settled values (\`result := "15"\` under
  \`if timeframe.in_seconds(baseTF) / 60 <= 5\`, docs/adr/0281). The rule is syntactic: a value
  given through a function of your own, a loop or the variable itself (\`len := len * 2\`) keeps it series here.
  TradingView's v6 migration guide says v6 makes every reassigned variable series (those scripts are refused there,
  accepted here), and that v5 wrongly took a changing one (\`var n = 0\`, \`n += 1\`, \`ta.ema(close, n)\`) at its
  first value: refused here. Reassigning a variable declared \`const\` is refused (\`invalid_assignment\`), as
  TradingView refuses it.
- **Gradient fills need their values.** \`fill(plot1, plot2, top_value, bottom_value, top_color, bottom_color)\`
  takes \`top_value\` and \`bottom_value\` as its reference lists them, required; a call giving only
  \`top_color\`/\`bottom_color\` (a public WaveTrend oscillator does) is refused with \`wrong_argument\`, though
  TradingView may accept it. Fills draw nothing here in any case: drop the two colors, or give both values.
- **\`ticker.*\`.** \`ticker.standard(symbol)\` is \`symbol\` itself (the stored bars are the standard chart's), or
  the symbol under a Heikin Ashi or extended (\`={"adjustment":"dividends","symbol":"AAPL"}\`) identifier, which a
  request also reads as its symbol (docs/adr/0183);
  \`ticker.new(prefix, ticker, ...)\` is \`prefix:ticker\` (\`ticker\` itself when it already names its exchange) and \`ticker.modify(tickerid, ...)\` is \`tickerid\`: their
  session, adjustment, back-adjustment and settlement modifiers are accepted and not applied, so a request for
  \`session.extended\` or \`adjustment.dividends\` reads the bars as stored (docs/adr/0117);
  \`ticker.inherit(from_tickerid, symbol)\` is \`symbol\`, or its Heikin Ashi ticker when \`from_tickerid\` is one.
  Spread tickers (\`"AAPL+MSFT"\`, \`"AAPL/MSFT"\`) are requests of symbols the store does not hold. \`ticker.heikinashi(symbol)\`
  requests Heikin Ashi bars built from the symbol's stored bars (its identifier is
  \`={"symbol":"<symbol>","type":"HeikinAshi"}\`; the first bar's open is the average of its open and close, and a
  context is read 64 bars earlier than its warmup so that the window's opens no longer depend on it). Renko, line
  break, Kagi and point and figure tickers are refused (their bars are not stored).
${REQUEST_DIFFERENCES}
- **\`na\` inputs.** Functions whose reference says "na values are ignored" (\`sma\`, \`ema\`, \`rma\`,
  \`stdev\`, \`highest\`, \`cog\`, ...) work on the last \`length\` non-na
  values and return their previous result on an \`na\` bar (\`highestbars\`/\`lowestbars\` still count the bars
  back to the same extreme, one more on each \`na\` bar; \`highest\`/\`lowest\` as TradingView's values recorded
  since October 2026 show, docs/adr/0304); \`alma\`, \`swma\`, \`linreg\`, \`change\`, \`mom\`,
  \`roc\`, \`percentile_linear_interpolation\` give \`na\` when the window holds one (docs/adr/0288). As values
  recorded on TradingView show (docs/adr/0304): \`vwma\` is \`sma(source * volume) / sma(volume)\`, each sma
  skipping its own na (an na source bar keeps its volume in the divisor); \`wma\` and \`hma\` are \`na\` on an
  \`na\` bar, which stands for the value before it in later windows; \`dev\` and \`cci\` are \`na\` while the
  window holds an \`na\`; \`percentrank\` does not count an \`na\` bar (an \`na\` current value gives 0); a
  pivot's sides are compared outward up to an \`na\` (a September 2026 record). The same records show
  (docs/adr/0330): \`correlation\` is five averages (\`x\`, \`y\`, \`x*y\`, \`x*x\`, \`y*y\`) each over its own
  last \`length\` non-na values, so with an \`na\` in one source it can leave [-1, 1]; \`rising\`/\`falling\` are
  true when the source rose (fell) on each of its last \`length\` changes, a change next to an \`na\` skipped
  (not "above each of the previous values": 1, 3, 2, 5 is not \`rising(x, 3)\`); \`cross*\` compare with the
  last bar where both sources were defined, so a cross over an \`na\` gap fires on the bar after it; \`cum\` is
  \`na\` on an \`na\` bar (and before the first value) and its total goes on past it. Functions built on changes
  (\`rsi\`, \`mfi\`, \`tsi\`) follow the reference's Pine definitions: the change next to an \`na\` is \`na\` and
  skipped; \`cmo\`'s Pine (\`mom >= 0 ? mom : 0.0\`) counts that change as a 0 gain and no loss.
  A zero divisor inside a built-in (\`stoch\` of a flat window, \`mfi\` without down flow) gives \`na\`, as
  the definitions' \`/\` does (docs/adr/0145); \`rsi\` keeps TradingView's RSI rule (no down move 100), and \`mfi\`
  with no flow at all is 100. As TradingView's logged values show, \`rising\`, \`falling\`, \`percentrank\`, \`cmo\`
  and \`mfi\` treat a difference within 1e-10 as none (\`highest\`, \`crossover\`, ... compare exactly;
  docs/adr/0304).
- **\`ta.*\` lengths.** A length below 1 or \`na\` is the runtime error TradingView's runtime gives, with its
  message ("Invalid value of the 'length' argument (0) in the 'sma' function. It must be > 0.", "... It must
  not be na"; \`ta.hma\` of length 1 names its first \`wma\` and "(0.0)"); so are a negative \`valuewhen\`
  occurrence or pivot bar count ("It must be >= 0."), a percentile's percentage outside 0..100 and a
  \`supertrend\` factor not above 0 (docs/adr/0158). TradingView stops the script there; here it is that
  bar's runtime error (outputs \`na\`, the message counted), so a constant invalid length fails the run.
  \`ta.change\`, \`ta.mom\` and the ta library's functions keep their answers. A length known only as the
  script runs reads at most the last 5000 values (TradingView's limit for a series; TradingView stops
  with "The requested historical offset (X) is beyond the historical buffer's limit (Y)" instead). \`ta.median\` of an int series
  is int, as the reference types it, but an even window gives the mean of its two middle values, which
  may have a fraction (the reference does not say how TradingView rounds it).
- **Seeding.** EMA and RMA start with the SMA of their first \`length\` values (as TradingView's built-ins).
- **Pivots.** \`ta.pivothigh\` needs the pivot to be >= the left bars and > the right bars (mirrored for lows), so of
  two equal highs the later one is the pivot; values extracted from TradingView agree (docs/adr/0301).
- **\`ta.vwap\`** without an anchor restarts at midnight in the exchange's time zone (UTC on daily bars);
  an overnight session's evening start is not followed.
- **Daily, weekly and monthly bar times.** A script reads such a bar's \`time\` at its session's open on its first
  trading day and \`time_close\` at the close on its last, in the exchange's zone, as TradingView does (AAPL's daily
  bar opens 09:30 New York; futures 1700-1600 open the evening before); the run's times, events and drawings stay
  dated at the stored midnight UTC (docs/adr/0200). \`time(tf)\` and \`time_close(tf)\` of a timeframe under a day read the
  period holding that open, anchored at the session (\`time("15")\` of AAPL's daily bar is 09:30, as \`time\`: docs/adr/0280). A \`xloc.bar_time\` drawing's time is placed on the stored bars
  through its bar's open and close: a line from \`time\` to \`time_close\` spans the bar, a time inside the session
  lies proportionally inside the stored bar, a time past the last bar keeps its spacing in bars (docs/adr/0201).
  Holidays are not known: a week or month starting on one opens on that day here, and early closes are not followed.
  Around the clock (\`24x7\`), bars open at midnight UTC, also in an exchange zone other than UTC, where
  TradingView opens them at the zone's midnight: the store cuts daily bars at midnight UTC.
- **Daily data on intraday charts.** \`request.security\` of a day, week or month on an intraday chart matches each
  chart bar with its trading day in the exchange's zone (a US equity's 19:30 New York post-market bar in winter,
  00:30 UTC, reads that day's bar; a future's evening from its session's open reads the next day's), as
  TradingView's days are trading days (docs/adr/0245). A pre-market bar reads its own day here; TradingView may
  start the day at the regular session's open instead (reported, not verified). Around the clock the days stay UTC.
- **Number patterns.** \`str.tostring(x, pattern)\` and \`{0,number,pattern}\` read Java's DecimalFormat patterns:
  digits (\`#\`, \`0\`, \`,\`, \`.\`), text around them (\`+0.00\`, \`$#,##0.00\`), \`%\` there multiplying by 100, and a
  negative subpattern after \`;\` (docs/adr/0161), and a point ending the digits written always (\`#.1\` of 33.4 is
  \`33.1\`: the digits \`#.\` and the text \`1\`, docs/adr/0291); exponent patterns (\`0.###E0\`) are not read.
- **Number text.** \`str.format\` and \`log.*\` with arguments write a number as Java's MessageFormat does:
  \`{0}\` groups by three with up to three decimals (\`1,234.568\`) and a tie goes to the even digit
  (\`{0,number,integer}\` of 2.5 is \`2\`) and keeps the sign of a value rounding to zero (\`-0\`); \`str.tostring\` has up to ten decimals,
  an exponent from 1e21 on (\`1E21\`), and rounds a tie up as the digits read (\`2.675\` under \`#.##\` is \`2.68\`: docs/adr/0177, 0230).
  \`format.percent\` has two decimals (\`1.00%\`, \`NaN%\`), \`format.volume\` is a whole number below a thousand (\`12\`),
  \`format.price\`/\`format.inherit\` are not str.tostring formats (\`price83123\`), and \`array.join\` writes a float
  array's elements as Java does (\`5.0\`, \`1.0E8\`): TradingView's documents print none of these, public emulators'
  logs of TradingView do (docs/adr/0294; the user manual's Arrays page says array.join uses str.tostring's default
  format, which those logs contradict for whole floats: kept). Kept, the evidence being weak (docs/adr/0178, 0294): \`str.tostring\` writes a value
  rounding to zero without a sign (also under a pattern without digits, where one emulator shows \`-x0\`), \`#.00\` keeps the zero of \`0.50\` (Java writes
  \`.50\`; under \`#.#\` Java too writes \`0.5\`, docs/adr/0291), \`str.format\` of a float array writes its elements as \`str.tostring\` does (\`[1.5, 2]\`; emulators show \`[1.5, 2.0]\`), an na argument is \`NaN\`, and a
  matrix is written one row a line. As TradingView's user manual says, a placeholder naming no argument (\`{5}\`) is
  written as it stands and an unclosed \`{\` in \`str.format\` (or \`log.*\` with arguments) is a runtime error (docs/adr/0274).
- **An na string argument** (\`str.upper(na)\`, a \`string\` variable holding na) gives na, but a concatenation with
  one counts it empty (\`"x" + s\` is \`"x"\`, as the user manual's Time page builds text: docs/adr/0326), and
  \`str.tostring\` of a na string is that na (the reference: a string "is
  returned as is"; na numbers are \`"NaN"\`); an na position of \`str.substring\` is its start (begin) or the
  source's end (end) and an na \`str.replace\` occurrence the first, as TradingView's logged values show
  (docs/adr/0304); an na timeframe is the
  chart's, an na session none, an na time zone UTC and an na \`str.repeat\` separator none (docs/adr/0172: the
  reference does not say).
- **\`str.format\` dates.** \`{0,date,...}\` and \`{0,time,...}\` (a pattern, or \`short\`/\`medium\`/\`long\`/\`full\`
  in US English) read the timestamp in UTC; \`str.format_time\` takes a time zone. Both read Java's SimpleDateFormat
  letters in US English (docs/adr/0231); \`S\` is the fraction of the second as the reference names it (\`S\`
  tenths, \`SSS\` milliseconds), \`z\` a US English zone name (\`EDT\`) or \`GMT+03:00\`, and a letter Java does not
  know is written as it stands (TradingView's pages do not say).
- **\`math.round(x, precision)\`** rounds \`x * 10^precision\` to the nearest integer, ties up (\`-2.5\` with
  precision 0 is -2, and \`1.005\` with precision 2 is 1.00, the double being just below 1.005). Values recorded on
  TradingView (docs/adr/0309) round some of these otherwise (\`-2.5\` is -3, \`1.005\` is 1.01, \`0.049\` with
  precision 1 is 0.1) by a rule not found yet: 12 of their 21 cases agree with ours, and no rule tried gives all 21
  (docs/adr/0330: \`1.00499\` is 1.01 where \`1.000499\` with precision 3 is 1.000).
- **\`math.random\`** is reproducible: without a seed every call draws the next number of one stream started
  from a fixed seed (two calls differ; docs/adr/0318), where TradingView's numbers are random. The seed is a series (\`seed + i\` in a loop runs): each seed has its own
  sequence at the call site, started from the seed (docs/adr/0163), and a seeded call draws TradingView's
  numbers, java.util.Random's for the seed (docs/adr/0311).
- **Colors** are values only (numbers); \`color.*\` functions work, nothing is drawn. The named colors are the
  script's version's, as TradingView's v6 migration guide lists them: in v5 \`color.red\`, \`color.teal\` and
  \`color.yellow\` are #FF5252, #00897B and #FFEB3B, in v6 #F23645, #089981 and #FDD835 (docs/adr/0072, 0227).
  A drawing's color or text color not given is null in the run's drawings (TradingView's v6 label text default
  is white, v5's black). The web app's chart draws a label's null text color as v6's white, so text hidden
  with \`textcolor = na\` shows there, and a v5 label's default black text is white (docs/adr/0364).
- **Limits.** 10,000,000 loop iterations per bar, arrays of at most 100,000 elements, maps of at most
  50,000 pairs (as TradingView), strings of at most 40,960 characters (as TradingView's user manual says), history references at most
  10,000 bars back.
- **Visible range.** \`chart.left_visible_bar_time\` and \`chart.right_visible_bar_time\` are the open times of
  the run window's first and last bars; on TradingView they follow the chart's scroll and zoom, usually a
  few hundred bars. A script that works over the visible range works here over the whole window: more
  drawings, longer loops, and bar-index drawings placed from the window's first bar can be more than 10,000
  bars back (the runtime error above). Survey S45: a public order-flow script that bins volume over the
  visible range ran within seconds on AAPL daily, failed on its last SPY minute bar with that error (31,589 bars back)
  and did not end within 400 s on BTC four-hour bars (its bin size fixed at 2016's prices); narrow the run's window.
- **Equal extremes.** \`ta.highestbars\`/\`ta.lowestbars\` report the earliest of equal bars in the window, as
  values exported from TradingView show (docs/adr/0066); a public emulator records that TradingView reports
  the newest since October 2026, with no table of values (docs/adr/0330).
- **Choices TradingView does not document** (docs/adr/0066): \`ta.rci\` gives equal values the mean of their
  ranks and is \`na\` when its window holds an \`na\`; \`ta.percentile_nearest_rank\` is
  \`sorted[ceil(P/100 * n) - 1]\` and \`ta.percentile_linear_interpolation\` interpolates at \`P/100 * (n - 1)\`
  (Excel's PERCENTILE.INC), the nearest rank over the non-na values of the window, the interpolation over its bars
  (\`na\` while one is \`na\`, as the reference's remark says: docs/adr/0288; the \`array.*\` forms skip na elements);
  \`array.percentrank(id, i)\` is the percent of the other elements <= element \`i\`; \`array.standardize\`
  divides by the population standard deviation; \`ta.wvad\`/\`ta.iii\` are \`na\` when high == low.
- **Int division.** v6 divides ints exactly (\`5 / 2\` is 2.5); in v5 the division of two const ints
  truncates toward zero (\`5 / 2\` is 2) and other int operands divide exactly. TradingView types such a
  division int although its value keeps the fraction, and takes it truncated where an int is wanted; so
  does this dialect: an int parameter (\`ta.wma(src, length / 2)\`, \`a.get(a.size() / 2)\`, your own
  function's \`int\` parameter), a history offset (\`close[half]\`), a \`for\` bound and a variable declared
  \`int\` take it truncated toward zero, also through a variable holding one (\`half = length / 2\`) while
  every value assigned to it is int-valued too (\`half := half + 1\`, \`math.max(half, 2)\`), and through
  an untyped parameter of your own function given one (\`at(i) => a.get(i)\` called as \`at(n / 2)\`). Assigned a
  float (\`half := half + 0.5\`, which TradingView refuses), it is an ordinary float that an int parameter
  refuses (write \`int(...)\`). Elsewhere the value keeps its fraction (\`plot(half)\` shows 7.5 for
  \`15 / 2\`), except in a variable declared \`int half = length / 2\`, which holds the truncated value.
- **\`and\` and \`or\`.** In v6 the right operand is not evaluated when the left one decides, as TradingView does
  (a \`ta.*\` call there misses those bars); in v5 both operands are evaluated on every bar, left then right, as
  TradingView's v5 did (its v6 migration guide). \`?:\` evaluates only the branch taken in both.
- **\`ta.*\` calls run on some bars.** A call in an \`if\` block, a \`switch\` case, a \`?:\` branch or a function
  called on some bars keeps the values its source had on the runs only, as TradingView's warning CW10003 describes
  (\`source[1]\` in your own function is its previous run's value). \`ta.highest\`, \`ta.lowest\`, \`ta.highestbars\`
  and \`ta.lowestbars\` of a bar column (\`high\`, \`low\`, \`close\`, ...) read the column's own history
  (\`ta.highest(high, 200)\` in a block run every 55th bar is the last 200 bars' high, docs/adr/0253); values recorded
  on TradingView before its October 2026 change of these functions show per-call-site slots instead, and no later
  record settles it (docs/adr/0304). The other \`ta.*\` of a bar column there see only the runs, as records show
  TradingView doing
  (\`ta.sma\`, \`ta.stdev\`, \`ta.vwma\`, \`math.sum\` over the last \`length\` runs, \`ta.atr\` advancing per run:
  docs/adr/0304).
- **History inside loops.** Code a loop's body runs more than once on a bar keeps one history value per
  bar, the bar's last execution's, as TradingView commits its series on each closed bar (docs/adr/0243):
  \`x[1]\` of a variable declared in the body is the previous bar's last iteration's \`x\` in every iteration,
  and a \`ta.*\` call (also \`math.sum\`, \`fixnan\`, and a function of your own with history) starts each
  execution from the state the previous bar left, so \`ta.sma(close, len)\` over lengths or
  \`ta.crossover(close, level)\` over levels give what one call per length or level outside the loop gives.
  A body that does not run on a bar adds nothing for it; \`var\` variables, arrays and objects keep every update.
  A \`for\` counter's own history (\`i[1]\`) is na: TradingView's pages do not say which of its values a bar keeps
  (docs/adr/0274).
- **\`for\` bounds.** In v6 a \`for\` loop's \`to\` is read again before each iteration, as TradingView does
  (elements removed inside \`for i = 0 to a.size() - 1\` end the loop early), unless it calls a function of
  your own or a built-in with state (\`ta.*\`): such a bound is read once. v5 reads it once.
  A \`for\` whose \`from\`, \`to\` or \`by\` is na, or whose step is 0, makes no iteration on the chart (in
  a requested context's run, one if its body requests: docs/adr/0347). TradingView's reference and user manual do not say what it
  does, and no recording of TradingView's values for such a loop was found, so this is unchecked.
- **Inputs.** \`input.price\`, \`input.time\` (milliseconds), \`input.text_area\` and \`input.symbol\` are plain
  float, int and string inputs of the Interface: nothing is picked on a chart and \`confirm\` is ignored.
  An input's default is any const expression, as in TradingView: literals, const variables, operators, ternaries
  and \`math.*\`, \`str.*\`, \`color.*\`, \`timestamp()\` or casts of constants (\`input.int(2 * math.round(7.4))\`).
  One that needs the chart (\`timestamp(2024, 1, 2)\` in the chart's time zone, \`math.round_to_mintick(x)\`) or calls
  your own function is refused with \`unsupported_feature\` (docs/adr/0290).
  A default or option written as a built-in constant other than a color is the constant's text
  (\`input.string(size.small, options = [size.tiny, size.small])\` lists \`"tiny"\`, \`"small"\`): for
  \`position.*\` and \`size.*\` that is the text public scripts build themselves (\`"top" + "_" + "right"\`); for
  other constants (\`line.style_dashed\` is \`"style_dashed"\`, \`extend.right\` \`"right"\`) TradingView does not
  document its text, so a script comparing one with a literal it wrote may differ (docs/adr/0319).
- **Wrapped strings.** A \`"..."\` string that goes on over the next line (deeper than its own line, or a wrapped
  line: inside an open parenthesis, or indented by other than a multiple of four, docs/adr/0160) drops the line break
  and that line's indentation (\`"ab \` then \`   cd"\` is \`"ab cd"\`, docs/adr/0114); TradingView's
  pages do not say whether it keeps a character there, which only a displayed text would show.
- **Line wrapping** is TradingView's (its release notes of December 2025 and September 2026): inside parentheses
  or square brackets a wrapped line may have any indentation; outside them a line indented by a multiple of four
  spaces starts a block, so a wrapped line there takes another indentation, or the expression goes in parentheses
  (docs/adr/0242, 0256).
- **Statements after \`=>\`.** Statements separated by commas on the line of a switch arm's or a single-line
  function's \`=>\` (the line may wrap after a comma) are all its body, the last one its value
  (\`1 => ups += 1, last := close\`); published scripts write switch arms so, and TradingView's pages do not say
  whether a single-line function may.
- **Indented first statement.** A first statement indented by other than a multiple of four spaces
  (\`  indicator(...)\` under a script's comments) is read as it stands, as a wrapped line with nothing
  before it; TradingView's pages do not say, and published scripts start so. Four spaces is a block's
  indentation and is refused.
- **Shadowing.** \`x = ...\` inside a block, for an \`x\` an enclosing scope declared before, declares a new \`x\`
  of that block and leaves the outer one as it was, as TradingView does (docs/adr/0351), with the warning
  \`shadowed_variable\`, TradingView's CW10013 ("Shadowing variable ... Did you want to use the ":=" operator"):
  for a block or function body, not a parameter, also for a local named as a user type declared before
  (\`hz hz = hz.new(1)\` in a function after \`type hz\`) (docs/adr/0355, 0358). A variable named as a built-in variable
  (\`hl2 = ...\`, \`[high, low] = ...\`, \`for time = ...\`), in any scope, gets the warning
  \`shadowed_builtin_variable\`, TradingView's CW10011 ("Shadowing built-in variable ..."), and is the
  script's variable from there on in its scope; a parameter or a name of a built-in function or namespace
  gets none. Declaring the name after using the built-in is refused, as TradingView does; using it only
  after the declaration is not. Both warnings cover the declaration from its first token through its value
  (a for's \`i = 0\`), as TradingView's do; a tuple member's ends at its name. TradingView's pages do not
  document either warning: which declarations warn follows public probes of its compiler
  (docs/adr/0358).
- **Accepted and ignored.** \`max_bars_back(...)\` and \`indicator(max_bars_back = ...)\` (history is sized
  from the script: a variable read at an offset known only as the script runs, \`x[bar_index - anchor]\`, keeps
  5000 bars, TradingView's limit for a series; a reference past it, or past 10,000 bars of \`open\`, \`high\`,
  \`low\`, \`close\` or \`time\`, is that bar's runtime error with TradingView's message "The requested historical
  offset (X) is beyond the historical buffer's limit (Y)" (docs/adr/0176)), and \`display\` values and their arithmetic (\`display.all - display.status_line\`).
- **Plot offsets.** The \`offset\` of \`plot\`, \`plotshape\`, \`plotchar\` and \`plotarrow\` moves the output as TradingView
  draws it: the value at a bar is the series' value \`offset\` bars before (after, for a negative offset such as
  Ichimoku's lagging span \`offset = -displacement + 1\`), na where that bar does not exist; values TradingView
  draws past the last bar (into the future area) are not in the run's outputs (docs/adr/0131). A window ending before
  the instrument's last bar shows the later bars' values on its last rows of a negative-offset output, as the chart
  does: the run also evaluates that many bars after its window (the offset as constants and the run's inputs give
  it; one the warmup analysis cannot work out leaves those rows na). Those bars' alerts are not reported, but on them
  \`barstate.islast\` and \`last_bar_index\` refer to the last bar read, and drawings and logs are as they leave them
  (docs/adr/0141). Only indicator runs read them: a definition's runs, the studies that use it and its sweeps keep
  events, made on their own bar, so they read no bar after the window and their last bar is the window's (docs/adr/0150).
- **Shape and candle outputs.** A \`plotshape\` or \`plotchar\` output is 1 where the shape shows and \`na\`
  elsewhere (TradingView's chart holds no value for it), except at \`location.absolute\`, where it is the price the
  shape is drawn at (docs/adr/0162). A \`plotcandle\` or \`plotbar\` output is its \`close\` only (na where any of
  the four prices is na, as no candle is drawn there): TradingView's data window also shows the candle's open, high
  and low, which a run does not return.
- **\`force_overlay\`.** \`force_overlay = true\` changes no value: an output or a drawing made with it carries
  \`force_overlay: true\` in the Interface or the run's drawings (docs/adr/0220), and the run page draws it on the price
  pane, as TradingView does. On \`bgcolor\` (no output) it changes nothing.
- **\`bid\` and \`ask\`** are na on every bar: TradingView has them on the tick timeframe ("1T") only, and no stored
  timeframe is ticks.
- **\`once\`.** \`once [condition]\` runs its block on the first bar the condition holds and never again; once the
  block has run the condition is not evaluated any more (a \`ta.*\` call in it stops updating), which TradingView's
  pages do not say. \`once\` is a structure only where an indented block follows, so a variable or function an
  older script named \`once\` still works. As on TradingView the structure returns no value: \`x = once ...\` and
  assigning a call of a function that ends with one are refused (docs/adr/0168, 0256).
- **\`sort_field\`** of \`array.sort\`, \`array.sort_indices\`, \`matrix.sort\` and the \`array.binary_search\`
  functions names a field of the collection's user type by index or name; a literal the type does not have is refused
  at validation, as TradingView refuses it, but one held in a constant variable (or a library's type) only as the
  script runs (each bar's runtime error). As TradingView's Arrays page says, na values and empty strings sort last
  in ascending order and first in descending order, and only an int, float or string field can be sorted by
  (docs/adr/0256).
- **Extras.** \`math.sinh\`, \`math.cosh\`, \`math.tanh\` and \`ta.sum\` (as \`math.sum\`) are accepted.
- **Matrices.** \`matrix.*\` follows TradingView's reference; \`matrix.inv\` of a singular matrix gives na
  elements (use \`matrix.pinv\`). \`matrix.eigenvalues\` lists the eigenvalues largest first and
  \`matrix.eigenvectors\` the matching unit eigenvectors as columns (first non-zero component positive);
  a complex pair of eigenvalues (a non-symmetric matrix) gives na values and na columns, after the real ones.
- **Enum inputs.** \`input.enum\` is a string input in the Interface: its options are the members' titles
  (a member without a title by its name) and a run gives one of them (or a member's name).
- **Overloads.** User functions (and library exports) overload by parameter types or count; a call takes
  the overload whose typed parameters match its arguments' types exactly, else the only one accepting
  them (int to float). Overloads are told apart by type, not by qualifier; none fitting is
  \`no_matching_overload\`, several is \`ambiguous_call\`.
- **Library constants.** \`export const <type> X = <value>\` is read as \`lib.X\`; the value may name the
  library's other top-level constants (\`export const float B = A * 2\`).
- **\`time_tradingday\`** on weekly and monthly bars is the period's last weekday (every day for a
  session around the clock): exchange holidays are not known.
- **TradingView's libraries.** \`import TradingView/ta/<version> [as alias]\` imports (any version and alias:
  \`TVta.atr(14)\` and \`TVta.tr\` are \`ta.atr(14)\` and \`ta.tr\`), so the
  built-in \`ta.*\` functions and variables a script reads through it work, and so do these library functions:
  \`ta.cagr\`, \`ta.changePercent\`, \`ta.highestSince\`, \`ta.lowestSince\`, \`ta.dema\`, \`ta.tema\`, \`ta.trima\`,
  \`ta.ao\`, \`ta.coppock\`, \`ta.dm\` (Demarker), \`ta.eom\`, \`ta.rms\`, \`ta.szo\`, \`ta.vhf\`, \`ta.uo\`,
  \`ta.ema2\`, \`ta.rma2\`, \`ta.dema2\`, \`ta.tema2\`, \`ta.atr2\`, \`ta.pzo\`, \`ta.vzo\`, \`ta.stc\`,
  \`ta.ht\`, \`ta.ift\`, \`ta.t3\`, \`ta.t3Alt\`, \`ta.ft\`, \`ta.frama\`, \`ta.wpo\`, \`ta.rwi\`, \`ta.donchian\`,
  \`ta.stochFull\`, \`ta.stochRsi\`, \`ta.trix\`, \`ta.kvo\`, \`ta.vi\`, \`ta.ichimoku\` (its lines not
  displaced, as the library returns them: shift them with \`plot\`'s \`offset\`), \`ta.vStop\`, \`ta.vStop2\`,
  \`ta.supertrend2\`, \`ta.supertrend(factor, atrLength, wicks)\` (its \`wicks\` reverse the trend; as on
  TradingView, without the import only the built-in's \`ta.supertrend(factor, atrPeriod)\` is there, and a
  3-argument call is refused with the import line to add, docs/adr/0159),
  \`ta.aroon\` (on \`ta.highestbars\`/\`ta.lowestbars\`: the earliest of equal bars),
  \`ta.williamsFractal\`, \`ta.relativeVolume\` (its periods those of \`timeframe.change\`; every bar of a run
  is confirmed, so \`adjustRealtime\` changes nothing), \`ta.requestUpAndDownVolume(lowerTimeframe)\` and
  \`ta.requestVolumeDelta(lowerTimeframe, cumulativePeriod = "")\` (written from the library's published definitions,
  docs/adr/0116, 0136, 0138 and 0155). The last two request the chart symbol's bars of \`lowerTimeframe\` as
  \`request.security_lower_tf\` does (the run fetches that context; a timeframe higher than the chart's is its
  runtime error): an intrabar's volume is up when it closes above its open, down below it, else by its close
  against the previous intrabar's close, else as the previous intrabar; \`requestUpAndDownVolume\` gives
  \`[up, down (negative), delta]\`, \`requestVolumeDelta\` \`[open, high, low, close]\` of the delta summed intrabar
  by intrabar since the start of the \`cumulativePeriod\` period (\`""\`: each bar alone, opening at 0). The
  intrabars are stored bars (1 minute at the finest): a tick (\`"1T"\`) or seconds timeframe is refused as in any request.
  \`ta.chandelier\`, \`ta.pmo\`, \`ta.specialK\` and \`ta.ulcerIndex\` are built in too, so TradingView's own Chandelier
  Exit, Price Momentum Oscillator, Pring's Special K and Ulcer Index indicators run unchanged (docs/adr/0221: the
  PMO's \`2 / length\` smoothing is seeded as \`ta.ema\`'s; Special K is na before bar 724). The library's other
  functions are not written.
  As on TradingView, they are reached only through the import: \`ta.dema(close, 10)\` without it is
  \`undeclared_identifier\`, whose message names the line to add (\`import TradingView/ta/12 as ta\`) or the alias
  the script imported the library under (docs/adr/0137). A name the library does not have here is refused
  by name. TradingView's other libraries (but ZigZag, below), and other users' public
  TradingView libraries, are not available: a library is imported from this service's scripts (save its
  source here as a library script and change the import line to name it); the \`unresolved_import\`
  message names the libraries built in. Not built in (docs/adr/0276): TradingView's LibraryCOT and
  Request (they read Commitments of Traders and exchange data this service does not store),
  TechnicalRating (the Technical Ratings indicator and strategy: its published conditions are partial,
  so our own version would not give TradingView's ratings), ValueAtTime (the Performance indicator),
  RelativeValue, Strategy and RiskMetrics; the message of such an import says it is not built in.
- **TradingView's ZigZag library.** \`import TradingView/ZigZag/6\`, \`/7\` and \`/9\` (any alias; without one, \`ZigZag\`)
  are built in, so TradingView's Auto Fib Retracement and Auto Fib Extension and the public scripts built on
  them run unchanged (docs/adr/0195), as does a Zig Zag indicator that only calls \`update()\` and leaves the
  drawing to the library (drawings made inside an imported library count as the script's, docs/adr/0216);
  so does TradingView's current Zig Zag indicator, which imports version 9 (docs/adr/0275).
  They are our own library script written from the library's
  published documentation: the types \`Settings\` (\`devThreshold = 5.0\`, \`depth = 10\`,
  \`lineColor = #2962FF\`, \`extendLast\`, \`displayReversalPrice\`, \`displayCumulativeVolume\`,
  \`displayReversalPriceChange\` all \`true\`, \`differencePriceMode = "Absolute"\`, \`draw = true\`, and in
  versions 7 and 9 \`allowZigZagOnOneBar = true\`), \`Pivot\` (\`ln\`, \`lb\`, \`isHigh\`, \`vol\`, \`start\`, \`end\`),
  \`ZigZag\` (\`settings\`, \`pivots\`, \`sumVol\`, \`extend\`) and, in version 6, \`Point\` (\`tm\`,
  \`price\`, \`barIndex\`; versions 7 and 9's points are \`chart.point\`s); the functions \`newInstance(settings)\`
  and the methods \`update()\` (call it on every bar; true when a pivot was added or the last one moved)
  and \`lastPivot()\`. A high (low) turns when none of the \`depth / 2\` bars after it (at least 2 in
  version 7) goes beyond it and each of the \`depth / 2\` bars before it stays short of it; it starts a
  new leg \`devThreshold\` percent or more from the last pivot, and moves the last pivot when it is
  further on the same side. With \`draw\`, the library's lines (width 2) and labels (price, change,
  leg volume) are drawings of the run, counted in \`max_lines_count\` and \`max_labels_count\` as
  TradingView counts them. Version 9 looks \`depth / 2\` bars each side (1 for depth 2 or 3) and draws no leg
  from the last pivot to the last bar: its fourth setting (kept under version 7's name \`extendLast\`) asks for
  pivots projected on realtime bars, which runs here never have, so version 9 shows only confirmed legs.
  Version 8 and versions before 6 are \`unresolved_import\`, the message naming 6, 7 and 9.
- **Old versions.** v4 and older scripts are refused; the message names the v5/v6 spellings
  (\`indicator()\`, \`request.security()\`, the ternary for \`iff()\`, \`color.new()\` for \`transp\`), and a
  misspelled built-in gets the closest supported name.
- **v5 and v6 details not followed** (TradingView's v6 migration guide): v5 accepts negative array indices as v6
  does (v5 stops with a runtime error); v6 accepts \`obj.field[1]\` (TradingView refuses it: \`(obj[1]).field\`).
  As TradingView's v6 refuses them, v6 refuses \`bool b = na\` and \`na()\`, \`nz()\` and \`fixnan()\` of a bool,
  with the guide's fix (docs/adr/0273). A v6
  bool is never na: a function's, method's or structure's bool, or a tuple's bool member, is \`false\` on a bar
  where no branch runs (docs/adr/0262). A v5 bool can be na as in v5
  (\`[]\` before the first bar, an \`if\`/\`switch\` without \`else\`/default; \`na()\`, \`nz()\`, \`not\`,
  \`==\`, \`and\`/\`or\`, \`fixnan\`, fields and conditions follow v5's rules, docs/adr/0260; \`not\` of a na
  bool is na, our reading, which the guide does not state: docs/adr/0263), except a bool
  collection's default elements, \`str.tostring\`, \`bool()\` and built-ins returning bools. A v5 series
  \`offset\` warns and draws the whole plot at the last bar's offset (docs/adr/0261). A v5 parameter given twice
  warns and keeps the first value, as v5 does. A color's transparency is kept in whole percent, so a \`#RRGGBBAA\`
  literal's alpha can come back one off (\`#00000020\` is drawn \`#00000021\`).
- **Comparisons with na.** \`==\`, \`!=\`, \`<\`, \`<=\`, \`>\` and \`>=\` with a na number give \`false\` (v5 and v6):
  \`t != lastT\` after \`var int lastT = na\` never holds, so a branch that sets \`lastT\` there never runs.
  TradingView's user manual (Type system, \`na\` value) says the same, and that \`na\` written directly as an
  operand (\`x == na\`) does not compile: in v6 it is refused here too (docs/adr/0278). Test with \`na()\` instead.
- **Float comparisons.** A comparison with a float operand treats values within 1e-10 as equal
  (\`0.1 + 0.2 == 0.3\` is true, \`a < b\` needs b - a above 1e-10), as TradingView's probes recorded by
  PyneCore show; the user manual words it as rounding to nine fractional digits, which those probes
  contradict at 2e-10 (docs/adr/0315). Two ints compare exactly; \`switch x\` matches its cases exactly (neither
  the manual's Conditional structures page nor a record says how TradingView's \`switch\` compares: docs/adr/0330).
- **Where the user manual's examples disagree with its text** (pass C6 over its concept pages), this dialect
  follows the stricter text: \`na()\` of a bool is refused in v6 (the Methods page's \`getType(bool this)\` example
  calls it; the v6 migration guide removes it), and \`%\` truncates as the reference's \`%\` entry says (the result has
  the dividend's sign: \`-1 % 100\` is -1), where the Operators page's prose says it rounds the quotient down.
- **Log-only and alert-only indicators.** An indicator whose only outputs are \`log.info\`, \`log.warning\` or
  \`log.error\` lines (TradingView shows them in its Pine Logs pane) is valid with the \`no_outputs\` warning: its
  runs have only log lines (docs/adr/0190). So is one whose only outputs are \`alertcondition()\` or \`alert()\`
  calls (the reference's \`alertcondition\` example): its runs have only their alert events (docs/adr/0324).
- **The reference manual's examples** (pass RX: the 388 distinct code examples of TradingView's v6 reference,
  410 with its repeats, run on the demo bars). Those that do not run here need what is not stored: strategies
  (72, refused), \`request.dividends\`, \`earnings\`, \`splits\`, \`financial\`, \`economic\`, \`quandl\`,
  \`seed\` (7), Renko, Kagi, line break and point and figure tickers (5), a published library (\`import
  username/num_methods/1\`), symbols not stored (DELL, TSLA, AMZN: a runtime error of each bar) and AAPL's
  hourly or 4-hour bars (na, as TradingView's chart bars without intrabars). \`request.currency_rate\` reads the
  pair's daily bars (\`"USD"\` to \`"GBP"\` is \`USDGBP\`): a pair not stored is TradingView's "cannot be
  calculated" case, the runtime error of each bar, or na with \`ignore_invalid_currency = true\`; the same
  currency gives 1. It reads the pair at the chart's timeframe (on an hourly chart, each hour's close), where the
  reference calls it a daily rate, from the pair's previous daily value. The reference's "the same on pine" code for \`ta.ema\` starts from the first value, where
  the built-in starts from the SMA of the first \`length\` values (see Seeding), so the two agree only once the
  start has faded (140 bars for a length of 15 on AAPL's daily bars); every other "the same on pine" example (26
  functions and variables, from \`ta.alma\` to \`ta.wvad\`) equals its built-in on every bar here.
  A script without \`//@version=\` is read as v6 here (the language contract's default), where TradingView compiles
  it as Pine v1, which has no \`indicator()\` (the reference's \`@version=\` example): write the annotation.
- **The user manual's Concepts and Visuals examples** (pass UX: 210 code examples of TradingView's v6 user
  manual pages on alerts, bar coloring, bar plotting, bar states, chart information, colors, fills, levels, inputs,
  lines and boxes, non-standard charts data, other timeframes and data, plots, repainting, sessions, tables, text
  and shapes, time, timeframes and backgrounds, run on the demo bars). Those that do not run here need what is not
  stored: strategies (refused), \`request.financial\`, Renko, Kagi, line break and point and figure tickers,
  symbols not stored (SPY on the daily demo chart, AMD, INTC, NVDA, OANDA pairs, NSE:BANKNIFTY: a runtime error of
  each bar), second bars (\`"15S"\`, \`"5S"\`) and AAPL's intraday bars. Session and adjustment modifiers
  (\`ticker.new(..., session.regular)\`, \`adjustment.dividends\`) read the bars as stored and the ticker's text
  has none of them (\`"NASDAQ:AAPL"\`; see \`ticker.*\`). The
  manual's Colors table gives \`color.blue\` as #2196F3; the v6 reference's #2962FF is kept (docs/adr/0072). The
  Time page's \`z\` of Sydney is \`AEDT\` on TradingView (Java's name), \`GMT+11:00\` here (docs/adr/0231). Its
  \`time_close("1M")\` of a month whose last weekday is a holiday (March 2013) is that weekday's close here, where
  TradingView knows the exchange's calendar.
- **The user manual's Strings, Maps, Matrices, Debugging and Limitations examples, polylines and the rest of
  Other timeframes and data** (pass UX2, run on the demo bars). \`str.match\` reads the Java syntax the Strings page's
  regex tables document (\`\\Q...\\E\`, \`\\x{...}\`, nested and \`&&\` classes, inline flags scoped to their group,
  atomic groups, possessive quantifiers, \`\\A \\Z \\z\`, \`\\h\`, POSIX, script and block \`\\p{...}\`); a Unicode
  block outside the common ones (Basic Latin to Emoticons) is an invalid expression here, \`(?U)\` does not make
  \`\\b\` or the case folding of class ranges Unicode-aware, and \`(?u)\`/\`(?d)\` are accepted without effect. \`str.upper\`/\`str.lower\` change
  ASCII letters only, as that page says. Plot counts include \`alertcondition\`, \`bgcolor\`, \`barcolor\` and a fill
  of a series color (the Limitations example totals 56). Past 40 unique requests the bars that read one more have
  a runtime error (the worker's cap, TradingView's error at the 41st). Not run for want of data: dividends, splits,
  earnings and financials (refused), spread and currency pairs not stored (\`TRYUSD * USDKRW\`, a runtime error of
  each bar), and intrabars of the daily demo chart (empty arrays, na).
- **Reference signatures** (each built-in's parameters, defaults and qualifiers checked against TradingView's
  v6 reference manual). \`request.security_lower_tf\` of a symbol not stored with
  \`ignore_invalid_symbol = true\` gives an empty array where the reference says na (\`array.size\` is 0, not
  na). \`str.tostring\` of a color compiles and gives the color's number here; the reference takes no color
  there. Parameters the reference qualifies more strictly (\`simple\`, \`const\`) may take series values here.
- **Computed plot titles.** A plot's \`title\` names its output when it is a literal or a constant standing for
  one (\`const string T = "Up" + " trend"\`); a title a user function returns (\`title = f("Up")\`), which
  TradingView shows, leaves the output named \`plot_<n>\`.
`,
};
