// sweeps bootstrap: the cost of one mean_ci95 interval (docs/adr/0055-study-inference.md, 2,000
// resamples) as a study group and every sweep row compute it, at 100 and 1,000 events, beside the
// baseline of the plain recipe (a generator closure per draw, a full sort of the 2,000 means), both
// timed in this run, rounds interleaved; `same=1` when both give the same interval bit for bit.
// Lines: `sweeps bootstrap n=<n> interval_ms=<a> baseline_ms=<b> speedup=<b/a> same=<0|1>`.
import { bootstrapMeanCi } from "@barscript/lang";
import { bootstrapRecipe } from "../test/support/bootstrap-recipe";

const SIZES = [100, 1_000];


/** Median milliseconds per call of each function, their timed rounds interleaved (the machine's load falls on both alike). */
function timePerCall(fs: Array<() => unknown>, callsPerRound: number, rounds = 15): number[] {
  for (const f of fs) for (let i = 0; i < callsPerRound; i++) f();
  const times: number[][] = fs.map(() => []);
  for (let r = 0; r < rounds; r++) {
    fs.forEach((f, j) => {
      const t0 = performance.now();
      for (let i = 0; i < callsPerRound; i++) f();
      times[j]!.push((performance.now() - t0) / callsPerRound);
    });
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(rounds / 2)]!);
}

export function run(): Promise<string[]> {
  const lines: string[] = [];
  for (const n of SIZES) {
    // Returns of a few tenths of a percent, deterministic (a fixed linear congruential walk).
    let g = 12345;
    const xs = Array.from({ length: n }, () => {
      g = (Math.imul(g, 1103515245) + 12345) >>> 0;
      return (g / 4294967296 - 0.5) * 0.01;
    });
    const calls = n >= 1000 ? 10 : 50;
    const a = bootstrapMeanCi(xs)!;
    const b = bootstrapRecipe(xs);
    const same = a[0] === b[0] && a[1] === b[1] ? 1 : 0;
    const [fast, base] = timePerCall([() => bootstrapMeanCi(xs), () => bootstrapRecipe(xs)], calls) as [number, number];
    lines.push(`sweeps bootstrap n=${n} interval_ms=${fast.toFixed(3)} baseline_ms=${base.toFixed(3)} speedup=${(base / fast).toFixed(1)} same=${same}`);
  }
  return Promise.resolve(lines);
}
