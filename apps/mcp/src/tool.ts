// One MCP tool: its name, what it does, its parameters (zod, each described with an example),
// its hints, and what it does with the SDK. tools/index.ts lists them; server.ts serves them.
import { z } from "zod";
import type { Barscript } from "@barscript/sdk";

export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
}

export interface Tool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** JSON Schema of `structuredContent`; tools without one answer text only. */
  output?: Record<string, unknown>;
  hints: ToolHints;
  run(args: z.infer<S>, sdk: Barscript): Promise<unknown>;
}

/**
 * Arguments each valid alone that do not make a call together (a sweep's `definition` without its
 * `grid`): the model's to fix, answered `Error invalid_request:` like a schema refusal, never
 * `internal` (docs/adr/0306-clients-used-from-outside-three.md).
 */
export class ArgumentsError extends Error {}

/** Keeps each tool's argument type while the list holds them all. */
export function defineTool<S extends z.ZodObject>(tool: Tool<S>): Tool {
  return tool as unknown as Tool;
}

/** A parameter: its schema with the description and one example a model can copy. */
export function param<T extends z.ZodType>(schema: T, description: string, example: unknown): T {
  return schema.meta({ description, examples: [example] });
}

export const READ: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
export const WRITE: ToolHints = { readOnlyHint: false, destructiveHint: false, idempotentHint: false };
export const DESTRUCTIVE: ToolHints = { readOnlyHint: false, destructiveHint: true, idempotentHint: true };
