// docs/operations.md "Logs": JSON, one object a line. During a Redis outage the API and the worker
// printed each reconnect failure of their BullMQ queues as a raw multi-line stack trace
// (`Error: connect ECONNREFUSED` and eight more lines, about 100 in 20 s), which a log pipeline
// parsing JSON lines cannot read; and a worker sent SIGTERM then never exited. Redis is down from
// the start here: a port nothing listens on.
import { createTestEnv, type TestEnv } from "../support/env";
import { freePort, spawnApi, spawnWorker, type ApiProc, type Proc } from "../support/processes";

jest.setTimeout(90_000);

let env: TestEnv;
let api: ApiProc;
let worker: Proc;

// The plain lines the processes print on purpose (tests and operators wait for them).
const PLAIN = /^(listening on \d+|metrics on \d+|worker started)$/;

const rawLines = (output: string): string[] => output.split("\n").filter((line) => line.trim() !== "" && !PLAIN.test(line) && !isJson(line));
function isJson(line: string): boolean {
  try {
    return typeof JSON.parse(line) === "object";
  } catch {
    return false;
  }
}

const until = async (done: () => boolean): Promise<void> => {
  while (!done()) await new Promise((r) => setTimeout(r, 200));
};

beforeAll(async () => {
  env = await createTestEnv();
  const redisDown = `redis://127.0.0.1:${await freePort()}`;
  api = await spawnApi({ ...env.processEnv, REDIS_URL: redisDown });
  worker = await spawnWorker({ ...env.processEnv, REDIS_URL: redisDown });
});
afterAll(async () => {
  await api?.kill("SIGKILL");
  await worker?.kill("SIGKILL");
  await env.close();
});

describe("logs while Redis is down", () => {
  it("when the API and the worker cannot reach Redis, then they answer busy and every line they print is one JSON object", async () => {
    const me = await fetch(`${api.url}/v1/me`, { headers: { authorization: "Bearer bsk_not_a_real_key_at_all_0000" } });
    expect(me.status).toBe(503);
    // The worker logs each failed connection of its BullMQ workers as JSON (`worker error`);
    // wait for several, so the queues' own reconnects have failed too.
    await until(() => (worker.output().match(/"msg":"worker error"/g) ?? []).length >= 6);
    await until(() => (api.output().match(/"status":503/g) ?? []).length >= 1);
    expect(rawLines(worker.output()).slice(0, 5)).toEqual([]);
    expect(rawLines(api.output()).slice(0, 5)).toEqual([]);
  });

  it("when the worker is sent SIGTERM during the outage, then it stops and exits 0 (BullMQ's close waited for Redis forever)", async () => {
    const child = worker.child;
    const exited = child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
