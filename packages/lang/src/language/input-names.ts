// The name under which a run gives an input's value: the Interface's (derive/interface.ts
// deriveInputs decides it: the variable the input is assigned to, else its title made slug-safe,
// else `input_N`, made unique) is recorded here against the input call, and the compiled script
// reads the run's value under that same name (codegen/roles.ts), so that every input a run may
// override is overridden.

import type { Call } from "./ast";

const names = new WeakMap<Call, string>();

/** Records the Interface name of an input call. */
export function nameInput(call: Call, name: string): void {
  names.set(call, name);
}

/** The Interface name recorded for an input call, if its program was derived. */
export function inputNameOf(call: Call): string | undefined {
  return names.get(call);
}
