// The nine timeframes (docs/reference/api.md), their bar lengths, UTC alignment and the span
// of one stored chunk. All times are Unix seconds of a bar's open. Pine's timeframe strings ("60",
// "1D", "30S") are read by packages/lang (stdlib/timeframe-units.ts, request/timeframes.ts), which
// imports no other package: the nine lengths are written there too.

export const TIMEFRAMES = ["1m", "5m", "15m", "30m", "1h", "2h", "4h", "1d", "1w"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

const SECONDS: Record<Timeframe, number> = {
  "1m": 60,
  "5m": 300,
  "15m": 900,
  "30m": 1800,
  "1h": 3600,
  "2h": 7200,
  "4h": 14400,
  "1d": 86400,
  "1w": 604800,
};

/** 1970-01-05T00:00:00Z, the first Monday after the epoch: weeks start Monday 00:00 UTC. */
const FIRST_MONDAY = 4 * 86400;

/**
 * Bars one chunk can hold at most: a chunk spans CHUNK_BARS bar lengths, aligned to the epoch
 * (1m: 7 days, 5m: 35 days, 15m: 105 days, 1h: 420 days, 4h: 1,680 days, 1d: 10,080 days, 1w:
 * 10,080 weeks from Monday 1970-01-05). A 50,000-bar window of a series that trades around the
 * clock touches 5 to 7 chunks (at most 10,080 bars, 484 KB of columns each), one of extended-hours
 * equity minutes about 15; daily and weekly series fit in one or two. Smaller chunks read fewer
 * bars outside the window; larger ones fewer rows: reading 50,500 bars reads at most two partial
 * chunks beyond them (bench/marketdata.ts).
 */
export const CHUNK_BARS = 10080;

export function isTimeframe(value: unknown): value is Timeframe {
  return typeof value === "string" && (TIMEFRAMES as readonly string[]).includes(value);
}

export function timeframeSeconds(tf: Timeframe): number {
  return SECONDS[tf];
}

export function timeframeIndex(tf: Timeframe): number {
  return TIMEFRAMES.indexOf(tf);
}

/** The open time of the bar of `tf` that contains `t` (UTC; weeks from Monday 00:00). */
export function alignTime(t: number, tf: Timeframe): number {
  const s = SECONDS[tf];
  if (tf === "1w") return Math.floor((t - FIRST_MONDAY) / s) * s + FIRST_MONDAY;
  return Math.floor(t / s) * s;
}

/** Start of the chunk holding a bar that opens at `t`. */
export function chunkStartOf(t: number, tf: Timeframe): number {
  const span = SECONDS[tf] * CHUNK_BARS;
  const origin = tf === "1w" ? FIRST_MONDAY : 0;
  return Math.floor((t - origin) / span) * span + origin;
}

export function chunkSpanSeconds(tf: Timeframe): number {
  return SECONDS[tf] * CHUNK_BARS;
}

/** Every timeframe larger than `tf`, smallest first. */
export function largerTimeframes(tf: Timeframe): Timeframe[] {
  return TIMEFRAMES.slice(timeframeIndex(tf) + 1);
}
