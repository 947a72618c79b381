// Ctrl-C on `npm run up` (scripts/up.mjs): the terminal sends SIGINT to the whole process group
// and up forwards one more to each service. A worker then finishes the runs it holds and exits 0
// (docs/operations.md, "On SIGTERM a worker ... finishes the ones it holds"; it treats SIGINT the
// same). The service here stands for a worker whose event loop is busy (a loaded machine): it
// must get to finish its shutdown, never be killed halfway with a run left `running`.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serviceCommand } from "../../scripts/lib/service-command.cjs";

const ROOT = resolve(__dirname, "../..");

// "started" only once the handler is in place, as a worker says `worker started` after its own:
// a signal that came before any handler would end the process by the default action.
const SERVICE = `
process.on("SIGINT", () => {
  process.stdout.write("closing\\n");
  setTimeout(() => { process.stdout.write("finished\\n"); process.exit(0); }, 500);
});
process.stdout.write("started\\n");
// Busy 95 ms of every 100: the event loop answers late, as a loaded worker's does.
setInterval(() => { const t = Date.now(); while (Date.now() - t < 95); }, 100);
`;

describe("npm run up: Ctrl-C", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "bs-up-ctrl-c-"));
    writeFileSync(join(dir, "service.ts"), SERVICE);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("when Ctrl-C reaches a service whose event loop is busy, then it finishes its shutdown and exits 0", async () => {
    const [command, args] = serviceCommand(join(dir, "service.ts"), true);
    // A process group of its own, as the terminal's foreground group holding up and its services.
    const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => { output += c.toString(); });
    child.stderr.on("data", (c: Buffer) => { output += c.toString(); });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once("exit", (code, signal) => done({ code, signal })));
    await new Promise<void>((done) => {
      const started = (): void => { if (output.includes("started")) { child.stdout.off("data", started); done(); } };
      child.stdout.on("data", started);
    });
    process.kill(-(child.pid as number), "SIGINT"); // the terminal's Ctrl-C
    child.kill("SIGINT"); // up's handler passing it on
    const exit = await exited;
    expect({ exit, finished: output.includes("finished") }).toEqual({ exit: { code: 0, signal: null }, finished: true });
  }, 60_000);
});
