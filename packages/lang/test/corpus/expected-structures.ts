// Expected outputs of the scripts built on user types, maps, matrices, loops and strings.
// Shares no code with packages/lang.
import type { Check } from "./expected";

export const STRUCTURES: Record<string, Check> = {};
