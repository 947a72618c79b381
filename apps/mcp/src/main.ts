// The MCP connector over stdio: `BARSCRIPT_API_KEY=... npm run -s mcp` (or the barscript-mcp
// bin). stdout is the protocol channel: nothing else is ever written there.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Barscript } from "@barscript/sdk";
import { loadMcpConfig } from "./config";
import { createServer } from "./server";
import { TOOLS } from "./tools";

async function main(): Promise<void> {
  const config = loadMcpConfig();
  const sdk = new Barscript({ baseUrl: config.baseUrl, apiKey: config.apiKey, userAgent: "barscript-mcp" });
  await createServer(TOOLS, sdk).connect(new StdioServerTransport());
}

main().catch((error: unknown) => {
  process.stderr.write(`barscript-mcp: ${(error as Error).message}\n`);
  process.exit(1);
});
