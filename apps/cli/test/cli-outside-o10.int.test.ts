// The CLI and the MCP connector used from outside, tenth pass (their bundles as real processes
// against a real API and worker on one stack): each takes the filters and cursors the API gives
// (docs/adr/0363). Each case failed on the tree before:
// - `events --from/--to` was an unknown option, and `list_events` dropped `from`/`to`, answering
//   every event: #17 filters by time.
// - `library search` had no `--cursor` nor a next-page line; `search_library` answered a
//   `next_cursor` it took no parameter for (a second call gave the first page again).
// - `instruments` showed the first 50 with no way to the next page; `find_instruments` answered a `next_cursor` it took no parameter for.
// - `events` on a terminal printed the same bar's event kept by two overlapping collects as two
//   identical rows: the table now names each row's run.
// - `start_run`, `sweep`, `collect_events` and `list_events` given `owner/slug` (as list_runs names a run's script) sent it as a
//   slug and were refused; they take it as the owner and the slug.
// - `run --kind library` was sent to the API: a library is imported, never run.
// - `save_script` without base_version on a slug the account has answered only that the slug is
//   taken; it now names the base_version to save on, as a stale save's refusal does.
// - `usage` on a terminal left out the plan's history start and its long polls at once, which
//   GET /v1/usage gives (a run before the history start is moved or refused).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { join } from "node:path";
import { DEMO_DIR, importFile } from "@barscript/marketdata";
import { bundledEntry } from "../../../test/support/bundles";
import { startCliStack, type CliStack } from "./cli-harness";

jest.setTimeout(180_000);

const DEFINITION = `//@version=6\ndefinition("Up")\nn = input.int(1, "N", minval = 1)\nalertcondition(close > close[n], "up")\n`;
const publicIndicator = (title: string): string => `//@version=6\nindicator("${title}")\nplot(close, "c")\n`;

interface Event { time: string; name: string }

describe("barscript and the connector used from outside (tenth pass)", () => {
  let stack: CliStack;
  let mcp: Client;
  let events: Event[];
  let slugs: string[];

  beforeAll(async () => {
    stack = await startCliStack("clio10");
    const { sdk } = stack;
    // a second instrument beside the harness's AAPL, so the instruments list has a second page
    await importFile(stack.env.db, { symbol: "MSFT", timeframe: "1d", file: join(DEMO_DIR, "MSFT.csv"), format: "bokeh", meta: { name: "Microsoft Corporation", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } });
    await sdk.call("createScript", { body: { slug: "up", files: [{ path: "main.pine", content: DEFINITION }] } });
    for (const slug of ["zebra-one", "zebra-two"]) {
      await sdk.call("createScript", { body: { slug, visibility: "public", files: [{ path: "main.pine", content: publicIndicator(`Zebra ${slug}`) }] } });
    }
    await sdk.call("collectEvents", { path: { slug: "up" }, body: { instrument: "AAPL", timeframe: "1d", bars: 30, wait: 60 } });
    events = (await sdk.call("listEvents", { path: { slug: "up" }, query: { limit: "1000" } })).events;
    slugs = (await sdk.call("searchLibrary", { query: { q: "zebra", limit: "2" } })).data.map((s) => s.slug);
    mcp = new Client({ name: "test", version: "1.0.0" });
    await mcp.connect(new StdioClientTransport({
      command: process.execPath, args: [await bundledEntry("mcp")], cwd: "/",
      env: { PATH: process.env["PATH"] ?? "", ...stack.cliEnv }, stderr: "pipe",
    }));
  });
  afterAll(async () => {
    await mcp?.close();
    await stack?.close();
  });

  const toolJson = async (name: string, args: Record<string, unknown>): Promise<any> => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const result = await mcp.callTool({ name, arguments: args });
    const text = (result.content as Array<{ text: string }>).map((c) => c.text).join("");
    if (result.isError) throw new Error(text);
    return JSON.parse(text);
  };

  it("when events are asked --from one event's time --to a later one's, then exactly the events between them, both included, are listed", async () => {
    expect(events.length).toBeGreaterThan(5);
    const [from, to] = [events[2]?.time ?? "", events[4]?.time ?? ""];
    const r = await stack.cli(["events", "up", "--from", from, "--to", to]);
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect((JSON.parse(r.stdout) as { events: Event[] }).events.map((e) => e.time)).toEqual(events.slice(2, 5).map((e) => e.time));
  });

  it("when list_events is given from and to, then the connector lists the same events", async () => {
    const page = await toolJson("list_events", { slug: "up", from: events[2]?.time, to: events[4]?.time });
    expect((page.events as Event[]).map((e) => e.time)).toEqual(events.slice(2, 5).map((e) => e.time));
  });

  it("when a library search has more than a page, then a terminal shows the next page's command, and its --cursor reads the next script", async () => {
    expect(slugs).toHaveLength(2);
    const first = await stack.tty(["library", "search", "zebra", "--limit", "1", "--no-color"]);
    const cursor = /Next page: barscript library search "zebra" --limit 1 --cursor (\S+)/.exec(first.stdout)?.[1];
    expect([first.code, first.stdout.includes(`/${slugs[0]}`), cursor !== undefined]).toEqual([0, true, true]);
    const second = await stack.cli(["library", "search", "zebra", "--limit", "1", "--cursor", cursor ?? ""]);
    expect([second.code, (JSON.parse(second.stdout) as { data: Array<{ slug: string }> }).data.map((s) => s.slug)]).toEqual([0, [slugs[1]]]);
  });

  it("when search_library is given the next_cursor it answered, then it reads the next script", async () => {
    const first = await toolJson("search_library", { q: "zebra", limit: 1 });
    const second = await toolJson("search_library", { q: "zebra", limit: 1, cursor: first.next_cursor });
    expect([first.data.map((s: { slug: string }) => s.slug), second.data.map((s: { slug: string }) => s.slug)]).toEqual([[slugs[0]], [slugs[1]]]);
  });

  it("when the instruments list has more than a page, then a terminal shows the next page's command", async () => {
    const r = await stack.tty(["instruments", "--limit", "1", "--no-color"]);
    expect([r.code, r.stdout.includes("AAPL"), r.stdout.includes("MSFT"), /Next page: barscript instruments --limit 1 --cursor \S+/.test(r.stdout)]).toEqual([0, true, false, true]);
  });

  it("when find_instruments is given the next_cursor it answered, then it reads the next instrument", async () => {
    const first = await toolJson("find_instruments", { limit: 1 });
    const second = await toolJson("find_instruments", { limit: 1, cursor: first.next_cursor });
    expect([first.data.map((i: { symbol: string }) => i.symbol), second.data.map((i: { symbol: string }) => i.symbol)]).toEqual([["AAPL"], ["MSFT"]]);
  });

  it("when start_run's script, sweep's definition, collect_events' or list_events' slug is owner/slug, then the connector uses that owner's script", async () => {
    const handle = (await stack.sdk.call("getMe")).handle;
    const run = await toolJson("start_run", { script: `${handle}/up`, instrument: "AAPL", timeframe: "1d", bars: 10, wait: 30 });
    const sweep = await toolJson("sweep", { definition: `${handle}/up`, instruments: ["AAPL"], timeframe: "1d", grid: { n: [1] }, horizons: [1], bars: 20, wait: 30 });
    const collected = await toolJson("collect_events", { slug: `${handle}/up`, instrument: "AAPL", timeframe: "1d", bars: 10, wait: 30 });
    const listed = await toolJson("list_events", { slug: `${handle}/up`, run_id: collected.id });
    expect([run.script.owner, run.script.slug, sweep.sweep.definition.owner, sweep.sweep.definition.slug, collected.script.slug]).toEqual([handle, "up", handle, "up", "up"]);
    expect(listed.events.length).toBe(collected.summary.events);
  });

  it("when save_script is given a slug the account has and no base_version, then the refusal says to save with base_version of its latest version", async () => {
    const result = await mcp.callTool({ name: "save_script", arguments: { slug: "up", files: [{ path: "main.pine", content: DEFINITION }] } });
    const text = (result.content as Array<{ text: string }>).map((c) => c.text).join("");
    expect([result.isError, text.startsWith("Error conflict: "), text.includes("save with `base_version: 1`")]).toEqual([true, true, true]);
  });

  it("when usage is read on a terminal, then it says where the plan's history starts (pro: 1990-01-01) and its long polls at once (10)", async () => {
    const r = await stack.tty(["usage", "--no-color"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("10 long polls at once");
    expect(r.stdout).toContain("history: runs reach bars from 1990-01-01 on");
  });

  it("when run is given --kind library, then it is refused before any call (exit 4) naming the run kinds", async () => {
    const r = await stack.cli(["run", "up", "-i", "AAPL", "-t", "1d", "--kind", "library"]);
    expect([r.code, r.stdout, r.stderr.split("\n")[0]]).toEqual([4, "", "Error invalid_request: option '--kind <kind>' argument 'library' is invalid. Allowed choices are indicator, definition, study."]);
  });

  it("when two collects kept the same bar's event, then the terminal's events table names each row's run", async () => {
    // the last 10 bars again: inside the first collect's 30, so each of its events is kept twice
    const again = await stack.sdk.call("collectEvents", { path: { slug: "up" }, body: { instrument: "AAPL", timeframe: "1d", bars: 10, wait: 60 } });
    const last = (await stack.sdk.call("listEvents", { path: { slug: "up" }, query: { run_id: again.id } })).events.at(-1)?.time ?? "none";
    const first = (await stack.sdk.call("listEvents", { path: { slug: "up" }, query: { from: last, to: last } })).events.map((e) => e.run_id).filter((id) => id !== again.id);
    const r = await stack.tty(["events", "up", "--from", last, "--to", last, "--no-color"]);
    const rows = r.stdout.replace(/\r/g, "").split("\n").filter((l) => l.includes(last));
    // two rows, or more on jest's retry (its collect keeps the event once more)
    expect([r.code, rows.length >= 2, rows.some((l) => l.includes(again.id)), rows.some((l) => l.includes(first[0] ?? "none"))]).toEqual([0, true, true, true]);
  });
});
