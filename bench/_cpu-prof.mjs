// Preloaded by bench/_runs-profile.ts --cpu-prof and bench/_results-focus.ts --cpu-prof
// (NODE_OPTIONS=--import): a V8 CPU profile written to $CPU_PROF_DIR (--cpu-prof is not allowed in
// NODE_OPTIONS). By default the whole process, written on exit. With CPU_PROF_ON_SIGNAL=1 the
// profiler starts at the first SIGUSR2 and the profile is written at the next one, so a harness
// can profile just its measured phase (bench/_results-focus.ts does). CPU_PROF_INTERVAL_US sets
// the sampling interval (default 500 µs).
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: Number(process.env.CPU_PROF_INTERVAL_US || 500) });

let part = 0;
function write() {
  session.post("Profiler.stop", (error, result) => {
    if (error) return;
    const name = `${basename(process.argv[1] || "node")}-${process.pid}${part > 0 ? `-${part}` : ""}.cpuprofile`;
    writeFileSync(join(process.env.CPU_PROF_DIR || "/tmp", name), JSON.stringify(result.profile));
  });
}

if (process.env.CPU_PROF_ON_SIGNAL === "1") {
  let running = false;
  process.on("SIGUSR2", () => {
    if (running) {
      part++;
      write();
    } else {
      session.post("Profiler.start");
    }
    running = !running;
  });
} else {
  session.post("Profiler.start");
  process.on("exit", write);
}
