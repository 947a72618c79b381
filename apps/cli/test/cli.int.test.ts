// The `barscript` CLI as a person runs it: a real process, from a folder outside the repository,
// against a real API and worker. The commands run the CLI's bundle (cli-harness.ts); the login
// test runs the installed bin (node_modules/.bin/barscript, npm's link to apps/cli/bin). Piped, it
// prints JSON; on a terminal (a pseudo-terminal from util-linux `script`) tables and colour. Exit
// codes of docs/reference/errors.md.
// One API and worker serve every case; a case's commands that do not depend on one another run
// at once. A case that writes (scripts, folders, accounts, files) names them afresh on each
// try, so jest's retry (test/support/retry-once.ts) never meets what the first try made.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Barscript } from "@barscript/sdk";
import { createApiKey, decideDeviceAuthorization, normalizeUserCode } from "@barscript/db";
import { accountWithKey } from "../../../test/support/clients";
import { barscript, BIN, startCliStack, type CliStack } from "./cli-harness";

const ESC = "\u001b[";
const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

const SMA = `//@version=6
indicator("SMA 3")
plot(ta.sma(close, 3), "sma")
`;
const BAD = "//@version=6\nindicator(\"x\")\nx = nope + 1\nplot(x)\n";

// The init case's commands follow one another (ten CLI starts in turn): on a loaded 2-core
// machine they took past jest's 60 s once (a clean CI run's load is lower).
jest.setTimeout(120_000);

/** `name` with a number no earlier call gave: a name of this try only. */
let tries = 0;
const fresh = (name: string): string => `${name}-${++tries}`;

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
    // At most two runs at once here: a worker of two sandbox threads warms two at its start, not four.
    stack = await startCliStack("clier", { workerEnv: { WORKER_CONCURRENCY: "2" } });
    ({ env, api, user, sdk, dir, cliEnv } = stack);
    writeFileSync(join(dir, "main.pine"), SMA);
    writeFileSync(join(dir, "bad.pine"), BAD);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when --help and --version are asked from a folder outside the repository, then they answer and exit 0", async () => {
    const [help, version] = await Promise.all([cli(["--help"]), cli(["--version"])]);
    expect(help.stdout).toMatch(/Usage: barscript/);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(resolve(__dirname, "../package.json"), "utf8")).version);
  });

  it("when piped, whoami prints JSON; on a terminal, a line for people; --json forces JSON there", async () => {
    const [piped, human, forced] = await Promise.all([cli(["whoami"]), tty(["whoami"]), tty(["--json", "whoami"])]);
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ handle: "clier", plan: { name: "pro" } });
    expect(human.stdout).toMatch(/^clier \(.+\), plan pro, active/m);
    expect(JSON.parse(forced.stdout.replace(/\r/g, ""))).toMatchObject({ handle: "clier" });
  });

  it("when the key is wrong, then it exits 3 with `Error unauthorized:` on stderr and nothing on stdout", async () => {
    const result = await cli(["whoami"], { BARSCRIPT_API_KEY: "bsk_wrong" });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^Error unauthorized: /m);
    expect(result.stdout).toBe("");
  });

  it("when a script does not check, then validate prints path:line:col: error code: message, the source line and a caret, once, and exits 1", async () => {
    const [human, piped, json] = await Promise.all([tty(["--no-color", "validate", "bad.pine"]), cli(["validate", "bad.pine"]), cli(["--json", "validate", "bad.pine"])]);
    expect(human.code).toBe(1);
    const lines = human.stdout.replace(/\r/g, "").split("\n");
    const at = lines.findIndex((l) => /^bad\.pine:3:5: error undeclared_identifier: /.test(l));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toBe("   3 | x = nope + 1");
    expect(lines[at + 2]).toBe("     |     ^^^^");
    expect(lines.filter((l) => /: error /.test(l))).toHaveLength(1);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toMatch(/^bad\.pine:3:5: error undeclared_identifier: /m);
    expect(piped.stderr).not.toContain(ESC);
    expect(piped.stdout).toBe("");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: false, diagnostics: [{ code: "undeclared_identifier", line: 3, column: 5 }] });
  });

  it("when init, push, scripts, pull, versions and rename are used, then each does its job and exits 0", async () => {
    const name = fresh("starter");
    const copy = fresh("copy");
    const init = await cli(["init", name]);
    expect({ code: init.code, stderr: init.stderr }).toEqual({ code: 0, stderr: "" });
    expect(readFileSync(join(dir, name, "README.md"), "utf8")).toContain(`barscript push ${name}`);
    const [validated, pushed] = await Promise.all([cli(["validate", name]), cli(["push", name, name])]);
    expect(validated.code).toBe(0);
    expect(pushed.code).toBe(0);
    writeFileSync(join(dir, name, "main.pine"), readFileSync(join(dir, name, "main.pine"), "utf8").replace("14", "21"));
    expect((await cli(["push", name, name, "-m", "length 21"])).code).toBe(0);
    const [listed, table, listedVersions, pulled] = await Promise.all([cli(["scripts"]), tty(["scripts"]), cli(["versions", name]), cli(["pull", name, copy])]);
    const scripts = JSON.parse(listed.stdout) as { data: Array<{ slug: string }> };
    expect(scripts.data.map((s) => s.slug)).toContain(name);
    expect(table.stdout).toMatch(new RegExp(`│ ${name}\\s+│ indicator`));
    const versions = JSON.parse(listedVersions.stdout) as { data: unknown[] };
    expect(versions.data).toHaveLength(2);
    expect(pulled.code).toBe(0);
    expect(readFileSync(join(dir, copy, "main.pine"), "utf8")).toBe(readFileSync(join(dir, name, "main.pine"), "utf8"));
    expect(JSON.parse((await cli(["rename", name, `${name}-two`])).stdout)).toMatchObject({ slug: `${name}-two` });
    expect((await cli(["delete", `${name}-two`])).code).toBe(4);
    expect((await cli(["delete", `${name}-two`, "--yes"])).code).toBe(0);
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
    // The page after --limit 7's asks for its cursor, while the other commands run.
    const firstThenSecond = (async () => {
      const firstOut = await cli(["results", runId, "--limit", "7"]);
      const first = JSON.parse(firstOut.stdout) as { outputs: unknown[]; next_cursor: string };
      return { first, secondOut: await cli(["results", runId, "--limit", "7", "--cursor", first.next_cursor]) };
    })();
    const [allOut, { first, secondOut }, table] = await Promise.all([cli(["results", runId, "--all"]), firstThenSecond, tty(["--no-color", "results", runId, "--limit", "3"])]);
    const all = JSON.parse(allOut.stdout) as { outputs: unknown[]; next_cursor: null };
    expect(all).toEqual({ outputs: pages, next_cursor: null });
    expect(first.outputs).toEqual(pages.slice(0, 7));
    const second = JSON.parse(secondOut.stdout) as { outputs: unknown[] };
    expect(second.outputs).toEqual(pages.slice(7, 14));
    expect(table.stdout).toMatch(/│ time\s+│ sma\s+│/);
  });

  it("when runs, run-status and cancel are used, then they answer the run (cancel of a finished run keeps its state and says it had finished)", async () => {
    // A new run on a terminal while the finished one is read, then cancelled.
    const ranOn = tty(["--no-color", "run", "sma-three", "-i", "AAPL", "-t", "1d", "--bars", "20", "--wait", "60"]);
    const [listed, status, statusLine] = await Promise.all([cli(["runs"]), cli(["run-status", runId]), tty(["run-status", runId])]);
    const runs = JSON.parse(listed.stdout) as { data: Array<{ id: string }> };
    expect(runs.data.map((r) => r.id)).toContain(runId);
    expect(JSON.parse(status.stdout)).toMatchObject({ id: runId, status: "succeeded" });
    expect(statusLine.stdout).toMatch(new RegExp(`${runId}.*succeeded`));
    // the answer is the run as it had finished: said on stderr, exit 0 as run-status gives for a succeeded run (docs/adr/0300)
    const [cancelled, ran] = await Promise.all([cli(["cancel", runId]), ranOn]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] AAPL (queued|running|succeeded)/);
    expect(ran.stdout).toMatch(/Results of AAPL: barscript results run_/);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ id: runId, status: "succeeded" });
    expect({ code: cancelled.code, stderr: cancelled.stderr }).toEqual({ code: 0, stderr: `Run ${runId} had already finished (succeeded): nothing was cancelled.\n` });
  });

  it("when a definition is collected, then events --all equals the API's pages, one page comes with --limit, and CSV has every event", async () => {
    const slug = fresh("up-days");
    writeFileSync(join(dir, `${slug}.pine`), "//@version=6\ndefinition(\"Up days\")\nalertcondition(close > open, \"up\", \"up at {{close}}\")\n");
    expect((await cli(["push", slug, `${slug}.pine`])).code).toBe(0);
    const collected = await cli(["collect", slug, "-i", "AAPL", "-t", "1d", "--bars", "300", "--wait", "60"]);
    expect({ code: collected.code, stderr: collected.stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(collected.stdout)).toMatchObject({ kind: "definition", status: "succeeded" });
    const pages = await sdk.all("listEvents", { path: { slug }, query: { limit: 40 } });
    expect(pages.length).toBeGreaterThan(40);
    const [all, page, csv, table] = await Promise.all([cli(["events", slug, "--all"]), cli(["events", slug, "--limit", "5"]), cli(["events", slug, "--format", "csv"]), tty(["--no-color", "events", slug, "--limit", "3"])]);
    expect(JSON.parse(all.stdout)).toEqual({ events: pages, next_cursor: null });
    expect((JSON.parse(page.stdout) as { events: unknown[] }).events).toEqual(pages.slice(0, 5));
    expect(csv.stdout.trim().split("\n")).toHaveLength(pages.length + 1);
    expect(table.stdout).toMatch(/│ time\s+│ name/);
  });

  it("when the catalog commands are used, then docs, instruments, usage, keys and library answer", async () => {
    const docsThenTopic = (async () => {
      const docs = JSON.parse((await cli(["docs"])).stdout) as { data: Array<{ topic: string }> };
      return { docs, topicOut: await tty(["docs", docs.data[0]?.topic ?? ""]) };
    })();
    // Another account's public script, found, read and forked through the library.
    const library = (async () => {
      const author = await accountWithKey(env.db, fresh("author"));
      await new Barscript({ baseUrl: `${api.url}/v1`, apiKey: author.key }).call("createScript", { body: { slug: "shared-sma", visibility: "public", title: "Shared SMA", files: [{ path: "main.pine", content: SMA }] } });
      const found = JSON.parse((await cli(["library", "search", "shared"])).stdout) as { data: Array<{ owner: string; slug: string }> };
      const forked = fresh("forked");
      const ref = `${found.data[0]?.owner}/${found.data[0]?.slug}`;
      const [got, fork] = await Promise.all([cli(["library", "get", ref]), cli(["library", "fork", ref, forked])]);
      return { found, got, fork, forked };
    })();
    const [{ docs, topicOut }, instruments, usage, keys, authStatus, { found, got, fork, forked }] = await Promise.all([
      docsThenTopic, cli(["instruments", "AAP"]), cli(["usage"]), cli(["keys"]), cli(["auth", "status"]), library,
    ]);
    expect(docs.data.length).toBeGreaterThan(0);
    expect(topicOut.stdout.length).toBeGreaterThan(100);
    expect((JSON.parse(instruments.stdout) as { data: Array<{ symbol: string }> }).data.map((i) => i.symbol)).toEqual(["AAPL"]);
    expect(JSON.parse(usage.stdout)).toMatchObject({ plan: "pro" });
    expect((JSON.parse(keys.stdout) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(found.data.length).toBeGreaterThan(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ slug: found.data[0]?.slug });
    expect(JSON.parse(fork.stdout)).toMatchObject({ slug: forked });
    expect((JSON.parse(authStatus.stdout) as { signed_in: boolean }).signed_in).toBe(true);
  });

  it("when colour is allowed on a terminal, it is used; NO_COLOR and --no-color turn it off", async () => {
    const [coloured, noColorEnv, noColorFlag] = await Promise.all([tty(["runs"]), tty(["runs"], { NO_COLOR: "1" }), tty(["--no-color", "runs"])]);
    expect(coloured.stdout).toContain(ESC);
    expect(noColorEnv.stdout).not.toContain(ESC);
    expect(noColorFlag.stdout).not.toContain(ESC);
  });

  it("when the results of an unknown run are asked, then it exits 4 (not_found); wrong usage exits 4", async () => {
    const [result, usage] = await Promise.all([cli(["results", "run_000000000000000000000000"]), cli(["run", "sma-three"])]);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^Error not_found: /m);
    expect(usage.code).toBe(4);
  });

  it("when login runs where a browser can open, then it opens the approval link, and once approved saves a key that later commands use", async () => {
    const opened = join(dir, `${fresh("opened")}.txt`);
    const credentials = join(dir, `${fresh("login")}.json`);
    const browser = join(dir, `${fresh("fake-browser")}.sh`);
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > ${quote(opened)}\n`);
    chmodSync(browser, 0o755);
    const loginEnv = { BARSCRIPT_URL: cliEnv["BARSCRIPT_URL"] ?? "", BARSCRIPT_CREDENTIALS: credentials, DISPLAY: ":0", BROWSER: browser };
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
    expect(JSON.parse(readFileSync(credentials, "utf8")).api_key).toMatch(/^bsk_/);
    expect(JSON.parse(loginOut)).toMatchObject({ signed_in: true, key: { name: "cli test" } });
    const me = await barscript(["whoami"], { BARSCRIPT_URL: loginEnv.BARSCRIPT_URL, BARSCRIPT_CREDENTIALS: loginEnv.BARSCRIPT_CREDENTIALS }, dir);
    expect(JSON.parse(me.stdout)).toMatchObject({ handle: "clier" });
  });

  it("when logout is run, then the key is revoked and the next call exits 3", async () => {
    // A key of this try's own, beside the one the other cases use.
    const { secret } = await createApiKey(env.db, { accountId: user.id, name: fresh("leaver"), scopes: ["read", "scripts:write", "runs:write"], expiresAt: null });
    expect((await cli(["logout"], { BARSCRIPT_API_KEY: secret })).code).toBe(0);
    expect((await cli(["whoami"], { BARSCRIPT_API_KEY: secret })).code).toBe(3);
  });
});
