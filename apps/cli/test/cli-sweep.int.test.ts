// `barscript sweep` as a person runs it: the CLI (its bundle, cli-harness.ts) as a real process
// against a real API and worker. Piped, it prints the sweep and its ranked rows as JSON (equal to the API's); on a
// terminal, a ranked table; a bad grid exits with the invalid-request code; `sweeps --status` filters.
import type { Barscript } from "@barscript/sdk";
import { EXIT } from "@barscript/contracts";
import { barscript, barscriptTty, startCliStack, type CliStack } from "./cli-harness";

const DEF = `//@version=6
definition("RSI below")
level = input.int(30, "Level", minval = 5, maxval = 95)
len = input.int(14, "Length", minval = 2)
alertcondition(ta.rsi(close, len) < level, "oversold", "x")
`;

describe("barscript sweep", () => {
  let stack: CliStack;
  let sdk: Barscript;
  let cliEnv: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    stack = await startCliStack("sweeper");
    ({ sdk, cliEnv, dir } = stack);
    await sdk.call("createScript", { body: { slug: "rsi-below", files: [{ path: "main.pine", content: DEF }] } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when piped, then it prints the finished sweep and its rows ranked as the API ranks them", async () => {
    const r = await barscript(["sweep", "rsi-below", "-i", "AAPL", "-t", "1d", "--bars", "1500", "-g", "level=25,30,35", "-g", "len=7,14", "--horizons", "1,5", "--top", "4"], cliEnv, dir);
    expect(r.code).toBe(EXIT.ok);
    const out = JSON.parse(r.stdout) as { sweep: { id: string; status: string; progress: { done: number; total: number } }; rows: Array<{ rank: number; inputs: Record<string, number> }> };
    expect(out.sweep.status).toBe("succeeded");
    expect(out.sweep.progress).toEqual({ done: 6, total: 6 });
    expect(out.rows.map((x) => x.rank)).toEqual([1, 2, 3, 4]);
    const page = await sdk.call("getSweepResults", { path: { sweep_id: out.sweep.id }, query: { limit: "4" } });
    expect(out.rows.map((x) => x.inputs)).toEqual(page.data.map((x) => x.inputs));
    // sweep-cancel of the finished sweep cancels nothing and says so (docs/adr/0300)
    const cancel = await barscript(["sweep-cancel", out.sweep.id], cliEnv, dir);
    expect({ code: cancel.code, stderr: cancel.stderr }).toEqual({ code: EXIT.ok, stderr: `Sweep ${out.sweep.id} had already finished (succeeded): nothing was cancelled.\n` });
  });

  it("when on a terminal, then the rows come as a table with the inputs and Holm's p", async () => {
    const r = await barscriptTty(["sweep", "rsi-below", "-i", "AAPL", "-t", "1d", "--bars", "800", "-g", "level=25,35", "--horizons", "5"], cliEnv, dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/level=25/);
    expect(r.stdout).toMatch(/h5 p_adj/);
  });

  it("when the grid names an unknown input, then it exits with the invalid-request code and says which", async () => {
    const r = await barscript(["sweep", "rsi-below", "-i", "AAPL", "-t", "1d", "-g", "nope=1,2"], cliEnv, dir);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/nope/);
  });

  it("when sweeps is asked for one status, then it lists only the sweeps in that status (docs/adr/0187)", async () => {
    const done = await barscript(["sweeps", "--status", "succeeded"], cliEnv, dir);
    expect(done.code).toBe(EXIT.ok);
    // the two sweeps above succeeded; the refused one was never made
    expect((JSON.parse(done.stdout) as { data: Array<{ status: string }> }).data.map((x) => x.status)).toEqual(["succeeded", "succeeded"]);
    const failed = await barscript(["sweeps", "--status", "failed"], cliEnv, dir);
    expect(failed.code).toBe(EXIT.ok);
    expect((JSON.parse(failed.stdout) as { data: unknown[] }).data).toEqual([]);
  });
});
