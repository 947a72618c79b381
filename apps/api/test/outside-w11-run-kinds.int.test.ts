// GET /v1/runs?kind= used from outside (docs/adr/0357-run-kinds-and-the-run-form-default.md): a run
// is of the kind of the script it ran, and only indicators, definitions and studies run (a library
// is imported, never run), so the filter takes those three; any other value, `library` included, is
// an unknown value of an enumerated filter: 400 invalid_request in the error envelope
// (docs/reference/errors.md), as `status=bogus` is. `library` was taken and answered an empty list.
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  client = await h.setupWithScripts({ close: `//@version=6\nindicator("Close")\nplot(close, "c")\n` });
  const run = await client.call("POST", "/runs", { script: "close", instrument: "AAPL", timeframe: "1d", bars: 10, wait: 30 });
  expect(run.status).toBe(202);
});
afterAll(() => h.teardown());

test("kind=library, a kind no run has, is refused 400 invalid_request naming the parameter and the run kinds", async () => {
  const r = await client.call("GET", "/runs?kind=library");
  expect(r.status).toBe(400);
  expect(Object.keys(r.json)).toEqual(["error"]);
  expect(r.json.error.code).toBe("invalid_request");
  expect(r.json.error.message).toContain("kind");
  for (const k of ["indicator", "definition", "study"]) expect(r.json.error.message).toContain(k);
  expect(r.json.error.message).not.toContain("library");
});

test("unknown and empty kinds are refused the same way", async () => {
  for (const q of ["kind=bogus", "kind=", "kind=Indicator", "kind=indicator,study"]) {
    const r = await client.call("GET", `/runs?${q}`);
    expect([q, r.status, r.json.error?.code]).toEqual([q, 400, "invalid_request"]);
  }
});

test("the three run kinds filter as before", async () => {
  const indicator = await client.call("GET", "/runs?kind=indicator");
  expect(indicator.status).toBe(200);
  expect((indicator.json.data as Array<{ kind: string }>).map((r) => r.kind)).toEqual(["indicator"]);
  for (const k of ["definition", "study"]) {
    const r = await client.call("GET", `/runs?kind=${k}`);
    expect([k, r.status, r.json.data]).toEqual([k, 200, []]);
  }
});

test("the OpenAPI document lists the run kinds, not the script kinds, for GET /runs", async () => {
  const doc = (await (await fetch(`${h.api.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters: Array<{ name: string; schema?: { enum?: string[] } }> }>> };
  const kind = doc.paths["/v1/runs"]?.["get"]?.parameters.find((p) => p.name === "kind");
  expect(kind?.schema?.enum).toEqual(["indicator", "definition", "study"]);
});
