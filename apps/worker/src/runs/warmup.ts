// The warmup of a run for ITS inputs (docs/reference/language.md "Warmup": the same numbers whatever the
// window"). The version's Interface holds the warmup for the default inputs; a run whose inputs
// differ (a longer length, an MA-type switch set to EMA) may need more. Such a run validates the
// version's files once on the main thread and analyses the checked program with its inputs;
// the answer is kept by (owner, digest, inputs), so runs that repeat them read no more than the
// runs with default inputs. Runs with default inputs use the stored value and never validate.
import { analyzeWarmup, scriptCalcBarsCount, validate, type Resolver, type ScriptInterface, type SourceFile } from "@barscript/lang";

/** docs/reference/language.md "Warmup": the largest warmup a run reads. */
export const WARMUP_CAP = 5000;

/** The most bars a declared calc_bars_count makes a run read before its window. */
export const CALC_BARS_READ_CAP = 100_000;

type InputConst = number | string | boolean | null;

/** calc_bars_count of the versions seen, by digest (the files of a digest never change). */
const calcBarsCounts = new Map<string, number>();

/**
 * The bars a run reads before its window: its warmup, or, when its script declares
 * `calc_bars_count = N` (evaluated on the run's last N bars only, docs/adr/0140-calc-bars-count.md),
 * as many as make N bars with the window's, whichever is more.
 */
export function barsBefore(version: WarmupVersion, windowBars: number, warmup: number): number {
  let count = calcBarsCounts.get(version.digest);
  if (count === undefined) {
    count = scriptCalcBarsCount(version.files as SourceFile[]);
    if (calcBarsCounts.size > 2000) calcBarsCounts.clear();
    calcBarsCounts.set(version.digest, count);
  }
  return Math.max(warmup, Math.min(CALC_BARS_READ_CAP, count - windowBars));
}

export interface WarmupVersion {
  digest: string;
  files: unknown;
  interface: unknown;
}

/** True when every input the Interface declares has its default in `inputs` (absent = default). */
export function hasDefaultInputs(iface: ScriptInterface, inputs: Record<string, unknown> | null | undefined): boolean {
  if (!inputs) return true;
  for (const spec of iface.inputs ?? []) {
    if (!(spec.name in inputs)) continue;
    if (inputs[spec.name] !== spec.default) return false;
  }
  return true;
}

function constInputs(inputs: Record<string, unknown>): Record<string, InputConst> {
  const out: Record<string, InputConst> = {};
  for (const [k, v] of Object.entries(inputs)) {
    out[k] = typeof v === "number" || typeof v === "string" || typeof v === "boolean" ? v : null;
  }
  return out;
}

function inputsKey(inputs: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(inputs).sort().map((k) => [k, inputs[k]]));
}

export class RunWarmup {
  private readonly entries = new Map<string, Promise<number>>();

  constructor(private readonly maxEntries = 2000) {}

  /**
   * The bars of warmup a run of `version` with `inputs` reads (after the cap). `scope` separates
   * who resolves imports (the owner); `resolver` is asked only when the answer is not cached.
   */
  warmupFor(version: WarmupVersion, inputs: Record<string, unknown> | null | undefined, scope: string, resolver: () => Promise<Resolver>): Promise<number> {
    const iface = version.interface as ScriptInterface;
    const stored = iface.warmup_bars ?? 0;
    if (!inputs || hasDefaultInputs(iface, inputs)) return Promise.resolve(stored);
    const key = `${scope}:${version.digest}:${inputsKey(inputs)}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Least recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const computed = this.compute(version, inputs, stored, resolver);
    this.entries.set(key, computed);
    // A failure (a read that failed) is not kept: the next run asks again.
    computed.catch(() => this.entries.delete(key));
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return computed;
  }

  private async compute(version: WarmupVersion, inputs: Record<string, unknown>, stored: number, resolver: () => Promise<Resolver>): Promise<number> {
    const result = await validate(version.files as SourceFile[], { resolver: await resolver() });
    // A version that no longer validates fails in the sandbox with its diagnostics; the stored
    // value is as good as any for the read.
    if (!result.valid || !result.checked) return stored;
    let required = analyzeWarmup(result.checked, constInputs(inputs)).required;
    for (const u of result.checked.uses) required = Math.max(required, u.interface.warmup_bars);
    return Math.min(WARMUP_CAP, required);
  }
}
