// Turns a zod failure into 400 invalid_request naming the field (docs/reference/api.md "Order of checks").
import type { z } from "zod";
import { ApiError } from "./errors";

export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: "body" | "query" | "inputs" = "body"): z.infer<T> {
  const result = schema.safeParse(value ?? (where === "body" ? undefined : {}), { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const what = where === "query" ? "Parameter" : "Field";
  if (issue?.code === "unrecognized_keys") {
    // A request body names exactly the fields of its object (docs/adr/0186): an unknown one, a
    // misspelt `bars` or `version` say, is refused by name instead of silently ignored.
    const unknown = [...issue.path, issue.keys[0] ?? ""].join(".");
    if (where === "query") {
      // The DELETE endpoints refuse a parameter they do not take, which would otherwise delete
      // more than meant (docs/adr/0277): the answer names the ones they take.
      const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
      const takes = shape ? ` (it takes: ${Object.keys(shape).join(", ")})` : "";
      throw new ApiError("invalid_request", `${what} \`${unknown}\` is not a parameter of this request${takes}.`);
    }
    throw new ApiError("invalid_request", `${what} \`${unknown}\` is not a field of this request.`);
  }
  const field = issue && issue.path.length > 0 ? issue.path.join(".") : null;
  // A required field left out is said so, not as a type mismatch with `undefined`.
  if (field && issue?.code === "invalid_type" && issue.input === undefined) throw new ApiError("invalid_request", `${what} \`${field}\` is required.`);
  const message = field ? `${what} \`${field}\`: ${issue?.message ?? "invalid"}.` : `Request ${where} is invalid: ${issue?.message ?? "invalid"}.`;
  throw new ApiError("invalid_request", message);
}
