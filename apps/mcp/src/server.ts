// The MCP server over the tool list: tools/list with each tool's JSON Schema, hints and output
// schema; tools/call validating arguments itself, so every refusal (bad arguments, unknown tool,
// the API's error envelope) is a tool error whose text is `Error <code>: message`.
import { z } from "zod";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ClientError, type Barscript } from "@barscript/sdk";
import { fit, TEXT_BUDGET } from "./bounded";
import { INSTRUCTIONS } from "./instructions";
import { ArgumentsError, type Tool } from "./tool";
import pkg from "../package.json";

export const SERVER_INFO = { name: "barscript", version: pkg.version };

function inputSchema(tool: Tool): { type: "object"; [key: string]: unknown } {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(tool.input, { io: "input" }) as Record<string, unknown>;
  return { ...rest, type: "object" };
}

export function refusal(code: string, message: string): CallToolResult {
  return { content: [{ type: "text", text: `Error ${code}: ${message}` }], isError: true };
}

function invalidArguments(error: z.ZodError): CallToolResult {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join(".") : null;
  const message = issue?.code === "unrecognized_keys" ? `unknown parameter(s) ${issue.keys.map((k) => `\`${k}\``).join(", ")}` : issue?.message ?? "invalid";
  return refusal("invalid_request", field ? `Parameter \`${field}\`: ${message}.` : `Arguments: ${message}.`);
}

/** A slug a study shares with another script: the API's remedy (`?kind=study`) is the parameter `kind` here. */
const remedyAsParameter = (message: string): string => message.replace(/\?kind=(\w+)/g, '`kind: "$1"`');

/**
 * A stale save's refusal names the version to base the next save on (the envelope's
 * details.latest_version), as the tool's parameter: the message alone named it in words only
 * (docs/adr/0316-clients-used-from-outside-four.md).
 */
function nextSave(error: ClientError): string[] {
  const latest = error.details?.["latest_version"];
  return error.code === "version_conflict" && typeof latest === "number" ? [`Read version ${latest} with get_script, then save on it with \`base_version: ${latest}\`.`] : [];
}

function fromError(error: unknown): CallToolResult {
  if (error instanceof ClientError) {
    const diagnostics = (error.diagnostics ?? []) as Array<{ file: string; line: number; column: number; code: string; message: string }>;
    const lines = diagnostics.slice(0, 20).map((d) => `${d.file}:${d.line}:${d.column}: ${d.code}: ${d.message}`);
    return refusal(error.code, [[remedyAsParameter(error.message), ...nextSave(error)].join(" "), ...lines].join("\n"));
  }
  if (error instanceof ArgumentsError) return refusal("invalid_request", error.message);
  return refusal("internal", (error as Error).message);
}

export async function callTool(tools: readonly Tool[], sdk: Barscript, name: string, args: unknown): Promise<CallToolResult> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return refusal("not_found", `No tool named \`${name}\`; the tools are ${tools.map((t) => t.name).join(", ")}.`);
  const parsed = tool.input.strict().safeParse(args ?? {});
  if (!parsed.success) return invalidArguments(parsed.error);
  try {
    const value = fit(await tool.run(parsed.data, sdk), TEXT_BUDGET);
    const result: CallToolResult = { content: [{ type: "text", text: JSON.stringify(value) }] };
    if (tool.output && value !== null && typeof value === "object" && !Array.isArray(value)) result.structuredContent = value as Record<string, unknown>;
    return result;
  } catch (error) {
    return fromError(error);
  }
}

export function createServer(tools: readonly Tool[], sdk: Barscript): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: inputSchema(tool),
      ...(tool.output ? { outputSchema: { ...tool.output, type: "object" as const } } : {}),
      annotations: { title: tool.title, ...tool.hints, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(tools, sdk, request.params.name, request.params.arguments));
  return server;
}
