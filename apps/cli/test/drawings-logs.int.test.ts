// `barscript drawings` and `barscript logs` as a person runs them: the installed bin as a real
// process against a real API and worker; piped they print the API's JSON, on a terminal a table.
import type { Barscript } from "@barscript/sdk";
import { startCliStack, type CliStack, type Result } from "./cli-harness";

jest.setTimeout(120_000);

/** Five labels on the last five bars, and 3 log lines on each of 60 bars (180 lines, two pages of 100). */
const SCRIPT = `//@version=6
indicator("marks", overlay = true, max_labels_count = 5)
label.new(time, high, "h", xloc = xloc.bar_time)
log.info("open {0}", open)
log.warning("close {0}", close)
log.error("x")
`;

describe("barscript drawings and logs", () => {
  let stack: CliStack;
  let sdk: Barscript;
  let runId = "";
  const cli = (args: string[]): Promise<Result> => stack.cli(args);

  beforeAll(async () => {
    stack = await startCliStack("drawer");
    sdk = stack.sdk;
    await sdk.call("createScript", { body: { slug: "marks", files: [{ path: "main.pine", content: SCRIPT }] } });
    const run = await sdk.call("createRun", { body: { script: "marks", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 60 } });
    runId = run.id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when drawings are asked, then it prints the API's drawings: the five newest labels", async () => {
    const out = await cli(["drawings", runId]);
    expect(out.code).toBe(0);
    const printed = JSON.parse(out.stdout) as { labels: Array<{ text: string }> };
    expect(printed).toEqual(await sdk.call("getRunDrawings", { path: { run_id: runId } }));
    expect(printed.labels.map((l) => l.text)).toEqual(["h", "h", "h", "h", "h"]);
  });

  it("when logs are asked, then one page has 100 lines with a cursor; --all has the 180 lines in bar order", async () => {
    const page = JSON.parse((await cli(["logs", runId])).stdout) as { data: Array<{ level: string; message: string }>; next_cursor: string | null };
    expect(page.data).toHaveLength(100);
    expect(page.next_cursor).toEqual(expect.any(String));
    const all = JSON.parse((await cli(["logs", runId, "--all"])).stdout) as { data: Array<{ time: string; level: string; message: string }>; next_cursor: null };
    expect(all.data).toHaveLength(180);
    expect(all.data.slice(0, 3).map((l) => l.level)).toEqual(["info", "warning", "error"]);
    const run = await sdk.call("getRun", { path: { run_id: runId } });
    expect(all.data[177]!.time).toBe(run.window.to);
    const bad = await cli(["logs", runId, "--all", "--limit", "5"]);
    expect(bad.code).not.toBe(0);
  });

  it("when the run is unknown, then it exits 4 (not_found)", async () => {
    expect((await cli(["drawings", "run_000000000000000000000000"])).code).toBe(4);
  });
});
