export * from "./errors";
export * from "./exit-codes";
export * from "./schemas";
export * from "./endpoints";
export * from "./drawings";
export { buildOpenApi } from "./openapi";
export { parseInput } from "./validate";
