// One status line on stderr while a run is waited for (a terminal only): `⠋ run_… running 12s`,
// redrawn in place, erased when done.
import type { Io, OutputMode } from "./output";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export interface Progress {
  update(text: string): void;
  done(): void;
}

export function progressLine(io: Io, mode: OutputMode, write: (s: string) => void = (s) => process.stderr.write(s)): Progress {
  if (!io.stderrTTY) return { update: () => undefined, done: () => undefined };
  const started = Date.now();
  let frame = 0;
  let text = "";
  const draw = (): void => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    write(`\r\x1b[2K${mode.errColors.cyan(FRAMES[frame++ % FRAMES.length] ?? "")} ${text} ${mode.errColors.dim(`${seconds}s`)}`);
  };
  const timer = setInterval(draw, 120);
  return {
    update: (next) => { text = next; draw(); },
    done: () => { clearInterval(timer); write("\r\x1b[2K"); },
  };
}
