// Output schemas (JSON Schema) of the tools that answer with structuredContent. Every object is
// left open (no `additionalProperties: false`): a client validates structuredContent against the
// schema, and an answer that gains a field (or a `truncated` note, bounded.ts) must still pass.
import { z } from "zod";

function open(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(open);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) if (!(key === "additionalProperties" && child === false)) out[key] = open(child);
  return out;
}

export function outputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Record<string, unknown>;
  return open(rest) as Record<string, unknown>;
}
