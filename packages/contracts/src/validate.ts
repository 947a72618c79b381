// Turns a zod failure into 400 invalid_request naming the field (docs/reference/api.md "Order of checks").
import type { z } from "zod";
import { ApiError } from "./errors";

type Issue = z.core.$ZodIssue;

/**
 * The issue to report. A value that fits none of a union's shapes (`script` as a slug or as
 * `{ slug, version?, owner? }`) is reported inside the shape its type matched, so the answer names
 * the field at fault (`script.owner`), not only the union (docs/adr/0305); when its type matches
 * none, the answer lists the types taken.
 */
function reported(issue: Issue | undefined): Issue | undefined {
  if (issue?.code !== "invalid_union" || issue.errors.length === 0) return issue;
  const rootMismatch = (branch: Issue[]): boolean => branch[0]?.code === "invalid_type" && branch[0].path.length === 0;
  const matched = issue.errors.find((branch) => branch.length > 0 && !rootMismatch(branch));
  if (matched?.[0]) {
    const inner = reported(matched[0]) ?? matched[0];
    return { ...inner, path: [...issue.path, ...inner.path] } as Issue;
  }
  const expected = [...new Set(issue.errors.map((branch) => (branch[0]?.code === "invalid_type" ? branch[0].expected : null)).filter((e): e is NonNullable<typeof e> => e !== null))];
  const received = issue.input === null ? "null" : Array.isArray(issue.input) ? "array" : typeof issue.input;
  return expected.length > 0 ? { ...issue, message: `Invalid input: expected ${expected.join(" or ")}, received ${received}` } : issue;
}

export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: "body" | "query" | "inputs" = "body"): z.infer<T> {
  const result = schema.safeParse(value ?? (where === "body" ? undefined : {}), { reportInput: true });
  if (result.success) return result.data;
  const issue = reported(result.error.issues[0]);
  // A POST without a body (or with the JSON `null`) where an object is needed: said so, not as
  // "expected object, received undefined" (docs/adr/0305).
  if (where === "body" && (value === undefined || value === null) && issue?.path.length === 0) {
    throw new ApiError("invalid_request", value === null ? "Request body must be a JSON object, not null." : "Request body is missing: send a JSON object with Content-Type: application/json.");
  }
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
