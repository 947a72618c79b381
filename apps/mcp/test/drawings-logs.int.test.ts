// The MCP tools get_drawings and get_logs over stdio against a real API and worker: answers stay
// bounded (the newest 20 of each kind with the counts; log pages of at most 100 lines).
import { resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Barscript } from "@barscript/sdk";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, spawnWorker, type ApiProc, type Proc } from "../../../test/support/processes";
import { accountWithKey, importAapl } from "../../../test/support/clients";

jest.setTimeout(120_000);

const BIN = resolve(__dirname, "../../../node_modules/.bin/barscript-mcp");
type Result = Awaited<ReturnType<Client["callTool"]>>;
const text = (result: Result): string => (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join("");

/** A label on each of 100 bars (cap 100), a line on the last, and 2 log lines a bar (200 lines). */
const SCRIPT = `//@version=6
indicator("marks", overlay = true, max_labels_count = 100)
label.new(time, high, str.tostring(high), xloc = xloc.bar_time)
log.info("high {0}", high)
log.warning("low {0}", low)
if barstate.islast
    line.new(time, low, time + 86400000, high, xloc = xloc.bar_time)
`;

describe("MCP drawings and logs", () => {
  let env: TestEnv;
  let api: ApiProc;
  let worker: Proc;
  let client: Client;
  let sdk: Barscript;
  let runId = "";
  const json = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError ? text(result) : null).toBeNull();
    return JSON.parse(text(result)) as T;
  };

  beforeAll(async () => {
    env = await createTestEnv();
    [api, worker] = await Promise.all([spawnApi(env.processEnv), spawnWorker(env.processEnv)]);
    const user = await accountWithKey(env.db, "mcpdraw");
    await importAapl(env.db);
    sdk = new Barscript({ baseUrl: `${api.url}/v1`, apiKey: user.key });
    await sdk.call("createScript", { body: { slug: "marks", files: [{ path: "main.pine", content: SCRIPT }] } });
    runId = (await sdk.call("createRun", { body: { script: "marks", instrument: "AAPL", timeframe: "1d", bars: 100, wait: 60 } })).id;
    client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: BIN, args: [], cwd: "/", env: { PATH: process.env["PATH"] ?? "", BARSCRIPT_URL: `${api.url}/v1`, BARSCRIPT_API_KEY: user.key }, stderr: "pipe" }));
  });
  afterAll(async () => {
    await client?.close();
    await Promise.all([api?.kill(), worker?.kill()]);
    await env?.close();
  });

  it("when get_drawings is called, then it gives the counts and the newest 20 labels, equal to the API's last 20", async () => {
    const all = (await sdk.call("getRunDrawings", { path: { run_id: runId } })) as { labels: unknown[]; lines: unknown[] };
    expect(all.labels).toHaveLength(100);
    const d = await json<{ counts: Record<string, number>; labels: unknown[]; lines: unknown[]; truncated: string }>("get_drawings", { run_id: runId });
    expect(d.counts).toEqual({ labels: 100, lines: 1, boxes: 0, polylines: 0, tables: 0 });
    expect(d.labels).toEqual(all.labels.slice(-20));
    expect(d.lines).toEqual(all.lines);
    expect(d.truncated).toMatch(/newest 20/);
  });

  it("when get_logs is paged, then the pages join to the run's 200 lines", async () => {
    const first = await json<{ data: Array<{ level: string }>; next_cursor: string }>("get_logs", { run_id: runId });
    expect(first.data).toHaveLength(50);
    const second = await json<{ data: unknown[]; next_cursor: string }>("get_logs", { run_id: runId, limit: 100, cursor: first.next_cursor });
    expect(second.data).toHaveLength(100);
    const rest = await json<{ data: unknown[]; next_cursor: string | null }>("get_logs", { run_id: runId, limit: 100, cursor: second.next_cursor });
    expect(rest.data).toHaveLength(50);
    expect(rest.next_cursor).toBeNull();
    const bad = await client.callTool({ name: "get_logs", arguments: { run_id: runId, limit: 5000 } });
    expect(bad.isError).toBe(true);
  });
});
