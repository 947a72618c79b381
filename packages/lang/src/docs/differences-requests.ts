// The part of the "differences" guide (differences.ts) about other symbols and timeframes, sessions,
// instrument metadata and bar times: how requested data and the run's own bars differ from TradingView's.

export const REQUEST_DIFFERENCES = `- **\`request.security\`** follows TradingView on historical bars (lookahead off: a higher timeframe's value
  on the last chart bar of its period; lookahead on: the period's final value on each of its bars; a lower
  timeframe: the chart bar's last intrabar, with lookahead on its first, as the user manual's example). The run's
  last bar is TradingView's last bar: when the stored data ends inside a requested period it shows that period's
  running value; a window ending before the data does keeps the previous period there (nothing from after the
  window), unless that bar ends the period by the session (a Friday's daily bar its week, the 15:59 minute its
  day: docs/adr/0295; a Thursday before an exchange holiday does not, holidays not being known). Symbols and timeframes computed from inputs or bars work in every run (at most 40 contexts; a loop over symbols has them all read after one evaluation, docs/adr/0223). What
  remains: timeframes are those the bar store holds (1, 5, 15, 30, 60, 120, 240, D, W), any other count of minutes
  under a day (\`"20"\`, \`"180"\`: built from a finer stored timeframe from the session's open, as TradingView builds
  them; around the clock in UTC from 4-hour or 2-hour bars too, so \`"720"\` works on an instrument stored from 4-hour bars), months up to 12 (built from daily bars) and several days or weeks (\`"4D"\`, \`"2W"\`, built from daily or weekly
  bars: N trading days, Monday to Friday unless the instrument trades around the clock, and N weeks, both counted
  from Monday 1970-01-05; TradingView groups trading days too but does not document where its count starts, so its
  bars may be shifted by whole days, and holidays are not known here: docs/adr/0139; \`timeframe.change\` and
  \`time\` use the same periods), and seconds (\`"1S"\` ... \`"45S"\`, the finest stored bar is one minute) are refused:
  written as a constant at validation, computed (\`timeframe.from_seconds(30)\`) as a runtime error of each bar; \`currency\` conversion
  (to a currency other than the requested instrument's own: \`currency = currency.USD\` on a dollar stock converts nothing and
  runs) and \`request.dividends/earnings/splits/financial/economic/quandl/seed/footprint\` are refused (no such data is stored), as are the \`footprint\` and \`volume_row\` types with their \`footprint.*\` and \`volume_row.*\` functions (a bar's volume footprint comes from its ticks). The \`earnings.*\`, \`dividends.*\` and \`splits.*\` values compile: the next report's and dividend's figures (\`earnings.future_time\`, \`dividends.future_amount\`, ...) are na, TradingView's value when the data is not available, where its chart would show a date for a stock that reports (docs/adr/0225).
  A timeframe lower than the chart's that the store holds no bars of for a stored instrument (\`"1"\` or \`"60"\` of
  AAPL, stored only as daily bars; \`"15"\` of BTC-USD, stored from 4-hour bars), or a chart bar with none of them
  inside it (SPY's minutes cover some days), reads as TradingView's chart bars without intrabars (its intrabar
  history is limited, so its older chart bars have none): \`request.security_lower_tf\` gives empty arrays (of a
  tuple, one empty array per element), \`request.security\` na until the first intrabar and then, with the default
  \`barmerge.gaps_off\`, the last one before the chart bar's close (na with \`gaps_on\`), the ta library's
  \`requestUpAndDownVolume\` 0 and \`requestVolumeDelta\` a candle flat at its open; the run succeeds
  (docs/adr/0157). Where TradingView has intrabars for those bars, the values differ. A context below the chart's
  timeframe is read over the chart's warmup bars too, at most 100,000 of its bars before the window
  (docs/adr/0366): a run needing more (a script that never stops depending on its start, on an hourly chart with
  one-minute intrabars) has none on its earliest warmup bars, so a value that keeps them (a \`ta.cum\` of intrabar
  counts) depends there on where the window starts. A sweep reads the contexts its definition names by constants or
  by the grid's string inputs; a symbol or timeframe computed from bars is not looked for in a sweep and stays a
  runtime error of the bars that request it. Minute bars stored outside an instrument's session (SPY's pre- and
  post-market minutes, kept as imported though its session is \`0930-1600\`) fall in the stored day of their UTC date:
  with lookahead off a daily request shows the previous day on them until that date ends, and on the 15:59 minute
  when post-market minutes follow it (docs/adr/0366); TradingView's regular-hours chart has no such bars, and its
  pages do not say when an extended chart's day closes. A symbol not stored (or with
  another exchange's prefix) stays a runtime error of each bar that requests it, \`symbol "TVC:VIX" not found: no
  instrument of that name is stored\` (TradingView halts on a symbol it does not find; na with
  \`ignore_invalid_symbol = true\`), as does a timeframe at or above the chart's that has no bars (\`no 1w bars of
  "X"\`: docs/adr/0348). A stored symbol
  whose data begins after the chart's last bar (Bitcoin, stored from 2016, requested on a 2005 stock chart) has no
  history there yet: na, and empty intrabar arrays, as before any symbol's first bar (docs/adr/0203).
  \`request.security_lower_tf\` of a tuple (\`[h, l, v] = request.security_lower_tf("", "1", [high, low, volume])\`) gives a
  tuple of arrays, one per element.
  A request made while another request's expression is evaluated (nested: \`request.security(t, "D",
  request.security(t, "W", close))\`, or \`request.security(t, "1", f())\` where \`f()\` calls \`request.security(t, "5",
  close)\`) requests its own context from the outer call's, as TradingView's: the daily context sees the weeks by the
  inner call's gaps and lookahead, the chart sees that daily series by the outer call's; a nested
  \`request.security_lower_tf\` gives each bar of the outer context the intrabars inside it (docs/adr/0296). So does a
  request whose result is kept in a variable that another request's expression reads (\`x = request.security(t, "D",
  close)\`, then \`request.security("MSFT", "D", x)\`: x there is t's close as MSFT's days see it, as the user manual's
  nested-requests example has it), also through computations, tuples, functions and parameters; two contexts reading
  each other's requests both have their values, and only a value that depends on itself through another context is
  na, TradingView not documenting that case (docs/adr/0307). Without dynamic requests (v6 with
  \`dynamic_requests = false\`, v5 unless it says \`dynamic_requests = true\`) a request in an \`if\`, \`switch\` or loop
  block (in v6 also a call there of a function making one) and a series symbol or timeframe are refused, as TradingView
  refuses them (docs/adr/0314; a ternary or \`and\`/\`or\` operand is no such block and stays accepted, TradingView's pages
  naming only conditional structures and loops). There a request does not nest: a request another's expression reads
  (kept in a variable or written inside it) is made as from the chart, its \`""\`, \`syminfo.tickerid\` and
  \`timeframe.period\` naming the chart's symbol and timeframe, and its value reaches the other context by time, as the
  user manual's \`info2\` gets \`info1\`'s value (docs/adr/0329); another expression of the requested context in its
  symbol or timeframe (\`syminfo.ticker\`, \`ticker.new(syminfo.prefix, ...)\`) still names that context there, and a
  \`request.security_lower_tf\` read so gives the intrabars inside that context's bar (the chart's call has those inside
  the chart's bar); TradingView does not document either.
  TradingView's own VWAP, whose anchor \`switch\` requests earnings, dividends and splits, is refused as written;
  without those three anchors it runs. A requested context runs, for each request, what its expression depends on among
  the statements before its call, as the user manual's rule has it (a request "only duplicates code that affects the
  variable before the call"): with \`var c = 0\`, \`a = request.security(t, tf, c)\`, \`c += 1\`, \`b =
  request.security(t, tf, c)\` \`a\` is 0 and \`b\` counts the bars (docs/adr/0327, 0346). Two requests inside one
  statement of the script share that statement's code there. That changes no value when nothing between the two
  calls writes what the earlier one reads: \`a = request.security(t, tf, x) + request.security(t, tf, y)\` gives
  what two statements give, each expression depending only on the statements before (docs/adr/0359). It shows
  when something between them does: in an \`if\` or a loop holding \`a := request.security(t, tf, c)\`, \`c += 1\`,
  \`b := request.security(t, tf, c)\`, \`a\` reads the count of the bars before (not 0); a later request's
  expression calling a function that pushes into an array the earlier one reads (\`arr.size()\`) makes the earlier
  one see the pushes of the context's previous bars. A
  statement that could only raise a runtime error there (a chart-timeframe check ending in \`runtime.error\`, where
  \`timeframe.period\` is the requested timeframe) is not run in it (docs/adr/0170); statements that draw run in
  it only when its requests need them (docs/adr/0223). A request inside an \`if\`, a \`switch\`, a ternary or on the right of
  \`and\`/\`or\` (of the script or of a function it calls) is evaluated on every bar of its context, as TradingView
  evaluates a request's expression across the requested data; the chart reads it only on the bars where it runs
  (docs/adr/0283). So is one in a loop whose iteration a \`break\` or \`continue\` ends, in its own block or before it
  (\`for tf in array.from("D", "W")\` skipping with \`continue\` the timeframes at or below \`timeframe.period\` reads the
  weekly value on a daily chart, though the weekly context skips every iteration): the context's run then also runs the
  rest of the iteration the exit skipped. A \`for...in\` over an array empty in the context's run, a \`while\` false
  from the start there, or a \`for\` whose bounds are na there, makes one iteration there, its item or counter na
  (docs/adr/0314, 0347). A statement of the branch not taken that fails before the request
  leaves that context bar na (in a ternary or \`and\`/\`or\`, a failing operand not taken ends the context's bar).
- **\`indicator(timeframe = ...)\`** runs the script on that timeframe's bars of the chart's symbol and shows
  its values as \`request.security\` with lookahead off does (\`timeframe_gaps\`, true by default, leaves na
  between arrivals); the "Timeframe" setting is not an input a run can change.
- **\`indicator(calc_bars_count = N)\`** calculates the run's last N bars only (bar_index 0 on the first, earlier rows
  na), the run's last bar standing for the dataset's last as for \`last_bar_index\`: a window ending before the
  instrument's last bar counts back from its own end, where TradingView counts from the data's end (docs/adr/0140).
  Only \`indicator()\` takes it: \`definition()\` and \`study()\` calculate every bar of their read.
- **Instrument metadata.** \`syminfo.prefix\` is TradingView's exchange prefix of the instrument's stored exchange
  (\`"NASDAQ"\`, \`"NYSE"\`, \`"AMEX"\` for NYSE Arca's ETFs as TradingView lists them, \`"COINBASE"\`), and
  \`syminfo.tickerid\` is \`"NASDAQ:AAPL"\`, so scripts that split it at \`":"\` run; an imported instrument with no
  exchange has no prefix and its \`syminfo.tickerid\` is the ticker alone. A requested symbol with the instrument's
  own prefix, or none, is that instrument (the chart's own identifier is the chart's bars); another exchange's or
  an unknown prefix (\`"NYSE:AAPL"\`, \`"TVC:VIX"\`) names no stored instrument, a runtime error of the bars that
  request it. Pairs are written TradingView's way without separator (\`"COINBASE:BTCUSD"\` is the stored \`BTC-USD\`,
  whose \`syminfo.ticker\` stays \`"BTC-USD"\`). Runs may name their instrument either way (docs/adr/0156).
  An \`input.symbol\` is the symbol paired with its exchange prefix, as TradingView's reference says (\`"AAPL"\` is
  \`"NASDAQ:AAPL"\`) when it names the chart's instrument or one the run reads; \`""\` (the chart's), one written with a
  prefix and one naming no stored instrument stay as written (docs/adr/0272). \`syminfo.root\` the
  ticker, \`syminfo.pointvalue\` 1; \`syminfo.description\` is the instrument's stored name, \`syminfo.type\`
  its asset class in TradingView's names (an ETF is \`"fund"\`), \`syminfo.currency\` its quote currency and
  \`syminfo.basecurrency\` the ticker without that currency for crypto and forex pairs (\`"BTC"\` for \`BTC-USD\`,
  \`""\` otherwise). The metadata not stored is TradingView's value for an instrument without it (docs/adr/0233):
  na for \`sector\`, \`industry\`, the fundamentals (\`employees\`, \`shares_outstanding_*\`, ...), \`expiration_date\`
  and the analysts' \`recommendations_*\` and \`target_price_*\`, \`""\` for \`isin\`, \`"n/a"\` for \`volumetype\` (\`"base"\` for crypto pairs);
  \`country\` is \`"US"\` on NASDAQ, NYSE and AMEX (na elsewhere) and \`mincontract\` 1 for a stock or fund (na
  elsewhere). Where TradingView knows them (AAPL's ISIN and sector, a crypto pair's fractional lot) the values differ.
- **Sessions.** \`syminfo.session\` is always \`session.regular\` (bars are kept as imported); an instrument's
  regular hours are its \`session\` (\`0930-1600\` New York for US equities, \`24x7\` for crypto), holidays and
  early closes are not known (\`session.islastbar_regular\` on a half day is the last bar there is). Periods
  of \`timeframe.change\`, \`time(timeframe)\` and hourly \`request.security\` contexts start at the session's
  open as TradingView's bars do (a 4-hour period of a US equity at 09:30 and 13:30 New York, the second ending
  at 16:00); bars outside the regular hours fall in periods counted back from the open or on from the close.
  A session with a break (\`0930-1200,1300-1600\`) starts periods again after it, as TradingView builds no bar
  across a break; bars in the break are outside the session (neither pre- nor post-market) and the day keeps
  one first and one last regular bar. \`time("D", "America/New_York")\`, a time zone written where \`time()\` takes
  its session (no \`timezone\` argument), reads as no session, as public day-change scripts rely on it
  (docs/adr/0247; TradingView's reference does not say what a string that is not a session gives). On daily and
  longer charts a bar is inside a session that trades on its weekday, whatever the session's hours
  (\`time(timeframe.period, "0800-0810")\` is the bar's time): TradingView's pages do not say (docs/adr/0274).
- **\`time(..., bars_back, timeframe_bars_back)\`.** A bar ahead of the last one (negative \`bars_back\`, at most
  500) is expected from the chart's timeframe and the instrument's session: the next bars inside its hours, a
  session naming no days (\`0930-1600\`) trading on weekdays; holidays are not known. Ahead of a bar the run
  holds, the held bar's time is read. \`timeframe_bars_back\` steps periods of the requested timeframe, skipping
  days and hours the instrument does not trade.`;
