// The sentence of a run's failure message, shared by the run kinds and the sandbox threads (no
// imports: threads load it too).

/**
 * `lead`, then `: detail` when there is one, ending in one full stop: a script's own message often
 * ends in one already ("Array size is 0."), which must not become "..".
 */
export function failureText(lead: string, detail?: string): string {
  const text = detail ? `${lead}: ${detail}` : lead;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
