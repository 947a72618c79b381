// Conformance to docs/reference/ checked over HTTP as an outside client would, ninth round. Each
// case failed on the tree before its fix:
// - the endpoints that take no body (cancel a run or a sweep, revoke the key used, delete a script
//   or a definition's events) ignored one: `{"reason": ...}` on a cancel was dropped,
//   `{"key_id": ...}` on /auth/revoke revoked the key sending it, `{"version": 2}` on a script's
//   DELETE deleted every version, `{"before": ...}` on the events' DELETE deleted them all; README
//   and docs/adr/0186 say a field an endpoint does not take is refused, not ignored
//   (docs/adr/0352).
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;
let runId: string;
let sweepId: string;

const files = (content: string): Array<{ path: string; content: string }> => [{ path: "main.pine", content }];
const INDICATOR = `//@version=6\nindicator("Close")\nplot(close, "c")\n`;
const DEFINITION = `//@version=6\ndefinition("Up")\nn = input.int(1, "N")\nalertcondition(close > close[n], "up")\n`;

beforeAll(async () => {
  await h.setup();
  client = (await h.account()).client;
  expect((await client.call("POST", "/scripts", { slug: "close", files: files(INDICATOR) })).status).toBe(201);
  expect((await client.call("POST", "/scripts", { slug: "up", files: files(DEFINITION) })).status).toBe(201);
  const run = await client.start({ script: "close", instrument: "AAPL", timeframe: "1d", bars: 20, wait: 60 });
  runId = run.json.id as string;
  expect((await client.call("POST", "/scripts/up/collect", { instrument: "AAPL", timeframe: "1d", bars: 50, wait: 60 })).status).toBe(202);
  const sweep = await client.call("POST", "/sweeps", { definition: "up", instruments: ["AAPL"], timeframe: "1d", bars: 50, grid: { n: [1, 2] }, horizons: [1], wait: 60 });
  sweepId = sweep.json.id as string;
});
afterAll(() => h.teardown());

describe("an endpoint that takes no body refuses one naming a field, as the others refuse a field they do not take", () => {
  it.each([
    ["a run's cancel", "POST", () => `/runs/${runId}/cancel`, { reason: "too slow" }, "reason"],
    ["a sweep's cancel", "POST", () => `/sweeps/${sweepId}/cancel`, { reason: "too slow" }, "reason"],
  ])("when %s carries a field, then 400 invalid_request names it; no body or {} is taken (the field was dropped)", async (_name, method, path, body, field) => {
    const refused = await client.call(method, path(), body);
    expect([refused.status, refused.json]).toEqual([400, { error: { code: "invalid_request", message: `Field \`${field}\` is not a field of this request (it takes no body).` } }]);
    expect((await client.call(method, path())).status).toBe(200);
    expect((await client.call(method, path(), {})).status).toBe(200);
  });

  it("when /auth/revoke is sent another key's id, then it is 400 and the key sending it still works (it was revoked)", async () => {
    const other = await h.account();
    const refused = await other.client.call("POST", "/auth/revoke", { key_id: "key_000000000000000000000000" });
    expect([refused.status, refused.json.error.code, refused.json.error.message]).toEqual([400, "invalid_request", "Field `key_id` is not a field of this request (it takes no body)."]);
    expect((await other.client.call("GET", "/me")).status).toBe(200);
    expect((await other.client.call("POST", "/auth/revoke")).status).toBe(204);
    expect((await other.client.call("GET", "/me")).status).toBe(401);
  });

  it("when a script's DELETE carries {\"version\": 1}, then it is 400 and the script keeps its versions (it was deleted)", async () => {
    const refused = await client.call("DELETE", "/scripts/close", { version: 1 });
    expect([refused.status, refused.json.error.message]).toEqual([400, "Field `version` is not a field of this request (it takes no body)."]);
    expect((await client.call("GET", "/scripts/close")).status).toBe(200);
  });

  it("when the events' DELETE carries a filter in its body, then it is 400 and no event is deleted (all were)", async () => {
    const before = await client.call("GET", "/scripts/up/events?limit=1000");
    expect(before.json.events.length).toBeGreaterThan(0);
    const refused = await client.call("DELETE", "/scripts/up/events", { before: "2013-02-01T00:00:00Z" });
    expect([refused.status, refused.json.error.message]).toEqual([400, "Field `before` is not a field of this request (it takes no body)."]);
    expect((await client.call("GET", "/scripts/up/events?limit=1000")).json.events).toHaveLength(before.json.events.length);
  });

  it("when the body is not an object, then it is 400 saying the request takes none", async () => {
    const refused = await client.call("POST", `/runs/${runId}/cancel`, [1]);
    expect([refused.status, refused.json.error.message]).toEqual([400, "Request body: this request takes no body; send none or {}."]);
  });
});
