// The CLI used from outside, ninth pass (its bundle as a real process, cli-harness.ts, against a
// real API and worker): a `login` the person denies or lets expire exits as the exit-code table of
// docs/reference/errors.md says for its code (docs/adr/0343); `drawings` names and shows the
// linefills the API answers.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { decideDeviceAuthorization, normalizeUserCode } from "@barscript/db";
import { startBarscript, startCliStack, type CliStack } from "./cli-harness";

jest.setTimeout(180_000);

const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
};

/** The CLI exit code docs/reference/errors.md's code table gives `code`. */
function documentedExit(code: string): number {
  const table = readFileSync(resolve(__dirname, "../../../docs/reference/errors.md"), "utf8");
  const row = new RegExp(`^\\| \\[\`${code}\`\\]\\(#${code}\\) \\| \\d+ \\| (\\d) \\|$`, "m").exec(table);
  if (!row?.[1]) throw new Error(`errors.md has no row for ${code}`);
  return Number(row[1]);
}

/** On its last bar: two lines (#1 at 10, #2 at 20) and a linefill between them, in green. */
const FILLED = `//@version=6
indicator("Filled")
if barstate.islast
    a = line.new(bar_index - 1, 10, bar_index, 10)
    b = line.new(bar_index - 1, 20, bar_index, 20)
    linefill.new(a, b, color.new(color.green, 50))
plot(close, "c")
`;

describe("barscript used from outside (ninth pass)", () => {
  let stack: CliStack;
  let filledRun: string;

  beforeAll(async () => {
    stack = await startCliStack("clio9");
    await stack.sdk.call("createScript", { body: { slug: "filled", files: [{ path: "main.pine", content: FILLED }] } });
    filledRun = (await stack.sdk.call("createRun", { body: { script: "filled", instrument: "AAPL", timeframe: "1d", bars: 20, wait: 60 } })).id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** `login` started until it shows its code; the user code it asks the person to confirm. */
  async function loginShowingCode(name: string) {
    const cli = await startBarscript(["login", "--no-browser", "--client-name", name], { BARSCRIPT_URL: stack.cliEnv["BARSCRIPT_URL"] ?? "", BARSCRIPT_CREDENTIALS: join(stack.dir, `${name}.json`) }, stack.dir);
    await until(() => /confirm the code (\S+)/.test(cli.stderr()));
    const userCode = normalizeUserCode(/confirm the code (\S+)/.exec(cli.stderr())?.[1] ?? "") ?? "";
    return { cli, userCode };
  }

  it("when the person denies the sign-in, then login says access_denied and exits 3 (not signed in), the exit errors.md's table gives the code (it said 5)", async () => {
    const { cli, userCode } = await loginShowingCode("o9-denied");
    expect(await decideDeviceAuthorization(stack.env.db, { userCode, accountId: stack.user.id, now: new Date(), approve: false })).toBe(true);
    const ended = await cli.ended;
    expect([ended.code, ended.stdout, ended.stderr.split("\n").at(-2)?.startsWith("Error access_denied: ")]).toEqual([3, "", true]);
    expect(documentedExit("access_denied")).toBe(ended.code);
  });

  it("when the code expires before anyone decides, then login says expired_token and exits 3, as errors.md's table says (it said 5)", async () => {
    const { cli, userCode } = await loginShowingCode("o9-expired");
    await stack.env.db.deviceAuthorization.updateMany({ where: { userCode }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const ended = await cli.ended;
    expect([ended.code, ended.stdout, ended.stderr.split("\n").at(-2)?.startsWith("Error expired_token: ")]).toEqual([3, "", true]);
    expect(documentedExit("expired_token")).toBe(ended.code);
  });

  it("when a sign-in is still undecided, then the table sends it to retry later (5), as login itself keeps polling", () => {
    expect([documentedExit("authorization_pending"), documentedExit("slow_down")]).toEqual([5, 5]);
  });

  it("when drawings' help is asked, then it names linefills, which the API answers beside the other kinds", async () => {
    const help = await stack.cli(["drawings", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("(labels, lines, boxes, polylines, linefills, tables)");
  });

  it("when a person reads a run with a linefill on a terminal, then the lines are numbered and the linefill is a row naming them and its color (it was not shown)", async () => {
    const api = await stack.sdk.call("getRunDrawings", { path: { run_id: filledRun } });
    // green is #4CAF50 (TradingView's color.green); color.new(…, 50) is 50% transparency: alpha 0x80
    expect(api.linefills).toEqual([{ line1: 0, line2: 1, color: "#4CAF5080" }]);
    const human = await stack.tty(["--no-color", "drawings", filledRun]);
    expect(human.code).toBe(0);
    const rows = human.stdout.replace(/\r/g, "").split("\n").filter((l) => l.startsWith("│")).map((l) => l.split("│").slice(1, -1).map((c) => c.trim()));
    expect(rows.map((r) => [r[0], r[3]])).toEqual([["kind", "what"], ["line", "#1"], ["line", "#2"], ["linefill", "fill #4CAF5080"]]);
    expect(rows.at(-1)?.slice(1, 3)).toEqual(["line #1", "line #2"]);
  });
});
