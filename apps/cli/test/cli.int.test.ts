// The `barscript` CLI as a user runs it: a real process against a real API and worker, with
// the exit codes of docs/reference/errors.md.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, spawnWorker, type ApiProc, type Proc } from "../../../test/support/processes";
import { accountWithKey, importAapl, type TestAccount } from "../../../test/support/clients";

const ROOT = resolve(__dirname, "../../..");

function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "apps/cli/src/main.ts"), ...args], { cwd: ROOT, env: { PATH: process.env["PATH"] ?? "", HOME: tmpdir(), ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
    child.on("exit", (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

const SMA = `//@version=6
indicator("SMA 3")
plot(ta.sma(close, 3), "sma")
`;

describe("barscript CLI", () => {
  let env: TestEnv;
  let api: ApiProc;
  let worker: Proc;
  let user: TestAccount;
  let cliEnv: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    env = await createTestEnv();
    [api, worker] = await Promise.all([spawnApi(env.processEnv), spawnWorker(env.processEnv)]);
    user = await accountWithKey(env.db, "clier");
    await importAapl(env.db);
    dir = mkdtempSync(join(tmpdir(), "bs-cli-"));
    writeFileSync(join(dir, "main.pine"), SMA);
    writeFileSync(join(dir, "bad.pine"), "//@version=6\nindicator(\"x\")\nplot(nope)\n");
    cliEnv = { BARSCRIPT_URL: `${api.url}/v1`, BARSCRIPT_API_KEY: user.key, BARSCRIPT_CREDENTIALS: join(dir, "credentials.json") };
  });
  afterAll(async () => {
    await Promise.all([api?.kill(), worker?.kill()]);
    await env?.close();
  });

  it("when the key is good, then whoami prints the account and exits 0", async () => {
    const result = await cli(["whoami"], cliEnv);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ handle: "clier", plan: { name: "pro" } });
  });

  it("when the key is wrong, then it exits 3 with `Error unauthorized:`", async () => {
    const result = await cli(["whoami"], { ...cliEnv, BARSCRIPT_API_KEY: "bsk_wrong" });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^Error unauthorized: /m);
  });

  it("when a script does not check, then validate exits 1 and prints the diagnostic's place", async () => {
    const result = await cli(["validate", join(dir, "bad.pine")], cliEnv);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/main\.pine:3:\d+ error undeclared_identifier/);
  });

  it("when a script is pushed and run over two instruments, one unknown, then the highest exit code (4) wins and the good run succeeded", async () => {
    const pushed = await cli(["push", "sma-three", join(dir, "main.pine")], cliEnv);
    expect(pushed.code).toBe(0);
    const ran = await cli(["run", "sma-three", "-i", "AAPL,NOPE", "-t", "1d", "--bars", "50", "--wait", "60"], cliEnv);
    expect(ran.stderr).toMatch(/Error unknown_instrument: /);
    expect(ran.code).toBe(4);
    const run = JSON.parse(ran.stdout) as { id: string; status: string };
    expect(run.status).toBe("succeeded");
    const csv = await cli(["results", run.id, "--csv"], cliEnv);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split("\n");
    expect(lines[0]).toBe("t,sma");
    expect(lines).toHaveLength(51);
  });

  it("when the results of an unknown run are asked, then it exits 4 (not_found)", async () => {
    const result = await cli(["results", "run_000000000000000000000000"], cliEnv);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^Error not_found: /m);
  });

  it("when the usage is wrong, then it exits 4", async () => {
    const result = await cli(["run", "sma-three"], cliEnv);
    expect(result.code).toBe(4);
  });
});
