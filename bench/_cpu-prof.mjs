// Preloaded by bench/_runs-profile.ts --cpu-prof (NODE_OPTIONS=--import): a V8 CPU profile of
// the whole process written to $CPU_PROF_DIR on exit (--cpu-prof is not allowed in NODE_OPTIONS).
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 500 });
session.post("Profiler.start");
process.on("exit", () => {
  session.post("Profiler.stop", (error, result) => {
    if (error) return;
    const file = join(process.env.CPU_PROF_DIR || "/tmp", `${basename(process.argv[1] || "node")}-${process.pid}.cpuprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
  });
});
