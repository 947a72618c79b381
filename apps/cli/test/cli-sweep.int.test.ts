// `barscript sweep` as a person runs it: the installed bin as a real process against a real API
// and worker. Piped, it prints the sweep and its ranked rows as JSON (equal to the API's); on a
// terminal, a ranked table; a bad grid exits with the invalid-request code.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Barscript } from "@barscript/sdk";
import { EXIT } from "@barscript/contracts";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, spawnWorker, type ApiProc, type Proc } from "../../../test/support/processes";
import { accountWithKey, importAapl } from "../../../test/support/clients";

const BIN = resolve(__dirname, "../../../node_modules/.bin/barscript");
const DEF = `//@version=6
definition("RSI below")
level = input.int(30, "Level", minval = 5, maxval = 95)
len = input.int(14, "Length", minval = 2)
alertcondition(ta.rsi(close, len) < level, "oversold", "x")
`;
type Result = { code: number; stdout: string; stderr: string };

function collect(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<Result> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env: { PATH: process.env["PATH"] ?? "", HOME: tmpdir(), ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
    child.on("exit", (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}
const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

describe("barscript sweep", () => {
  let env: TestEnv;
  let api: ApiProc;
  let worker: Proc;
  let sdk: Barscript;
  let cliEnv: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    env = await createTestEnv();
    [api, worker] = await Promise.all([spawnApi(env.processEnv), spawnWorker(env.processEnv)]);
    const user = await accountWithKey(env.db, "sweeper");
    await importAapl(env.db);
    sdk = new Barscript({ baseUrl: `${api.url}/v1`, apiKey: user.key });
    await sdk.call("createScript", { body: { slug: "rsi-below", files: [{ path: "main.pine", content: DEF }] } });
    dir = mkdtempSync(join(tmpdir(), "bs-cli-sweep-"));
    cliEnv = { BARSCRIPT_URL: `${api.url}/v1`, BARSCRIPT_API_KEY: user.key, BARSCRIPT_CREDENTIALS: join(dir, "credentials.json") };
  });
  afterAll(async () => {
    await Promise.all([api?.kill(), worker?.kill()]);
    await env?.close();
  });

  it("when piped, then it prints the finished sweep and its rows ranked as the API ranks them", async () => {
    const r = await collect(BIN, ["sweep", "rsi-below", "-i", "AAPL", "-t", "1d", "--bars", "1500", "-g", "level=25,30,35", "-g", "len=7,14", "--horizons", "1,5", "--top", "4"], cliEnv, dir);
    expect(r.code).toBe(EXIT.ok);
    const out = JSON.parse(r.stdout) as { sweep: { id: string; status: string; progress: { done: number; total: number } }; rows: Array<{ rank: number; inputs: Record<string, number> }> };
    expect(out.sweep.status).toBe("succeeded");
    expect(out.sweep.progress).toEqual({ done: 6, total: 6 });
    expect(out.rows.map((x) => x.rank)).toEqual([1, 2, 3, 4]);
    const page = await sdk.call("getSweepResults", { path: { sweep_id: out.sweep.id }, query: { limit: "4" } });
    expect(out.rows.map((x) => x.inputs)).toEqual(page.data.map((x) => x.inputs));
  });

  it("when on a terminal, then the rows come as a table with the inputs and Holm's p", async () => {
    const args = [BIN, "sweep", "rsi-below", "-i", "AAPL", "-t", "1d", "--bars", "800", "-g", "level=25,35", "--horizons", "5"];
    const r = await collect("script", ["-qefc", args.map(quote).join(" "), "/dev/null"], { ...cliEnv, TERM: "xterm" }, dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/level=25/);
    expect(r.stdout).toMatch(/h5 p_adj/);
  });

  it("when the grid names an unknown input, then it exits with the invalid-request code and says which", async () => {
    const r = await collect(BIN, ["sweep", "rsi-below", "-i", "AAPL", "-t", "1d", "-g", "nope=1,2"], cliEnv, dir);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/nope/);
  });
});
