// The API's operator surface over HTTP on a real API process: one route
// label for an answer and an error of the same route, and the queue dashboard's sign-in (token
// exchanged for an HttpOnly cookie by a redirect that drops it from the address) and run job
// names (account handle, script, instrument).
import { enqueueRun, createRedis, runsQueue } from "@barscript/queue";
import { newRunId } from "@barscript/db";
import { accountWithKey, type TestAccount } from "../support/clients";
import { createTestEnv, type TestEnv } from "../support/env";
import { spawnApi, type ApiProc } from "../support/processes";

jest.setTimeout(60_000);

const ADMIN_TOKEN = "operator-token-0123456789";
let env: TestEnv;
let api: ApiProc;
let url: string;
let alice: TestAccount;

beforeAll(async () => {
  env = await createTestEnv();
  api = await spawnApi({ ...env.processEnv, ADMIN_TOKEN });
  url = api.url;
  alice = await accountWithKey(env.db, "alice-ops");
});
afterAll(async () => {
  await api.kill();
  await env.close();
});

const metricLines = async (): Promise<string[]> => (await (await fetch(`${url}/metrics`)).text()).split("\n").filter((l) => l.startsWith("barscript_http_requests_total{"));

describe("the route label", () => {
  it("when one route answers 200 and refuses with 401 and 404, then all three carry the same route label", async () => {
    const auth = { authorization: `Bearer ${alice.key}` };
    expect((await fetch(`${url}/v1/me`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${url}/v1/me`, { headers: { authorization: "Bearer bsk_not_a_real_key_at_all_0000" } })).status).toBe(401);
    const missing = `run_${"A".repeat(24)}`;
    expect((await fetch(`${url}/v1/runs/${missing}/results`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${url}/v1/nothing-here`, { headers: auth })).status).toBe(404);
    const lines = await metricLines();
    expect(lines).toEqual(expect.arrayContaining([
      'barscript_http_requests_total{method="GET",route="/v1/me",status="200"} 1',
      'barscript_http_requests_total{method="GET",route="/v1/me",status="401"} 1',
      'barscript_http_requests_total{method="GET",route="/v1/runs/:run_id/results",status="404"} 1',
      'barscript_http_requests_total{method="GET",route="unmatched",status="404"} 1',
    ]));
    expect(lines.filter((l) => l.includes('route="/runs/') || l.includes(missing))).toEqual([]);
  });
});

describe("the queue dashboard", () => {
  it("when opened without the token or with a wrong one, then 401 in the error envelope", async () => {
    const none = await fetch(`${url}/admin/queues`, { redirect: "manual" });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    expect((await fetch(`${url}/admin/queues?token=wrong-token-000000`, { redirect: "manual" })).status).toBe(401);
  });

  it("when opened with ?token=, then a 303 to the address without it sets an HttpOnly cookie that is not the token", async () => {
    const res = await fetch(`${url}/admin/queues/queue/runs?token=${ADMIN_TOKEN}&status=waiting`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/queues/queue/runs?status=waiting");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^bs_admin=[\w-]{43}; Max-Age=43200; Path=\/admin\/queues; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toContain(ADMIN_TOKEN);
    const value = cookie.split(";")[0] as string;
    const page = await fetch(`${url}/admin/queues/queue/runs?status=waiting`, { headers: { cookie: value }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect((await fetch(`${url}/admin/queues`, { headers: { cookie: `bs_admin=${ADMIN_TOKEN}` } })).status).toBe(401);
    expect((await fetch(`${url}/admin/queues`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(200);
  });

  it("when a run waits in the queue, then the dashboard names its job by handle, script, instrument and timeframe", async () => {
    const id = newRunId();
    await env.db.run.create({ data: { id, accountId: alice.id, kind: "indicator", scriptOwnerId: alice.id, scriptSlug: "ema-cross", scriptVersion: 3, instrument: "AAPL", timeframe: "1d", inputs: {} } });
    const connection = createRedis(env.redisUrl, "command");
    const queue = runsQueue(connection, env.redisPrefix);
    try {
      await enqueueRun(queue, id);
      const res = await fetch(`${url}/admin/queues/api/queues?activeQueue=runs&status=waiting&page=1&jobsPerPage=10`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      const body = (await res.json()) as { queues: Array<{ name: string; jobs: Array<{ id: string; name: string }> }> };
      const runs = body.queues.find((q) => q.name === "runs");
      expect(runs?.jobs).toEqual([expect.objectContaining({ id, name: "alice-ops alice-ops/ema-cross@3 AAPL 1d" })]);
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      connection.disconnect();
    }
  });
});
