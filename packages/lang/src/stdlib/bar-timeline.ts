// Where a time a script wrote lands on the stored bars (docs/adr/0201-drawings-times-on-the-stored-timeline.md).

/**
 * A run's bars on two timelines (docs/adr/0201-drawings-times-on-the-stored-timeline.md): bar `i`
 * opens at `open(i)` and closes at `close(i)` as the script reads them (`time`, `time_close`), and
 * spans [`at(i)`, `end(i)`) in the store, `end` being the next bar's stored time (the last bar's:
 * its own plus its length). `step` is one bar's stored length, the period of bars projected
 * before the first and after the last. All in Unix ms; `n` > 0.
 */
export interface BarTimeline {
  readonly n: number;
  readonly step: number;
  open(i: number): number;
  close(i: number): number;
  at(i: number): number;
  end(i: number): number;
}

/**
 * A time a script wrote as an `xloc.bar_time` coordinate, as a time of the stored bars
 * (docs/adr/0201): a bar's script open is its stored time, its script close the stored end, a time
 * between them proportionally between; a time after a bar's close and before the next bar's open
 * is the stored end (the next bar's time). Before the first bar and after the last, bars are
 * projected one `step` apart from the nearest bar with its open and close, so that a projection
 * (`time + 5 * timeframe.in_seconds() * 1000`, a later period's `time_close`) keeps its spacing.
 */
export function storedTime(x: number, t: BarTimeline): number {
  if (!Number.isFinite(x)) return x;
  if (x < t.open(0)) return projected(x, t, 0);
  // the last bar opening at or before x
  let lo = 0;
  let hi = t.n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t.open(mid) <= x) lo = mid;
    else hi = mid - 1;
  }
  if (lo === t.n - 1 && x > t.close(lo)) return projected(x, t, lo);
  return placed(x, t.open(lo), t.close(lo), t.at(lo), t.end(lo));
}

/** `x` in a bar that opens at `open` and closes at `close` for the script and spans [at, end) in the store. */
function placed(x: number, open: number, close: number, at: number, end: number): number {
  if (x <= open) return at;
  if (x >= close) return end;
  // to the millisecond, as every time the API writes
  return Math.round(at + ((x - open) / (close - open)) * (end - at));
}

/** `x` before the first bar (`r` 0) or after the last bar's close (`r` n - 1): in the bar `k` steps from bar r, projected. */
function projected(x: number, t: BarTimeline, r: number): number {
  const k = Math.floor((x - t.open(r)) / t.step);
  const shift = k * t.step;
  // after the last bar, projected bars follow its stored end (a month's may be longer than a step)
  const at = k < 0 ? t.at(r) + shift : k === 0 ? t.at(r) : t.end(r) + shift - t.step;
  const end = k === 0 ? t.end(r) : at + t.step;
  return placed(x, t.open(r) + shift, t.close(r) + shift, at, end);
}
