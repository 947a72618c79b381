// Ctrl-C (SIGINT) while `run` or `sweep` waits: the wait stops, not the work. The service goes on
// with what was started, so the person is told, on stderr, each id and the commands that wait for
// it again or cancel it; the progress line is erased and the exit is 130, a shell's code for an
// interrupted command (docs/adr/0342-ctrl-c-during-a-wait.md). Before, the process died at once:
// exit 130, the progress line left on the terminal, and the ids never printed anywhere.
import type { Io } from "./output";
import type { Progress } from "./progress";

/** 128 + SIGINT's number 2: what a shell reports for a command ended by Ctrl-C. */
export const EXIT_INTERRUPTED = 130;

/** What is being waited for: the lines that say so, current when Ctrl-C comes. */
export type Waiting = () => string[];

/** Listens for SIGINT until the returned function is called. */
export function onInterrupt(io: Io, progress: Progress, waiting: Waiting): () => void {
  const handler = (): void => {
    progress.done();
    for (const text of waiting()) io.err(text);
    process.exit(EXIT_INTERRUPTED);
  };
  process.once("SIGINT", handler);
  return () => { process.removeListener("SIGINT", handler); };
}

/** The line for one run or sweep that goes on after the wait was interrupted. */
export function goesOn(noun: "run" | "sweep", id: string, status: string, where: string, follow: string, cancel: string): string {
  return `Interrupted: ${noun} ${id}${where} is still ${status} and goes on; ${follow}, \`barscript ${cancel}\` cancels it.`;
}
