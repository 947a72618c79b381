// Every MCP tool, in the order a model meets them. A new tool is one entry in a tools file (or a
// new file and one line here).
import type { Tool } from "../tool";
import { catalogTools } from "./catalog";
import { drawingTools } from "./drawings";
import { runTools } from "./runs";
import { scriptTools } from "./scripts";
import { sweepTools } from "./sweeps";

export const TOOLS: readonly Tool[] = [...catalogTools, ...scriptTools, ...runTools, ...drawingTools, ...sweepTools];
