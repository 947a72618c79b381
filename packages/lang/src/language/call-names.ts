// The names under which a run gives an input's value and raises an event: the Interface's
// (derive/interface.ts decides them: an input is named after the variable it is assigned to, else
// its title made slug-safe, else `input_N`, made unique; an alertcondition after its title, else
// `alertcondition_N`) are recorded here against the call, and the compiled script reads the run's
// value and raises the event under those same names (codegen/roles.ts), so that every input a run
// may override is overridden and every event is found under the name the Interface lists.

import type { Call } from "./ast";

const inputs = new WeakMap<Call, string>();
const events = new WeakMap<Call, string>();

/** Records the Interface name of an input call. */
export function nameInput(call: Call, name: string): void {
  inputs.set(call, name);
}

/** The Interface name recorded for an input call, if its program was derived. */
export function inputNameOf(call: Call): string | undefined {
  return inputs.get(call);
}

/** Records the Interface name of the event an alertcondition call raises. */
export function nameEvent(call: Call, name: string): void {
  events.set(call, name);
}

/** The Interface name recorded for an alertcondition call's event, if its program was derived. */
export function eventNameOf(call: Call): string | undefined {
  return events.get(call);
}
