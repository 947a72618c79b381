// The library script this service runs for `import TradingView/ZigZag/<version>`: our own Pine
// implementation of the types, fields, defaults and exports TradingView documents for its ZigZag
// library (docs/adr/0195-tradingview-zigzag-library.md). Versions differ in how a point is held
// (version 6 has the library's own `Point`: `tm`, `price`, `barIndex`; version 7 TradingView's
// `chart.point`: `time`, `index`, `price`), in version 7's `allowZigZagOnOneBar` setting and in its
// looking at least 2 bars each side (docs/adr/0196-tradingview-zigzag-versions.md). Version 9 is
// version 7's interface looking `depth / 2` bars each side, with no leg drawn to the last bar: its
// fourth setting asks for pivots projected on realtime bars, which runs here never have
// (docs/adr/0275-tradingview-zigzag-version-9.md).

/** How one version of the library spells a point. */
interface PointShape {
  /** The exported point type's declaration, or "" when the version uses `chart.point`. */
  readonly declaration: string;
  /** The type name fields and locals are declared with. */
  readonly type: string;
  /** A point from its time, bar index and price (Pine expressions). */
  make(time: string, index: string, price: string): string;
  /** The field holding a point's time. */
  readonly time: string;
}

const OWN_POINT: PointShape = {
  declaration: [
    "// @type A point of the zigzag: its bar's time, its price and its bar_index.",
    "export type Point",
    "    int   tm",
    "    float price",
    "    int   barIndex",
    "",
  ].join("\n"),
  type: "Point",
  make: (time, index, price) => `Point.new(${time}, ${price}, ${index})`,
  time: "tm",
};

const CHART_POINT: PointShape = {
  declaration: "",
  type: "chart.point",
  make: (time, index, price) => `chart.point.new(${time}, ${index}, ${price})`,
  time: "time",
};

/** What distinguishes one published version of the library from another, as built in here. */
interface VersionShape {
  readonly point: PointShape;
  /** Settings' `allowZigZagOnOneBar` field (version 7): whether one bar may give a high and a low pivot. */
  readonly oneBarSetting: boolean;
  /** Pine expression of the pivot search's bars on each side, from `this.settings.depth`. */
  readonly halfDepth: string;
  /**
   * Whether `extendLast` draws a leg from the last pivot to the last bar (versions 6 and 7). In
   * version 9 that setting's place holds the switch for pivots projected on realtime bars.
   */
  readonly legToLastBar: boolean;
}

const VERSIONS: ReadonlyMap<number, VersionShape> = new Map([
  [6, { point: OWN_POINT, oneBarSetting: false, halfDepth: "math.floor(this.settings.depth / 2)", legToLastBar: true }],
  [7, { point: CHART_POINT, oneBarSetting: true, halfDepth: "math.max(2, math.floor(this.settings.depth / 2))", legToLastBar: true }],
  [9, { point: CHART_POINT, oneBarSetting: true, halfDepth: "math.floor(this.settings.depth / 2)", legToLastBar: false }],
]);

/** The versions of TradingView/ZigZag built in, lowest first. */
export const ZIGZAG_VERSIONS: readonly number[] = [...VERSIONS.keys()];

/** The library's main.pine for `version`, or null when that version is not built in. */
export function zigzagLibrarySource(version: number): string | null {
  const shape = VERSIONS.get(version);
  return shape === undefined ? null : librarySource(version, shape);
}

function librarySource(version: number, v: VersionShape): string {
  const P = v.point.type;
  const T = v.point.time;
  const at = (back: string, price: string): string => v.point.make(`time[${back}]`, `bar_index[${back}]`, price);
  const oneBar = v.oneBarSetting ? "\n    bool   allowZigZagOnOneBar = true" : "";
  const lowAllowed = v.oneBarSetting ? "this.settings.allowZigZagOnOneBar or not highChanged" : "true";
  return `//@version=6
// TradingView/ZigZag version ${version}, built into this service (docs/adr/0195-tradingview-zigzag-library.md).
library("ZigZag", overlay = true)

// @type How a ZigZag finds its pivots and draws them.
export type Settings
    float  devThreshold = 5.0
    int    depth = 10
    color  lineColor = #2962FF
    bool   extendLast = true
    bool   displayReversalPrice = true
    bool   displayCumulativeVolume = true
    bool   displayReversalPriceChange = true
    string differencePriceMode = "Absolute"
    bool   draw = true${oneBar}

${v.point.declaration}// @type One leg of the zigzag, from the previous pivot (start) to this one (end), with its line, label and volume.
export type Pivot
    line  ln
    label lb
    bool  isHigh
    float vol
    ${P} start
    ${P} end

// @type A zigzag: its settings, its pivots oldest first, the volume since the last pivot and the leg drawn to the last bar.
export type ZigZag
    Settings settings
    array<Pivot> pivots
    float sumVol = 0
    Pivot extend = na

// The high (or low) \`back\` bars ago.
priceAt(bool isHigh, int back) =>
    isHigh ? high[back] : low[back]

// Whether the high (low) \`back\` bars ago turns: no newer bar of the \`back\` since goes beyond it,
// and each of the \`back\` bars before it stays short of it.
turnsAt(bool isHigh, int back) =>
    float c = priceAt(isHigh, back)
    bool found = not na(c) and bar_index >= 2 * back
    int off = 0
    while found and off <= 2 * back
        float p = priceAt(isHigh, off)
        if off < back
            found := not (isHigh ? p > c : p < c)
        else if off > back
            found := not (isHigh ? p >= c : p <= c)
        off += 1
    found

// The text of a pivot's label: its price, its change from the previous pivot and its leg's volume, as the settings ask.
labelText(Pivot p, Settings s) =>
    string txt = ""
    if s.displayReversalPrice
        txt += str.tostring(p.end.price, format.mintick) + " "
    if s.displayReversalPriceChange
        float diff = p.end.price - p.start.price
        string amount = s.differencePriceMode == "Absolute" ? str.tostring(diff, format.mintick) : str.tostring(diff * 100 / p.start.price, format.percent)
        txt += "(" + (diff > 0 ? "+" : "") + amount + ") "
    if s.displayCumulativeVolume
        txt += "\\n" + str.tostring(p.vol, format.volume)
    txt

// Draws the pivot (a line from start to end, a label at the end) or moves what it drew, when the settings draw.
method show(Pivot this, Settings s) =>
    if s.draw
        if na(this.ln)
            this.ln := line.new(this.start.${T}, this.start.price, this.end.${T}, this.end.price, xloc = xloc.bar_time, color = s.lineColor, width = 2)
        else
            this.ln.set_xy1(this.start.${T}, this.start.price)
            this.ln.set_xy2(this.end.${T}, this.end.price)
        if s.displayReversalPrice or s.displayReversalPriceChange or s.displayCumulativeVolume
            if na(this.lb)
                this.lb := label.new(this.end.${T}, this.end.price, "", xloc = xloc.bar_time, yloc = this.isHigh ? yloc.abovebar : yloc.belowbar, style = label.style_none, textcolor = this.isHigh ? color.green : color.red)
            this.lb.set_xy(this.end.${T}, this.end.price)
            this.lb.set_text(labelText(this, s))

// Deletes what the pivot drew.
method erase(Pivot this) =>
    if not na(this.ln)
        this.ln.delete()
        this.ln := na
    if not na(this.lb)
        this.lb.delete()
        this.lb := na

// @function The zigzag's last pivot, or na before its first.
// @param this (ZigZag) The zigzag.
// @returns (Pivot) Its last pivot.
export method lastPivot(ZigZag this) =>
    Pivot last = this.pivots.size() > 0 ? this.pivots.last() : na
    last

// Adds a pivot from \`start\` to \`end\` carrying the volume gathered since the last one.
method addPivot(ZigZag this, ${P} start, ${P} end, bool isHigh) =>
    Pivot p = Pivot.new(na, na, isHigh, this.sumVol, start, end)
    p.show(this.settings)
    this.pivots.push(p)
    this.sumVol := 0

// Moves the last pivot on to \`p\` (its start too while it is the only one), adding the volume gathered since.
method moveLast(ZigZag this, Pivot last, ${P} p) =>
    if this.pivots.size() == 1
        last.start := p
    last.end := p
    last.vol += this.sumVol
    this.sumVol := 0
    last.show(this.settings)

// Takes a turning point: the first pivot; one further on the last pivot's side moves it; one on the
// other side far enough (devThreshold percent of the last pivot's price) starts a new leg.
method take(ZigZag this, bool isHigh, ${P} p) =>
    bool changed = false
    Pivot last = this.lastPivot()
    if na(last)
        this.addPivot(p, p, isHigh)
        changed := true
    else if last.isHigh == isHigh
        if isHigh ? p.price > last.end.price : p.price < last.end.price
            this.moveLast(last, p)
            changed := true
    else if math.abs(100 * (p.price - last.end.price) / last.end.price) >= this.settings.devThreshold
        this.addPivot(last.end, p, isHigh)
        changed := true
    changed

// Looks for a turning high (low) \`back\` bars ago and takes it when \`allowed\`.
method seek(ZigZag this, bool isHigh, int back, bool allowed) =>
    bool turns = turnsAt(isHigh, back)
    turns and allowed ? this.take(isHigh, ${at("back", "priceAt(isHigh, back)")}) : false

// The volume of the last \`n\` bars.
recentVolume(int n) =>
    float total = 0.0
    for i = 0 to n - 1
        total += nz(volume[i])
    total

// On the last bar, the leg from the last pivot to this bar's high (low), drawn anew when the pivots changed.
method extendToLastBar(ZigZag this, bool changed, int back) =>
    Pivot last = this.lastPivot()
    if this.settings.extendLast and barstate.islast and not na(last)
        bool isHigh = not last.isHigh
        ${P} end = ${at("0", "isHigh ? high : low")}
        if na(this.extend) or changed
            if not na(this.extend)
                this.extend.erase()
            this.extend := Pivot.new(na, na, isHigh, this.sumVol, last.end, end)
        this.extend.end := end
        this.extend.vol := this.sumVol + recentVolume(math.max(back, 1))
        this.extend.show(this.settings)

// @function Updates the zigzag with this bar: new pivots, their volume, lines and labels. Call it on every bar.
// @param this (ZigZag) The zigzag.
// @returns (bool) true when a pivot was added or the last one moved.
export method update(ZigZag this) =>
    int back = ${v.halfDepth}
    this.sumVol += nz(volume[back])
    bool highChanged = this.seek(true, back, true)
    bool lowChanged = this.seek(false, back, ${lowAllowed})
    bool changed = highChanged or lowChanged${v.legToLastBar ? "\n    this.extendToLastBar(changed, back)" : ""}
    changed

// @function A new zigzag with these settings (the defaults when na).
// @param settings (Settings) Its settings.
// @returns (ZigZag) The zigzag.
export newInstance(Settings settings = na) =>
    ZigZag.new(na(settings) ? Settings.new() : settings, array.new<Pivot>())
`;
}
