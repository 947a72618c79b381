// Runs npm scripts in lanes side by side: each argument is a lane, its npm scripts (separated by
// spaces) run one after another, the lanes at once. A lane stops at its first failing script; the
// others run to their end, so one run reports every failure. Each lane's output is printed whole
// when the lane ends (lanes do not interleave), under a line with its time and result.
//
//   node scripts/test-lanes.mjs typecheck "lint deps:check test:prepare"     (npm test)
//
// Why (docs/adr/0365): tsc and eslint each use a little over one core, so one after another they
// left part of CI's second core idle; side by side they take about the time of the longer lane.
import { spawn } from "node:child_process";

const lanes = process.argv.slice(2).map((lane) => lane.split(/\s+/).filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: node scripts/test-lanes.mjs <npm script>[" <npm script>..."] ...');
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const running = new Set();

/** Runs one npm script; resolves with its exit code, its output appended to `out`. */
function runScript(name, out) {
  return new Promise((resolve) => {
    // A process group of its own, so that an interrupted run stops npm's children too.
    const child = spawn(npm, ["run", name], { stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => out.push(chunk));
    child.on("error", (error) => {
      out.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function runLane(scripts) {
  const started = Date.now();
  const out = [];
  let failed = null;
  for (const name of scripts) {
    const code = await runScript(name, out);
    if (code !== 0) {
      failed = `${name} exited ${code}`;
      break;
    }
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(`\n==> lane ${scripts.join(", ")}: ${failed ? `FAILED (${failed})` : "passed"} in ${seconds} s\n`);
  process.stdout.write(Buffer.concat(out));
  return failed === null;
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group has ended
      }
    }
    process.exit(130);
  });
}

const results = await Promise.all(lanes.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
