// Messages as a CLI or MCP user reads them (the API's own words, passed through), checked over
// HTTP (docs/adr/0316-clients-used-from-outside-four.md, fifth pass); each failed on the tree before:
// - a missing docs topic said "GET /v1/docs lists them": a CLI or MCP user lists topics otherwise
//   (`barscript docs`, read_docs with no topic), so the message names the docs index neutrally;
// - a slug of the wrong shape answered a raw regex ("must match ^[a-z0-9][a-z0-9-]{0,62}$", or
//   "Invalid string: must match pattern /…/" where a run names its script): it says in words what a
//   slug may contain.
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  client = await h.setupWithScripts({ close: `//@version=6\nindicator("Close")\nplot(close, "c")\n` });
});
afterAll(() => h.teardown());

const SLUG_WORDS = "a slug is 1 to 63 lowercase letters (a-z), digits or dashes, starting with a letter or a digit";

test("a docs topic that does not exist: 404 that names the docs index, not one client's way of listing it", async () => {
  const r = await client.call("GET", "/docs/no-such-topic");
  expect(r.status).toBe(404);
  expect(r.json.error).toEqual({ code: "not_found", message: 'No docs topic "no-such-topic"; the docs index lists every topic.' });
});

test("a slug of the wrong shape is said in words wherever a slug is taken (create, rename, a run's script)", async () => {
  const create = await client.call("POST", "/scripts", { slug: "My Script", files: [{ path: "main.pine", content: "//@version=6\nindicator(\"x\")\nplot(close)\n" }] });
  expect([create.status, create.json.error.message]).toEqual([400, `Field \`slug\`: ${SLUG_WORDS}.`]);
  const rename = await client.call("PATCH", "/scripts/close", { slug: "-close" });
  expect([rename.status, rename.json.error.message]).toEqual([400, `Field \`slug\`: ${SLUG_WORDS}.`]);
  const run = await client.call("POST", "/runs", { script: "Close", instrument: "AAPL", timeframe: "1d", bars: 10 });
  expect([run.status, run.json.error.message]).toEqual([400, `Field \`script\`: ${SLUG_WORDS}.`]);
  const pinned = await client.call("POST", "/runs", { script: { slug: "close!", version: 1 }, instrument: "AAPL", timeframe: "1d", bars: 10 });
  expect([pinned.status, pinned.json.error.message]).toEqual([400, `Field \`script.slug\`: ${SLUG_WORDS}.`]);
});
