// The bootstrap interval of a mean as docs/adr/0055-study-inference.md documents it, written
// plainly and independently of packages/lang's implementation: mulberry32 from the seed, each
// resample n values at index floor(u * n), the resample means sorted, the 2.5 % and 97.5 %
// quantiles linear between closest ranks (type 7). Tests compare the service's intervals with it;
// the sweeps bench times it as the baseline.

/** The seed the documents fix for every interval (ADR 0055). */
export const DOCUMENTED_SEED = 0x5eed2155;

/** The documented recipe's [lo, hi] of `xs` (two values at least). */
export function bootstrapRecipe(xs: readonly number[], resamples = 2000, seed = DOCUMENTED_SEED): [number, number] {
  let s = seed >>> 0;
  const u = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let k = 0; k < xs.length; k++) sum += xs[Math.floor(u() * xs.length)]!;
    means.push(sum / xs.length);
  }
  means.sort((a, b) => a - b);
  const q = (p: number): number => {
    const pos = (resamples - 1) * p;
    const lo = Math.floor(pos);
    const hi = Math.min(resamples - 1, lo + 1);
    return means[lo]! + (pos - lo) * (means[hi]! - means[lo]!);
  };
  return [q(0.025), q(0.975)];
}
