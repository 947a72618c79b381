// The CLI used from outside, seventh pass (its bundle as a real process, cli-harness.ts, against a
// real API and worker): a base address that is not a URL, an argument given as "", a folder that
// is a file, Ctrl-C while a run waits (docs/adr/0342), and `login` over a credentials file left readable by others. Exit
// codes and the `Error <code>: message` line of docs/reference/errors.md and apps/cli/README.md.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decideDeviceAuthorization, normalizeUserCode } from "@barscript/db";
import { startBarscript, startCliStack, type CliStack } from "./cli-harness";

jest.setTimeout(180_000);

const SMA = `//@version=6
indicator("SMA 3")
plot(ta.sma(close, 3), "sma")
`;

const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
};

describe("barscript used from outside (seventh pass)", () => {
  let stack: CliStack;

  beforeAll(async () => {
    stack = await startCliStack("clio7");
    writeFileSync(join(stack.dir, "main.pine"), SMA);
    expect((await stack.cli(["push", "sma-three", "main.pine"])).code).toBe(0);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when the base address is not an http(s) URL, then it is invalid_request, exit 4, refused before any call (it was retried and exited 5 as a network failure)", async () => {
    const fromEnv = await stack.cli(["whoami"], { BARSCRIPT_URL: "localhost:8080/v1" });
    expect([fromEnv.code, fromEnv.stdout, fromEnv.stderr]).toEqual([4, "", 'Error invalid_request: the API base address "localhost:8080/v1" (--base-url or BARSCRIPT_URL) is not an http(s) URL, e.g. http://localhost:8080/v1\n']);
    const fromFlag = await stack.cli(["runs", "--base-url", "notaurl"]);
    expect([fromFlag.code, fromFlag.stderr.split("\n")[0]]).toEqual([4, 'Error invalid_request: the API base address "notaurl" (--base-url or BARSCRIPT_URL) is not an http(s) URL, e.g. http://localhost:8080/v1']);
  });

  it.each([
    [["results", ""], "run_id"],
    [["run-status", ""], "run_id"],
    [["logs", " "], "run_id"],
    [["drawings", ""], "run_id"],
    [["cancel", ""], "run_id"],
    [["pull", ""], "slug"],
    [["versions", ""], "slug"],
    [["events", ""], "slug"],
    [["sweep-results", ""], "sweep_id"],
  ])("when %j names nothing, then it is `Error invalid_request: argument '…' is empty`, exit 4 (it was `Error:` with no code)", async (args, name) => {
    const r = await stack.cli(args);
    expect([r.code, r.stdout, r.stderr.split("\n")[0]]).toEqual([4, "", `Error invalid_request: argument '${name}' is empty`]);
  });

  it("when pull's folder is a file, then the refusal keeps the one-line form with a code: conflict, exit 4 (it was `Error: EEXIST` with none)", async () => {
    writeFileSync(join(stack.dir, "in-the-way"), "");
    const r = await stack.cli(["pull", "sma-three", "in-the-way"]);
    expect([r.code, r.stdout, r.stderr]).toEqual([4, "", `Error conflict: EEXIST: file already exists, mkdir '${join(stack.dir, "in-the-way")}'\n`]);
  });

  it("when Ctrl-C comes while a run waits, then stderr names the run that goes on and the commands that wait for it or cancel it, exit 130 (it died saying nothing)", async () => {
    stack.worker.child.kill("SIGSTOP");
    try {
      const cli = await startBarscript(["run", "sma-three", "-i", "AAPL", "-t", "1d", "--bars", "100"], stack.cliEnv, stack.dir);
      // The run is started once the API lists it; the worker is stopped, so it stays queued.
      let listed: string | undefined;
      for (;;) {
        const page = JSON.parse((await stack.cli(["runs", "--limit", "1"])).stdout) as { data: Array<{ id: string; status: string }> };
        listed = page.data.find((r) => r.status === "queued")?.id;
        if (listed) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      cli.child.kill("SIGINT");
      const ended = await cli.ended;
      expect(ended.code).toBe(130);
      expect(ended.stdout).toBe("");
      expect(ended.stderr).toBe(`Interrupted: run ${listed} on AAPL is still queued and goes on; \`barscript run-status ${listed} --wait 60\` waits for it again, \`barscript cancel ${listed}\` cancels it.\n`);
    } finally {
      stack.worker.child.kill("SIGCONT");
    }
  });

  it("when login saves a key over a credentials file others could read, then the file becomes 0600, and the key is printed nowhere", async () => {
    const path = join(stack.dir, "loose.json");
    writeFileSync(path, "{}\n", { mode: 0o644 });
    const cli = await startBarscript(["login", "--no-browser", "--client-name", "o7"], { BARSCRIPT_URL: stack.cliEnv["BARSCRIPT_URL"] ?? "", BARSCRIPT_CREDENTIALS: path }, stack.dir);
    await until(() => /confirm the code (\S+)/.test(cli.stderr()));
    const userCode = /confirm the code (\S+)/.exec(cli.stderr())?.[1] ?? "";
    const approved = await decideDeviceAuthorization(stack.env.db, { userCode: normalizeUserCode(userCode) ?? "", accountId: stack.user.id, now: new Date(), approve: true, keyName: "o7", keyExpiresAt: null });
    expect(approved).toBe(true);
    const ended = await cli.ended;
    expect(ended.code).toBe(0);
    const key = (JSON.parse(readFileSync(path, "utf8")) as { api_key: string }).api_key;
    expect(key).toMatch(/^bsk_/);
    expect((statSync(path).mode & 0o777).toString(8)).toBe("600");
    expect(ended.stdout.includes(key) || ended.stderr.includes(key)).toBe(false);
  });
});
