// The run form, generated from the script's Interface: instrument (search as you type),
// timeframe, window (latest N bars, or a date range), and one field per input.
import { useEffect, useState } from "preact/hooks";
import { api, ApiFailure } from "../api";
import { navigate } from "../router";
import type { InputSpec, Instrument, Page as ListPage, Run, Script } from "../types";
import { runHref } from "../routes";
import { ErrorBox, SubmitButton } from "../ui";
import { TIMEFRAMES, timeframeOption, useWindow, WindowFields, windowBody } from "./window-fields";
import { endsBeforeText, planText, reachingText, useStartChoice, type PlanReach } from "./plan-reach";

export const SOURCES = ["open", "high", "low", "close", "hl2", "hlc3", "ohlc4", "hlcc4", "volume"];
type InputValue = number | string | boolean;
/**
 * An input.timeframe's "" is the run's own timeframe (TradingView's "Chart"; the usual default of
 * `input.timeframe("", ...)`): a choice of its own, else the menu showed nothing chosen and could
 * not come back to it (docs/adr/0316-clients-used-from-outside-four.md).
 */
const TIMEFRAME_INPUT = ["", ...TIMEFRAMES];
const optionText = (o: string | number): string => (o === "" ? "Chart (the run's timeframe)" : String(o));

/** An emptied number field stays empty (the browser then asks for a value), not 0. */
const numberOrEmpty = (raw: string): number | string => (raw === "" ? "" : Number(raw));

function initialInputs(inputs: InputSpec[]): Record<string, InputValue> {
  const out: Record<string, InputValue> = {};
  for (const i of inputs) if (i.default !== null) out[i.name] = i.default;
  return out;
}

function InputField(props: { spec: InputSpec; value: InputValue | undefined; onChange(v: InputValue): void }) {
  const { spec } = props;
  const id = `input-${spec.name}`;
  const label = spec.title ?? spec.name;
  if (spec.type === "bool") {
    return (
      <label class="check" for={id}>
        <input id={id} type="checkbox" checked={props.value === true} onChange={(e) => props.onChange(e.currentTarget.checked)} /> {label}
      </label>
    );
  }
  const options = spec.options ?? (spec.type === "source" ? SOURCES : spec.type === "timeframe" ? TIMEFRAME_INPUT : null);
  if (options) {
    return (
      <>
        <label for={id}>{label}</label>
        <select id={id} value={String(props.value ?? "")} onChange={(e) => {
          const raw = e.currentTarget.value;
          props.onChange(typeof options[0] === "number" ? Number(raw) : raw);
        }}>
          {options.map((o) => <option value={String(o)}>{optionText(o)}</option>)}
        </select>
      </>
    );
  }
  const numeric = spec.type === "int" || spec.type === "float";
  return (
    <>
      <label for={id}>{label}</label>
      {numeric ? (
        <input id={id} type="number" required step={spec.type === "int" ? 1 : "any"} min={spec.min ?? undefined} max={spec.max ?? undefined}
          value={String(props.value ?? "")} onInput={(e) => props.onChange(numberOrEmpty(e.currentTarget.value))} />
      ) : (
        <input id={id} type="text" value={String(props.value ?? "")} onInput={(e) => props.onChange(e.currentTarget.value)} />
      )}
    </>
  );
}

/**
 * Under an out_of_coverage refusal (docs/reference/api.md: a window ending before the plan's
 * history start), which instruments and timeframes the plan can run on: a free account's runs on
 * the demo stocks, whose bars end years before its history start, were refused with no way on.
 */
function CoverageHint(props: { error: unknown; reach: PlanReach | null }) {
  const refused = props.error instanceof ApiFailure && props.error.error.code === "out_of_coverage";
  const start = props.reach?.historyStart ?? null;
  if (!refused || !props.reach || start === null) return null;
  const reach = reachingText(props.reach.instruments, start);
  const day = start.slice(0, 10);
  return <p class="notice" role="status">{reach ? `Your plan's history starts ${day}; stored bars reach it on: ${reach}.` : `Your plan's history starts ${day}; no instrument's stored bars reach it.`}</p>;
}

/**
 * A run runs the saved version: while the editor holds unsaved edits the form says so (a person
 * who edited and pressed Run saw the old text's results without a word).
 */
export function RunForm(props: { script: Script; edited?: boolean }) {
  const iface = props.script.interface;
  // The form starts on an instrument and timeframe the plan can run (docs/adr/0357): AAPL for
  // everyone sent a free account's first run out of coverage (its bars end before 2020). What the
  // person typed or chose before the plan's reach arrived is kept.
  const { reach, settled, instrument, timeframe, typed, typeInstrument, chooseTimeframe } = useStartChoice();
  const [matches, setMatches] = useState<Instrument[]>([]);
  const [win, setWin] = useWindow(1000);
  const [inputs, setInputs] = useState<Record<string, InputValue>>(() => initialInputs(iface?.inputs ?? []));
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    const q = instrument.trim();
    // An answer for what the field held before (a slow search for the default) is dropped: it
    // arrived after the search for what was typed and replaced its matches.
    let current = true;
    const timer = setTimeout(() => {
      api<ListPage<Instrument>>(`/v1/instruments?limit=20${q ? `&q=${encodeURIComponent(q)}` : ""}`).then(
        (p) => { if (current) setMatches(p.data); },
        () => { if (current) setMatches([]); },
      );
    }, 250);
    return () => { current = false; clearTimeout(timer); };
  }, [instrument]);

  async function start(event: Event): Promise<void> {
    event.preventDefault();
    if (starting) return;
    setStarting(true); setError(null);
    try {
      const run = await api<Run>("/v1/runs", {
        method: "POST",
        body: { script: { slug: props.script.slug }, kind: props.script.kind, instrument: instrument.trim().toUpperCase(), timeframe, ...windowBody(win), inputs },
      });
      navigate(runHref(run));
    } catch (e) {
      setError(e);
      setStarting(false);
    }
  }

  const known = matches.find((m) => m.symbol === instrument.trim().toUpperCase());
  const historyStart = reach?.historyStart ?? null;
  return (
    <section aria-labelledby="run-title">
      <h2 id="run-title">Run</h2>
      <form class="run-form" onSubmit={(e) => void start(e)}>
        <div class="grid">
          <div>
            <label for="run-instrument">Instrument</label>
            <input id="run-instrument" list="run-instruments" required autocomplete="off" value={instrument} onInput={(e) => typeInstrument(e.currentTarget.value)}
              aria-describedby={reach ? "run-instrument-hint run-plan-hint" : "run-instrument-hint"} />
            <datalist id="run-instruments">{matches.map((m) => <option value={m.symbol}>{m.name}</option>)}</datalist>
            <p id="run-instrument-hint" class="hint">{known ? `${known.name} · ${Object.keys(known.coverage).join(", ")}${endsBeforeText(known, historyStart)}` : "Type a symbol or a name to search."}</p>
          </div>
          <div>
            <label for="run-timeframe">Timeframe</label>
            <select id="run-timeframe" value={timeframe} onChange={(e) => chooseTimeframe(e.currentTarget.value)}>
              {TIMEFRAMES.map((t) => <option value={t}>{timeframeOption(t, known ? [known] : [], historyStart)}</option>)}
            </select>
          </div>
        </div>
        {reach ? <p id="run-plan-hint" class="hint">{planText(reach)}</p> : null}
        <WindowFields prefix="run" value={win} onChange={setWin} />
        {iface && iface.inputs.length > 0 ? (
          <fieldset>
            <legend>Inputs</legend>
            {iface.inputs.map((spec) => (
              <InputField spec={spec} value={inputs[spec.name]} onChange={(v) => setInputs({ ...inputs, [spec.name]: v })} />
            ))}
          </fieldset>
        ) : null}
        {props.edited ? <p class="notice" role="status">Runs the saved version {props.script.latest_version}: your edits in the editor are not run until you save them.</p> : null}
        {/* until the plan's reach is read the form has no instrument, unless the person typed one */}
        <SubmitButton busy={starting} busyText="Starting…" disabled={!settled && !typed}>{`Run ${props.script.kind === "study" ? "the study" : "it"}`}</SubmitButton>
      </form>
      <ErrorBox error={error} />
      <CoverageHint error={error} reach={reach} />
    </section>
  );
}
