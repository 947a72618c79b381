// Real API and worker processes for integration tests (multi-instance, crash and end-to-end
// tests). Started as `node <bundle>` (the working tree's bundle of the entry, test/support/bundles.ts,
// docs/adr/0267) with the test file's environment and the image's allocator settings (docs/adr/0282).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { bundlesDir } from "./bundles";

const ROOT = resolve(__dirname, "../..");

/**
 * The allocator settings the image's final stage sets (`ENV MALLOC_*` in infra/Dockerfile,
 * docs/adr/0282-two-malloc-arenas.md): the processes tests and benches start get them too, so
 * they run as the image runs them.
 */
export function imageAllocatorEnv(dockerfile = readFileSync(join(ROOT, "infra/Dockerfile"), "utf8")): Record<string, string> {
  const last = dockerfile.split(/^FROM /m).pop() ?? "";
  const out: Record<string, string> = {};
  for (const m of last.replace(/\\\n/g, " ").matchAll(/^ENV (.+)$/gm)) {
    for (const pair of (m[1] as string).trim().split(/\s+/)) {
      const at = pair.indexOf("=");
      if (at > 0 && pair.startsWith("MALLOC_")) out[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return out;
}
const ALLOCATOR_ENV = imageAllocatorEnv();

export interface Proc {
  child: ChildProcess;
  output(): string;
  /** Sends the signal and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface ApiProc extends Proc {
  port: number;
  url: string;
}

// Every process a test file starts is killed when the test process exits, so a file whose setup
// failed halfway (a second process that never came up) leaves nothing running behind it.
const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** The entry's bundle: `api` (apps/api/src/main.ts), `worker` (apps/worker/src/main.ts), `admin` (apps/admin/src/main.ts). */
async function bundle(entry: "api" | "worker" | "admin"): Promise<string> {
  return join(await bundlesDir(), "dist", `${entry}.js`);
}

async function start(entry: "api" | "worker", env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [await bundle(entry)], {
    cwd: ROOT,
    env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp", ...ALLOCATOR_ENV, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  child.once("exit", () => started.delete(child));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on("data", (chunk: Buffer) => { output += chunk.toString(); });
  return { child, output: () => output };
}

function killer(child: ChildProcess): (signal?: NodeJS.Signals) => Promise<void> {
  return (signal = "SIGTERM") => new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", () => done());
    child.kill(signal);
  });
}

function waitFor(output: () => string, child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolvePromise, reject) => {
    const since = Date.now();
    const timer = setInterval(() => {
      const match = pattern.exec(output());
      if (match) {
        clearInterval(timer);
        resolvePromise(match);
      } else if (child.exitCode !== null || Date.now() - since > timeoutMs) {
        clearInterval(timer);
        // a process that never came up is not left running
        if (child.exitCode === null) child.kill("SIGKILL");
        reject(new Error(`process did not print ${pattern} (exit ${String(child.exitCode)}):\n${output()}`));
      }
    }, 50);
  });
}

export async function spawnApi(env: Record<string, string>, timeoutMs = 45_000): Promise<ApiProc> {
  const { child, output } = await start("api", { PORT: "0", ...env });
  const match = await waitFor(output, child, /listening on (\d+)/, timeoutMs);
  const port = Number(match[1]);
  return { child, output, kill: killer(child), port, url: `http://127.0.0.1:${port}` };
}

export async function spawnWorker(env: Record<string, string>, timeoutMs = 45_000): Promise<Proc> {
  // Metrics off unless the test asks for a port: many workers share this machine.
  const { child, output } = await start("worker", { METRICS_PORT: "0", ...env });
  await waitFor(output, child, /worker started/, timeoutMs);
  return { child, output, kill: killer(child) };
}

/** Runs `barscript-admin` with the test's environment; resolves with its exit code and output. */
export async function runAdmin(env: Record<string, string>, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const admin = await bundle("admin");
  return new Promise((done) => {
    const child = spawn(process.execPath, [admin, ...args], {
      cwd: ROOT,
      env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp", ...ALLOCATOR_ENV, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
    child.on("exit", (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

/** A port of 127.0.0.1 free right now (a process started a moment later binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
