// An API process told to stop (a rollout's SIGTERM) while a caller's long poll (`wait`) is held:
// the caller gets the run as it is, at once (docs/operations.md "Kubernetes"). It used to be cut
// without an answer after 10 s: behind the ingress a 502 for a run that had been made, which a
// caller without an Idempotency-Key retried into a second run.
import { accountWithKey, importAapl, type TestAccount } from "../support/clients";
import { createTestEnv, type TestEnv } from "../support/env";
import { spawnApi, type ApiProc } from "../support/processes";

jest.setTimeout(90_000);

let env: TestEnv;
let api: ApiProc;
let alice: TestAccount;

beforeAll(async () => {
  env = await createTestEnv();
  await importAapl(env.db);
  alice = await accountWithKey(env.db, "alice-shutdown");
  // No worker: the run stays queued and the long poll is held until the API stops.
  api = await spawnApi(env.processEnv);
});
afterAll(async () => {
  await api?.kill("SIGKILL");
  await env.close();
});

describe("an API stopping with long polls held", () => {
  it("when the API gets SIGTERM while POST /runs waits, then the caller gets 202 with the run queued and the process exits 0", async () => {
    const headers = { authorization: `Bearer ${alice.key}`, "content-type": "application/json" };
    const script = { slug: "closes", files: [{ path: "main.pine", content: '//@version=6\nindicator("Closes")\nplot(close, "c")\n' }] };
    expect((await fetch(`${api.url}/v1/scripts`, { method: "POST", headers, body: JSON.stringify(script) })).status).toBe(201);
    const held = fetch(`${api.url}/v1/runs`, {
      method: "POST",
      headers,
      body: JSON.stringify({ script: "closes", instrument: "AAPL", timeframe: "1d", wait: 60 }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { id: string; status: string } }), (error: unknown) => ({ status: 0, body: { id: "", status: String(error) } }));
    // The run exists once its POST is holding: then the process is told to stop.
    for (;;) {
      const list = (await (await fetch(`${api.url}/v1/runs`, { headers })).json()) as { data: Array<{ id: string }> };
      if (list.data.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const exited = new Promise<number | null>((done) => api.child.once("exit", (code) => done(code)));
    api.child.kill("SIGTERM");
    const answer = await held;
    expect(answer.status).toBe(202);
    expect(answer.body.status).toBe("queued");
    expect(await exited).toBe(0);
  });
});
