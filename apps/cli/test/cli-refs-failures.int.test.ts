// `barscript` on a slug that one of the account's studies shares with its definition, and on a
// public script of another account, as a person runs them: the CLI (its bundle, cli-harness.ts)
// as a real process against a real API and worker. `--kind` picks the script
// (docs/reference/api.md: `?kind=`), and `<owner>/<slug>` runs or collects a public one; `collect --input` sets a definition's inputs.
// A run that fails exits 2 with its reason on stderr (docs/reference/errors.md, client exit codes).
// On a terminal, counts of one are said in the singular, and a search finding nothing says so.
// One API and worker serve every case; a case's commands that do not depend on one another run
// at once. A case whose answers would differ on a second try (new versions, the caller's runs of
// a public script) makes its scripts afresh on each try, so jest's retry
// (test/support/retry-once.ts) never meets what the first try made.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Barscript, ClientError } from "@barscript/sdk";
import { accountWithKey } from "../../../test/support/clients";
import { startCliStack, type CliStack, type Result } from "./cli-harness";

jest.setTimeout(120_000);

const DEFINITION = `//@version=6
definition("Down day")
len = input.int(3, "Length")
alertcondition(close < open, "down", "down")
`;
const STUDY = (horizons: string, definition = "down"): string => `//@version=6
study("After down days", horizons = [${horizons}])
use("${definition}")
`;

/** `name` with a number no earlier call gave: a name of this try only. */
let tries = 0;
const fresh = (name: string): string => `${name}-${++tries}`;

/**
 * Creates a script; a 409 `conflict` means an earlier attempt of this same call landed (the SDK
 * retries a call whose answer was lost on a loaded machine).
 */
async function create(sdk: Barscript, body: { slug: string; visibility?: "public"; files: Array<{ path: string; content: string }> }): Promise<void> {
  try {
    await sdk.call("createScript", { body });
  } catch (error) {
    if (!(error instanceof ClientError && error.code === "conflict")) throw error;
  }
}

const CLOSES = '//@version=6\nindicator("Closes")\nplot(close, "c")\n';

/** A definition and a study (of one horizon, using it) of the slug `slug`. */
async function sharedSlug(sdk: Barscript, slug: string): Promise<void> {
  await create(sdk, { slug, files: [{ path: "main.pine", content: DEFINITION }] });
  await create(sdk, { slug, files: [{ path: "main.pine", content: STUDY("1", slug) }] });
}

describe("barscript --kind and <owner>/<slug>", () => {
  let stack: CliStack;
  let publisher: Barscript;
  const cli = (args: string[]): Promise<Result> => stack.cli(args);
  const json = async <T>(args: string[]): Promise<T> => {
    const out = await cli(args);
    expect({ args, code: out.code, stderr: out.stderr }).toEqual({ args, code: 0, stderr: "" });
    return JSON.parse(out.stdout) as T;
  };

  beforeAll(async () => {
    // At most two runs at once here: a worker of two sandbox threads warms two at its start, not four.
    stack = await startCliStack("kinder", { workerEnv: { WORKER_CONCURRENCY: "2" } });
    publisher = new Barscript({ baseUrl: `${stack.api.url}/v1`, apiKey: (await accountWithKey(stack.env.db, "publisher")).key });
    await Promise.all([
      sharedSlug(stack.sdk, "down"),
      // Another account's public indicator.
      create(publisher, { slug: "closes", visibility: "public", files: [{ path: "main.pine", content: CLOSES }] }),
    ]);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when a shared slug is run without --kind, then the refusal names the flag that picks one, on stderr, exit 4", async () => {
    const out = await cli(["run", "down", "-i", "AAPL", "-t", "1d", "--bars", "30"]);
    expect(out.code).toBe(4);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(/^Error conflict: .*--kind study or --kind definition/);
  });

  it("when --kind is given, then run, versions, pull, push and events reach that script", async () => {
    // This try's own definition and study of one slug: the pushes below make versions.
    const slug = fresh("down");
    const pulledDir = fresh("pulled");
    await sharedSlug(stack.sdk, slug);
    const pullAndPush = (async () => {
      const pulled = await json<{ files: string[] }>(["pull", slug, pulledDir, "--kind", "study"]);
      expect(pulled.files).toEqual(["main.pine"]);
      // A new version of the study alone: the definition keeps its one version.
      const pushed = await json<{ kind: string; latest_version: number }>(["push", slug, pulledDir, "--kind", "study"]);
      expect(pushed).toMatchObject({ kind: "study", latest_version: 1 });
      writeFileSync(join(stack.dir, pulledDir, "main.pine"), STUDY("1, 2", slug));
      const saved = await json<{ kind: string; latest_version: number }>(["push", slug, pulledDir, "--kind", "study"]);
      expect(saved).toMatchObject({ kind: "study", latest_version: 2 });
    })();
    const [study, versions] = await Promise.all([
      json<{ kind: string; status: string }>(["run", slug, "--kind", "study", "-i", "AAPL", "-t", "1d", "--bars", "30", "--wait", "60"]),
      json<{ data: Array<{ version: number }> }>(["versions", slug, "--kind", "definition"]),
      pullAndPush,
    ]);
    expect(study).toMatchObject({ kind: "study", status: "succeeded" });
    expect(versions.data.map((v) => v.version)).toEqual([1]);
    expect((await stack.sdk.call("getScript", { path: { slug }, query: { kind: "definition" } })).latest_version).toBe(1);
  });

  it("when collect is given --kind and --input, then the definition runs with that input and its events are listed by kind", async () => {
    const run = await json<{ kind: string; status: string; inputs: Record<string, unknown>; id: string }>(["collect", "down", "--kind", "definition", "-i", "AAPL", "-t", "1d", "--bars", "20", "--input", "len=7", "--wait", "60"]);
    expect(run).toMatchObject({ kind: "definition", status: "succeeded", inputs: { len: 7 } });
    const page = await json<{ events: Array<{ run_id: string }> }>(["events", "down", "--kind", "definition", "--run", run.id]);
    expect(page.events.length).toBeGreaterThan(0);
    expect(new Set(page.events.map((e) => e.run_id))).toEqual(new Set([run.id]));
  });

  it("when a kind that does not exist is given, then it is a usage error (exit 4) naming the four kinds", async () => {
    const out = await cli(["versions", "down", "--kind", "strategy"]);
    expect(out.code).toBe(4);
    expect(out.stderr).toContain("indicator, definition, study, library");
  });

  it("when a run fails, then run, run-status and cancel exit 2, keep the run on stdout and give its failure on stderr", async () => {
    await create(stack.sdk, { slug: "boom", files: [{ path: "main.pine", content: '//@version=6\nindicator("Boom")\nruntime.error("always")\nplot(close)\n' }] });
    const ran = await cli(["run", "boom", "-i", "AAPL", "-t", "1d", "--bars", "20", "--wait", "60"]);
    expect(ran.code).toBe(2);
    const run = JSON.parse(ran.stdout) as { id: string; status: string; failure: { kind: string } };
    expect(run).toMatchObject({ status: "failed", failure: { kind: "script" } });
    expect(ran.stderr).toMatch(new RegExp(`^Error script: run ${run.id} on AAPL failed: .+\n$`));
    const [status, cancel] = await Promise.all([cli(["run-status", run.id]), cli(["cancel", run.id])]);
    expect({ code: status.code, stderr: status.stderr }).toEqual({ code: 2, stderr: ran.stderr });
    expect((JSON.parse(status.stdout) as { id: string }).id).toBe(run.id);
    // cancel of the failed run cancels nothing: it says so, then the failure, and exits as run-status (docs/adr/0300)
    expect({ code: cancel.code, stderr: cancel.stderr }).toEqual({ code: 2, stderr: `Run ${run.id} had already finished (failed): nothing was cancelled.\n${ran.stderr}` });
    expect(JSON.parse(cancel.stdout)).toMatchObject({ id: run.id, status: "failed" });
  });

  it("when <owner>/<slug> names a public script, then run, collect and sweep use it, and the run is the caller's", async () => {
    // This try's own public indicator and definition of the publisher: the caller's runs of them are this try's.
    const closes = fresh("closes");
    const down = fresh("down");
    await Promise.all([
      create(publisher, { slug: closes, visibility: "public", files: [{ path: "main.pine", content: CLOSES }] }),
      create(publisher, { slug: down, visibility: "public", files: [{ path: "main.pine", content: DEFINITION }] }),
    ]);
    const [run, collected] = await Promise.all([
      json<{ id: string; script: { owner: string; slug: string }; status: string }>(["run", `publisher/${closes}`, "-i", "AAPL", "-t", "1d", "--bars", "30", "--wait", "60"]),
      json<{ id: string; script: { owner: string; slug: string }; kind: string }>(["collect", `publisher/${down}`, "-i", "AAPL", "-t", "1d", "--bars", "30", "--wait", "60"]),
    ]);
    expect(run).toMatchObject({ script: { owner: "publisher", slug: closes }, status: "succeeded" });
    expect(collected).toMatchObject({ script: { owner: "publisher", slug: down }, kind: "definition" });
    const [events, mine] = await Promise.all([
      json<{ events: Array<{ run_id: string }> }>(["events", `publisher/${down}`]),
      json<{ data: Array<{ id: string; script: { owner: string; slug: string } }> }>(["runs"]),
    ]);
    expect(new Set(events.events.map((e) => e.run_id))).toEqual(new Set([collected.id]));
    const ofThisTry = mine.data.filter((r) => r.script.owner === "publisher" && (r.script.slug === closes || r.script.slug === down));
    expect(ofThisTry).toHaveLength(2);
    expect(new Set(ofThisTry.map((r) => r.id))).toEqual(new Set([run.id, collected.id]));
    const swept = await json<{ sweep: { definition: { owner: string; slug: string }; status: string; progress: { total: number } } }>(["sweep", `publisher/${down}`, "-i", "AAPL", "-t", "1d", "--bars", "30", "-g", "len=2,3", "--horizons", "1", "--wait", "60"]);
    expect(swept.sweep).toMatchObject({ definition: { owner: "publisher", slug: down }, status: "succeeded", progress: { total: 2 } });
  });

  // Compute units are ceil(bars evaluated / 1000) (docs/reference/limits-and-plans.md): 500 bars of
  // an indicator plotting the close (no warmup) are 1 unit.
  it("on a terminal, one of a thing is said in the singular: validate's 1 output, run-status's 1 compute unit", async () => {
    const source = '//@version=6\nindicator("One plot")\nplot(close, "c")\n';
    writeFileSync(join(stack.dir, "one.pine"), source);
    const [valid, run] = await Promise.all([
      stack.tty(["--no-color", "validate", "one.pine"]),
      create(stack.sdk, { slug: "one-plot", files: [{ path: "main.pine", content: source }] })
        .then(() => json<{ id: string; summary: { bars_evaluated: number; compute_units: number } }>(["run", "one-plot", "-i", "AAPL", "-t", "1d", "--bars", "500", "--wait", "60"])),
    ]);
    expect(valid.stdout.replace(/\r/g, "")).toContain("valid: 1 output, 0 events, warmup 0 bars\n");
    expect(run.summary).toMatchObject({ bars_evaluated: 500, compute_units: 1 });
    const status = await stack.tty(["--no-color", "run-status", run.id]);
    expect(status.stdout.replace(/\r/g, "")).toMatch(/\n500 bars evaluated, 1 compute unit, [\d.]+s\n/);
  });

  it("on a terminal, a library search that finds nothing says so and why, instead of an empty table", async () => {
    const [none, found] = await Promise.all([stack.tty(["--no-color", "library", "search", "clo"]), stack.tty(["--no-color", "library", "search", "closes"])]);
    expect(none.stdout.replace(/\r/g, "")).toBe('(no public script matches "clo": the search matches whole words)\n');
    expect(found.stdout).toMatch(/│ publisher\/closes\s+│ indicator\s+│ Closes/);
  });

  // bar_index counts from AAPL's first bar (3,270 daily bars): bar 3000 lies in the latest 500
  // (bars 2770 to 3269), so this definition raises one event there.
  it("on a terminal, collect says how many events it kept and how to read them", async () => {
    await create(stack.sdk, { slug: "one-mark", files: [{ path: "main.pine", content: '//@version=6\ndefinition("One mark")\nalertcondition(bar_index == 3000, "mark", "bar 3000")\n' }] });
    const out = await stack.tty(["--no-color", "collect", "one-mark", "-i", "AAPL", "-t", "1d", "--bars", "500", "--wait", "60"]);
    expect(out.code).toBe(0);
    expect(out.stdout.replace(/\r/g, "")).toContain("\n1 event kept: barscript events one-mark\n");
  });
});
