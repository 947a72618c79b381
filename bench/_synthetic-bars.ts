// Synthetic one-minute bars for the benches: a seeded random walk (a linear congruential
// generator, so every run imports the same bars), `step` the largest relative move a bar.
import { allocBars, type BarColumns } from "@barscript/marketdata";

export function syntheticMinuteBars(n: number, t0: number, seed0 = 7, step = 0.002): BarColumns {
  let seed = seed0;
  const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const b = allocBars(n);
  let p = 100;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(1, p * (1 + (rnd() - 0.5) * step));
    b.time[i] = t0 + 60 * i;
    b.open[i] = o;
    b.close[i] = p;
    b.high[i] = Math.max(o, p) * 1.0005;
    b.low[i] = Math.min(o, p) * 0.9995;
    b.volume[i] = 1000;
  }
  return b;
}
