export * from "./ma";
export * from "./stats";
export * from "./signals";
export * from "./osc";
export * from "./vol";
