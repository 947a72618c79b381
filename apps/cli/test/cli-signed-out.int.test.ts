// The `barscript` CLI (its bundle, cli-harness.ts) as a real process against a real API, after `barscript logout`:
// with no key anywhere (no flag, no BARSCRIPT_API_KEY, no credentials file) a command the server
// refuses with 401 tells the person how the CLI gets a key, not which HTTP header to send.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, type ApiProc } from "../../../test/support/processes";
import { accountWithKey } from "../../../test/support/clients";
import { barscript as run, type Result } from "./cli-harness";

jest.setTimeout(120_000);

let env: TestEnv;
let api: ApiProc;
let dir: string;
let credentials: string;

/** The CLI with the API's address and the credentials file only: the key comes from the file. */
const barscript = (args: string[]): Promise<Result> => run(args, { BARSCRIPT_URL: `${api.url}/v1`, BARSCRIPT_CREDENTIALS: credentials }, dir);

beforeAll(async () => {
  env = await createTestEnv();
  api = await spawnApi(env.processEnv);
  dir = mkdtempSync(join(tmpdir(), "bs-cli-signed-out-"));
  credentials = join(dir, "credentials.json");
  const user = await accountWithKey(env.db, "signedout");
  // what `barscript login` saves (config.ts saveCredentials)
  writeFileSync(credentials, JSON.stringify({ base_url: `${api.url}/v1`, api_key: user.key }), { mode: 0o600 });
});
afterAll(async () => {
  await api?.kill();
  await env?.close();
});

it("after logout, whoami says to run `barscript login` (or set BARSCRIPT_API_KEY) and exits 3", async () => {
  const before = await barscript(["whoami"]);
  expect([before.code, JSON.parse(before.stdout).handle]).toEqual([0, "signedout"]);

  expect((await barscript(["logout"])).code).toBe(0);
  expect(existsSync(credentials)).toBe(false);

  const after = await barscript(["whoami"]);
  expect(after.code).toBe(3);
  expect(after.stdout).toBe("");
  expect(after.stderr).toBe("Error unauthorized: Not signed in: run `barscript login` or set BARSCRIPT_API_KEY.\n");
  expect(after.stderr).not.toContain("Authorization");
});

it("any other command refused for want of a key says the same", async () => {
  const listed = await barscript(["runs"]);
  expect(listed.code).toBe(3);
  expect(listed.stderr).toBe("Error unauthorized: Not signed in: run `barscript login` or set BARSCRIPT_API_KEY.\n");
});

it("a key that is given but refused keeps the server's message", async () => {
  const wrong = await run(["whoami"], { BARSCRIPT_URL: `${api.url}/v1`, BARSCRIPT_CREDENTIALS: credentials, BARSCRIPT_API_KEY: "bsk_wrong" }, dir);
  expect(wrong.code).toBe(3);
  expect(wrong.stderr).toMatch(/^Error unauthorized: /);
  expect(wrong.stderr).not.toContain("Not signed in");
});
