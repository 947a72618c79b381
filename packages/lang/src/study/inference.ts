// The inferential numbers of a study horizon (docs/adr/0055-study-inference.md): Welch's
// two-sided p from Student's t distribution with Welch-Satterthwaite degrees of freedom, the
// percentile bootstrap interval of the mean (2,000 resamples, a fixed seed, so one input always
// gives one interval), Wilson's score interval of the hit rate, and Holm's step-down adjustment of
// many p values. Pure functions, no I/O.

/** Resamples of the bootstrap interval. */
export const BOOTSTRAP_RESAMPLES = 2000;
/** The bootstrap's seed: every interval restarts from it (same values, same interval). */
export const BOOTSTRAP_SEED = 0x5eed2155;
/** The 0.975 quantile of the standard normal (two-sided 95%). */
export const Z_975 = 1.959963984540054;

/** log Gamma(x), x > 0 (Lanczos, g = 7, 9 terms; about 15 significant digits). */
export function logGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta (modified Lentz), valid for x < (a + 1) / (a + b + 2). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 500; m++) {
    const m2 = 2 * m;
    const even = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + even * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + even / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    f *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + odd * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + odd / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return f;
}

/** The regularized incomplete beta I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** Two-sided p of a t statistic with `df` degrees of freedom: P(|T| >= |t|) = I_{df/(df+t^2)}(df/2, 1/2). */
export function twoSidedP(t: number, df: number): number | null {
  if (!Number.isFinite(t) || !(df > 0)) return null;
  if (!Number.isFinite(df)) df = 1e12;
  const p = incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return Math.min(1, Math.max(0, p));
}

export interface Moments {
  n: number;
  mean: number;
  /** Sample variance (n - 1). */
  variance: number;
}

/** Welch-Satterthwaite degrees of freedom of two samples; null below two values or with no spread. */
export function welchDf(a: Moments, b: Moments): number | null {
  if (a.n < 2 || b.n < 2) return null;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const den = (va * va) / (a.n - 1) + (vb * vb) / (b.n - 1);
  if (!(den > 0)) return null;
  return ((va + vb) * (va + vb)) / den;
}

/** Welch's two-sided p of sample a against sample b (null where t or df is undefined). */
export function welchP(t: number | null, a: Moments, b: Moments): number | null {
  if (t === null) return null;
  const df = welchDf(a, b);
  return df === null ? null : twoSidedP(t, df);
}

/** Wilson's score interval of `hits` successes in `n` trials at 95%. */
export function wilson(hits: number, n: number): [number, number] | null {
  if (!(n > 0)) return null;
  const z = Z_975;
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** mulberry32's output for a state already advanced by its increment (the one definition of the generator). */
function mulberry32Output(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** mulberry32's increment of the state per draw. */
const MULBERRY32_STEP = 0x6d2b79f5;

/** mulberry32: a small seeded generator of uniforms in [0, 1). */
export function seededUniform(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + MULBERRY32_STEP) >>> 0;
    return mulberry32Output(s) / 4294967296;
  };
}

/** The q quantile of sorted values, linear between closest ranks (Hyndman and Fan type 7). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (pos - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * Puts into a[k] the value a full ascending sort would put there, every value of a[left..k) at
 * most it and every value of (k..right] at least it (Hoare's selection, middle pivot). In place.
 */
function selectInPlace(a: Float64Array, k: number, left: number, right: number): void {
  while (left < right) {
    const pivot = a[(left + right) >>> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const x = a[i]!;
        a[i] = a[j]!;
        a[j] = x;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

/**
 * The q quantile (type 7, as quantileSorted) of unsorted values without sorting them: selection of
 * the rank below the position, then the least value above it. Reorders `a`; ranks at or after
 * `from` only (a[0..from) already at most them), so two quantiles share the work.
 */
function quantileSelect(a: Float64Array, q: number, from = 0): number {
  const last = a.length - 1;
  const pos = last * q;
  const lo = Math.floor(pos);
  selectInPlace(a, lo, from, last);
  if (lo === last || pos === lo) return a[lo]!;
  let next = a[lo + 1]!;
  for (let i = lo + 2; i <= last; i++) if (a[i]! < next) next = a[i]!;
  return a[lo]! + (pos - lo) * (next - a[lo]!);
}

/** Scratch of the bootstrap (the values and the resample means), grown once and reused: no allocation per interval. */
let scratchValues = new Float64Array(0);
let scratchMeans = new Float64Array(0);

/**
 * The percentile bootstrap 95% interval of the mean: BOOTSTRAP_RESAMPLES resamples of n values
 * drawn with replacement (index floor(u * n) from the seeded generator, restarted per interval),
 * the 2.5% and 97.5% quantiles of their means. Null below two values. The generator's step is
 * written in the loop and the two quantiles are found by selection, not a sort (docs/adr/0055,
 * addendum): the interval is the plain recipe's, bit for bit, several times faster.
 */
export function bootstrapMeanCi(xs: ArrayLike<number>, resamples = BOOTSTRAP_RESAMPLES, seed = BOOTSTRAP_SEED): [number, number] | null {
  const n = xs.length;
  if (n < 2) return null;
  if (scratchValues.length < n) scratchValues = new Float64Array(Math.max(n, 2 * scratchValues.length));
  if (scratchMeans.length !== resamples) scratchMeans = new Float64Array(resamples);
  const values = scratchValues;
  const means = scratchMeans;
  for (let k = 0; k < n; k++) values[k] = xs[k]!;
  // The state kept as a signed 32-bit integer: mulberry32 reads it only through 32-bit operators,
  // so its bits, not its sign, matter. u * n is at least 0 and below n < 2^31, so `| 0` is its floor.
  let s = seed | 0;
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let k = 0; k < n; k++) {
      s = (s + MULBERRY32_STEP) | 0;
      sum += values[((mulberry32Output(s) / 4294967296) * n) | 0]!;
    }
    means[r] = sum / n;
  }
  const lo = quantileSelect(means, 0.025);
  const hi = quantileSelect(means, 0.975, Math.floor((resamples - 1) * 0.025) + 1);
  return [lo, hi];
}

/**
 * Holm's step-down adjustment: with the m non-null p values in ascending order p(1) <= ... <= p(m),
 * p_adj(i) = min(1, max over j <= i of (m - j + 1) p(j)). Null stays null; never below its p.
 */
export function holm(ps: ReadonlyArray<number | null>): Array<number | null> {
  const order = ps.map((p, i) => ({ p, i })).filter((x): x is { p: number; i: number } => x.p !== null).sort((a, b) => a.p - b.p || a.i - b.i);
  const m = order.length;
  const out: Array<number | null> = ps.map(() => null);
  let running = 0;
  order.forEach(({ p, i }, j) => {
    running = Math.max(running, Math.min(1, (m - j) * p));
    out[i] = running;
  });
  return out;
}
