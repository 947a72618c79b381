// Handles: an account's public name (it names the account's library scripts, docs/reference/api.md
// `?owner=<handle>`), chosen at sign-up: 2 to 39 lowercase letters, digits or dashes, unique,
// `core` reserved for the built-in library. A generated handle is made from random words, never
// from the email.
import { randomInt } from "node:crypto";
import { AccountsError } from "./errors";

export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9-]{1,38}$/;
/** HANDLE_PATTERN in words, as the sign-up page and a refusal say it (people read it, not the regex). */
export const HANDLE_RULE = "2 to 39 lowercase letters (a-z), digits or dashes, starting with a letter or a digit";
export const RESERVED_HANDLES: ReadonlySet<string> = new Set(["core"]);

const ADJECTIVES = [
  "amber", "ancient", "autumn", "bold", "brave", "bright", "calm", "clever", "cosmic", "crimson",
  "curious", "dapper", "eager", "early", "fancy", "gentle", "golden", "happy", "hidden", "humble",
  "jolly", "keen", "kind", "lively", "lucky", "mellow", "misty", "nimble", "noble", "odd",
  "patient", "plucky", "polar", "proud", "quick", "quiet", "rapid", "rustic", "shiny", "silent",
  "silver", "snowy", "steady", "sunny", "swift", "tidy", "vivid", "wandering", "wise", "witty",
];
const NOUNS = [
  "anchor", "badger", "beacon", "birch", "canyon", "cedar", "comet", "condor", "coral", "crane",
  "delta", "ember", "falcon", "fern", "fjord", "galaxy", "glacier", "harbor", "heron", "island",
  "jaguar", "kestrel", "lagoon", "lantern", "maple", "meadow", "meteor", "nebula", "oasis", "orchid",
  "otter", "panda", "pebble", "pine", "prairie", "quartz", "raven", "reef", "river", "sparrow",
  "summit", "tiger", "tundra", "valley", "walrus", "willow", "yak", "zephyr", "harvest", "orbit",
];

const pick = (words: readonly string[]): string => words[randomInt(words.length)] ?? "x";

export function randomHandle(): string {
  return `${pick(ADJECTIVES)}-${pick(NOUNS)}-${randomInt(100, 10_000)}`;
}

/** Throws AccountsError when `handle` cannot be used (shape or reserved); uniqueness is the database's. */
export function checkHandle(handle: string): void {
  if (!HANDLE_PATTERN.test(handle)) throw new AccountsError("invalid_handle", `The handle "${handle}" cannot be used: a handle is ${HANDLE_RULE}.`);
  if (RESERVED_HANDLES.has(handle)) throw new AccountsError("reserved_handle", `The handle "${handle}" is reserved.`);
}
