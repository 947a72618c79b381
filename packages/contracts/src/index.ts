export * from "./errors";
export * from "./exit-codes";
