// The connector used from outside, third pass (docs/adr/0306-clients-used-from-outside-three.md):
// its bundle over stdio (mcp-harness.ts) against a real API and worker.
// - `sweep` with some of what starts one is `Error invalid_request` naming what is missing (it
//   was `Error internal`).
// - Many rows of a sweep answer with the sweep and as many rows as fit, and a cursor that reads
//   the rows after them (the whole answer was replaced by a note: the sweep's id and status lost).
// - The rows carry abnormal_mean and the 95% intervals as the API gives them.
// - list_runs takes `kind`, list_events `timeframe` and `run_id`, as the API's lists do.
// - get_drawings of a run with many labels, lines and boxes answers the newest that fit with the
//   counts (the whole answer was a note, and the tool had nothing to ask for less); `kinds` and
//   `limit` choose what.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Barscript } from "@barscript/sdk";
import { startMcpStack, text, type McpStack } from "./mcp-harness";

const DEF = `//@version=6
definition("RSI under")
level = input.int(30, "Level", minval = 5, maxval = 95)
alertcondition(ta.rsi(close, 14) < level, "under", "x")
`;
const STUDY = `//@version=6
study("Under study", horizons = [1, 5])
use("rsi-under")
`;
// what a model's client is shown at most (README, "MCP connector")
const LIMIT = 20_000;
// 30 levels on three horizons: about 18,600 characters of rows, more than one answer holds
const LEVELS = [...Array(30).keys()].map((i) => 20 + 2 * i);

// a label, a line and a box every 20 bars: 100 of each over 2,000 bars, their 50 newest about
// 35,000 characters
const MANY = `//@version=6
indicator("Many drawings", overlay = true, max_labels_count = 500, max_lines_count = 500, max_boxes_count = 500)
if bar_index % 20 == 0
    label.new(bar_index, high, "L" + str.tostring(bar_index))
    line.new(bar_index, low, bar_index + 5, high)
    box.new(bar_index, high, bar_index + 5, low)
plot(close, "c")
`;

type Horizon = { h: number; abnormal_mean: number | null; mean_ci95: [number, number] | null; hit_rate_ci95: [number, number] | null };
type Answer = { sweep: { id: string; status: string }; rows: Array<{ rank: number; inputs: { level: number }; horizons: Horizon[] }>; next_cursor: string | null; truncated?: string };

jest.setTimeout(240_000);

describe("MCP sweep rows and list filters", () => {
  let stack: McpStack;
  let client: Client;
  let sdk: Barscript;
  let collectId = "";
  let studyId = "";

  beforeAll(async () => {
    stack = await startMcpStack("mcprows", async (s) => {
      await s.call("createScript", { body: { slug: "rsi-under", files: [{ path: "main.pine", content: DEF }] } });
      await s.call("createScript", { body: { slug: "under-study", files: [{ path: "main.pine", content: STUDY }] } });
      await s.call("createScript", { body: { slug: "many", files: [{ path: "main.pine", content: MANY }] } });
    });
    ({ sdk, client } = stack);
    collectId = (await sdk.call("collectEvents", { path: { slug: "rsi-under" }, body: { instrument: "AAPL", timeframe: "1d", bars: 500, wait: 60 } })).id;
    studyId = (await sdk.call("createRun", { body: { script: "under-study", instrument: "AAPL", timeframe: "1d", bars: 500, wait: 60 } })).id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when sweep is given a definition alone, then the tool error is invalid_request naming what is missing", async () => {
    const result = await client.callTool({ name: "sweep", arguments: { definition: "rsi-under", timeframe: "1d" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Error invalid_request: /);
    expect(text(result)).toContain("`instruments`, `grid`");
  });

  it("when a sweep has more rows than an answer holds, then the answer keeps the sweep, the rows that fit and a cursor to the next ones", async () => {
    const first = await client.callTool({ name: "sweep", arguments: { definition: "rsi-under", instruments: ["AAPL"], timeframe: "1d", bars: 1500, grid: { level: LEVELS }, horizons: [1, 5, 20], top: 100, wait: 200 } });
    expect(first.isError ?? false).toBe(false);
    expect(text(first).length).toBeLessThanOrEqual(LIMIT);
    const a = JSON.parse(text(first)) as Answer;
    expect(a.sweep.status).toBe("succeeded");
    expect(a.rows.length).toBeGreaterThan(0);
    expect(a.rows.length).toBeLessThan(LEVELS.length);
    expect(a.truncated).toContain("next_cursor");
    expect(a.next_cursor).not.toBeNull();

    const api = await sdk.call("getSweepResults", { path: { sweep_id: a.sweep.id }, query: { limit: "100" } });
    expect(api.data).toHaveLength(LEVELS.length);
    const b = JSON.parse(text(await client.callTool({ name: "sweep", arguments: { sweep_id: a.sweep.id, cursor: a.next_cursor, top: 100 } }))) as Answer;
    // the second answer goes on where the first stopped: ranks follow, no row skipped
    expect(b.rows[0]!.rank).toBe(a.rows.length + 1);
    expect([...a.rows, ...b.rows].map((r) => r.inputs.level)).toEqual(api.data.slice(0, a.rows.length + b.rows.length).map((r) => r.inputs.level));

    // the statistics that say whether a difference is real come as the API gives them
    const apiFirst = api.data[0]!.horizons;
    expect(a.rows[0]!.horizons.map((h) => [h.h, h.abnormal_mean, h.mean_ci95, h.hit_rate_ci95])).toEqual(apiFirst.map((h) => [h.h, h.abnormal_mean, h.mean_ci95, h.hit_rate_ci95]));
    expect(a.rows[0]!.horizons[0]!.mean_ci95).toHaveLength(2);
  });

  it("when cursor is given without sweep_id, then the tool error says to give it with one", async () => {
    const result = await client.callTool({ name: "sweep", arguments: { definition: "rsi-under", instruments: ["AAPL"], timeframe: "1d", grid: { level: [30] }, cursor: "abc" } });
    expect(text(result)).toMatch(/^Error invalid_request: .*sweep_id/);
  });

  it("when list_runs is given a kind, then only runs of that kind are listed", async () => {
    const studies = JSON.parse(text(await client.callTool({ name: "list_runs", arguments: { kind: "study" } }))) as { data: Array<{ id: string; kind: string }> };
    expect(studies.data.map((r) => [r.id, r.kind])).toEqual([[studyId, "study"]]);
    const definitions = JSON.parse(text(await client.callTool({ name: "list_runs", arguments: { kind: "definition" } }))) as typeof studies;
    expect(definitions.data.map((r) => r.id)).toContain(collectId);
    expect(definitions.data.every((r) => r.kind === "definition")).toBe(true);
  });

  it("when list_events is given a run_id or a timeframe, then only those events are listed", async () => {
    const all = await sdk.call("listEvents", { path: { slug: "rsi-under" }, query: { run_id: collectId, limit: "100" } });
    expect(all.events.length).toBeGreaterThan(0);
    const byRun = JSON.parse(text(await client.callTool({ name: "list_events", arguments: { slug: "rsi-under", run_id: collectId, limit: 100 } }))) as { events: Array<{ id: string; run_id: string }> };
    expect(byRun.events.map((e) => e.id)).toEqual(all.events.map((e) => e.id));
    expect(byRun.events.every((e) => e.run_id === collectId)).toBe(true);
    const weekly = JSON.parse(text(await client.callTool({ name: "list_events", arguments: { slug: "rsi-under", timeframe: "1w" } }))) as { events: unknown[] };
    expect(weekly.events).toEqual([]);
  });

  it("when a run has more drawings than an answer holds, then get_drawings answers the newest that fit with every kind's count", async () => {
    const run = await sdk.call("createRun", { body: { script: "many", instrument: "AAPL", timeframe: "1d", bars: 2000, wait: 60 } });
    const api = (await sdk.call("getRunDrawings", { path: { run_id: run.id } })) as unknown as Record<string, unknown[]>;
    expect(api["labels"]!.length).toBeGreaterThan(50);
    const result = await client.callTool({ name: "get_drawings", arguments: { run_id: run.id } });
    expect(result.isError ?? false).toBe(false);
    expect(text(result).length).toBeLessThanOrEqual(LIMIT);
    const d = JSON.parse(text(result)) as { counts: Record<string, number>; labels: unknown[]; lines: unknown[]; boxes: unknown[]; truncated: string };
    expect(d.counts).toMatchObject({ labels: api["labels"]!.length, lines: api["lines"]!.length, boxes: api["boxes"]!.length });
    expect(d.labels.length).toBeGreaterThan(0);
    expect(d.labels.length).toBeLessThan(20);
    expect(d.labels).toEqual(api["labels"]!.slice(-d.labels.length));
    expect(d.boxes).toEqual(api["boxes"]!.slice(-d.labels.length));
    expect(d.truncated).toContain(`the newest ${d.labels.length} of each kind`);

    const labels = JSON.parse(text(await client.callTool({ name: "get_drawings", arguments: { run_id: run.id, kinds: ["labels"], limit: 30 } }))) as { labels: unknown[]; boxes?: unknown[] };
    expect(labels.boxes).toBeUndefined();
    // 30 labels alone fit: more than the default 20 of every kind
    expect(labels.labels).toEqual(api["labels"]!.slice(-30));
  });
});
