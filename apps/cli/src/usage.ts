// What the CLI refuses before calling the API: a mistake in the command line or a path that is not
// there. Each refusal carries the code the API gives the same mistake (docs/reference/errors.md):
// `invalid_request` for what was typed, `not_found` for a missing file; both exit 4.
import { InvalidArgumentError } from "commander";

export type UsageCode = "invalid_request" | "not_found";

export class UsageError extends Error {
  constructor(message: string, readonly code: UsageCode = "invalid_request") {
    super(message);
  }
}

/** A parser for an option taking a whole number of 0 or more (`--bars 500`). */
export const wholeNumber = (flag: string) => (value: string): number => {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`${flag} takes a whole number.`);
  return Number(value);
};

/**
 * A parser for a page size or a version (`--limit 20`, `--top 5`, `--version 2`): a whole number
 * of 1 or more, kept as typed for the query. The API takes a word, 0 or a negative size as its
 * default page (docs/reference/api.md), so `--limit abc` silently listed 50.
 */
export const oneOrMore = (flag: string) => (value: string): string => {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new InvalidArgumentError(`${flag} takes a whole number of 1 or more.`);
  return value.trim();
};

/** A parser for an option taking whole numbers separated by commas (`--horizons 1,5,20`). */
export const wholeNumbers = (flag: string) => (value: string): number[] => {
  const parts = value.split(",").map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p))) throw new InvalidArgumentError(`${flag} takes whole numbers separated by commas.`);
  return parts.map(Number);
};

/**
 * Commander's own refusal line (`error: unknown command 'x'`) with the code of every other
 * refusal. `scripts --version` is refused (the CLI's version is `barscript --version`, program.ts);
 * commander's suggestion of the same flag, drawn from the root's help, is left out.
 */
export function commanderRefusal(text: string): string {
  return text.replace(/^error: /, "Error invalid_request: ").replace(/^(.*unknown option '([^']+)')\n\(Did you mean \2\?\)/m, "$1");
}
