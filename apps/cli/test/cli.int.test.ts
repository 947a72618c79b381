// The `barscript` CLI as a person runs it: a real process, from a folder outside the repository,
// against a real API and worker. The commands run the CLI's bundle (cli-harness.ts); the login
// test runs the installed bin (node_modules/.bin/barscript, npm's link to apps/cli/bin). Piped, it
// prints JSON; on a terminal (a pseudo-terminal from util-linux `script`) tables and colour. Exit
// codes of docs/reference/errors.md.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Barscript } from "@barscript/sdk";
import { decideDeviceAuthorization, normalizeUserCode } from "@barscript/db";
import { accountWithKey } from "../../../test/support/clients";
import { barscript, BIN, startCliStack, type CliStack } from "./cli-harness";

const ESC = "\u001b[";
const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

const SMA = `//@version=6
indicator("SMA 3")
plot(ta.sma(close, 3), "sma")
`;
const BAD = "//@version=6\nindicator(\"x\")\nx = nope + 1\nplot(x)\n";

describe("barscript CLI", () => {
  let stack: CliStack;
  let env: CliStack["env"];
  let api: CliStack["api"];
  let user: CliStack["user"];
  let sdk: Barscript;
  let dir: string;
  let cliEnv: Record<string, string>;
  let runId = "";
  const cli: CliStack["cli"] = (args, extra) => stack.cli(args, extra);
  const tty: CliStack["tty"] = (args, extra) => stack.tty(args, extra);

  beforeAll(async () => {
    stack = await startCliStack("clier");
    ({ env, api, user, sdk, dir, cliEnv } = stack);
    writeFileSync(join(dir, "main.pine"), SMA);
    writeFileSync(join(dir, "bad.pine"), BAD);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when --help and --version are asked from a folder outside the repository, then they answer and exit 0", async () => {
    expect((await cli(["--help"])).stdout).toMatch(/Usage: barscript/);
    const version = await cli(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(resolve(__dirname, "../package.json"), "utf8")).version);
  });

  it("when piped, whoami prints JSON; on a terminal, a line for people; --json forces JSON there", async () => {
    const piped = await cli(["whoami"]);
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ handle: "clier", plan: { name: "pro" } });
    const human = await tty(["whoami"]);
    expect(human.stdout).toMatch(/^clier \(.+\), plan pro, active/m);
    expect(JSON.parse((await tty(["--json", "whoami"])).stdout.replace(/\r/g, ""))).toMatchObject({ handle: "clier" });
  });

  it("when the key is wrong, then it exits 3 with `Error unauthorized:` on stderr and nothing on stdout", async () => {
    const result = await cli(["whoami"], { BARSCRIPT_API_KEY: "bsk_wrong" });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^Error unauthorized: /m);
    expect(result.stdout).toBe("");
  });

  it("when a script does not check, then validate prints path:line:col: error code: message, the source line and a caret, once, and exits 1", async () => {
    const human = await tty(["--no-color", "validate", "bad.pine"]);
    expect(human.code).toBe(1);
    const lines = human.stdout.replace(/\r/g, "").split("\n");
    const at = lines.findIndex((l) => /^bad\.pine:3:5: error undeclared_identifier: /.test(l));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toBe("   3 | x = nope + 1");
    expect(lines[at + 2]).toBe("     |     ^^^^");
    expect(lines.filter((l) => /: error /.test(l))).toHaveLength(1);
    const piped = await cli(["validate", "bad.pine"]);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toMatch(/^bad\.pine:3:5: error undeclared_identifier: /m);
    expect(piped.stderr).not.toContain(ESC);
    expect(piped.stdout).toBe("");
    const json = await cli(["--json", "validate", "bad.pine"]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: false, diagnostics: [{ code: "undeclared_identifier", line: 3, column: 5 }] });
  });

  it("when init, push, scripts, pull, versions and rename are used, then each does its job and exits 0", async () => {
    const init = await cli(["init", "starter"]);
    expect({ code: init.code, stderr: init.stderr }).toEqual({ code: 0, stderr: "" });
    expect(readFileSync(join(dir, "starter/README.md"), "utf8")).toMatch(/barscript push starter/);
    expect((await cli(["validate", "starter"])).code).toBe(0);
    expect((await cli(["push", "starter", "starter"])).code).toBe(0);
    writeFileSync(join(dir, "starter/main.pine"), readFileSync(join(dir, "starter/main.pine"), "utf8").replace("14", "21"));
    expect((await cli(["push", "starter", "starter", "-m", "length 21"])).code).toBe(0);
    const scripts = JSON.parse((await cli(["scripts"])).stdout) as { data: Array<{ slug: string }> };
    expect(scripts.data.map((s) => s.slug)).toContain("starter");
    expect((await tty(["scripts"])).stdout).toMatch(/│ starter\s+│ indicator/);
    const versions = JSON.parse((await cli(["versions", "starter"])).stdout) as { data: unknown[] };
    expect(versions.data).toHaveLength(2);
    expect((await cli(["pull", "starter", "copy"])).code).toBe(0);
    expect(readFileSync(join(dir, "copy/main.pine"), "utf8")).toBe(readFileSync(join(dir, "starter/main.pine"), "utf8"));
    expect(JSON.parse((await cli(["rename", "starter", "starter-two"])).stdout)).toMatchObject({ slug: "starter-two" });
    expect((await cli(["delete", "starter-two"])).code).toBe(4);
    expect((await cli(["delete", "starter-two", "--yes"])).code).toBe(0);
  });

  it("when a script is pushed and run over two instruments, one unknown, then the highest exit code (4) wins and the good run succeeded", async () => {
    expect((await cli(["push", "sma-three", "main.pine"])).code).toBe(0);
    const ran = await cli(["run", "sma-three", "-i", "AAPL,NOPE", "-t", "1d", "--bars", "50", "--wait", "60"]);
    expect(ran.stderr).toMatch(/Error unknown_instrument: /);
    expect(ran.code).toBe(4);
    const runs = JSON.parse(ran.stdout) as Array<{ id: string; status: string }>;
    expect(runs.map((r) => r.status)).toEqual(["succeeded"]);
    runId = runs[0]?.id ?? "";
    const csv = await cli(["results", runId, "--format", "csv"]);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split("\r\n");
    expect(lines[0]).toBe("t,sma");
    expect(lines).toHaveLength(51);
  });

  it("when results --all is asked, then its points are the API's pages joined; --limit and --cursor give one page", async () => {
    const pages: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await sdk.call("getRunResults", { path: { run_id: runId }, query: { limit: 7, cursor } }) as { outputs: unknown[]; next_cursor: string | null };
      pages.push(...page.outputs);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    const all = JSON.parse((await cli(["results", runId, "--all"])).stdout) as { outputs: unknown[]; next_cursor: null };
    expect(all).toEqual({ outputs: pages, next_cursor: null });
    const first = JSON.parse((await cli(["results", runId, "--limit", "7"])).stdout) as { outputs: unknown[]; next_cursor: string };
    expect(first.outputs).toEqual(pages.slice(0, 7));
    const second = JSON.parse((await cli(["results", runId, "--limit", "7", "--cursor", first.next_cursor])).stdout) as { outputs: unknown[] };
    expect(second.outputs).toEqual(pages.slice(7, 14));
    expect((await tty(["--no-color", "results", runId, "--limit", "3"])).stdout).toMatch(/│ time\s+│ sma\s+│/);
  });

  it("when runs, run-status and cancel are used, then they answer the run (cancel of a finished run keeps its state and says it had finished)", async () => {
    const runs = JSON.parse((await cli(["runs"])).stdout) as { data: Array<{ id: string }> };
    expect(runs.data.map((r) => r.id)).toContain(runId);
    expect(JSON.parse((await cli(["run-status", runId])).stdout)).toMatchObject({ id: runId, status: "succeeded" });
    expect((await tty(["run-status", runId])).stdout).toMatch(new RegExp(`${runId}.*succeeded`));
    const ran = await tty(["--no-color", "run", "sma-three", "-i", "AAPL", "-t", "1d", "--bars", "20", "--wait", "60"]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] AAPL (queued|running|succeeded)/);
    expect(ran.stdout).toMatch(/Results of AAPL: barscript results run_/);
    // the answer is the run as it had finished: said on stderr, exit 0 as run-status gives for a succeeded run (docs/adr/0300)
    const cancelled = await cli(["cancel", runId]);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ id: runId, status: "succeeded" });
    expect({ code: cancelled.code, stderr: cancelled.stderr }).toEqual({ code: 0, stderr: `Run ${runId} had already finished (succeeded): nothing was cancelled.\n` });
  });

  it("when a definition is collected, then events --all equals the API's pages, one page comes with --limit, and CSV has every event", async () => {
    writeFileSync(join(dir, "up.pine"), "//@version=6\ndefinition(\"Up days\")\nalertcondition(close > open, \"up\", \"up at {{close}}\")\n");
    expect((await cli(["push", "up-days", "up.pine"])).code).toBe(0);
    const collected = await cli(["collect", "up-days", "-i", "AAPL", "-t", "1d", "--bars", "300", "--wait", "60"]);
    expect({ code: collected.code, stderr: collected.stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(collected.stdout)).toMatchObject({ kind: "definition", status: "succeeded" });
    const pages = await sdk.all("listEvents", { path: { slug: "up-days" }, query: { limit: 40 } });
    expect(pages.length).toBeGreaterThan(40);
    expect(JSON.parse((await cli(["events", "up-days", "--all"])).stdout)).toEqual({ events: pages, next_cursor: null });
    expect((JSON.parse((await cli(["events", "up-days", "--limit", "5"])).stdout) as { events: unknown[] }).events).toEqual(pages.slice(0, 5));
    expect((await cli(["events", "up-days", "--format", "csv"])).stdout.trim().split("\n")).toHaveLength(pages.length + 1);
    expect((await tty(["--no-color", "events", "up-days", "--limit", "3"])).stdout).toMatch(/│ time\s+│ name/);
  });

  it("when the catalog commands are used, then docs, instruments, usage, keys and library answer", async () => {
    const docs = JSON.parse((await cli(["docs"])).stdout) as { data: Array<{ topic: string }> };
    expect(docs.data.length).toBeGreaterThan(0);
    const topic = docs.data[0]?.topic ?? "";
    expect((await tty(["docs", topic])).stdout.length).toBeGreaterThan(100);
    expect((JSON.parse((await cli(["instruments", "AAP"])).stdout) as { data: Array<{ symbol: string }> }).data.map((i) => i.symbol)).toEqual(["AAPL"]);
    expect(JSON.parse((await cli(["usage"])).stdout)).toMatchObject({ plan: "pro" });
    expect((JSON.parse((await cli(["keys"])).stdout) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const author = await accountWithKey(env.db, "author");
    await new Barscript({ baseUrl: `${api.url}/v1`, apiKey: author.key }).call("createScript", { body: { slug: "shared-sma", visibility: "public", title: "Shared SMA", files: [{ path: "main.pine", content: SMA }] } });
    const library = JSON.parse((await cli(["library", "search", "shared"])).stdout) as { data: Array<{ owner: string; slug: string }> };
    expect(library.data.length).toBeGreaterThan(0);
    const ref = `${library.data[0]?.owner}/${library.data[0]?.slug}`;
    expect(JSON.parse((await cli(["library", "get", ref])).stdout)).toMatchObject({ slug: library.data[0]?.slug });
    expect(JSON.parse((await cli(["library", "fork", ref, "forked"])).stdout)).toMatchObject({ slug: "forked" });
    expect((JSON.parse((await cli(["auth", "status"])).stdout) as { signed_in: boolean }).signed_in).toBe(true);
  });

  it("when colour is allowed on a terminal, it is used; NO_COLOR and --no-color turn it off", async () => {
    expect((await tty(["runs"])).stdout).toContain(ESC);
    expect((await tty(["runs"], { NO_COLOR: "1" })).stdout).not.toContain(ESC);
    expect((await tty(["--no-color", "runs"])).stdout).not.toContain(ESC);
  });

  it("when the results of an unknown run are asked, then it exits 4 (not_found); wrong usage exits 4", async () => {
    const result = await cli(["results", "run_000000000000000000000000"]);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^Error not_found: /m);
    expect((await cli(["run", "sma-three"])).code).toBe(4);
  });

  it("when login runs where a browser can open, then it opens the approval link, and once approved saves a key that later commands use", async () => {
    const opened = join(dir, "opened.txt");
    const browser = join(dir, "fake-browser.sh");
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > ${quote(opened)}\n`);
    chmodSync(browser, 0o755);
    const loginEnv = { BARSCRIPT_URL: cliEnv["BARSCRIPT_URL"] ?? "", BARSCRIPT_CREDENTIALS: join(dir, "login.json"), DISPLAY: ":0", BROWSER: browser };
    const child = spawn(BIN, ["login", "--client-name", "cli test"], { cwd: dir, env: { PATH: process.env["PATH"] ?? "", HOME: tmpdir(), ...loginEnv } });
    let stderr = "";
    let loginOut = "";
    child.stdout.on("data", (c: Buffer) => { loginOut += c.toString(); });
    const exited = new Promise<number>((done) => child.on("exit", (code) => done(code ?? -1)));
    const code = await new Promise<string>((found) => child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
      const m = /confirm the code (\S+)/.exec(stderr);
      if (m?.[1]) found(m[1]);
    }));
    expect(stderr).toMatch(/^Opened http/m);
    for (let i = 0; i < 50 && !existsSync(opened); i++) await new Promise((r) => setTimeout(r, 100));
    expect(readFileSync(opened, "utf8")).toMatch(/\/device\?user_code=/);
    const approved = await decideDeviceAuthorization(env.db, { userCode: normalizeUserCode(code) ?? "", accountId: user.id, now: new Date(), approve: true, keyName: "cli test", keyExpiresAt: null });
    expect(approved).toBe(true);
    expect(await exited).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "login.json"), "utf8")).api_key).toMatch(/^bsk_/);
    expect(JSON.parse(loginOut)).toMatchObject({ signed_in: true, key: { name: "cli test" } });
    const me = await barscript(["whoami"], { BARSCRIPT_URL: loginEnv.BARSCRIPT_URL, BARSCRIPT_CREDENTIALS: loginEnv.BARSCRIPT_CREDENTIALS }, dir);
    expect(JSON.parse(me.stdout)).toMatchObject({ handle: "clier" });
  });

  it("when logout is run, then the key is revoked and the next call exits 3", async () => {
    const extra = await accountWithKey(env.db, "leaver");
    expect((await cli(["logout"], { BARSCRIPT_API_KEY: extra.key })).code).toBe(0);
    expect((await cli(["whoami"], { BARSCRIPT_API_KEY: extra.key })).code).toBe(3);
  });
});
