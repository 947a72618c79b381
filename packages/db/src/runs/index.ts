export * from "./ids";
export * from "./types";
export * from "./queries";
export * from "./serialize";
export * from "./chunks";
export * from "./artifacts";
export type { Run, RunOutputChunk } from "../generated/client";
export * from "./versions";
export * from "./summary";
