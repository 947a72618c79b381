// The `barscript` CLI (its bundle, cli-harness.ts) as a real process, refusing what it is given
// before it calls the API: every such refusal is one `Error <code>: message` line on stderr with
// the code the API would give the same mistake (invalid_request, not_found; docs/reference/errors.md)
// and exit code 4 (usage or not found), as the API's refusals are. No API is started: the
// address given is a closed port, so a call that went out would fail `network` (exit 5) instead.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { barscript as run, type Result } from "./cli-harness";

jest.setTimeout(60_000);

const dir = mkdtempSync(join(tmpdir(), "bs-cli-usage-"));
// port 9 (discard) is closed on the test machine: nothing answers there
const env = { BARSCRIPT_URL: "http://127.0.0.1:9/v1", BARSCRIPT_API_KEY: "bsk_unused", BARSCRIPT_CREDENTIALS: join(dir, "credentials.json") };
const barscript = (args: string[]): Promise<Result> => run(args, env, dir);

/** The first line on stderr and the exit code. */
async function refusal(args: string[]): Promise<{ code: number; first: string }> {
  const r = await barscript(args);
  return { code: r.code, first: r.stderr.split("\n")[0] ?? "" };
}

it("a malformed --input, --grid or an --all with --limit is refused as invalid_request", async () => {
  await expect(refusal(["run", "my-rsi", "-i", "AAPL", "-t", "1d", "--input", "len"])).resolves.toEqual({ code: 4, first: 'Error invalid_request: --input expects name=value, got "len"' });
  await expect(refusal(["sweep", "dip", "-i", "AAPL", "-t", "1d", "--grid", "len"])).resolves.toEqual({ code: 4, first: 'Error invalid_request: --grid expects name=value,value,..., got "len"' });
  await expect(refusal(["results", "run_x", "--all", "--limit", "5"])).resolves.toEqual({ code: 4, first: "Error invalid_request: --all reads every page: it takes neither --cursor nor --limit" });
});

it("a number option given a word is refused before any call, naming the option and the word", async () => {
  await expect(refusal(["run", "my-rsi", "-i", "AAPL", "-t", "1d", "--bars", "abc"])).resolves.toEqual({ code: 4, first: `Error invalid_request: option '--bars <n>' argument 'abc' is invalid. --bars takes a whole number.` });
  await expect(refusal(["sweep", "dip", "-i", "AAPL", "-t", "1d", "--grid", "len=7", "--horizons", "5,x"])).resolves.toEqual({ code: 4, first: `Error invalid_request: option '--horizons <list>' argument '5,x' is invalid. --horizons takes whole numbers separated by commas.` });
});

it("commander's own refusals (a missing option or argument, an unknown command) carry the code too", async () => {
  await expect(refusal(["run", "my-rsi"])).resolves.toEqual({ code: 4, first: "Error invalid_request: required option '-i, --instrument <symbols>' not specified" });
  await expect(refusal(["results"])).resolves.toEqual({ code: 4, first: "Error invalid_request: missing required argument 'run_id'" });
  await expect(refusal(["bogus"])).resolves.toEqual({ code: 4, first: "Error invalid_request: unknown command 'bogus'" });
});

it("a path that does not exist is not_found, named as given", async () => {
  await expect(refusal(["validate", "no-such-folder"])).resolves.toEqual({ code: 4, first: "Error not_found: no-such-folder: no such file or folder" });
});

it("a --format other than json or csv is refused before any call (it was answered as JSON)", async () => {
  await expect(refusal(["results", "run_x", "--format", "xml"])).resolves.toEqual({ code: 4, first: "Error invalid_request: option '--format <format>' argument 'xml' is invalid. Allowed choices are json, csv." });
  await expect(refusal(["events", "my-def", "--format", "tsv"])).resolves.toEqual({ code: 4, first: "Error invalid_request: option '--format <format>' argument 'tsv' is invalid. Allowed choices are json, csv." });
});
