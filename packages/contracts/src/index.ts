export * from "./errors";
export * from "./exit-codes";
export * from "./schemas";
export * from "./endpoints";
export * from "./drawings";
export { buildOpenApi } from "./openapi";
export { parseInput } from "./validate";
export { isRfc3339, parseRfc3339, RFC3339_MESSAGE } from "./rfc3339";
export { assertTimeframe } from "./timeframe";
