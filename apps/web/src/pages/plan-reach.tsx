// What the account's plan can run on, for the run and sweep forms (docs/adr/0357): the plan's
// history start and run time limit (GET /v1/usage) and the instruments with their coverage
// (GET /v1/instruments). The forms start on an instrument and timeframe whose stored bars reach
// the plan's history start, and say the plan's limits where the person picks.
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import type { Instrument, Page as ListPage, Usage } from "../types";

export interface PlanReach {
  plan: string;
  /** The earliest bar a run of the plan reaches (docs/reference/limits-and-plans.md "History from"); null: every bar. */
  historyStart: string | null;
  /** Seconds. */
  runTimeLimit: number;
  /** The first page of instruments (500, the most a page holds), by symbol. */
  instruments: Instrument[];
}

/** Whether `i` has stored bars at `timeframe` on or after the plan's history start. */
export function reaches(i: Instrument, timeframe: string, historyStart: string | null): boolean {
  const c = i.coverage[timeframe];
  return c !== undefined && (historyStart === null || Date.parse(c.to) >= Date.parse(historyStart));
}

/** The timeframes a form starts on, in order: daily bars first, as the tour's runs, then coarser before finer. */
const PREFERRED_TIMEFRAMES = ["1d", "1w", "4h", "2h", "1h", "30m", "15m", "5m", "1m"];

/**
 * The instrument and timeframe a form starts on: at the first timeframe of PREFERRED_TIMEFRAMES
 * that any instrument's stored bars reach the plan's history start at, the first such instrument
 * by symbol; null when no instrument's bars reach it (any run would be refused out_of_coverage).
 */
export function defaultChoice(reach: PlanReach): { symbol: string; timeframe: string } | null {
  for (const timeframe of PREFERRED_TIMEFRAMES) {
    const i = reach.instruments.find((x) => reaches(x, timeframe, reach.historyStart));
    if (i) return { symbol: i.symbol, timeframe };
  }
  return null;
}

/** "BTC-USD (4h, 1d)": each instrument with the timeframes whose stored bars reach `start`; the first `most`, then how many more. */
export function reachingText(instruments: readonly Instrument[], start: string, most = Infinity): string {
  const listed = instruments
    .map((i) => ({ symbol: i.symbol, tfs: Object.keys(i.coverage).filter((tf) => reaches(i, tf, start)) }))
    .filter((i) => i.tfs.length > 0)
    .map((i) => `${i.symbol} (${i.tfs.join(", ")})`);
  const more = listed.length - most;
  return more > 0 ? `${listed.slice(0, most).join(", ")} and ${more} more` : listed.join(", ");
}

/** The most instruments the plan's line under the form names (a long list is searched in the field). */
const NAMED = 8;

/** The plan's line under the instrument field: how far back it reaches, on what, and its run time limit. */
export function planText(reach: PlanReach): string {
  const limit = `A run may take up to ${reach.runTimeLimit} s.`;
  if (reach.historyStart === null) return `Your plan (${reach.plan}) reaches every stored bar. ${limit}`;
  const day = reach.historyStart.slice(0, 10);
  const on = reachingText(reach.instruments, reach.historyStart, NAMED);
  return on
    ? `Your plan (${reach.plan}) reaches bars from ${day} on; stored bars reach it on: ${on}. ${limit}`
    : `Your plan (${reach.plan}) reaches bars from ${day} on; no instrument's stored bars reach it. ${limit}`;
}

/**
 * A chosen instrument whose stored bars all end before the plan's history start: " · its bars end
 * 2013-03-01, before your plan's history start (2020-01-01)"; otherwise "".
 */
export function endsBeforeText(i: Instrument, historyStart: string | null): string {
  const ends = Object.values(i.coverage).map((c) => c.to).sort();
  const last = ends.at(-1);
  if (historyStart === null || last === undefined || Date.parse(last) >= Date.parse(historyStart)) return "";
  return ` · its bars end ${last.slice(0, 10)}, before your plan's history start (${historyStart.slice(0, 10)})`;
}

/** The plan's reach, read once when the form is shown; null while it loads or when it cannot be read. */
export function usePlanReach(): { reach: PlanReach | null; settled: boolean } {
  const [state, setState] = useState<{ reach: PlanReach | null; settled: boolean }>({ reach: null, settled: false });
  useEffect(() => {
    let live = true;
    Promise.all([api<Usage>("/v1/usage"), api<ListPage<Instrument>>("/v1/instruments?limit=500")]).then(
      ([usage, list]) => { if (live) setState({ reach: { plan: usage.plan, historyStart: usage.history_start, runTimeLimit: usage.run_time_limit, instruments: list.data }, settled: true }); },
      () => { if (live) setState({ reach: null, settled: true }); },
    );
    return () => { live = false; };
  }, []);
  return state;
}

/** A form's instrument (or instruments) and timeframe, with what the person typed or chose. */
export interface StartChoice {
  reach: PlanReach | null;
  settled: boolean;
  instrument: string;
  timeframe: string;
  /** Whether the person typed an instrument (the form can start before the reach arrives). */
  typed: boolean;
  typeInstrument(value: string): void;
  chooseTimeframe(value: string): void;
}

/**
 * The plan's reach and the instrument and timeframe a form starts on: the plan's default choice
 * once the reach arrives, except what the person typed or chose before it did (docs/adr/0357).
 */
export function useStartChoice(): StartChoice {
  const { reach, settled } = usePlanReach();
  const typed = useRef(false);
  const chose = useRef(false);
  const [instrument, setInstrument] = useState("");
  const [timeframe, setTimeframe] = useState("1d");
  useEffect(() => {
    const choice = reach ? defaultChoice(reach) : null;
    if (!choice) return;
    if (!typed.current) setInstrument(choice.symbol);
    if (!chose.current) setTimeframe(choice.timeframe);
  }, [reach]);
  return {
    reach,
    settled,
    instrument,
    timeframe,
    typed: typed.current,
    typeInstrument: (value) => { typed.current = true; setInstrument(value); },
    chooseTimeframe: (value) => { chose.current = true; setTimeframe(value); },
  };
}
