// Expected outputs and drawings of the scripts written for idioms of public scripts (issue 16):
// an int-division half length clamped after it is declared (TradingView's int division is
// int-typed and taken truncated where a length or offset is wanted), array.max/min with nth, and
// drawing variables declared empty with box(na)/line(na), a weekly request on ticker.standard through
// TradingView's ta import, an int division given to an untyped helper parameter used as an index,
// section banners written as `_ = '...'` again and again (docs/adr/0130). Shares no code with packages/lang.
import type { Bars } from "../../src/types";
import type { Check, Expected } from "./expected";
import * as r from "./reference";
import { weekly } from "./bar-groups";
import { msft, place } from "./expected-mtf";

const { map, at } = r;

/** The nth greatest (descending) or smallest of the last five closes, duplicates counted. */
function nthOfFive(b: Bars, nth: number, greatest: boolean): r.Series {
  return map(b.length, (i) => {
    if (i < 4) return NaN;
    const w = [0, 1, 2, 3, 4].map((k) => b.close[i - k]!).sort((p, q) => (greatest ? q - p : p - q));
    return w[nth]!;
  });
}

function hullHalfClamped(b: Bars): Expected {
  // length 21: half = 21 / 2 = 10.5 (kept for plotting), taken as 10 for the WMA and the offset;
  // root = round(sqrt(21)) = 5
  const half = r.wma(b.close, 10);
  const full = r.wma(b.close, 21);
  const hull = r.wma(map(b.length, (i) => 2 * half[i]! - full[i]!), 5);
  return {
    outputs: {
      hull,
      half_length: map(b.length, () => 10.5),
      half_momentum: map(b.length, (i) => b.close[i]! - at(b.close, i - 10)),
      second_highest_5: nthOfFive(b, 1, true),
      second_lowest_5: nthOfFive(b, 1, false),
    },
  };
}

function trendFlipZones(b: Bars): Expected {
  const fast = r.ema(b.close, 10);
  const slow = r.ema(b.close, 30);
  const up = (i: number): boolean => i >= 0 && fast[i]! > slow[i]!; // na compares false; up[1] of bar 0 is false
  const zoneTop = map(b.length, () => NaN);
  const level = map(b.length, () => NaN);
  const boxes: Array<[number, number, number, number, string]> = [];
  const lines: Array<[number, number, number, number]> = [];
  for (let i = 0; i < b.length; i++) {
    if (up(i) && !up(i - 1)) {
      boxes.push([i, b.high[i]!, i, b.low[i]!, ""]);
      lines.push([i, b.low[i]!, i + 1, b.low[i]!]);
    }
    const last = boxes[boxes.length - 1];
    if (last) {
      last[2] = i;
      zoneTop[i] = last[1];
      level[i] = lines[lines.length - 1]![1];
    }
  }
  const transparency = map(b.length, (i) => (fast[i]! - slow[i]! > 0 ? 60 : 80));
  // max_boxes_count = 20; lines keep the default 50
  return { outputs: { zone_top: zoneTop, level, shade_transparency: transparency }, boxes: boxes.slice(-20), lines: lines.slice(-50) };
}

function standardTickerWeekly(b: Bars): Expected {
  // the chart's own weeks (ticker.standard of the chart's ticker is that ticker), lookahead off
  const w = weekly(b);
  const ema = place(b, w, 7 * 86400, r.ema(w.close, 10), false);
  return { outputs: { weekly_ema: ema, above_weekly_ema: map(b.length, (i) => (b.close[i]! > ema[i]! ? 1 : -1)), no_spread: map(b.length, () => 1) } };
}

function midpointRollingLookup(b: Bars): Expected {
  // the window holds the last min(i + 1, 9) closes; its middle index is floor((size - 1) / 2), whose
  // close is close[i - (size - 1) + floor((size - 1) / 2)]; the position keeps the fraction ((size - 1) / 2)
  const size = (i: number): number => Math.min(i + 1, 9);
  return {
    outputs: {
      mid_close: map(b.length, (i) => b.close[i - (size(i) - 1) + Math.floor((size(i) - 1) / 2)]!),
      mid_position: map(b.length, (i) => (size(i) - 1) / 2),
      window_change: map(b.length, (i) => b.close[i]! - b.close[i - (size(i) - 1)]!),
    },
  };
}

function benchmarkSymbolParts(b: Bars): Expected {
  // "NASDAQ:MSFT" split at its colon: the request reads MSFT's daily closes (same timeframe, lookahead off)
  const m = msft();
  const bench = place(b, m, 86400, m.close, false);
  const ratio = map(b.length, (i) => b.close[i]! / bench[i]!);
  return { outputs: { bench_close: bench, ratio, ratio_ema: r.ema(ratio, 10), name_length: map(b.length, () => 4) } };
}

function regularHoursChange(b: Bars): Expected {
  // the chart's own symbol and timeframe: the request gives the bar's close and the one before;
  // CAGR over 252 bars: 100 * ((close / close[252]) ^ (365 / days) - 1), days between the bars' dates
  return {
    outputs: {
      change_pct: map(b.length, (i) => (100 * (b.close[i]! - at(b.close, i - 1))) / at(b.close, i - 1)),
      cagr_252: map(b.length, (i) => {
        if (i < 252) return NaN;
        const days = (b.time[i]! - b.time[i - 252]!) / 86400;
        return 100 * (Math.pow(b.close[i]! / b.close[i - 252]!, 365 / days) - 1);
      }),
    },
  };
}

function timeBarsBack(b: Bars): Expected {
  // daily bars open at 00:00 UTC; a week opens Monday 00:00 UTC (1970-01-05 was a Monday)
  const monday = (t: number): number => t - ((Math.floor(t / 86400) - 4 + 7 * 1e6) % 7) * 86400;
  return {
    outputs: {
      days_over_5: map(b.length, (i) => (i < 5 ? NaN : (b.time[i]! - b.time[i - 5]!) / 86400)),
      days_since_last_week_open: map(b.length, (i) => (b.time[i]! - (monday(b.time[i]!) - 7 * 86400)) / 86400),
    },
  };
}

/** EMA(12) - EMA(26) of the close and its EMA(9); the `_` banners and the ignored `_ = ta.sma(...)` change nothing. */
function underscoreBanners(b: Bars): Expected {
  const fast = r.ema(b.close, 12);
  const slow = r.ema(b.close, 26);
  const spread = map(b.length, (i) => fast[i]! - slow[i]!);
  return { outputs: { spread, signal: r.ema(spread, 9) } };
}

export const PUBLIC_IDIOMS: Record<string, Check> = {
  "hull_half_clamped.pine": hullHalfClamped,
  "trend_flip_zones.pine": trendFlipZones,
  "mtf_standard_ticker.pine": standardTickerWeekly,
  "midpoint_rolling_lookup.pine": midpointRollingLookup,
  "benchmark_symbol_parts.pine": benchmarkSymbolParts,
  "regular_hours_change.pine": regularHoursChange,
  "time_bars_back.pine": timeBarsBack,
  "underscore_banners.pine": underscoreBanners,
};
