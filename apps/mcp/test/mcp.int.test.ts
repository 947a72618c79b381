// The MCP connector as a tool-calling client sees it: a real stdio process talking to a real
// API. Refusals arrive as tool results starting `Error <code>:` (docs/reference/errors.md).
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, type ApiProc } from "../../../test/support/processes";
import { accountWithKey, importAapl } from "../../../test/support/clients";

const ROOT = resolve(__dirname, "../../..");

function text(result: unknown): string {
  const content = (result as { content: Array<{ type: string; text: string }> }).content;
  return content.map((c) => c.text).join("");
}

describe("MCP connector", () => {
  let env: TestEnv;
  let api: ApiProc;
  let client: Client;

  beforeAll(async () => {
    env = await createTestEnv();
    api = await spawnApi(env.processEnv);
    const user = await accountWithKey(env.db, "mcper");
    await importAapl(env.db);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", join(ROOT, "apps/mcp/src/main.ts")],
      cwd: ROOT,
      env: { PATH: process.env["PATH"] ?? "", BARSCRIPT_URL: `${api.url}/v1`, BARSCRIPT_API_KEY: user.key },
      stderr: "pipe",
    });
    client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
    await api?.kill();
    await env?.close();
  });

  it("when the tools are listed, then every tool has a description and an input schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["find_instruments", "get_results", "get_run", "read_docs", "save_script", "search_library", "start_run", "validate_script"]);
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.type).toBe("object");
    }
  });

  it("when an instrument is looked up, then the answer is the API's page", async () => {
    const result = await client.callTool({ name: "find_instruments", arguments: { q: "AAPL" } });
    const page = JSON.parse(text(result)) as { data: Array<{ symbol: string }> };
    expect(page.data.map((i) => i.symbol)).toContain("AAPL");
  });

  it("when a script is invalid, then the tool result carries the diagnostics", async () => {
    const result = await client.callTool({ name: "validate_script", arguments: { files: [{ path: "main.pine", content: "//@version=6\nindicator(\"x\")\nplot(nope)\n" }] } });
    const body = JSON.parse(text(result)) as { valid: boolean; diagnostics: Array<{ code: string }> };
    expect(body.valid).toBe(false);
    expect(body.diagnostics[0]?.code).toBe("undeclared_identifier");
  });

  it("when the API refuses, then the result text starts `Error <code>:`", async () => {
    const result = await client.callTool({ name: "get_run", arguments: { run_id: "run_000000000000000000000000" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Error not_found: /);
  });
});
