// `barscript` used from outside, third pass (docs/adr/0306-clients-used-from-outside-three.md):
// the CLI (its bundle, cli-harness.ts) as a real process against a real API and worker.
// - `results` of a study run on a terminal is a table per group and the baseline's, with the
//   extended statistics (it printed the JSON).
// - `runs` takes `--kind` (the API's filter) and `--cursor`, and a page with more says the command
//   for the next one; `sweeps` says `(none)` when there are none (it printed an empty line).
// - A sweep that failed says why on stderr, `Error <kind>: ...`, as a failed run does.
// - `events` on a terminal counts the rows of its page past the 50 it shows, and a page with more
//   names the whole command for the next (it showed 50 of 100 unsaid, and only `--cursor X`).
// - `run-status` and `run` of a run that succeeded with runtime errors on some bars say so (each
//   message, on how many bars, the first and the last); they said nothing.
import type { Barscript } from "@barscript/sdk";
import { EXIT } from "@barscript/contracts";
import { startCliStack, type CliStack } from "./cli-harness";
import { aaplCloses } from "../../api/test/runs-harness";

const DEF = `//@version=6
definition("RSI under")
level = input.int(30, "Level", minval = 5, maxval = 95)
alertcondition(ta.crossunder(ta.rsi(close, 14), level), "under", "x")
`;
const STUDY = `//@version=6
study("Under study", horizons = [1, 5])
use("rsi-under")
`;
const RSI = `//@version=6
indicator("RSI")
plot(ta.rsi(close, 14), "rsi")
`;

// bar_index counts from the instrument's first bar: bars 1000 and 3000 raise a runtime error (an
// element of an empty array), the run goes on
const SOME_ERRORS = `//@version=6
indicator("Some errors")
a = array.new_float(0)
v = bar_index == 1000 or bar_index == 3000 ? array.get(a, 0) : close
plot(v, "v")
`;

const UP_DAYS = `//@version=6
definition("Up days")
alertcondition(close > open, "up", "close above open")
`;

jest.setTimeout(180_000);

describe("barscript study results, run lists and failed sweeps", () => {
  let stack: CliStack;
  let sdk: Barscript;
  let studyId = "";
  const indicatorIds: string[] = [];

  beforeAll(async () => {
    stack = await startCliStack("studylists");
    ({ sdk } = stack);
    await sdk.call("createScript", { body: { slug: "rsi-under", files: [{ path: "main.pine", content: DEF }] } });
    await sdk.call("createScript", { body: { slug: "under-study", files: [{ path: "main.pine", content: STUDY }] } });
    await sdk.call("createScript", { body: { slug: "rsi", files: [{ path: "main.pine", content: RSI }] } });
    await sdk.call("createScript", { body: { slug: "some-errors", files: [{ path: "main.pine", content: SOME_ERRORS }] } });
    await sdk.call("createScript", { body: { slug: "up-days", files: [{ path: "main.pine", content: UP_DAYS }] } });
    studyId = (await sdk.call("createRun", { body: { script: "under-study", instrument: "AAPL", timeframe: "1d", wait: 60 } })).id;
    for (const bars of [300, 400]) indicatorIds.unshift((await sdk.call("createRun", { body: { script: "rsi", instrument: "AAPL", timeframe: "1d", bars, wait: 60 } })).id);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when a person reads a study run's results on a terminal, then each group and the baseline are tables of their horizons", async () => {
    const r = await stack.tty(["results", studyId, "--no-color"]);
    expect(r.code).toBe(EXIT.ok);
    const { study } = (await sdk.call("getRunResults", { path: { run_id: studyId } })) as { study: { events_used: number; groups: Array<{ count: number; horizons: Array<{ h: number; count: number; p_value: number; mean_ci95: [number, number] }> }>; baseline: { count: number } } };
    const group = study.groups[0]!;
    expect(r.stdout).not.toContain('"study"');
    expect(r.stdout).toContain(`${study.events_used} events used; forward returns after 1, 5 bars`);
    expect(r.stdout).toContain(`studylists/rsi-under · under (${group.count} events)`);
    expect(r.stdout).toContain(`Baseline: every bar of the window (${study.baseline.count} bars)`);
    expect(r.stdout).toContain("hit rate 95% CI");
    // the h = 5 row: its count, p value to 4 places and mean interval to 5, as the API gives them
    const h5 = group.horizons.find((h) => h.h === 5)!;
    const row = r.stdout.split("\n").find((l) => /^│ 5 /.test(l))!;
    const cells = row.split("│").map((c) => c.trim()).filter((c) => c !== "");
    expect(cells[1]).toBe(String(h5.count));
    expect(cells[8]).toBe(String(Number(h5.p_value.toFixed(4))));
    expect(cells[9]).toBe(`${Number(h5.mean_ci95[0].toFixed(5))} to ${Number(h5.mean_ci95[1].toFixed(5))}`);
  });

  it("when runs is given --kind, then only runs of that kind are listed, and a page with more names the command for the next", async () => {
    const studies = await stack.cli(["runs", "--kind", "study"]);
    expect(studies.code).toBe(EXIT.ok);
    expect((JSON.parse(studies.stdout) as { data: Array<{ id: string }> }).data.map((x) => x.id)).toEqual([studyId]);

    const first = await stack.tty(["runs", "--kind", "indicator", "--limit", "1", "--no-color"]);
    expect(first.code).toBe(EXIT.ok);
    expect(first.stdout).toContain(indicatorIds[0]!);
    // the next page's command keeps the filters and the page size (docs/adr/0316)
    const next = /Next page: barscript (runs --kind indicator --limit 1 --cursor \S+)/.exec(first.stdout);
    expect(next).not.toBeNull();
    const second = await stack.cli(next![1]!.split(" "));
    expect((JSON.parse(second.stdout) as { data: Array<{ id: string }> }).data.map((x) => x.id)).toEqual([indicatorIds[1]]);
  });

  it("when runs is given an unknown kind, then it is refused as invalid_request", async () => {
    const r = await stack.cli(["runs", "--kind", "library"]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr.split("\n")[0]).toBe(`Error invalid_request: option '--kind <kind>' argument 'library' is invalid. Allowed choices are indicator, definition, study.`);
  });

  it("when a person lists sweeps and has none, then it says so", async () => {
    const r = await stack.tty(["sweeps", "--status", "cancelled", "--no-color"]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout.trim()).toBe("(none)");
  });

  it("when a sweep fails, then stderr says why with its kind and the exit is the kind's", async () => {
    // AAPL has no 1h bars in the harness: the sweep fails out_of_coverage (exit 2, docs/reference/errors.md)
    const r = await stack.cli(["sweep", "rsi-under", "-i", "AAPL", "-t", "1h", "-g", "level=20,30", "--horizons", "5", "--wait", "60"]);
    expect(r.code).toBe(EXIT.runFailed);
    const sweep = JSON.parse(r.stdout) as { id: string; status: string; failure: { kind: string; message: string } };
    expect(sweep.status).toBe("failed");
    expect(r.stderr.trim()).toBe(`Error out_of_coverage: sweep ${sweep.id} failed: ${sweep.failure.message}`);
  });

  it("when a run succeeded with runtime errors on some bars, then run and run-status say on how many bars and when", async () => {
    const bars = await aaplCloses();
    // "2004-02-25 00:00:00": the open time of a bar of the demo CSV
    const at = (i: number): string => new Date((bars.time[i] as number) * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, "");
    const ran = await stack.tty(["run", "some-errors", "-i", "AAPL", "-t", "1d", "--bars", "1000", "--no-color"]);
    expect(ran.code).toBe(EXIT.ok);
    const id = /Results of AAPL: barscript results (run_\w+)/.exec(ran.stdout)![1]!;
    const run = await sdk.call("getRun", { path: { run_id: id } });
    const message = run.summary!.runtime_errors[0]!.message;
    const line = `runtime error on 2 bars (first ${at(1000)}, last ${at(3000)}): ${message}`;
    expect(ran.stdout).toContain(`AAPL: ${line}`);
    const status = await stack.tty(["run-status", id, "--no-color"]);
    expect(status.stdout.trim().split(/\r?\n/).pop()).toBe(line);
  });

  it("when a page of events has more than the table shows, then the rest are counted and the next page's command is whole", async () => {
    await sdk.call("collectEvents", { path: { slug: "up-days" }, body: { instrument: "AAPL", timeframe: "1d", bars: 400, wait: 60 } });
    const page = await sdk.call("listEvents", { path: { slug: "up-days" } });
    expect(page.events.length).toBeGreaterThan(50);
    const r = await stack.tty(["events", "up-days", "--no-color"]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout.split("\n").filter((l) => / up +│ AAPL /.test(l))).toHaveLength(50);
    expect(r.stdout).toContain(`… ${page.events.length - 50} more events in this page (--json or --format csv for all)`);

    const first = await stack.tty(["events", "up-days", "-i", "AAPL", "--limit", "3", "--no-color"]);
    const next = /Next page: barscript (events up-days --instrument AAPL --limit 3 --cursor \S+)/.exec(first.stdout);
    expect(next).not.toBeNull();
    const second = JSON.parse((await stack.cli(next![1]!.split(" "))).stdout) as { events: Array<{ id: string }> };
    expect(second.events.map((e) => e.id)).toEqual(page.events.slice(3, 6).map((e) => e.id));
  });
});
