// Synthetic series for integration tests: an instrument and bars whose values a test works out
// by hand (open = high = low = close, one value a bar), written straight to the bar store.
import type { Db } from "@barscript/db";
import { allocBars, writeBars, type BarColumns, type Timeframe } from "@barscript/marketdata";

export interface FlatSeries {
  /** The instrument's id (e.g. "ins_xaw") and symbol. */
  id: string;
  symbol: string;
  /** The instrument's name; the symbol when left out. */
  name?: string;
  timeframe: Timeframe;
  /** The first bar's time (Unix seconds) and the seconds between bars. */
  t0: number;
  step: number;
  count: number;
  /** Bar i's open, high, low and close. */
  value: (i: number) => number;
}

/** `count` flat bars from `t0`, `step` seconds apart: open = high = low = close = value(i), volume 1. */
export function flatBars(t0: number, step: number, count: number, value: (i: number) => number): BarColumns {
  const bars = allocBars(count);
  for (let i = 0; i < count; i++) {
    bars.time[i] = t0 + i * step;
    bars.open[i] = bars.high[i] = bars.low[i] = bars.close[i] = value(i);
    bars.volume[i] = 1;
  }
  return bars;
}

/** Creates the instrument (crypto, USD, UTC) and writes its flat bars as imported: the bars written. */
export async function writeFlatSeries(db: Db, s: FlatSeries): Promise<BarColumns> {
  await db.instrument.create({ data: { id: s.id, symbol: s.symbol, name: s.name ?? s.symbol, exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" } });
  const bars = flatBars(s.t0, s.step, s.count, s.value);
  await writeBars(db, { instrumentId: s.id, timeframe: s.timeframe }, bars, "imported");
  return bars;
}
