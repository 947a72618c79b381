// Output schemas (JSON Schema) of the tools that answer with structuredContent.
import { z } from "zod";

export function outputSchema(schema: z.ZodType): Record<string, unknown> {
  // The top level stays open: an answer cut to fit carries a `truncated` note (bounded.ts).
  const { $schema: _ignored, additionalProperties: _open, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}
