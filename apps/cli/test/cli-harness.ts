// The stack the CLI tests run against: a real API and worker on the test file's own database and
// Redis prefix, an account with a key and the AAPL demo bars, and the CLI run as a real process
// from a folder outside the repository (piped, or on a pseudo-terminal from util-linux `script`).
// The CLI is `node <bundles>/dist/cli.js`, the working tree's bundle the image runs, built once
// for the test run (test/support/bundles.ts, docs/adr/0267): about half the CPU of a start
// through tsx. The installed bin (BIN, which loads the sources through tsx in a clone) is run by
// cli.int.test.ts's login test.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Barscript } from "@barscript/sdk";
import { bundledEntry } from "../../../test/support/bundles";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, spawnWorker, type ApiProc, type Proc } from "../../../test/support/processes";
import { accountWithKey, importAapl, type TestAccount } from "../../../test/support/clients";

/** The installed bin (npm's link to apps/cli/bin/barscript.js). */
export const BIN = resolve(__dirname, "../../../node_modules/.bin/barscript");

/** The command line that runs the CLI's bundle: `node <bundles>/dist/cli.js`. */
export async function cliCommand(): Promise<[string, string]> {
  return [process.execPath, await bundledEntry("cli")];
}

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command started, not awaited: its process, its stderr so far, and its output and exit once it ends. */
export interface Started {
  child: ChildProcess;
  ended: Promise<Result>;
  stderr: () => string;
}

/** Starts a command with only PATH and HOME from this process's environment (a signal's end: code -1). */
export function start(command: string, args: string[], env: Record<string, string>, cwd: string): Started {
  const child = spawn(command, args, { cwd, env: { PATH: process.env["PATH"] ?? "", HOME: tmpdir(), ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
  child.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
  const ended = new Promise<Result>((done) => child.on("exit", (code) => done({ code: code ?? -1, stdout, stderr })));
  return { child, ended, stderr: () => stderr };
}

/** Runs a command to its end (see start). */
export function collect(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<Result> {
  return start(command, args, env, cwd).ended;
}

export const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** The CLI's bundle run to its end with `args` (see collect). */
export async function barscript(args: string[], env: Record<string, string>, cwd: string): Promise<Result> {
  const [node, main] = await cliCommand();
  return collect(node, [main, ...args], env, cwd);
}

/** The CLI's bundle started with `args`, not awaited (see start): for Ctrl-C and for answering a sign-in meanwhile. */
export async function startBarscript(args: string[], env: Record<string, string>, cwd: string): Promise<Started> {
  const [node, main] = await cliCommand();
  return start(node, [main, ...args], env, cwd);
}

/** The CLI's bundle on a pseudo-terminal (util-linux `script`): stdout and stderr are one terminal stream. */
export async function barscriptTty(args: string[], env: Record<string, string>, cwd: string): Promise<Result> {
  const command = [...(await cliCommand()), ...args].map(quote).join(" ");
  return collect("script", ["-qefc", command, "/dev/null"], { TERM: "xterm", ...env }, cwd);
}

export interface CliStack {
  env: TestEnv;
  api: ApiProc;
  worker: Proc;
  user: TestAccount;
  sdk: Barscript;
  /** The folder the CLI runs in (outside the repository). */
  dir: string;
  /** BARSCRIPT_URL, BARSCRIPT_API_KEY and a credentials file in `dir`. */
  cliEnv: Record<string, string>;
  /** The CLI (its bundle), piped. */
  cli(args: string[], extra?: Record<string, string>): Promise<Result>;
  /** The CLI on a pseudo-terminal: stdout and stderr are one terminal stream. */
  tty(args: string[], extra?: Record<string, string>): Promise<Result>;
  close(): Promise<void>;
}

export interface CliStackOptions {
  /** Added to the worker's environment, e.g. WORKER_CONCURRENCY for a file that runs few runs at once. */
  workerEnv?: Record<string, string>;
}

export async function startCliStack(handle: string, options: CliStackOptions = {}): Promise<CliStack> {
  const env = await createTestEnv();
  // The account and the AAPL bars are written to the file's database while the API and the
  // worker start: neither process reads them before a request asks.
  const starting = [spawnApi(env.processEnv), spawnWorker({ ...env.processEnv, ...options.workerEnv })] as const;
  const started = await Promise.all([...starting, accountWithKey(env.db, handle), importAapl(env.db)]).catch(async (error: unknown) => {
    // A start that failed (a process that never came up on a loaded machine) stops what did
    // start and closes the database: a process left running would keep jest from exiting.
    await Promise.all(starting.map((p) => p.then((proc) => proc.kill(), () => undefined)));
    await env.close().catch(() => undefined);
    throw error;
  });
  const [api, worker, user] = started;
  const dir = mkdtempSync(join(tmpdir(), `bs-cli-${handle}-`));
  const cliEnv = { BARSCRIPT_URL: `${api.url}/v1`, BARSCRIPT_API_KEY: user.key, BARSCRIPT_CREDENTIALS: join(dir, "credentials.json") };
  return {
    env, api, worker, user, dir, cliEnv,
    sdk: new Barscript({ baseUrl: `${api.url}/v1`, apiKey: user.key }),
    cli: (args, extra = {}) => barscript(args, { ...cliEnv, ...extra }, dir),
    tty: (args, extra = {}) => barscriptTty(args, { ...cliEnv, ...extra }, dir),
    close: async () => {
      await Promise.all([api.kill(), worker.kill()]);
      await env.close();
    },
  };
}
