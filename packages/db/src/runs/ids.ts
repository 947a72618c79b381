// Run ids: `run_` + 24 base62 characters (docs/reference/endpoints.md "Run").
import { newId } from "../accounts/random";

export function newRunId(): string {
  return newId("run");
}

export const RUN_ID_PATTERN = /^run_[0-9A-Za-z]{24}$/;
