// The CLI used from outside, fourth pass (docs/adr/0316-clients-used-from-outside-four.md): its
// bundle as a real process (cli-harness.ts) against a real API and worker.
// - Piped into a reader that stops early (`| head`), it ends quietly with the command's code (it
//   died with an EPIPE stack trace, exit 1); a failed write (a full disk) is one `Error` line, exit 5.
// - A page size that is not a whole number of 1 or more is refused before any call (`--limit abc`
//   listed the API's default page).
// - On a terminal, an indicator's results show each row's time as RFC 3339, as events and log
//   lines do (it was Unix seconds), and the next page's command keeps the page size asked.
// - `pull <slug> --version 1` and `library get <owner/slug> --version 1` read that version (they
//   printed the CLI's version, 0.1.0, and did nothing); `pull` says which version it wrote, and
//   keeps a file of the folder that differs unless --force (it overwrote edits not pushed yet).
// - `library fork` of a slug the person has says how to name another.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cliCommand, collect, quote, startCliStack, type CliStack } from "./cli-harness";
import { VERSION } from "../src/version";

const TWO = `//@version=6
indicator("Two lines")
plot(ta.sma(close, 10), "fast")
plot(ta.sma(close, 30), "slow")
`;

jest.setTimeout(240_000);

describe("the CLI in pipes, and its page sizes", () => {
  let stack: CliStack;
  let runId = "";

  beforeAll(async () => {
    stack = await startCliStack("clipipes");
    await stack.sdk.call("createScript", { body: { slug: "two", files: [{ path: "main.pine", content: TWO }] } });
    const run = await stack.sdk.call("createRun", { body: { script: "two", instrument: "AAPL", timeframe: "1d", bars: 3000, wait: 60 } });
    expect(run.status).toBe("succeeded");
    runId = run.id;
    // version 2 of "two": another title
    await stack.sdk.call("updateScript", { path: { slug: "two" }, body: { files: [{ path: "main.pine", content: TWO.replace("Two lines", "Two lines v2") }], base_version: 1 } });
    // a public script with two versions, for the library
    await stack.sdk.call("createScript", { body: { slug: "pub", visibility: "public", files: [{ path: "main.pine", content: TWO }] } });
    await stack.sdk.call("updateScript", { path: { slug: "pub" }, body: { files: [{ path: "main.pine", content: TWO.replace("Two lines", "Two lines v2") }], base_version: 1 } });
  });
  afterAll(async () => { await stack?.close(); });

  /** `barscript <args> <redirect>` in bash: the CLI's exit code (PIPESTATUS) and its stderr. */
  async function shell(args: string[], redirect: string): Promise<{ code: number; stderr: string }> {
    const command = [...(await cliCommand()), ...args].map(quote).join(" ");
    const result = await collect("bash", ["-c", `${command} 2>"$ERR" ${redirect}; echo "\${PIPESTATUS[0]}"`], { ...stack.cliEnv, ERR: `${stack.dir}/stderr.txt` }, stack.dir);
    const stderr = (await collect("cat", [`${stack.dir}/stderr.txt`], {}, stack.dir)).stdout;
    return { code: Number(result.stdout.trim().split("\n").pop()), stderr };
  }

  test("every page piped into head, which stops after 100 bytes: exit 0 and nothing on stderr", async () => {
    // 3,000 points of JSON (about 150 KB) are more than a pipe holds: head leaves while the CLI still writes
    const { code, stderr } = await shell(["results", runId, "--all"], "| head -c 100 >/dev/null");
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  test("written to a full disk: one Error line on stderr and exit 5, no stack trace", async () => {
    const { code, stderr } = await shell(["results", runId, "--all"], ">/dev/full");
    expect(stderr.trim()).toMatch(/^Error internal: could not write the output: ENOSPC/);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(code).toBe(5);
  });

  test.each([
    [["runs", "--limit", "abc"], "--limit"],
    [["runs", "--limit", "0"], "--limit"],
    [["results", "run_x", "--limit", "1.5"], "--limit"],
    [["logs", "run_x", "--limit", "-2"], "--limit"],
    [["sweep-results", "swp_x", "--limit", "ten"], "--limit"],
    [["library", "search", "rsi", "--limit", "0"], "--limit"],
  ])("%j is refused as usage before any call (exit 4)", async (args, flag) => {
    const result = await stack.cli(args);
    expect(result.stderr).toContain(`Error invalid_request: option '${flag} <n>' argument '${args[args.length - 1]}' is invalid. ${flag} takes a whole number of 1 or more.`);
    expect(result.stdout).toBe("");
    expect(result.code).toBe(4);
  });

  test("on a terminal, results show each point's time as RFC 3339 and the next page keeps --limit", async () => {
    const first = (await stack.sdk.call("getRunResults", { path: { run_id: runId }, query: { limit: 2 } })) as { outputs: Array<{ t: number }> };
    const t0 = first.outputs[0]?.t ?? 0;
    const shown = new Date(t0 * 1000).toISOString().replace(".000Z", "Z");
    const result = await stack.tty(["results", runId, "--limit", "2", "--no-color"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/│ time\s+│ fast\s+│ slow\s+│/);
    expect(result.stdout).toContain(`│ ${shown} │`);
    expect(result.stdout).not.toContain(String(t0));
    expect(result.stdout).toMatch(new RegExp(`Next page: barscript results ${runId} --limit 2 --cursor \\S+`));
  });

  test("pull --version 1 writes version 1 and says so; a file that differs is kept unless --force", async () => {
    const first = await stack.cli(["pull", "two", "old", "--version", "1"]);
    expect([first.code, first.stderr]).toEqual([0, ""]);
    expect(JSON.parse(first.stdout)).toMatchObject({ slug: "two", version: 1, files: ["main.pine"] });
    const path = join(stack.dir, "old", "main.pine");
    expect(readFileSync(path, "utf8")).toBe(TWO);

    // the same version again changes nothing and is not refused
    expect((await stack.cli(["pull", "two", "old", "--version", "1"])).code).toBe(0);

    // the latest (version 2) differs from what is there: refused, the file kept
    const refused = await stack.cli(["pull", "two", "old"]);
    expect(refused.code).toBe(4);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trim()).toBe(`Error conflict: main.pine in ${join(stack.dir, "old")} differs from two version 2; pass --force to overwrite.`);
    expect(readFileSync(path, "utf8")).toBe(TWO);

    writeFileSync(path, "// my edit\n");
    const forced = await stack.cli(["pull", "two", "old", "--force"]);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ version: 2 });
    expect(readFileSync(path, "utf8")).toContain("Two lines v2");
  });

  test("library get --version 1 reads that version; the CLI's own version is barscript --version", async () => {
    const ref = `${stack.user.handle}/pub`;
    const got = await stack.tty(["library", "get", ref, "--version", "1", "--no-color"]);
    expect(got.code).toBe(0);
    expect(got.stdout.startsWith(`${ref} v1 (indicator)`)).toBe(true);
    expect(got.stdout).toContain('indicator("Two lines")');
    expect(got.stdout).not.toContain('indicator("Two lines v2")');
    for (const flag of ["--version", "-v"]) {
      const own = await stack.cli([flag]);
      expect([own.code, own.stdout.trim()]).toEqual([0, VERSION]);
    }
    const misplaced = await stack.cli(["scripts", "--version"]);
    expect(misplaced.code).toBe(4);
    expect(misplaced.stderr.split("\n")[0]).toBe("Error invalid_request: unknown option '--version'");
  });

  test("library fork onto a slug the person has: the refusal says how to fork under another", async () => {
    const ref = `${stack.user.handle}/pub`;
    const refused = await stack.cli(["library", "fork", ref]);
    expect(refused.code).toBe(4);
    expect(refused.stderr.trim()).toBe(`Error conflict: The slug "pub" is already taken among your indicators, definitions and libraries. Fork it under another slug: barscript library fork ${ref} <new-slug>`);
    const forked = await stack.cli(["library", "fork", ref, "pub-copy"]);
    expect([forked.code, (JSON.parse(forked.stdout) as { slug: string }).slug]).toEqual([0, "pub-copy"]);
  });
});
