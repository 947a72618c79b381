// The sweep form of a definition's page (/app/scripts/{slug}): instruments, timeframe, window, the
// values to try for each input (the grid), horizons, and optionally which events and a cooldown;
// POST /v1/sweeps, the API's refusal shown beside the field it names, then the sweep's page.
import { useEffect, useRef, useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { api, ApiFailure, errorText } from "../api";
import { navigate } from "../router";
import { sweepHref } from "../routes";
import { combinationsOf, errorField, parseHorizons, parseSymbols, parseValues, type GridValue, type SweepField } from "../sweep-values";
import type { InputSpec, Instrument, Script, Sweep } from "../types";
import { count, ErrorBox, SubmitButton } from "../ui";
import { SOURCES } from "./run-form";
import { TIMEFRAMES, timeframeOption, useWindow, WindowFields, windowBody } from "./window-fields";
import { planText, useStartChoice } from "./plan-reach";

/** The most combinations a sweep takes (docs/reference/endpoints.md, POST /v1/sweeps). */
const MOST_COMBINATIONS = 500;

const errorId = (field: SweepField): string => `sweep-error-${field.replace(":", "-")}`;

function choicesOf(spec: InputSpec): readonly (string | number)[] | null {
  return spec.options ?? (spec.type === "source" ? SOURCES : spec.type === "timeframe" ? TIMEFRAMES : spec.type === "bool" ? ["true", "false"] : null);
}

function valuesHint(spec: InputSpec): string {
  const choices = choicesOf(spec);
  if (choices) return `Comma-separated, from: ${choices.join(", ")}.`;
  if (spec.type === "int" || spec.type === "float") {
    const bounds = [spec.min !== null && spec.min !== undefined ? `at least ${spec.min}` : "", spec.max !== null && spec.max !== undefined ? `at most ${spec.max}` : ""].filter((b) => b !== "");
    return `Comma-separated, or a range start:end:step (10:30:5 is 10, 15, 20, 25, 30)${bounds.length ? `; ${bounds.join(", ")}` : ""}. Empty: the default.`;
  }
  return "Comma-separated. Empty: the default.";
}

/**
 * The instruments of `symbols` the service knows, with their coverage: read once typing pauses,
 * each symbol once (an unknown one is left out; the first 20, the most a sweep takes).
 */
function useKnownInstruments(symbols: string[]): Instrument[] {
  const [known, setKnown] = useState<Instrument[]>([]);
  const read = useRef(new Map<string, Promise<Instrument | null>>());
  const key = symbols.slice(0, 20).join(",");
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      const reads = key === "" ? [] : key.split(",").map((s) => {
        if (!read.current.has(s)) read.current.set(s, api<Instrument>(`/v1/instruments/${encodeURIComponent(s)}`).catch(() => null));
        return read.current.get(s) ?? Promise.resolve(null);
      });
      void Promise.all(reads).then((found) => { if (current) setKnown(found.filter((i): i is Instrument => i !== null)); });
    }, 250);
    return () => { current = false; clearTimeout(timer); };
  }, [key]);
  return known;
}

/** `edited`: the editor holds unsaved edits; a sweep runs the saved version (docs/adr/0339). */
export function SweepForm(props: { script: Script; edited?: boolean }) {
  const iface = props.script.interface;
  const specs = iface?.inputs ?? [];
  const events = iface?.events ?? [];
  // As the run form, it starts on an instrument and timeframe the plan can run (docs/adr/0357),
  // keeping what the person typed or chose before the plan's reach arrived.
  const { reach, settled, instrument: instruments, timeframe, typed, typeInstrument, chooseTimeframe } = useStartChoice();
  const [win, setWin] = useWindow(1000);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(specs.map((s) => [s.name, s.default === null ? "" : String(s.default)])));
  const [horizons, setHorizons] = useState(() => (iface?.horizons?.length ? iface.horizons.join(", ") : "5, 10"));
  const [chosen, setChosen] = useState<string[]>([]);
  const [cooldown, setCooldown] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);

  const grid: Record<string, GridValue[]> = {};
  for (const s of specs) {
    const list = parseValues(values[s.name] ?? "", s.type);
    if (list.length > 0) grid[s.name] = list;
  }
  const symbols = parseSymbols(instruments);
  const known = useKnownInstruments(symbols);
  const combinations = combinationsOf(grid);
  const field = error instanceof ApiFailure ? errorField(error.error, specs.map((s) => s.name)) : null;

  /** The error beside its field, and the field's aria attributes pointing at it. */
  const at = (f: SweepField): { note: ComponentChildren; aria: { "aria-describedby"?: string; "aria-invalid"?: true } } => field === f
    ? { note: <p id={errorId(f)} class="error" role="alert">{errorText(error)}</p>, aria: { "aria-describedby": errorId(f), "aria-invalid": true } }
    : { note: null, aria: {} };

  async function start(event: Event): Promise<void> {
    event.preventDefault();
    if (starting) return;
    setStarting(true); setError(null);
    try {
      const sweep = await api<Sweep>("/v1/sweeps", {
        method: "POST",
        body: {
          definition: { slug: props.script.slug }, instruments: symbols, timeframe, ...windowBody(win), grid,
          horizons: parseHorizons(horizons),
          ...(chosen.length > 0 ? { events: chosen } : {}),
          ...(cooldown.trim() !== "" ? { cooldown: Number(cooldown) } : {}),
        },
      });
      navigate(sweepHref(sweep.id));
    } catch (e) {
      setError(e);
      setStarting(false);
    }
  }

  if (specs.length === 0) {
    return <section aria-labelledby="sweep-title"><h2 id="sweep-title">Sweep</h2><p class="muted">A sweep tries values of a definition's inputs; this definition has none.</p></section>;
  }
  const win$ = at("window");
  const grid$ = at("grid");
  return (
    <section aria-labelledby="sweep-title">
      <h2 id="sweep-title">Sweep</h2>
      <p class="muted">Run this definition for every combination of the values below and rank the combinations by what followed their events (<a href="/app/sweeps">your sweeps</a>).</p>
      <form class="run-form" onSubmit={(e) => void start(e)} noValidate>
        <div class="grid">
          <div>
            <label for="sweep-instruments">Instruments</label>
            <input id="sweep-instruments" required autocomplete="off" value={instruments} onInput={(e) => typeInstrument(e.currentTarget.value)}
              aria-describedby={field === "instruments" ? errorId("instruments") : reach ? "sweep-instruments-hint sweep-plan-hint" : "sweep-instruments-hint"} aria-invalid={field === "instruments" ? true : undefined} />
            <p id="sweep-instruments-hint" class="hint">Symbols separated by commas, 1 to 20.</p>
            {at("instruments").note}
          </div>
          <div>
            <label for="sweep-timeframe">Timeframe</label>
            <select id="sweep-timeframe" value={timeframe} onChange={(e) => chooseTimeframe(e.currentTarget.value)} {...at("timeframe").aria}>
              {TIMEFRAMES.map((t) => <option value={t}>{timeframeOption(t, known, reach?.historyStart ?? null)}</option>)}
            </select>
            {at("timeframe").note}
          </div>
        </div>
        {reach ? <p id="sweep-plan-hint" class="hint">{planText(reach)}</p> : null}
        <WindowFields prefix="sweep" value={win} onChange={setWin} describedBy={win$.aria["aria-describedby"]} invalid={field === "window"} />
        {win$.note}
        <fieldset aria-describedby={grid$.aria["aria-describedby"]}>
          <legend>Values to try</legend>
          {specs.map((spec) => {
            const f = at(`input:${spec.name}`);
            const hintId = `sweep-values-${spec.name}-hint`;
            return (
              <div>
                <label for={`sweep-values-${spec.name}`}>{spec.title ?? spec.name} <span class="muted">({spec.name}, {spec.type})</span></label>
                <input id={`sweep-values-${spec.name}`} autocomplete="off" value={values[spec.name] ?? ""} onInput={(e) => setValues({ ...values, [spec.name]: e.currentTarget.value })}
                  aria-describedby={f.aria["aria-describedby"] ?? hintId} aria-invalid={f.aria["aria-invalid"]} />
                <p id={hintId} class="hint">{valuesHint(spec)}</p>
                {f.note}
              </div>
            );
          })}
          <p role="status" class={combinations > MOST_COMBINATIONS ? "error" : "muted"}>
            {count(combinations, "combination")} × {count(symbols.length, "instrument")} = {count(combinations * symbols.length, "evaluation")}{combinations > MOST_COMBINATIONS ? ` (a sweep takes at most ${MOST_COMBINATIONS} combinations)` : ""}.
          </p>
          {grid$.note}
        </fieldset>
        <div class="grid">
          <div>
            <label for="sweep-horizons">Horizons (bars after each event)</label>
            <input id="sweep-horizons" required autocomplete="off" value={horizons} onInput={(e) => setHorizons(e.currentTarget.value)} aria-describedby={field === "horizons" ? errorId("horizons") : "sweep-horizons-hint"} aria-invalid={field === "horizons" ? true : undefined} />
            <p id="sweep-horizons-hint" class="hint">1 to 10 whole numbers, e.g. 5, 10, 20; rows are ranked by the first.</p>
            {at("horizons").note}
          </div>
          <div>
            <label for="sweep-cooldown">Cooldown (bars, optional)</label>
            <input id="sweep-cooldown" type="number" min={0} max={5000} value={cooldown} onInput={(e) => setCooldown(e.currentTarget.value)} {...at("cooldown").aria} />
            {at("cooldown").note}
          </div>
        </div>
        {events.length > 1 ? (
          <fieldset {...at("events").aria}>
            <legend>Events (none chosen: all of them)</legend>
            {events.map((ev) => (
              <label class="check"><input type="checkbox" checked={chosen.includes(ev.name)} onChange={(e) => setChosen(e.currentTarget.checked ? [...chosen, ev.name] : chosen.filter((n) => n !== ev.name))} /> {ev.name}</label>
            ))}
            {at("events").note}
          </fieldset>
        ) : null}
        {props.edited ? <p class="notice" role="status">Sweeps the saved version {props.script.latest_version}: your edits in the editor are not run until you save them.</p> : null}
        {/* until the plan's reach is read the form has no instrument, unless the person typed some */}
        <SubmitButton busy={starting} busyText="Starting…" disabled={!settled && !typed}>Start the sweep</SubmitButton>
      </form>
      {error !== null && field === null ? <ErrorBox error={error} /> : null}
    </section>
  );
}
