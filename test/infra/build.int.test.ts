// What the image runs, without Docker: `npm run build`'s bundles started as `node dist/<entry>.js`
// against an empty database. Migrate, `admin seed`, `admin demo`, an admitted account and its
// key, then /v1/me and a run through the built API and worker; the request log holds neither
// the key nor the cookie sent with it. The bundles are those the test run built once
// (test/support/bundles.ts), copied into the image's layout (./built).
//
// The cases of the second block build on each other's data (the database, the account, the
// key). jest retries a failed case after the block's other cases (test/support/retry-once.ts),
// so each attempt makes what it needs under names of its own: its own database for the migrate
// case, its own account, its own Redis prefix for the processes, its own key to revoke.
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";
import { ADMIN_URL, dropDatabase, urlFor } from "../support/databases";
import { REDIS_URL, TEST_APP_SECRET } from "../support/env";
import { ROOT, imageFromBundles, runBuilt, startBuilt, type Built, type BuiltProc } from "./built";
import { freePort } from "../support/processes";

jest.setTimeout(180_000);

let built: Built;
let env: Record<string, string>;
const databaseBase = `bs_t_build_${randomBytes(4).toString("hex")}`;
const databases: string[] = [];
const procs: BuiltProc[] = [];
/** Attempts of each case so far (a retried case makes new names). */
const tries = { migrate: 0, account: 0, processes: 0 };

/** The complete JSON lines of a process's output (a line still being written is left out). */
function jsonLines(output: string): Record<string, unknown>[] {
  return output.split("\n").slice(0, -1).filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
}

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  built = await imageFromBundles();
  env = {
    REDIS_URL,
    REDIS_PREFIX: `bst:${randomBytes(4).toString("hex")}:`,
    APP_SECRET: TEST_APP_SECRET,
    PUBLIC_URL: "http://localhost:8080",
    LOG_LEVEL: "info",
    NODE_ENV: "production",
  };
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop()));
  for (const database of databases) await dropDatabase(database);
  built?.remove();
});

interface Manifest { name?: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as Manifest;

describe("the build", () => {
  it("when built, then every third-party package a bundle requires is a production dependency", () => {
    const workspaces = ["apps", "packages"].flatMap((d) => readdirSync(join(ROOT, d)).map((name) => `${d}/${name}`));
    const production = new Set([".", ...workspaces].flatMap((dir) => {
      try {
        return Object.keys(manifestOf(dir).dependencies ?? {});
      } catch {
        return [];
      }
    }));
    expect(built.manifest.packages.length).toBeGreaterThan(5);
    expect(built.manifest.packages.filter((p) => !production.has(p))).toEqual([]);
    expect(built.manifest.packages).not.toContain("tsx");
    expect(built.manifest.packages.filter((p) => p.startsWith("@barscript/"))).toEqual([]);
  });

  it("when the Dockerfile is read, then its final stage installs production dependencies only and runs node dist/api.js as node", () => {
    const dockerfile = readFileSync(join(ROOT, "infra/Dockerfile"), "utf8");
    const stages = dockerfile.split(/^FROM /m);
    const last = stages[stages.length - 1] as string;
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(last).toMatch(/^USER node$/m);
    expect(last).toMatch(/^CMD \["node", "dist\/api\.js"\]$/m);
    expect(dockerfile).not.toMatch(/tsx/);
    expect(built.copied).toEqual(expect.arrayContaining(["prisma/migrations"]));
  });
});

describe("the built bundles on an empty database", () => {
  let key = "";
  let email = "";
  let handle = "";
  let api: BuiltProc & { url: string };
  let metricsPort = 0;

  it("when migrate, admin seed and admin demo run, then they succeed and seed again without change", async () => {
    // An empty database of this attempt's own.
    const database = `${databaseBase}_${++tries.migrate}`;
    await admin(`CREATE DATABASE "${database}"`);
    databases.push(database);
    env = { ...env, DATABASE_URL: urlFor(database) };
    const migrated = runBuilt(built.outdir, "migrate", [], env);
    expect(migrated).toMatchObject({ code: 0 });
    // Every migration folder of the repository, applied now.
    const folders = readdirSync(join(ROOT, "prisma/migrations"), { withFileTypes: true }).filter((d) => d.isDirectory()).length;
    const [, applied, already] = /migrations applied: (\d+), already applied: (\d+)/.exec(migrated.stdout) ?? [];
    expect([Number(applied), Number(already)]).toEqual([folders, 0]);

    const seeded = runBuilt(built.outdir, "admin", ["seed"], env);
    expect(seeded.stderr).toBe("");
    expect(seeded.stdout.split("\n")).toEqual(expect.arrayContaining(["seeded plans", "seeded core library"]));
    expect(runBuilt(built.outdir, "admin", ["seed"], env).code).toBe(0);

    const demo = runBuilt(built.outdir, "admin", ["demo"], env);
    expect(demo.stderr).toBe("");
    expect(demo.stdout).toMatch(/^AAPL: \d+ bars read, instrument created/m);
    expect(demo.stdout).toMatch(/created account demo@example\.com \(handle=demo status=active plan=pro\)/);
    expect(runBuilt(built.outdir, "admin", ["demo"], env).stdout).toMatch(/account demo@example\.com exists/);
  });

  it("when an operator creates an admitted account and a key, then the built CLI prints the key", () => {
    const n = ++tries.account;
    email = `ops${n}@example.com`;
    handle = `ops${n}`;
    const created = runBuilt(built.outdir, "admin", ["account", "create", "--email", email, "--password", "long-enough-password", "--handle", handle, "--plan", "starter", "--admit"], env);
    expect(created.stderr).toBe("");
    expect(created.stdout).toMatch(new RegExp(`^created ops${n}@example\\.com handle=ops${n} id=acc_\\w+ status=active plan=starter$`, "m"));
    const made = runBuilt(built.outdir, "admin", ["key", "create", "--email", email, "--scopes", "read,runs:write"], env);
    expect(made.code).toBe(0);
    key = made.stdout.trim();
    expect(key).toMatch(/^bsk_\w{20,}$/);
  });

  it("when the built API and worker start, then /v1/me answers and an indicator run succeeds", async () => {
    // A retried attempt: the first attempt's processes go, and this attempt's get a Redis prefix
    // of their own, so the queue's counts are this attempt's alone.
    await Promise.all(procs.splice(0).map((p) => p.stop()));
    const processEnv = { ...env, REDIS_PREFIX: `${env["REDIS_PREFIX"] ?? ""}${++tries.processes}:` };
    metricsPort = await freePort();
    const [started, worker] = await Promise.all([
      // One validation thread (it still loads dist/validation-thread.js): the validate case's one validation.
      startBuilt(built.outdir, "api", { ...processEnv, PORT: "0", METRICS_PORT: String(metricsPort), VALIDATION_THREADS: "1" }, /listening on (\d+)/),
      // One sandbox thread (it still loads dist/thread.js): the run below is this worker's only one.
      startBuilt(built.outdir, "worker", { ...processEnv, METRICS_PORT: "0", WORKER_CONCURRENCY: "1" }, /worker started/),
    ]);
    api = { ...started, url: `http://127.0.0.1:${String(started.match[1])}` };
    procs.push(api, worker);

    const me = await fetch(`${api.url}/v1/me`, { headers: { authorization: `Bearer ${key}`, cookie: "bs_session=cookie-marker-7f3a" } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ handle, email, status: "active", plan: { name: "starter" } });

    // AAPL's demo bars, 2012: the NYSE traded on 250 days that year (closed 29-30 October, Sandy).
    const run = await fetch(`${api.url}/v1/runs`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ script: { owner: "core", slug: "rsi" }, instrument: "AAPL", timeframe: "1d", from: "2012-01-01T00:00:00Z", to: "2012-12-31T23:59:59Z", wait: 30 }),
    });
    const body = (await run.json()) as { status: string; window: { bars: number }; summary: { outputs: number } };
    expect(body).toMatchObject({ status: "succeeded", window: { bars: 250 } });
  });

  it("when a script is validated through the built API, then its validation thread answers with the interface", async () => {
    // The API's validation pool loads dist/validation-thread.js; the worker's sandbox thread (dist/thread.js) cannot validate.
    const r = await fetch(`${api.url}/v1/scripts/validate`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ files: [{ path: "main.pine", content: "//@version=6\nindicator(\"x\")\nplot(close)\n" }] }),
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ valid: true, diagnostics: [], interface: { outputs: [{ name: "plot_0", type: "float" }] } });
  });

  it("when requests were logged, then the log has neither the key nor the cookie, and /readyz reports both stores", async () => {
    // A password in a form body and a device code in a query: neither may reach the log either.
    const mark = api.output().length;
    await fetch(`${api.url}/login`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `email=${encodeURIComponent(email)}&password=password-marker-91c2`, redirect: "manual" });
    await fetch(`${api.url}/device?user_code=DEVCODE-MARKER-5B`, { redirect: "manual" });
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", postgres: true, redis: true });
    // A request's line is written when its response has finished: it can reach the pipe after the
    // client has its answer, so the two lines of this attempt are waited for.
    const signIn = (l: Record<string, unknown>): boolean => l["msg"] === "request" && (l["route"] === "/login" || l["route"] === "/device");
    const deadline = Date.now() + 10_000;
    while (jsonLines(api.output().slice(mark)).filter(signIn).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const log = api.output();
    const lines = jsonLines(log);
    const me = lines.filter((l) => l["msg"] === "request" && l["route"] === "/v1/me" && l["status"] === 200);
    expect(me).toHaveLength(1);
    expect(me[0]).toEqual({
      level: 30, time: expect.any(Number), service: "api", msg: "request",
      req_id: expect.stringMatching(/^[0-9a-f-]{36}$/), method: "GET", route: "/v1/me", status: 200, duration_ms: expect.any(Number), account_id: expect.stringMatching(/^acc_/),
    });
    expect(lines.filter((l) => l["msg"] === "request" && l["route"] === "/v1/runs" && l["method"] === "POST" && l["status"] === 202)).toHaveLength(1);
    expect(log).not.toContain(key);
    expect(log).not.toContain(key.slice(4, 16));
    expect(log).not.toContain("cookie-marker-7f3a");
    expect(log).not.toContain("password-marker-91c2");
    expect(log).not.toContain("DEVCODE-MARKER-5B");
    expect(jsonLines(log.slice(mark)).filter(signIn)).toHaveLength(2);
    expect(log).not.toMatch(/authorization|"headers"/i);
  });

  it("when the operator revokes a key with the built CLI, then the API refuses its next call", async () => {
    // A key of this attempt's own (the other cases' key stays valid for their retries), which the
    // API takes until it is revoked. Not /v1/me: the metrics case counts that route's 200s.
    const made = runBuilt(built.outdir, "admin", ["key", "create", "--email", email, "--scopes", "read"], env);
    expect(made.code).toBe(0);
    const revocable = made.stdout.trim();
    expect(revocable).toMatch(/^bsk_\w{20,}$/);
    expect((await fetch(`${api.url}/v1/runs?limit=1`, { headers: { authorization: `Bearer ${revocable}` } })).status).toBe(200);
    const revoked = runBuilt(built.outdir, "admin", ["key", "revoke", "--email", email, "--key", revocable.slice(0, 12)], env);
    expect(revoked.stdout).toMatch(/^revoked key_\w+ prefix=/);
    const me = await fetch(`${api.url}/v1/me`, { headers: { authorization: `Bearer ${revocable}` } });
    expect(me.status).toBe(401);
  });

  it("when METRICS_PORT is set, then /metrics answers there with the request counts and not on the public port", async () => {
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(text).toMatch(/^barscript_http_requests_total\{method="GET",route="\/v1\/me",status="200"\} 1$/m);
    expect(text).toMatch(/^barscript_queue_jobs\{queue="runs",state="completed"\} 1$/m);
  });
});
