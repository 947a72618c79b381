// The connector used from outside, fourth pass (docs/adr/0316-clients-used-from-outside-four.md):
// its bundle over stdio (mcp-harness.ts) against a real API and worker.
// A page asked with a `limit` whose items do not fit in one answer is shown cut, and its
// next_cursor must follow the last item shown: following the cursors gives every item once. The
// cursor was the API's for the whole page asked, so the items cut off were never shown (500
// points asked, 170 shown, and the next page started at the 501st).
// A stale save's refusal names the version to save on as the tool's parameter (`base_version: 2`).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startMcpStack, text, type McpStack } from "./mcp-harness";

// Eight outputs a bar: 500 points are about 90,000 characters, many times one answer.
const WIDE = `//@version=6
indicator("Wide")
plot(close, "c")
plot(open, "o")
plot(high, "h")
plot(low, "l")
plot(ta.sma(close, 5), "sma5")
plot(ta.ema(close, 9), "ema9")
plot(ta.rsi(close, 14), "rsi14")
plot(volume, "v")
`;
// A log line of about 200 characters on every bar: 100 lines are about 25,000 characters.
const CHATTY = `//@version=6
indicator("Chatty")
log.info("bar " + str.tostring(bar_index) + " " + str.repeat("x", 180))
plot(close, "c")
`;
const BARS = 300;
// what a model's client is shown at most (README, "MCP connector")
const LIMIT = 20_000;

jest.setTimeout(240_000);

type Page<K extends string, T> = Record<K, T[]> & { next_cursor: string | null; truncated?: string };

/** Calls `tool` with `args` and then with each next_cursor, until there is none: every answer's items. */
async function follow<K extends string, T>(client: Client, tool: string, args: Record<string, unknown>, field: K): Promise<{ items: T[]; answers: Array<Page<K, T>> }> {
  const answers: Array<Page<K, T>> = [];
  let cursor: string | null | undefined;
  do {
    const result = await client.callTool({ name: tool, arguments: { ...args, ...(cursor ? { cursor } : {}) } });
    const body = text(result);
    expect(result.isError ?? false).toBe(false);
    expect(body.length).toBeLessThan(LIMIT);
    const page = JSON.parse(body) as Page<K, T>;
    answers.push(page);
    cursor = page.next_cursor;
  } while (cursor && answers.length < 100);
  return { items: answers.flatMap((a) => a[field]), answers };
}

describe("MCP pages that do not fit in one answer", () => {
  let stack: McpStack;
  let client: Client;
  let wideRun = "";
  let chattyRun = "";

  beforeAll(async () => {
    stack = await startMcpStack("mcpfit", async (s) => {
      await s.call("createScript", { body: { slug: "wide", files: [{ path: "main.pine", content: WIDE }] } });
      await s.call("createScript", { body: { slug: "chatty", files: [{ path: "main.pine", content: CHATTY }] } });
    });
    client = stack.client;
    const start = (script: string) => stack.sdk.call("createRun", { body: { script, instrument: "AAPL", timeframe: "1d", bars: BARS, wait: 60 } });
    const [wide, chatty] = await Promise.all([start("wide"), start("chatty")]);
    expect([wide.status, chatty.status]).toEqual(["succeeded", "succeeded"]);
    wideRun = wide.id;
    chattyRun = chatty.id;
  });
  afterAll(async () => { await stack?.close(); });

  test("get_results pages of 300 points, each cut to what fits: the cursors give every point once, in order", async () => {
    const expected = (await stack.sdk.all("getRunResults", { path: { run_id: wideRun }, query: { limit: BARS } })) as Array<{ t: number }>;
    expect(expected).toHaveLength(BARS);
    const { items, answers } = await follow<"outputs", { t: number }>(client, "get_results", { run_id: wideRun, mode: "page", limit: BARS }, "outputs");
    expect(answers.length).toBeGreaterThan(1);
    expect(answers[0]?.truncated).toMatch(/of the 300 outputs asked fit in one answer/);
    expect(items.map((p) => p.t)).toEqual(expected.map((p) => p.t));
  });

  test("get_logs pages of 100 long lines, each cut to what fits: the cursors give every line once, in order", async () => {
    const { items, answers } = await follow<"data", { message: string }>(client, "get_logs", { run_id: chattyRun, limit: 100 }, "data");
    expect(answers.length).toBeGreaterThan(3);
    const run = await stack.sdk.call("getRun", { path: { run_id: chattyRun } });
    const kept = (run.summary as { logs: number }).logs;
    expect(items).toHaveLength(kept);
    // every line once, bar after bar (the run's first line is its first warmup bar's)
    const bars = items.map((l) => Number(/^bar (\d+) /.exec(l.message)?.[1]));
    expect(bars).toEqual(bars.map((_, i) => (bars[0] ?? 0) + i));
  });

  test("save_script on a stale version: the refusal names the latest as base_version, and a save on it passes", async () => {
    const files = [{ path: "main.pine", content: WIDE.replace("Wide", "Wide two") }];
    const first = await client.callTool({ name: "save_script", arguments: { slug: "wide", files, base_version: 1 } });
    expect(first.isError ?? false).toBe(false);
    const stale = await client.callTool({ name: "save_script", arguments: { slug: "wide", files, base_version: 1 } });
    expect(stale.isError).toBe(true);
    expect(text(stale)).toMatch(/^Error version_conflict: .+ Read version 2 with get_script, then save on it with `base_version: 2`\.$/);
    const again = await client.callTool({ name: "save_script", arguments: { slug: "wide", files, base_version: 2 } });
    expect(again.isError ?? false).toBe(false);
  });
});
