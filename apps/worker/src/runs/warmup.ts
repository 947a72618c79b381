// The warmup of a run for ITS inputs (docs/reference/language.md "Warmup": the same numbers whatever the
// window"). The version's Interface holds the warmup for the default inputs; a run whose inputs
// differ (a longer length, an MA-type switch set to EMA) may need more. Such a run validates the
// version's files once on the main thread and analyses the checked program with its inputs;
// the answer is kept by (owner, digest, inputs), so runs that repeat them read no more than the
// runs with default inputs. Runs with default inputs use the stored value and never validate.
// The same analysis finds the bars after the window a plot with a negative offset draws on its
// last rows (docs/adr/0141-bars-after-the-window.md); around-window.ts reads and trims them.
import { analyzeWarmup, validate, type CheckedProgram, type Resolver, type ScriptInterface, type SourceFile } from "@barscript/lang";

/** docs/reference/language.md "Warmup": the largest warmup a run reads. */
export const WARMUP_CAP = 5000;

type InputConst = number | string | boolean | null;

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
    return this.remember(key, this.compute(version, inputs, stored, resolver));
  }

  /** Keeps an answer (the least recently used go past maxEntries); a failure (a read that failed) is not kept: the next run asks again. */
  private remember(key: string, computed: Promise<number>): Promise<number> {
    this.entries.set(key, computed);
    computed.catch(() => this.entries.delete(key));
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return computed;
  }

  private async compute(version: WarmupVersion, inputs: Record<string, unknown>, stored: number, resolver: () => Promise<Resolver>): Promise<number> {
    const checked = await checkedOf(version, resolver);
    // A version that no longer validates fails in the sandbox with its diagnostics; the stored
    // value is as good as any for the read.
    if (!checked) return stored;
    let required = analyzeWarmup(checked, constInputs(inputs)).required;
    for (const u of checked.uses) required = Math.max(required, u.interface.warmup_bars);
    return Math.min(WARMUP_CAP, required);
  }

  /**
   * The bars a run reads after its window: the most a plot's negative offset (known from
   * constants and the run's inputs) draws back, so that the window's last rows show the later
   * bars' values (docs/adr/0141-bars-after-the-window.md); 0 when the script has no such plot.
   * Kept as the warmup is; a script that never writes `offset` is not validated.
   */
  lookaheadFor(version: WarmupVersion, inputs: Record<string, unknown> | null | undefined, scope: string, resolver: () => Promise<Resolver>): Promise<number> {
    if (!(version.files as SourceFile[]).some((f) => /\boffset\s*=/.test(f.content))) return Promise.resolve(0);
    const key = `after:${scope}:${version.digest}:${inputsKey(inputs ?? {})}`;
    const hit = this.entries.get(key);
    if (hit) return hit.catch(() => 0);
    const computed = checkedOf(version, resolver).then((checked) => (checked ? Math.min(WARMUP_CAP, analyzeWarmup(checked, constInputs(inputs ?? {})).lookahead) : 0));
    // a failed read costs the run only the bars after its window (their rows stay na, as before)
    return this.remember(key, computed).catch(() => 0);
  }
}

async function checkedOf(version: WarmupVersion, resolver: () => Promise<Resolver>): Promise<CheckedProgram | null> {
  const result = await validate(version.files as SourceFile[], { resolver: await resolver() });
  return result.valid && result.checked ? result.checked : null;
}
