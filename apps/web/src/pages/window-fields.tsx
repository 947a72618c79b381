// The window of a run or a sweep (docs/reference/api.md "Runs"): the latest N bars, or a date
// range; one set of fields for both forms.
import { useState } from "preact/hooks";
import type { Instrument } from "../types";

export const TIMEFRAMES = ["1m", "5m", "15m", "30m", "1h", "2h", "4h", "1d", "1w"];

/**
 * A timeframe option's text in the run and sweep forms: the timeframe, then the chosen instruments
 * whose coverage lacks it ("1h (no AAPL bars)", "1h (no AAPL, MSFT bars)") and, given the plan's
 * history start, those whose bars at it end before that start ("1d (no AAPL bars since
 * 2020-01-01)", docs/adr/0357), said before a start that would fail `out_of_coverage`; the service
 * still decides (docs/adr/0297).
 */
export function timeframeOption(timeframe: string, known: readonly Instrument[], historyStart: string | null = null): string {
  const without = known.filter((i) => !(timeframe in i.coverage)).map((i) => i.symbol);
  const start = historyStart === null ? NaN : Date.parse(historyStart);
  const ended = known.filter((i) => { const c = i.coverage[timeframe]; return c !== undefined && Date.parse(c.to) < start; }).map((i) => i.symbol);
  const notes = [
    without.length > 0 ? `no ${without.join(", ")} bars` : "",
    ended.length > 0 ? `no ${ended.join(", ")} bars since ${historyStart?.slice(0, 10) ?? ""}` : "",
  ].filter((n) => n !== "");
  return notes.length > 0 ? `${timeframe} (${notes.join("; ")})` : timeframe;
}

export interface WindowChoice {
  mode: "bars" | "range";
  bars: number;
  from: string;
  to: string;
}

/** The request's window fields: `bars`, or `from`/`to` as whole UTC days. */
export function windowBody(w: WindowChoice): { bars?: number; from?: string; to?: string } {
  if (w.mode === "bars") return { bars: w.bars };
  return { ...(w.from ? { from: `${w.from}T00:00:00Z` } : {}), ...(w.to ? { to: `${w.to}T23:59:59Z` } : {}) };
}

export function useWindow(bars: number): [WindowChoice, (w: WindowChoice) => void] {
  return useState<WindowChoice>({ mode: "bars", bars, from: "", to: "" });
}

/** `prefix` keeps the ids of two forms on one page apart; `describedBy` names an error shown beside it. */
export function WindowFields(props: { prefix: string; value: WindowChoice; onChange(w: WindowChoice): void; describedBy?: string | undefined; invalid?: boolean }) {
  const { prefix, value: w } = props;
  const aria = { "aria-describedby": props.describedBy, "aria-invalid": props.invalid ? true : undefined };
  return (
    <fieldset>
      <legend>Window</legend>
      <label class="check"><input type="radio" name={`${prefix}-window`} checked={w.mode === "bars"} onChange={() => props.onChange({ ...w, mode: "bars" })} /> The latest bars</label>
      <label class="check"><input type="radio" name={`${prefix}-window`} checked={w.mode === "range"} onChange={() => props.onChange({ ...w, mode: "range" })} /> A date range</label>
      {w.mode === "bars" ? (
        <>
          <label for={`${prefix}-bars`}>Bars</label>
          <input id={`${prefix}-bars`} type="number" min={1} max={50000} required value={w.bars} onInput={(e) => props.onChange({ ...w, bars: Number(e.currentTarget.value) })} {...aria} />
        </>
      ) : (
        <div class="grid">
          <div><label for={`${prefix}-from`}>From</label><input id={`${prefix}-from`} type="date" value={w.from} onInput={(e) => props.onChange({ ...w, from: e.currentTarget.value })} {...aria} /></div>
          <div><label for={`${prefix}-to`}>To</label><input id={`${prefix}-to`} type="date" value={w.to} onInput={(e) => props.onChange({ ...w, to: e.currentTarget.value })} {...aria} /></div>
        </div>
      )}
    </fieldset>
  );
}
