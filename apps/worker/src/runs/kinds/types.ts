// What a run kind is to the processor: reads it makes while the run takes its slot
// (`prefetch`), then, once the run is `running` and the steps every kind shares have passed
// (instrument, window, version), its evaluation and the write of its results (`execute`, which
// calls the kind's `complete`). The registry (index.ts) maps a run's kind to its module.
import type { BarChunkCache, CachedReadResult } from "@barscript/marketdata";
import type { Db, Run, RunSeries, ScriptResolver, VersionCache, VersionRow } from "@barscript/db";
import type { ContextBars } from "@barscript/lang";
import type { Spans } from "@barscript/queue";
import type { FinishedRun } from "../../metrics";
import type { RunLifecycle } from "../lifecycle";
import type { SandboxPool } from "../pool";
import type { RunWarmup } from "../warmup";
import type { InstrumentFacts } from "../symbol-info";
import type { ContextRead } from "../requests";

/** What a kind may use; one per processor. */
export interface KindContext {
  db: Db;
  pool: SandboxPool;
  bars: BarChunkCache;
  versions: VersionCache;
  warmups: RunWarmup;
  lifecycle: RunLifecycle;
  now: () => Date;
}

/** The account a run belongs to, with the plan figures a run uses. */
export interface RunAccountInfo {
  accountId: string;
  handle: string;
  /** The plan's time limit of one run, counted from when the run gets a sandbox thread. */
  limitMs: number;
  eventsPerMonth: number;
  /** The plan's runs at once: the most sandbox threads the account may hold in one worker. */
  concurrentRuns: number;
}

/** Reads made before the run starts; `series` when the kind reads bars through the cache. */
export interface Prefetched {
  version: VersionRow | null;
  /** The bars of the run's window and warmup with the instrument (null: the kind reads them itself). */
  series: CachedReadResult | null;
  /** Bars of the contexts the script's request.* calls name with constants (one read each). */
  contexts?: { bars: ContextBars[]; dynamic: boolean; tried: string[]; read: ContextRead };
  /** The script owner's resolver (imports, warmup analysis), made once per run when asked. */
  resolverOf: () => Promise<ScriptResolver>;
}

/** A run that is `running` and passed the shared checks. */
export interface StartedRun {
  run: Run & { windowFrom: Date; windowTo: Date };
  account: RunAccountInfo;
  version: VersionRow;
  /** The chart's instrument (its facts are the script's syminfo.*: symbol-info.ts). */
  instrument: InstrumentFacts & { id: string };
  signal: AbortSignal;
  sp: Spans;
}

/** The final state this worker brought the run to; null when another party got there first. */
export type KindOutcome = FinishedRun | null;

export interface RunKind {
  readonly kind: string;
  /** True: a run that finds every slot of its account taken fails `busy` at once instead of waiting. */
  readonly failsWhenBusy?: boolean;
  /** `chart`: the run's series (instrument and chunk metadata) read with the run, for the bar cache. */
  prefetch(ctx: KindContext, run: Run, account: RunAccountInfo, chart: RunSeries | null): Promise<Prefetched>;
  execute(ctx: KindContext, started: StartedRun, prefetched: Prefetched): Promise<KindOutcome>;
}
