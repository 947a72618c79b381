// The MCP connector on a slug that one of the account's studies shares with its definition, and on
// another account's public script, over its real transport (its bundle over stdio, mcp-harness.ts;
// the saved-key test runs the installed barscript-mcp bin) against a real API and worker. `kind`
// picks the script (docs/reference/api.md: `?kind=`), `owner` runs or collects a public one, and
// collect_events takes inputs and waits like start_run. With no BARSCRIPT_API_KEY, the connector
// acts with the key `barscript login` saved.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Barscript } from "@barscript/sdk";
import { accountWithKey } from "../../../test/support/clients";
import { BIN, startMcpStack, text, type McpStack } from "./mcp-harness";

jest.setTimeout(120_000);

const DEFINITION = `//@version=6
definition("Down day")
len = input.int(3, "Length")
alertcondition(close < open, "down", "down")
`;
const STUDY = `//@version=6
study("After down days", horizons = [1])
use("down")
`;

describe("MCP tools: kind and owner", () => {
  let stack: McpStack;
  const call = async (name: string, args: Record<string, unknown>): Promise<{ error: boolean; text: string }> => {
    const result = await stack.client.callTool({ name, arguments: args });
    return { error: result.isError === true, text: text(result) };
  };
  const json = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const answer = await call(name, args);
    expect({ name, error: answer.error ? answer.text : null }).toEqual({ name, error: null });
    return JSON.parse(answer.text) as T;
  };

  beforeAll(async () => {
    stack = await startMcpStack("kindly", async (sdk) => {
      await sdk.call("createScript", { body: { slug: "down", files: [{ path: "main.pine", content: DEFINITION }] } });
      await sdk.call("createScript", { body: { slug: "down", files: [{ path: "main.pine", content: STUDY }] } });
    });
    const publisher = new Barscript({ baseUrl: `${stack.api.url}/v1`, apiKey: (await accountWithKey(stack.env.db, "publisher")).key });
    await publisher.call("createScript", { body: { slug: "closes", visibility: "public", files: [{ path: "main.pine", content: '//@version=6\nindicator("Closes")\nplot(close, "c")\n' }] } });
    await publisher.call("createScript", { body: { slug: "down", visibility: "public", files: [{ path: "main.pine", content: DEFINITION }] } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when a shared slug is named without kind, then the answer is Error conflict; with kind, each tool reaches that script", async () => {
    const refused = await call("start_run", { script: "down", instrument: "AAPL", timeframe: "1d", bars: 30 });
    expect(refused.error).toBe(true);
    expect(refused.text).toMatch(/^Error conflict: /);
    // the remedy is this tool's parameter, not the API's query string
    expect(refused.text).toContain('`kind: "study"` or `kind: "definition"`');
    expect(refused.text).not.toContain("?kind=");
    const study = await json<{ kind: string; status: string }>("start_run", { script: "down", kind: "study", instrument: "AAPL", timeframe: "1d", bars: 30, wait: 60 });
    expect(study).toMatchObject({ kind: "study", status: "succeeded" });
    const read = await json<{ kind: string }>("get_script", { slug: "down", kind: "definition" });
    expect(read.kind).toBe("definition");
    const saved = await json<{ kind: string; latest_version: number }>("save_script", { slug: "down", kind: "study", base_version: 1, files: [{ path: "main.pine", content: STUDY.replace("[1]", "[1, 2]") }] });
    expect(saved).toMatchObject({ kind: "study", latest_version: 2 });
  });

  it("when collect_events is given kind and inputs, then it waits for the run, which used them, and list_events reads its events", async () => {
    const run = await json<{ id: string; kind: string; status: string; inputs: Record<string, unknown> }>("collect_events", { slug: "down", kind: "definition", instrument: "AAPL", timeframe: "1d", bars: 20, inputs: { len: 7 } });
    expect(run).toMatchObject({ kind: "definition", status: "succeeded", inputs: { len: 7 } });
    const page = await json<{ events: Array<{ run_id: string }> }>("list_events", { slug: "down", kind: "definition" });
    expect(page.events.length).toBeGreaterThan(0);
    expect(new Set(page.events.map((e) => e.run_id))).toEqual(new Set([run.id]));
  });

  it("when owner names another account's public script, then start_run, collect_events and sweep use it for the caller", async () => {
    const run = await json<{ script: { owner: string; slug: string }; status: string }>("start_run", { script: "closes", owner: "publisher", instrument: "AAPL", timeframe: "1d", bars: 30, wait: 60 });
    expect(run).toMatchObject({ script: { owner: "publisher", slug: "closes" }, status: "succeeded" });
    const collected = await json<{ id: string; script: { owner: string }; status: string }>("collect_events", { slug: "down", owner: "publisher", instrument: "AAPL", timeframe: "1d", bars: 30 });
    expect(collected).toMatchObject({ script: { owner: "publisher" }, status: "succeeded" });
    const events = await json<{ events: Array<{ run_id: string }> }>("list_events", { slug: "down", owner: "publisher" });
    expect(new Set(events.events.map((e) => e.run_id))).toEqual(new Set([collected.id]));
    const swept = await json<{ sweep: { definition: { owner: string }; status: string; progress: { total: number } } }>("sweep", { definition: "down", owner: "publisher", instruments: ["AAPL"], timeframe: "1d", bars: 30, grid: { len: [2, 3] }, horizons: [1], wait: 60 });
    expect(swept.sweep).toMatchObject({ definition: { owner: "publisher" }, status: "succeeded", progress: { total: 2 } });
  });
});

describe("MCP connector without BARSCRIPT_API_KEY", () => {
  let stack: McpStack;
  beforeAll(async () => {
    stack = await startMcpStack("filed");
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when barscript login saved a key, then the connector acts with it at the address saved beside it", async () => {
    const user = await accountWithKey(stack.env.db, "signed-in");
    await new Barscript({ baseUrl: `${stack.api.url}/v1`, apiKey: user.key }).call("createScript", { body: { slug: "from-file", files: [{ path: "main.pine", content: '//@version=6\nindicator("F")\nplot(close)\n' }] } });
    const dir = mkdtempSync(join(tmpdir(), "bs-mcp-creds-"));
    // The file as `barscript login` writes it (apps/cli/src/commands/auth.ts).
    writeFileSync(join(dir, "credentials.json"), JSON.stringify({ base_url: `${stack.api.url}/v1`, api_key: user.key }));
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({
      command: BIN, args: [], cwd: "/",
      env: { PATH: process.env["PATH"] ?? "", HOME: dir, BARSCRIPT_CREDENTIALS: join(dir, "credentials.json") },
      stderr: "pipe",
    }));
    try {
      const answer = await client.callTool({ name: "list_scripts", arguments: {} });
      expect(answer.isError).toBeFalsy();
      expect((JSON.parse(text(answer)) as { data: Array<{ slug: string }> }).data.map((s) => s.slug)).toEqual(["from-file"]);
    } finally {
      await client.close();
    }
  });
});
