// Expected outputs and drawings of the pivot scripts. Shares no code with packages/lang.
import type { Check } from "./expected";

export const DRAWINGS: Record<string, Check> = {};
