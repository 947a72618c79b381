// The stack the MCP tests run against: a real API and worker on the test file's own database and
// Redis prefix, an account with a key and the AAPL demo bars, and the connector over stdio through
// the MCP SDK's own client and transport. The connector is `node <bundles>/dist/mcp.js`, the
// working tree's bundle the image runs, built once for the test run (test/support/bundles.ts,
// docs/adr/0267): about half the CPU of a start through tsx. The installed bin (BIN, which loads
// the sources through tsx in a clone) is run by mcp-script-kind.int.test.ts's saved-key test.
import { resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Barscript } from "@barscript/sdk";
import { bundledEntry } from "../../../test/support/bundles";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, spawnWorker, type ApiProc, type Proc } from "../../../test/support/processes";
import { accountWithKey, importAapl } from "../../../test/support/clients";

/** The installed bin (npm's link to apps/mcp/bin/barscript-mcp.js). */
export const BIN = resolve(__dirname, "../../../node_modules/.bin/barscript-mcp");

export type ToolResult = Awaited<ReturnType<Client["callTool"]>>;

/** A tool answer's text content. */
export const text = (result: ToolResult): string => (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join("");

export interface McpStack {
  env: TestEnv;
  api: ApiProc;
  worker: Proc;
  sdk: Barscript;
  client: Client;
  close(): Promise<void>;
}

/** Starts the stack; `prepare` runs with the account's SDK before the MCP client connects. */
export async function startMcpStack(handle: string, prepare: (sdk: Barscript) => Promise<void> = async () => {}): Promise<McpStack> {
  const env = await createTestEnv();
  const [api, worker] = await Promise.all([spawnApi(env.processEnv), spawnWorker(env.processEnv)]);
  const user = await accountWithKey(env.db, handle);
  await importAapl(env.db);
  const sdk = new Barscript({ baseUrl: `${api.url}/v1`, apiKey: user.key });
  await prepare(sdk);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({
    command: process.execPath, args: [await bundledEntry("mcp")], cwd: "/",
    env: { PATH: process.env["PATH"] ?? "", BARSCRIPT_URL: `${api.url}/v1`, BARSCRIPT_API_KEY: user.key },
    stderr: "pipe",
  }));
  return {
    env, api, worker, sdk, client,
    close: async () => {
      await client.close();
      await Promise.all([api.kill(), worker.kill()]);
      await env.close();
    },
  };
}
