// The SDK against a real API and worker: operations by name, the Idempotency-Key replay, every
// page joined, CSV and markdown, and refusals as ClientError with the envelope's code.
import { Barscript, ClientError } from "../src";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, spawnWorker, type ApiProc, type Proc } from "../../../test/support/processes";
import { accountWithKey, importAapl } from "../../../test/support/clients";

const SMA = "//@version=6\nindicator(\"SMA 3\")\nplot(ta.sma(close, 3), \"sma\")\n";

describe("@barscript/sdk", () => {
  let env: TestEnv;
  let api: ApiProc;
  let worker: Proc;
  let sdk: Barscript;

  beforeAll(async () => {
    env = await createTestEnv();
    [api, worker] = await Promise.all([spawnApi(env.processEnv), spawnWorker(env.processEnv)]);
    const user = await accountWithKey(env.db, "sdker");
    await importAapl(env.db);
    sdk = new Barscript({ baseUrl: `${api.url}/v1`, apiKey: user.key });
  });
  afterAll(async () => {
    await Promise.all([api?.kill(), worker?.kill()]);
    await env?.close();
  });

  it("when a script is saved and run with an Idempotency-Key twice, then the second answer replays the first run", async () => {
    const script = await sdk.call("createScript", { body: { slug: "sma-three", files: [{ path: "main.pine", content: SMA }] } });
    expect(script).toMatchObject({ slug: "sma-three", latest_version: 1 });
    const body = { script: "sma-three", instrument: "AAPL", timeframe: "1d", bars: 120, wait: 30 };
    const first = await sdk.response("createRun", { body, idempotencyKey: "sdk-test-1" });
    expect(first.status).toBe(202);
    expect(first.headers.get("ratelimit-limit")).toMatch(/^\d+$/);
    const again = await sdk.response("createRun", { body, idempotencyKey: "sdk-test-1" });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
  });

  it("when results are read page by page, then all() equals the pages joined and the CSV has one row per point", async () => {
    const run = (await sdk.all("listRuns"))[0];
    if (!run) throw new Error("no run");
    const done = await sdk.call("getRun", { path: { run_id: run.id }, query: { wait: "30" } });
    expect(done.status).toBe("succeeded");
    const pages: unknown[] = [];
    for await (const page of sdk.pages("getRunResults", { path: { run_id: run.id }, query: { limit: 25 } })) {
      expect("outputs" in page && page.outputs.length).toBeLessThanOrEqual(25);
      if ("outputs" in page) pages.push(...page.outputs);
    }
    expect(pages).toHaveLength(120);
    expect(await sdk.all("getRunResults", { path: { run_id: run.id } })).toEqual(pages);
    const csv = await sdk.text("getRunResults", { path: { run_id: run.id }, query: { format: "csv" } });
    expect(csv.trim().split("\n")).toHaveLength(121);
  });

  it("when a docs topic is read, then it is markdown text", async () => {
    const topics = await sdk.call("listDocs");
    const topic = topics.data[0]?.topic ?? "";
    expect(await sdk.text("getDoc", { path: { topic } })).toMatch(/^#/m);
  });

  it("when the API refuses, then the call rejects with ClientError carrying the code and status", async () => {
    const refused = await sdk.call("getRun", { path: { run_id: "run_000000000000000000000000" } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ClientError);
    expect(refused).toMatchObject({ code: "not_found", status: 404 });
    const invalid = await sdk.call("createScript", { body: { slug: "bad", files: [{ path: "main.pine", content: "//@version=6\nindicator(\"x\")\nplot(nope)\n" }] } }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: "script_invalid", status: 422 });
    expect((invalid as ClientError).diagnostics?.length).toBeGreaterThan(0);
  });
});
