// Which bar of a requested context a chart bar sees, on historical bars, as TradingView's
// request.security does (docs/topics: "Other symbols and timeframes"):
//
// - a higher or equal timeframe with `barmerge.lookahead_off`: the last context bar that has
//   closed by the chart bar's close. A period closes when the chart bar's close reaches the
//   period's end, or when the next chart bar opens at or after it (an equity week closes with
//   Friday's session, not on the Monday its 7 days end), or when the next context bar starts (a
//   session's last 4-hour period ends with the session). Earlier chart bars of a period see the
//   previous period.
// - the run's last chart bar, which has no next bar, closes a period when the chart's next bar by
//   the session would open at or after the period's end (a Friday's daily bar closes its week,
//   a minute bar closing at 16:00 its day: docs/adr/0295).
// - the run's last chart bar stands for TradingView's last bar (docs/adr/0074-open-period-at-the-end.md):
//   when the context's data ends by that bar's close (`ctxDataEnd`) inside a period the bar does
//   not close, it shows that open period's running value (the context's last, partial bar); a
//   context with data after the chart's last bar keeps the historical rule (no future leaks in).
// - `barmerge.lookahead_on`: the period containing the chart bar (its final value on every bar).
// - a lower timeframe: with `barmerge.lookahead_off`, the last intrabar that opens before the chart
//   bar closes; with `barmerge.lookahead_on`, the first intrabar inside the chart bar (the user
//   manual's lower-timeframe example: the first of the five 1-minute bars of a 5-minute bar), or the
//   last one before it when the chart bar has none (docs/adr/0295).
//
// Times are bar opens in Unix seconds; -1 means no context bar yet (na).

export interface AlignInput {
  chartTime: Float64Array;
  chartSeconds: number;
  ctxTime: Float64Array;
  ctxSeconds: number;
  /** Unix seconds at which the context's stored data ends (its last bar's close); unknown: never an open period. */
  ctxDataEnd?: number;
  /** The close of the context bar opening at a time, where bars of the timeframe differ in length (several trading days); else `ctxSeconds` after its open. */
  ctxEnd?: ((start: number) => number) | null;
  /** When the chart's next bar would open after its bar opening at a time, by the chart instrument's session (trading-days.ts nextSessionOpen); absent: at that bar's close. */
  chartNextOpen?: ((open: number) => number) | null;
}

/** Alignments where chart bar i sees context bar i (sameBars): alignedNumbers reads such a column as it is. */
const OWN_BARS = new WeakSet<Int32Array>();

/**
 * The context's bars open when the chart's do, on the chart's timeframe: each chart bar sees its
 * own context bar in both modes (it closes with the chart bar), the rules above give index i.
 */
function sameBars(a: AlignInput): boolean {
  const n = a.chartTime.length;
  if (a.ctxSeconds !== a.chartSeconds || a.ctxTime.length !== n) return false;
  for (let i = 0; i < n; i++) if (a.ctxTime[i] !== a.chartTime[i]) return false;
  return true;
}

/** The alignment is the identity (made by alignBars for bars opening with the chart's). */
export function ownBars(map: Int32Array): boolean {
  return OWN_BARS.has(map);
}

/** Per chart bar, the index of the context bar it sees (-1 for none). */
export function alignBars(a: AlignInput, lookahead: boolean): Int32Array {
  const n = a.chartTime.length;
  const out = new Int32Array(n);
  if (sameBars(a)) {
    for (let i = 0; i < n; i++) out[i] = i;
    OWN_BARS.add(out);
    return out;
  }
  const ct = a.ctxTime;
  const m = ct.length;
  let p = -1;
  if (a.ctxSeconds < a.chartSeconds) {
    // q: the first intrabar opening at or after the chart bar's open
    let q = 0;
    for (let i = 0; i < n; i++) {
      const end = i + 1 < n ? Math.min(a.chartTime[i]! + a.chartSeconds, a.chartTime[i + 1]!) : a.chartTime[i]! + a.chartSeconds;
      while (p + 1 < m && ct[p + 1]! < end) p++;
      while (q < m && ct[q]! < a.chartTime[i]!) q++;
      out[i] = lookahead && q < m && ct[q]! < end ? q : p;
    }
    return out;
  }
  for (let i = 0; i < n; i++) {
    const t = a.chartTime[i]!;
    while (p + 1 < m && ct[p + 1]! <= t) p++;
    if (lookahead || p < 0) {
      out[i] = p;
      continue;
    }
    // a period cut short (a session's last hours) ends where the next one starts
    const periodEnd = Math.min(a.ctxEnd ? a.ctxEnd(ct[p]!) : ct[p]! + a.ctxSeconds, p + 1 < m ? ct[p + 1]! : Infinity);
    // the run's last bar: its next bar by the session (a Friday's bar closes the week, docs/adr/0295)
    const next = i + 1 < n ? a.chartTime[i + 1]! : a.chartNextOpen ? a.chartNextOpen(t) : -Infinity;
    const closed = t + a.chartSeconds >= periodEnd || next >= periodEnd;
    out[i] = closed || (i === n - 1 && openAtEnd(a, p, t + a.chartSeconds)) ? p : p - 1;
  }
  return out;
}

/** The last chart bar (closing at `close`) sees context bar `p` still open: the context's data ends with it, by that close. */
function openAtEnd(a: AlignInput, p: number, close: number): boolean {
  return p === a.ctxTime.length - 1 && a.ctxDataEnd !== undefined && a.ctxDataEnd <= close;
}

/** Per chart bar, the range [from, to) of lower-timeframe bars inside it. */
export function intrabarRanges(a: AlignInput): { from: Int32Array; to: Int32Array } {
  const n = a.chartTime.length;
  const from = new Int32Array(n);
  const to = new Int32Array(n);
  const ct = a.ctxTime;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const start = a.chartTime[i]!;
    const end = i + 1 < n ? Math.min(start + a.chartSeconds, a.chartTime[i + 1]!) : start + a.chartSeconds;
    while (k < ct.length && ct[k]! < start) k++;
    from[i] = k;
    let j = k;
    while (j < ct.length && ct[j]! < end) j++;
    to[i] = j;
    k = j;
  }
  return { from, to };
}
