// lang: front-end speed: lint + link + derive (validate()) of a 500-line script in the style of
// public indicators (functions, switch, tuples, var, loops). Target: under 30 ms.
// Line: `lang parse500 ms=<median> lines=<n> runs=<k>`.
import { validate } from "../packages/lang/src/validate";
import type { Resolver } from "../packages/lang/src/types";

const RUNS = 15;
/** Untimed runs first: a validating service runs warm, so the steady state is what counts. */
const WARM = 10;
const NO_IMPORTS: Resolver = { resolve: async () => null };

/** One block of ~25 lines; repeated with fresh names to reach the size. */
function block(i: number): string {
  return `
len${i} = input.int(${10 + i}, "Length ${i}", minval = 1)
mult${i} = input.float(2.0, "Mult ${i}")
ma${i}(src, l, t) =>
    switch t
        "SMA" => ta.sma(src, l)
        "EMA" => ta.ema(src, l)
        => ta.rma(src, l)
bands${i}(src, l, m) =>
    basis = ta.sma(src, l)
    dev = m * ta.stdev(src, l)
    [basis + dev, basis - dev]
[up${i}, lo${i}] = bands${i}(close, len${i}, mult${i})
var float acc${i} = 0.0
acc${i} := close > up${i} ? acc${i} + 1 : acc${i}
sum${i} = 0.0
for k = 0 to 9
    sum${i} += close[k] * k
r${i} = ta.rsi(close, 14)
state${i} = if r${i} > 70
    1
else if r${i} < 30
    -1
else
    0
plot(ma${i}(close, len${i}, "EMA") + sum${i} / 45, "MA ${i}")
alertcondition(ta.crossover(close, up${i}) and state${i} == 1, "Up ${i}", "Crossed band ${i}")
`;
}

export function script500(): string {
  let src = '//@version=6\nindicator("Bench")\n';
  for (let i = 0; src.split("\n").length < 500; i++) src += block(i);
  return src;
}

export async function run(): Promise<string[]> {
  const content = script500();
  const files = [{ path: "main.pine", content }];
  const first = await validate(files, { resolver: NO_IMPORTS });
  if (!first.valid) throw new Error(`bench script invalid: ${JSON.stringify(first.diagnostics.slice(0, 3))}`);
  for (let k = 0; k < WARM; k++) await validate(files, { resolver: NO_IMPORTS });
  const times: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    await validate(files, { resolver: NO_IMPORTS });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  return [`lang parse500 ms=${median.toFixed(2)} lines=${content.split("\n").length} runs=${RUNS}`];
}
