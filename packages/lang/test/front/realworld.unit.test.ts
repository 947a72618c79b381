// Scripts in the style of popular public TradingView indicators (written for these tests, not
// copied): each validates with no error and gives the Interface written below (warmup worked out
// from src/derive/rules.ts: e.g. Squeeze = linreg(20) over highest/lowest/sma(20) = 40, + val[1]
// = 41; WaveTrend = ema 12*10 twice + ema 12*21 + sma 4 + cross 1 = 497; MACD = ema 12*26 +
// ema 12*9 + hist[1] = 421; Stoch RSI = rsi 23*14+1 + stoch 14 + sma 3 + sma 3 + crossover 1 =
// 344; recursions through x[1], var accumulators, barssince and bar_index give the 5,000 cap).
// Each is then compiled and evaluated over AAPL's daily bars (functions reading global variables
// included).
// A second table holds scripts Pine (or this dialect) refuses, with the diagnostic expected.

import { compile, evaluate } from "../../src/index";
import type { InputSpec, ScriptInterface } from "../../src/types";
import { dailyBars } from "../back/harness";
import { brief, check, coreInterface } from "./harness";

const inp = (name: string, type: InputSpec["type"], def: InputSpec["default"], title: string | null, min: number | null = null, max: number | null = null, options: InputSpec["options"] = null): InputSpec => ({
  name, type, default: def, title, min, max, options,
});
const out = (name: string, title = name) => ({ name, title, type: "float" });
const ev = (name: string, message: string) => ({ name, message });
const iface = (p: Partial<ScriptInterface>): ScriptInterface => ({ inputs: [], outputs: [], events: [], warmup_bars: 0, ...p });

/** [name, source, Interface, warning codes]. */
type Row = [string, string, ScriptInterface, string[]];

const rows: Row[] = [
  [
    "Squeeze Momentum (LazyBear style): linreg, nz(val[1]) color ternaries, histogram",
    `//@version=6
indicator("Squeeze Momentum", shorttitle = "SQZMOM", overlay = false)
length = input.int(20, "BB Length")
mult = input.float(2.0, "BB MultFactor")
lengthKC = input.int(20, "KC Length")
multKC = input.float(1.5, "KC MultFactor")
useTrueRange = input.bool(true, "Use TrueRange (KC)")
source = close
basis = ta.sma(source, length)
dev = multKC * ta.stdev(source, length)
upperBB = basis + dev
lowerBB = basis - dev
ma = ta.sma(source, lengthKC)
range_1 = useTrueRange ? ta.tr : high - low
rangema = ta.sma(range_1, lengthKC)
upperKC = ma + rangema * multKC
lowerKC = ma - rangema * multKC
sqzOn = lowerBB > lowerKC and upperBB < upperKC
sqzOff = lowerBB < lowerKC and upperBB > upperKC
noSqz = not sqzOn and not sqzOff
val = ta.linreg(source - math.avg(math.avg(ta.highest(high, lengthKC), ta.lowest(low, lengthKC)), ta.sma(close, lengthKC)), lengthKC, 0)
bcolor = val > 0 ? (val > nz(val[1]) ? color.lime : color.green) : (val < nz(val[1]) ? color.red : color.maroon)
scolor = noSqz ? color.blue : sqzOn ? color.black : color.gray
plot(val, "Momentum", color = bcolor, style = plot.style_histogram, linewidth = 4)
plot(0, "Squeeze", color = scolor, style = plot.style_cross, linewidth = 2)
`,
    iface({ inputs: [inp("length", "int", 20, "BB Length"), inp("mult", "float", 2, "BB MultFactor"), inp("lengthKC", "int", 20, "KC Length"), inp("multKC", "float", 1.5, "KC MultFactor"), inp("useTrueRange", "bool", true, "Use TrueRange (KC)")], outputs: [out("momentum", "Momentum"), out("squeeze", "Squeeze")], warmup_bars: 41 }),
    [],
  ],
  [
    "Supertrend (KivancOzbilgic style): nz(x[1], x) recursions, input.source, fill of plots, alertcondition",
    `//@version=6
indicator("Supertrend", overlay = true, timeframe = "", timeframe_gaps = true)
Periods = input.int(10, "ATR Period")
src = input.source(hl2, "Source")
Multiplier = input.float(3.0, "ATR Multiplier", step = 0.1)
changeATR = input.bool(true, "Change ATR Calculation Method ?")
showsignals = input.bool(true, "Show Buy/Sell Signals ?")
atr2 = ta.sma(ta.tr, Periods)
atr = changeATR ? ta.atr(Periods) : atr2
up = src - Multiplier * atr
up1 = nz(up[1], up)
up := close[1] > up1 ? math.max(up, up1) : up
dn = src + Multiplier * atr
dn1 = nz(dn[1], dn)
dn := close[1] < dn1 ? math.min(dn, dn1) : dn
trend = 1
trend := nz(trend[1], trend)
trend := trend == -1 and close > dn1 ? 1 : trend == 1 and close < up1 ? -1 : trend
upPlot = plot(trend == 1 ? up : na, "Up Trend", style = plot.style_linebr, linewidth = 2, color = color.green)
buySignal = trend == 1 and trend[1] == -1
plotshape(buySignal ? up : na, "UpTrend Begins", location = location.absolute, style = shape.circle, size = size.tiny, color = color.green)
dnPlot = plot(trend == 1 ? na : dn, "Down Trend", style = plot.style_linebr, linewidth = 2, color = color.red)
sellSignal = trend == -1 and trend[1] == 1
plotshape(sellSignal and showsignals ? dn : na, "DownTrend Begins", location = location.absolute, style = shape.circle, size = size.tiny, color = color.red)
mPlot = plot(ohlc4, "", style = plot.style_circles, linewidth = 0)
fill(mPlot, upPlot, title = "UpTrend Highligter", color = color.new(color.green, 90))
fill(mPlot, dnPlot, title = "DownTrend Highligter", color = color.new(color.red, 90))
alertcondition(buySignal, "SuperTrend Buy", "SuperTrend Buy!")
alertcondition(sellSignal, "SuperTrend Sell", "SuperTrend Sell!")
changeCond = trend != trend[1]
alertcondition(changeCond, "SuperTrend Direction Change", "SuperTrend has changed direction!")
`,
    iface({ inputs: [inp("Periods", "int", 10, "ATR Period"), inp("src", "source", "hl2", "Source"), inp("Multiplier", "float", 3, "ATR Multiplier"), inp("changeATR", "bool", true, "Change ATR Calculation Method ?"), inp("showsignals", "bool", true, "Show Buy/Sell Signals ?")], outputs: [out("up_trend", "Up Trend"), out("uptrend_begins", "UpTrend Begins"), out("down_trend", "Down Trend"), out("downtrend_begins", "DownTrend Begins"), out("plot_4", "")], events: [ev("SuperTrend Buy", "SuperTrend Buy!"), ev("SuperTrend Sell", "SuperTrend Sell!"), ev("SuperTrend Direction Change", "SuperTrend has changed direction!")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "MA cross: switch on input.string options, multi-line function returning a tuple, plotshape constants",
    `//@version=6
indicator("MA Cross", overlay = true)
maType = input.string("EMA", "MA Type", options = ["SMA", "EMA", "WMA", "HMA", "RMA", "VWMA"])
fastLen = input.int(9, "Fast", minval = 1)
slowLen = input.int(21, "Slow", minval = 1)
src = input.source(close, "Source")
ma(float s, simple int len, string t) =>
    switch t
        "SMA" => ta.sma(s, len)
        "EMA" => ta.ema(s, len)
        "WMA" => ta.wma(s, len)
        "HMA" => ta.hma(s, len)
        "RMA" => ta.rma(s, len)
        => ta.vwma(s, len)
pair(float s) =>
    f = ma(s, fastLen, maType)
    sl = ma(s, slowLen, maType)
    [f, sl, f - sl]
[fast, slow, spread] = pair(src)
bull = ta.crossover(fast, slow)
bear = ta.crossunder(fast, slow)
plot(fast, "Fast MA", color = color.teal)
plot(slow, "Slow MA", color = color.orange, linewidth = 2)
plotshape(bull, "Bull", style = shape.triangleup, location = location.belowbar, color = color.green, size = size.small)
plotshape(bear, "Bear", style = shape.triangledown, location = location.abovebar, color = color.red, size = size.small)
alertcondition(ta.crossover(fast, slow), "Golden Cross", "Fast MA crossed above slow MA on {{ticker}}")
alertcondition(ta.crossunder(fast, slow), "Death Cross", "Fast MA crossed below slow MA")
`,
    iface({ inputs: [inp("maType", "string", "EMA", "MA Type", null, null, ["SMA", "EMA", "WMA", "HMA", "RMA", "VWMA"]), inp("fastLen", "int", 9, "Fast", 1), inp("slowLen", "int", 21, "Slow", 1), inp("src", "source", "close", "Source")], outputs: [out("fast_ma", "Fast MA"), out("slow_ma", "Slow MA"), out("bull", "Bull"), out("bear", "Bear")], events: [ev("Golden Cross", "Fast MA crossed above slow MA on {{ticker}}"), ev("Death Cross", "Fast MA crossed below slow MA")], warmup_bars: 253 }), // the default EMA case only: ema 12*21 + cross 1
    [],
  ],
  [
    "WaveTrend (LazyBear style): hline handles, fill of hlines, ta.cross, color.new",
    `//@version=6
indicator("WaveTrend Oscillator [WT]")
n1 = input.int(10, "Channel Length")
n2 = input.int(21, "Average Length")
obLevel1 = input.int(60, "Over Bought Level 1")
obLevel2 = input.int(53, "Over Bought Level 2")
osLevel1 = input.int(-60, "Over Sold Level 1")
osLevel2 = input.int(-53, "Over Sold Level 2")
ap = hlc3
esa = ta.ema(ap, n1)
d = ta.ema(math.abs(ap - esa), n1)
ci = (ap - esa) / (0.015 * d)
tci = ta.ema(ci, n2)
wt1 = tci
wt2 = ta.sma(wt1, 4)
hline(0, color = color.gray)
ob1 = hline(obLevel1, color = color.red)
os1 = hline(osLevel1, color = color.green)
hline(obLevel2, color = color.red, linestyle = hline.style_dotted)
hline(osLevel2, color = color.green, linestyle = hline.style_dotted)
fill(ob1, os1, color = color.new(color.purple, 95))
plot(wt1, "WT1", color = color.green)
plot(wt2, "WT2", color = color.red)
plot(wt1 - wt2, "Diff", color = color.new(color.blue, 50), style = plot.style_area)
plotshape(ta.cross(wt1, wt2) ? wt2 : na, "Cross", style = shape.circle, location = location.absolute, color = wt2 - wt1 > 0 ? color.red : color.lime, size = size.tiny)
`,
    iface({ inputs: [inp("n1", "int", 10, "Channel Length"), inp("n2", "int", 21, "Average Length"), inp("obLevel1", "int", 60, "Over Bought Level 1"), inp("obLevel2", "int", 53, "Over Bought Level 2"), inp("osLevel1", "int", -60, "Over Sold Level 1"), inp("osLevel2", "int", -53, "Over Sold Level 2")], outputs: [out("wt1", "WT1"), out("wt2", "WT2"), out("diff", "Diff"), out("cross", "Cross")], warmup_bars: 497 }),
    [],
  ],
  [
    "Williams Vix Fix (v5: number as and-operand), columns style",
    `//@version=5
indicator("Williams Vix Fix", overlay = false)
pd = input.int(22, "LookBack Period Standard Deviation High")
bbl = input.int(20, "Bolinger Band Length")
mult = input.float(2.0, "Bollinger Band Standard Devaition Up", minval = 1, maxval = 5)
lb = input.int(50, "Look Back Period Percentile High")
ph = input.float(0.85, "Highest Percentile - 0.90=90%, 0.95=95%, 0.99=99%")
hp = input.bool(false, "Show High Range - Based on Percentile and LookBack Period?")
sd = input.bool(false, "Show Standard Deviation Line?")
wvf = (ta.highest(close, pd) - low) / ta.highest(close, pd) * 100
sDev = mult * ta.stdev(wvf, bbl)
midLine = ta.sma(wvf, bbl)
lowerBand = midLine - sDev
upperBand = midLine + sDev
rangeHigh = ta.highest(wvf, lb) * ph
col = wvf >= upperBand or wvf >= rangeHigh ? color.lime : color.gray
plot(hp and rangeHigh ? rangeHigh : na, "RangeHigh Percentile", style = plot.style_line, linewidth = 4, color = color.orange)
plot(sd and upperBand ? upperBand : na, "Upper Band", style = plot.style_line, linewidth = 3, color = color.aqua)
plot(wvf, "Williams Vix Fix", style = plot.style_columns, linewidth = 4, color = col)
`,
    iface({ inputs: [inp("pd", "int", 22, "LookBack Period Standard Deviation High"), inp("bbl", "int", 20, "Bolinger Band Length"), inp("mult", "float", 2, "Bollinger Band Standard Devaition Up", 1, 5), inp("lb", "int", 50, "Look Back Period Percentile High"), inp("ph", "float", 0.85, "Highest Percentile - 0.90=90%, 0.95=95%, 0.99=99%"), inp("hp", "bool", false, "Show High Range - Based on Percentile and LookBack Period?"), inp("sd", "bool", false, "Show Standard Deviation Line?")], outputs: [out("rangehigh_percentile", "RangeHigh Percentile"), out("upper_band", "Upper Band"), out("williams_vix_fix", "Williams Vix Fix")], warmup_bars: 72 }),
    [],
  ],
  [
    "RSI divergence: pivots, valuewhen, barssince in a function, plotshape offset and text",
    `//@version=6
indicator("RSI Divergence", overlay = false)
len = input.int(14, "RSI Period", minval = 1)
src = input.source(close, "Source")
lbR = input.int(5, "Pivot Lookback Right")
lbL = input.int(5, "Pivot Lookback Left")
rangeUpper = input.int(60, "Max of Lookback Range")
rangeLower = input.int(5, "Min of Lookback Range")
osc = ta.rsi(src, len)
plot(osc, "RSI", linewidth = 2, color = #2962FF)
hline(50, "Middle Line", color = #787B86, linestyle = hline.style_dotted)
obLevel = hline(70, "Overbought", color = #787B86, linestyle = hline.style_dotted)
osLevel = hline(30, "Oversold", color = #787B86, linestyle = hline.style_dotted)
fill(obLevel, osLevel, color = color.rgb(33, 150, 243, 90), title = "Background")
plFound = not na(ta.pivotlow(osc, lbL, lbR))
phFound = not na(ta.pivothigh(osc, lbL, lbR))
_inRange(bool cond) =>
    bars = ta.barssince(cond)
    rangeLower <= bars and bars <= rangeUpper
oscHL = osc[lbR] > ta.valuewhen(plFound, osc[lbR], 1) and _inRange(plFound[1])
priceLL = low[lbR] < ta.valuewhen(plFound, low[lbR], 1)
bullCond = priceLL and oscHL and plFound
plotshape(bullCond ? osc[lbR] : na, offset = -lbR, title = "Regular Bullish Label", text = " Bull ", style = shape.labelup, location = location.absolute, color = color.green, textcolor = color.white)
oscLH = osc[lbR] < ta.valuewhen(phFound, osc[lbR], 1) and _inRange(phFound[1])
priceHH = high[lbR] > ta.valuewhen(phFound, high[lbR], 1)
bearCond = priceHH and oscLH and phFound
plotshape(bearCond ? osc[lbR] : na, offset = -lbR, title = "Regular Bearish Label", text = " Bear ", style = shape.labeldown, location = location.absolute, color = color.red, textcolor = color.white)
alertcondition(bullCond, "Regular Bullish Divergence", "Found a new Regular Bullish Divergence")
alertcondition(bearCond, "Regular Bearish Divergence", "Found a new Regular Bearish Divergence")
`,
    iface({ inputs: [inp("len", "int", 14, "RSI Period", 1), inp("src", "source", "close", "Source"), inp("lbR", "int", 5, "Pivot Lookback Right"), inp("lbL", "int", 5, "Pivot Lookback Left"), inp("rangeUpper", "int", 60, "Max of Lookback Range"), inp("rangeLower", "int", 5, "Min of Lookback Range")], outputs: [out("rsi", "RSI"), out("regular_bullish_label", "Regular Bullish Label"), out("regular_bearish_label", "Regular Bearish Label")], events: [ev("Regular Bullish Divergence", "Found a new Regular Bullish Divergence"), ev("Regular Bearish Divergence", "Found a new Regular Bearish Divergence")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "var arrays: push/shift methods, for-in, for [i, x] in, array.max",
    `//@version=6
indicator("Rolling volume stats")
len = input.int(20, "Window", minval = 2)
var float[] vols = array.new_float(0)
var vwin = array.new<float>()
vols.push(volume)
vwin.push(close * volume)
if vols.size() > len
    vols.shift()
    vwin.shift()
total = 0.0
for v in vols
    total += v
wsum = 0.0
for [i, pv] in vwin
    wsum += pv * (i + 1) / vwin.size()
avgVol = vols.size() > 0 ? total / vols.size() : na
maxVol = vols.max()
hi = array.max(vols)
rel = volume / avgVol
plot(avgVol, "Average volume")
plot(rel, "Relative volume", color = rel > 2 ? color.orange : color.gray, style = plot.style_columns)
plot(maxVol, "Max volume")
plot(wsum, "Weighted")
bgcolor(rel > 3 ? color.new(color.yellow, 80) : na)
`,
    iface({ inputs: [inp("len", "int", 20, "Window", 2)], outputs: [out("average_volume", "Average volume"), out("relative_volume", "Relative volume"), out("max_volume", "Max volume"), out("weighted", "Weighted")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "ZigZag lite: var arrays of float and int, var line, line.new/label.new, str.tostring(x, \"#.##\")",
    `//@version=6
indicator("ZigZag lite", overlay = true, max_lines_count = 500, max_labels_count = 500)
depth = input.int(10, "Depth", minval = 2)
var float[] pivots = array.new_float()
var int[] pivotBars = array.new_int()
var line lastLine = na
ph = ta.pivothigh(high, depth, depth)
pl = ta.pivotlow(low, depth, depth)
addPivot(float price, int barIdx) =>
    pivots.push(price)
    pivotBars.push(barIdx)
    if pivots.size() > 50
        pivots.shift()
        pivotBars.shift()
if not na(ph)
    addPivot(ph, bar_index - depth)
if not na(pl)
    addPivot(pl, bar_index - depth)
n = pivots.size()
if n >= 2
    line.delete(lastLine)
    lastLine := line.new(pivotBars.get(n - 2), pivots.get(n - 2), pivotBars.get(n - 1), pivots.get(n - 1), color = color.orange, width = 2)
    label.new(pivotBars.get(n - 1), pivots.get(n - 1), str.tostring(pivots.get(n - 1), "#.##"), style = label.style_label_down, color = color.new(color.orange, 20), textcolor = color.white, size = size.small)
plot(n > 0 ? pivots.last() : na, "Last pivot", color = color.orange)
`,
    iface({ inputs: [inp("depth", "int", 10, "Depth", 2)], outputs: [out("last_pivot", "Last pivot")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "Heikin Ashi: float x = na with x[1] recursion, plotcandle, barcolor, display.none",
    `//@version=6
indicator("Heikin Ashi candles", overlay = false)
haClose = ohlc4
float haOpen = na
haOpen := na(haOpen[1]) ? (open + close) / 2 : (nz(haOpen[1]) + nz(haClose[1])) / 2
haHigh = math.max(high, math.max(haOpen, haClose))
haLow = math.min(low, math.min(haOpen, haClose))
bull = haClose >= haOpen
plotcandle(haOpen, haHigh, haLow, haClose, "Heikin Ashi", color = bull ? color.teal : color.red, wickcolor = color.gray, bordercolor = bull ? color.teal : color.red)
barcolor(bull ? color.teal : color.red)
plot(haClose, "HA Close", display = display.none)
`,
    iface({ outputs: [out("heikin_ashi", "Heikin Ashi"), out("ha_close", "HA Close")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "timeframe.period comparisons, input.timeframe, timeframe.is* chain",
    `//@version=6
indicator("Timeframe aware MA", overlay = true)
tf = input.timeframe("D", "Higher timeframe")
lenD = input.int(50, "Length on daily")
lenI = input.int(200, "Length intraday")
isDaily = timeframe.period == "D" or timeframe.period == "1D"
len = timeframe.isintraday ? lenI : lenD
label_ = timeframe.isdaily ? "daily" : timeframe.isweekly ? "weekly" : timeframe.ismonthly ? "monthly" : "intraday"
m = ta.sma(close, len)
plot(m, "MA", color = isDaily ? color.blue : color.purple)
plotchar(tf == timeframe.period, "Same TF", char = "•", location = location.top)
plot(timeframe.multiplier, "Multiplier", display = display.data_window)
bgcolor(label_ == "daily" and barstate.islast ? color.new(color.blue, 90) : na)
`,
    iface({ inputs: [inp("tf", "timeframe", "D", "Higher timeframe"), inp("lenD", "int", 50, "Length on daily"), inp("lenI", "int", 200, "Length intraday")], outputs: [out("ma", "MA"), out("same_tf", "Same TF"), out("multiplier", "Multiplier")], warmup_bars: 200 }),
    [],
  ],
  [
    "UT Bot: nz(x[1], 0) chains of ternaries, ta.crossover, two barcolor calls",
    `//@version=6
indicator("UT Bot Alerts", overlay = true)
a = input.float(1, "Key Value. 'This changes the sensitivity'")
c = input.int(10, "ATR Period")
h = input.bool(false, "Signals from Heikin Ashi Candles")
xATR = ta.atr(c)
nLoss = a * xATR
src = close
xATRTrailingStop = 0.0
iff_1 = src > nz(xATRTrailingStop[1], 0) ? src - nLoss : src + nLoss
iff_2 = src < nz(xATRTrailingStop[1], 0) and src[1] < nz(xATRTrailingStop[1], 0) ? math.min(nz(xATRTrailingStop[1]), src + nLoss) : iff_1
xATRTrailingStop := src > nz(xATRTrailingStop[1], 0) and src[1] > nz(xATRTrailingStop[1], 0) ? math.max(nz(xATRTrailingStop[1]), src - nLoss) : iff_2
pos = 0
iff_3 = src[1] > nz(xATRTrailingStop[1], 0) and src < nz(xATRTrailingStop[1], 0) ? -1 : nz(pos[1], 0)
pos := src[1] < nz(xATRTrailingStop[1], 0) and src > nz(xATRTrailingStop[1], 0) ? 1 : iff_3
xcolor = pos == -1 ? color.red : pos == 1 ? color.green : color.blue
ema = ta.ema(src, 1)
above = ta.crossover(ema, xATRTrailingStop)
below = ta.crossover(xATRTrailingStop, ema)
buy = src > xATRTrailingStop and above
sell = src < xATRTrailingStop and below
barbuy = src > xATRTrailingStop
barsell = src < xATRTrailingStop
plot(xATRTrailingStop, "Trailing Stop", color = xcolor)
plotshape(buy, "Buy", text = "Buy", style = shape.labelup, location = location.belowbar, color = color.green, textcolor = color.white, size = size.tiny)
plotshape(sell, "Sell", text = "Sell", style = shape.labeldown, location = location.abovebar, color = color.red, textcolor = color.white, size = size.tiny)
barcolor(barbuy ? color.green : na)
barcolor(barsell ? color.red : na)
alertcondition(buy, "UT Long", "UT Long")
alertcondition(sell, "UT Short", "UT Short")
`,
    iface({ inputs: [inp("a", "float", 1, "Key Value. 'This changes the sensitivity'"), inp("c", "int", 10, "ATR Period"), inp("h", "bool", false, "Signals from Heikin Ashi Candles")], outputs: [out("trailing_stop", "Trailing Stop"), out("buy", "Buy"), out("sell", "Sell")], events: [ev("UT Long", "UT Long"), ev("UT Short", "UT Short")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "Dashboard: switch expression on input.string to position.*, var table, str.tostring, math.round(x, 2)",
    `//@version=6
indicator("Stats dashboard", overlay = true)
len = input.int(14, "RSI length")
showTable = input.bool(true, "Show table")
pos = input.string("Top Right", "Position", options = ["Top Right", "Bottom Right", "Bottom Left"])
tablePos = switch pos
    "Top Right" => position.top_right
    "Bottom Right" => position.bottom_right
    => position.bottom_left
r = ta.rsi(close, len)
chg = (close - close[1]) / close[1] * 100
var table t = table.new(tablePos, 2, 3, bgcolor = color.new(color.black, 80), border_width = 1)
if showTable and barstate.islast
    table.cell(t, 0, 0, "RSI", text_color = color.white)
    table.cell(t, 1, 0, str.tostring(r, "#.##"), text_color = r > 70 ? color.red : r < 30 ? color.green : color.white)
    table.cell(t, 0, 1, "Change %", text_color = color.white)
    table.cell(t, 1, 1, str.tostring(math.round(chg, 2)) + "%", text_color = chg >= 0 ? color.lime : color.red)
    table.cell(t, 0, 2, "Ticker", text_color = color.white)
    table.cell(t, 1, 2, syminfo.ticker, text_color = color.white)
plot(r, "RSI", display = display.data_window)
`,
    iface({ inputs: [inp("len", "int", 14, "RSI length"), inp("showTable", "bool", true, "Show table"), inp("pos", "string", "Top Right", "Position", null, null, ["Top Right", "Bottom Right", "Bottom Left"])], outputs: [out("rsi", "RSI")], warmup_bars: 323 }),
    [],
  ],
  [
    "Bollinger %B: ta.bb tuple, ta.bbw, hline fill, plot fill, crossover alert",
    `//@version=6
indicator("Bollinger Bands %B", overlay = false)
length = input.int(20, "Length", minval = 1)
src = input.source(close, "Source")
mult = input.float(2.0, "StdDev", minval = 0.001, maxval = 50)
[basis, upper, lower] = ta.bb(src, length, mult)
bbr = (src - lower) / (upper - lower)
bbw = ta.bbw(src, length, mult)
p1 = plot(bbr, "Bollinger Bands %B", color = #26A69A)
band1 = hline(1, "Overbought", color = #787B86, linestyle = hline.style_dashed)
hline(0.5, "Middle Band", color = color.new(#787B86, 50))
band0 = hline(0, "Oversold", color = #787B86, linestyle = hline.style_dashed)
fill(band1, band0, color = color.rgb(38, 166, 154, 90), title = "Background")
p2 = plot(bbw / 100, "Width", color = color.orange)
fill(p1, p2, color = bbr > 1 ? color.new(color.red, 80) : color.new(color.green, 90))
alertcondition(ta.crossover(bbr, 1), "Above upper band", "%B crossed above 1")
`,
    iface({ inputs: [inp("length", "int", 20, "Length", 1), inp("src", "source", "close", "Source"), inp("mult", "float", 2, "StdDev", 0.001, 50)], outputs: [out("bollinger_bands_b", "Bollinger Bands %B"), out("width", "Width")], events: [ev("Above upper band", "%B crossed above 1")], warmup_bars: 21 }),
    [],
  ],
  [
    "MACD colored: input.color, nested color ternaries with hist[1], math.round(x, 2)",
    `//@version=6
indicator("MACD colored", shorttitle = "MACD")
fast_length = input.int(12, "Fast Length")
slow_length = input.int(26, "Slow Length")
src = input.source(close, "Source")
signal_length = input.int(9, "Signal Smoothing", minval = 1, maxval = 50)
sma_source = input.string("EMA", "Oscillator MA Type", options = ["SMA", "EMA"])
sma_signal = input.string("EMA", "Signal Line MA Type", options = ["SMA", "EMA"])
col_grow_above = input.color(#26A69A, "Above Grow")
col_fall_above = input.color(#B2DFDB, "Above Fall")
col_grow_below = input.color(#FFCDD2, "Below Grow")
col_fall_below = input.color(#FF5252, "Below Fall")
fast_ma = sma_source == "SMA" ? ta.sma(src, fast_length) : ta.ema(src, fast_length)
slow_ma = sma_source == "SMA" ? ta.sma(src, slow_length) : ta.ema(src, slow_length)
macd = fast_ma - slow_ma
signal = sma_signal == "SMA" ? ta.sma(macd, signal_length) : ta.ema(macd, signal_length)
hist = macd - signal
hline(0, "Zero Line", color = color.new(#787B86, 50))
plot(hist, "Histogram", style = plot.style_columns, color = hist >= 0 ? (hist[1] < hist ? col_grow_above : col_fall_above) : (hist[1] < hist ? col_grow_below : col_fall_below))
plot(macd, "MACD", color = #2962FF)
plot(signal, "Signal", color = #FF6D00)
plot(math.round(hist, 2), "Rounded", display = display.data_window)
alertcondition(hist[1] >= 0 and hist < 0, "Rising to falling", "The MACD histogram switched from a rising to falling state")
alertcondition(hist[1] <= 0 and hist > 0, "Falling to rising", "The MACD histogram switched from a falling to rising state")
`,
    iface({ inputs: [inp("fast_length", "int", 12, "Fast Length"), inp("slow_length", "int", 26, "Slow Length"), inp("src", "source", "close", "Source"), inp("signal_length", "int", 9, "Signal Smoothing", 1, 50), inp("sma_source", "string", "EMA", "Oscillator MA Type", null, null, ["SMA", "EMA"]), inp("sma_signal", "string", "EMA", "Signal Line MA Type", null, null, ["SMA", "EMA"]), inp("col_grow_above", "color", "#26A69A", "Above Grow"), inp("col_fall_above", "color", "#B2DFDB", "Above Fall"), inp("col_grow_below", "color", "#FFCDD2", "Below Grow"), inp("col_fall_below", "color", "#FF5252", "Below Fall")], outputs: [out("histogram", "Histogram"), out("macd", "MACD"), out("signal", "Signal"), out("rounded", "Rounded")], events: [ev("Rising to falling", "The MACD histogram switched from a rising to falling state"), ev("Falling to rising", "The MACD histogram switched from a falling to rising state")], warmup_bars: 421 }),
    [],
  ],
  [
    "Ichimoku: one-line function of ta.lowest/highest(len), plot offsets, fill",
    `//@version=6
indicator("Ichimoku Cloud", shorttitle = "Ichimoku", overlay = true)
conversionPeriods = input.int(9, minval = 1, title = "Conversion Line Length")
basePeriods = input.int(26, minval = 1, title = "Base Line Length")
laggingSpan2Periods = input.int(52, minval = 1, title = "Leading Span B Length")
displacement = input.int(26, minval = 1, title = "Lagging Span")
donchian(len) => math.avg(ta.lowest(len), ta.highest(len))
conversionLine = donchian(conversionPeriods)
baseLine = donchian(basePeriods)
leadLine1 = math.avg(conversionLine, baseLine)
leadLine2 = donchian(laggingSpan2Periods)
plot(conversionLine, color = #2962FF, title = "Conversion Line")
plot(baseLine, color = #B71C1C, title = "Base Line")
plot(close, offset = -displacement + 1, color = #43A047, title = "Lagging Span")
p1 = plot(leadLine1, offset = displacement - 1, color = #A5D6A7, title = "Leading Span A")
p2 = plot(leadLine2, offset = displacement - 1, color = #EF9A9A, title = "Leading Span B")
fill(p1, p2, color = leadLine1 > leadLine2 ? color.rgb(67, 160, 71, 90) : color.rgb(244, 67, 54, 90))
`,
    iface({ inputs: [inp("conversionPeriods", "int", 9, "Conversion Line Length", 1), inp("basePeriods", "int", 26, "Base Line Length", 1), inp("laggingSpan2Periods", "int", 52, "Leading Span B Length", 1), inp("displacement", "int", 26, "Lagging Span", 1)], outputs: [out("conversion_line", "Conversion Line"), out("base_line", "Base Line"), out("lagging_span", "Lagging Span"), out("leading_span_a", "Leading Span A"), out("leading_span_b", "Leading Span B")], warmup_bars: 52 + 25 }), // Leading Span B (52 bars) drawn displacement - 1 = 25 bars later (docs/adr/0131)
    [],
  ],
  [
    "Chandelier Exit: var int direction, var color, barstate.isconfirmed",
    `//@version=6
indicator("Chandelier Exit", shorttitle = "CE", overlay = true)
length = input.int(22, "ATR Period")
mult = input.float(3.0, "ATR Multiplier", step = 0.1)
useClose = input.bool(true, "Use Close Price for Extremums")
awaitBarConfirmation = input.bool(true, "Await Bar Confirmation")
atr = mult * ta.atr(length)
longStop = (useClose ? ta.highest(close, length) : ta.highest(length)) - atr
longStopPrev = nz(longStop[1], longStop)
longStop := close[1] > longStopPrev ? math.max(longStop, longStopPrev) : longStop
shortStop = (useClose ? ta.lowest(close, length) : ta.lowest(length)) + atr
shortStopPrev = nz(shortStop[1], shortStop)
shortStop := close[1] < shortStopPrev ? math.min(shortStop, shortStopPrev) : shortStop
var int dir = 1
dir := close > shortStopPrev ? 1 : close < longStopPrev ? -1 : dir
var color longColor = color.green
var color shortColor = color.red
longStopPlot = plot(dir == 1 ? longStop : na, "Long Stop", style = plot.style_linebr, linewidth = 2, color = longColor)
buySignal = dir == 1 and dir[1] == -1
plotshape(buySignal ? longStop : na, "Long Stop Start", location = location.absolute, style = shape.circle, size = size.tiny, color = longColor)
shortStopPlot = plot(dir == 1 ? na : shortStop, "Short Stop", style = plot.style_linebr, linewidth = 2, color = shortColor)
sellSignal = dir == -1 and dir[1] == 1
plotshape(sellSignal ? shortStop : na, "Short Stop Start", location = location.absolute, style = shape.circle, size = size.tiny, color = shortColor)
await = awaitBarConfirmation ? barstate.isconfirmed : true
alertcondition(dir != dir[1] and await, "Alert: CE Direction Change", "Chandelier Exit has changed direction!")
alertcondition(buySignal and await, "Alert: CE Buy", "Chandelier Exit Buy!")
alertcondition(sellSignal and await, "Alert: CE Sell", "Chandelier Exit Sell!")
`,
    iface({ inputs: [inp("length", "int", 22, "ATR Period"), inp("mult", "float", 3, "ATR Multiplier"), inp("useClose", "bool", true, "Use Close Price for Extremums"), inp("awaitBarConfirmation", "bool", true, "Await Bar Confirmation")], outputs: [out("long_stop", "Long Stop"), out("long_stop_start", "Long Stop Start"), out("short_stop", "Short Stop"), out("short_stop_start", "Short Stop Start")], events: [ev("Alert: CE Direction Change", "Chandelier Exit has changed direction!"), ev("Alert: CE Buy", "Chandelier Exit Buy!"), ev("Alert: CE Sell", "Chandelier Exit Sell!")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "Cumulative delta: sum := nz(sum[1]) + x, ta.cum",
    `//@version=6
indicator("Cumulative delta volume")
upVol = close > open ? volume : close < open ? 0 : volume / 2
downVol = volume - upVol
delta = upVol - downVol
sum = 0.0
sum := nz(sum[1]) + delta
cumV = ta.cum(delta)
smooth = ta.ema(sum, 21)
plot(sum, "CVD", color = sum > smooth ? color.teal : color.red)
plot(smooth, "Signal")
plot(cumV - sum, "Check")
hline(0)
`,
    iface({ outputs: [out("cvd", "CVD"), out("signal", "Signal"), out("check", "Check")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "User type with methods, array<Pivot>, for-in over objects",
    `//@version=6
indicator("Pivot tracker with types", overlay = true)
type Pivot
    float price
    int barIdx
    bool isHigh = false
method describe(Pivot p) =>
    (p.isHigh ? "H " : "L ") + str.tostring(p.price, format.mintick)
method age(Pivot p) =>
    bar_index - p.barIdx
var pivots = array.new<Pivot>()
ph = ta.pivothigh(5, 5)
pl = ta.pivotlow(5, 5)
if not na(ph)
    pivots.push(Pivot.new(ph, bar_index - 5, true))
if not na(pl)
    pivots.push(Pivot.new(pl, bar_index - 5))
if pivots.size() > 10
    pivots.shift()
float lastHigh = na
for p in pivots
    if p.isHigh
        lastHigh := p.price
last = pivots.size() > 0 ? pivots.last() : na
plot(lastHigh, "Last high", color = color.red)
plot(not na(last) ? last.age() : na, "Age")
if barstate.islast and not na(last)
    label.new(bar_index, high, last.describe())
`,
    iface({ outputs: [out("last_high", "Last high"), out("age", "Age")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "Strings: str.format, str.contains, str.split, format.mintick, label text",
    `//@version=6
indicator("Price labels", overlay = true)
showLabel = input.bool(true, "Show label")
prefix = input.string("Close", "Prefix")
isCrypto = str.contains(syminfo.ticker, "BTC") or str.endswith(syminfo.ticker, "USD")
txt = str.format("{0}: {1} ({2}%)", prefix, str.tostring(close, format.mintick), str.tostring((close / close[1] - 1) * 100, "#.##"))
upper_ = str.upper(prefix)
parts = str.split("a,b,c", ",")
n = array.size(parts)
if showLabel and barstate.islast
    label.new(bar_index, high, txt + (isCrypto ? " crypto" : ""), color = color.new(color.blue, 30), textcolor = color.white, style = label.style_label_down)
plot(str.length(upper_) + n, "Length")
plot(str.tonumber("1.5") * close, "Scaled")
`,
    iface({ inputs: [inp("showLabel", "bool", true, "Show label"), inp("prefix", "string", "Close", "Prefix")], outputs: [out("length", "Length"), out("scaled", "Scaled")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "Stochastic RSI: input(close) as a source, format/precision in indicator()",
    `//@version=6
indicator(title = "Stochastic RSI", shorttitle = "Stoch RSI", format = format.price, precision = 2)
smoothK = input.int(3, "K", minval = 1)
smoothD = input.int(3, "D", minval = 1)
lengthRSI = input.int(14, "RSI Length", minval = 1)
lengthStoch = input.int(14, "Stochastic Length", minval = 1)
src = input(close, title = "RSI Source")
rsi1 = ta.rsi(src, lengthRSI)
k = ta.sma(ta.stoch(rsi1, rsi1, rsi1, lengthStoch), smoothK)
d = ta.sma(k, smoothD)
plot(k, "K", color = #2962FF)
plot(d, "D", color = #FF6D00)
h0 = hline(80, "Upper Band", color = #787B86)
hline(50, "Middle Band", color = color.new(#787B86, 50))
h1 = hline(20, "Lower Band", color = #787B86)
fill(h0, h1, color = color.rgb(33, 150, 243, 90), title = "Background")
alertcondition(ta.crossover(k, d) and k < 20, "Bullish cross", "K crossed D below 20")
`,
    iface({ inputs: [inp("smoothK", "int", 3, "K", 1), inp("smoothD", "int", 3, "D", 1), inp("lengthRSI", "int", 14, "RSI Length", 1), inp("lengthStoch", "int", 14, "Stochastic Length", 1), inp("src", "source", "close", "RSI Source")], outputs: [out("k", "K"), out("d", "D")], events: [ev("Bullish cross", "K crossed D below 20")], warmup_bars: 344 }),
    [],
  ],
  [
    "ADX via ta.dmi tuple and a for loop regression over close[i]",
    `//@version=6
indicator("ADX and linear regression by loop")
lensig = input.int(14, "ADX Smoothing", minval = 1, maxval = 50)
len = input.int(14, "DI Length", minval = 1)
[diplus, diminus, adx] = ta.dmi(len, lensig)
n = input.int(20, "Regression length")
sumX = 0.0
sumY = 0.0
sumXY = 0.0
sumXX = 0.0
for i = 0 to n - 1
    sumX += i
    sumY += close[i]
    sumXY += i * close[i]
    sumXX += i * i
slope = (n * sumXY - sumX * sumY) / (n * sumXX - sumX * sumX)
plot(adx, "ADX", color = color.red)
plot(diplus, "+DI", color = color.blue)
plot(diminus, "-DI", color = color.orange)
plot(-slope, "Slope")
hline(25, "Trend threshold")
`,
    iface({ inputs: [inp("lensig", "int", 14, "ADX Smoothing", 1, 50), inp("len", "int", 14, "DI Length", 1), inp("n", "int", 20, "Regression length")], outputs: [out("adx", "ADX"), out("di", "+DI"), out("di_2", "-DI"), out("slope", "Slope")], warmup_bars: 645 }),
    [],
  ],
];

describe("real-world scripts validate with their Interface", () => {
  test.each(rows)("%s", async (_name, src, expected, warnings) => {
    const r = await check(src);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(warnings);
    expect(coreInterface(r.interface)).toEqual(expected);
  });
});

const BARS = dailyBars("AAPL");
const SYMBOL = { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1d" };

async function runs(src: string): Promise<void> {
  const r = await check(src);
  const p = compile(r.checked!, r.interface ?? undefined);
  const res = evaluate(p, BARS, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(res.runtimeErrors).toEqual([]);
  expect(res.outputs.map((o) => o.name)).toEqual(r.interface!.outputs.map((o) => o.name));
  // some output has a value (plots switched off by an input default stay na)
  expect(res.outputs.some((o) => o.values.some((v) => !Number.isNaN(v)))).toBe(true);
}

describe("real-world scripts compile and run", () => {
  for (const [name, src] of rows) {
    test(name, () => runs(src));
  }
});

const H = '//@version=6\nindicator("t")\n';

const refused: Array<[string, string, string[]]> = [
  [
    "Vix Fix in v6: a float as an operand of 'and'",
    `${H}hp = input.bool(false)\nrangeHigh = ta.highest(close, 50)\nplot(hp and rangeHigh ? rangeHigh : na)\n`,
    ["type_mismatch 5:13-5:22"],
  ],
  ["plot inside a function", `${H}f(x) =>\n    plot(x)\n    x\nf(close)\nplot(close)\n`, ["invalid_context 4:5-4:9"]],
  ["plotshape inside an if", `${H}if close > open\n    plotshape(true)\nplot(close)\n`, ["invalid_context 4:5-4:14"]],
  ["bgcolor inside a loop", `${H}for i = 0 to 2\n    bgcolor(color.red)\nplot(close)\n`, ["invalid_context 4:5-4:12"]],
  ["alertcondition inside a function", `${H}f() =>\n    alertcondition(close > open, "up")\n    1\nx = f()\nplot(close)\n`, ["invalid_context 4:5-4:19"]],
  ["ta.ema with a series length", `${H}plot(ta.ema(close, bar_index % 10 + 1))\n`, ["qualifier_mismatch 3:20-3:38"]],
  ["strategy()", '//@version=6\nstrategy("s")\nplot(close)\n', ["unsupported_feature 2:1-2:9"]],
  ["request.earnings", `${H}d = request.earnings(syminfo.tickerid)\nplot(d)\n`, ["unsupported_feature 3:5-3:21"]],
  ["input.enum with a default that is not an enum member", `${H}t = input.enum(1, "MA type")\nplot(close)\n`, ["type_mismatch 3:16-3:17"]],
  ["a var array reassigned with a number", `${H}var a = array.new_float()\na := 1\nplot(close)\n`, ["type_mismatch 4:6-4:7"]],
];

describe("real-world mistakes are refused with the right diagnostic", () => {
  test.each(refused)("%s", async (_name, src, expected) => {
    const r = await check(src);
    expect(brief(r.diagnostics)).toEqual(expected);
  });
});
