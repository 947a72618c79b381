// A whole service for the system tests: its own database and Redis prefix, AAPL daily bars,
// real API and worker processes (optionally reaching Postgres and Redis through TCP proxies the
// test controls), and accounts on plans of the test's figures.
import { join } from "node:path";
import { createAccount, createApiKey, createScript, createScriptResolver, filesDigest } from "@barscript/db";
import { validate } from "@barscript/lang";
import { importFile } from "@barscript/marketdata";
import { createTestEnv, type TestEnv } from "../../support/env";
import { spawnApi, spawnWorker, type ApiProc, type Proc } from "../../support/processes";
import { startProxy, type TcpProxy } from "./proxy";

export const AAPL_FILE = join(__dirname, "../../../packages/marketdata/demo/AAPL.csv");

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are inspected freely
}

export async function call(base: string, key: string | null, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  const init: RequestInit = { method, headers, signal: AbortSignal.timeout(70_000) };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export interface PlanFigures {
  concurrentRuns?: number;
  concurrentWaits?: number;
  concurrentHeavy?: number;
  runTimeLimitSeconds?: number;
  requestsPerMinute?: number;
  computeUnitsPerMonth?: number;
}

export interface Account {
  id: string;
  handle: string;
  key: string;
}

export interface StackOptions {
  /** API and workers reach Postgres and Redis through proxies (fault tests). */
  proxied?: boolean;
  apis?: number;
  workers?: number;
  workerConcurrency?: number;
  /** More environment for every worker the stack starts (docs/configuration.md), e.g. a shorter RECONCILE_EVERY_SECONDS. */
  workerEnv?: Record<string, string>;
}

export class Stack {
  env!: TestEnv;
  apis: ApiProc[] = [];
  workers: Proc[] = [];
  pg: TcpProxy | null = null;
  redis: TcpProxy | null = null;
  private accounts = 0;
  private processEnv: Record<string, string> = {};
  private workerEnv: Record<string, string> = {};

  async start(options: StackOptions = {}): Promise<void> {
    this.env = await createTestEnv();
    this.processEnv = { ...this.env.processEnv };
    this.workerEnv = options.workerEnv ?? {};
    if (options.proxied) {
      this.pg = await startProxy("127.0.0.1", Number(new URL(this.env.databaseUrl).port || 5432));
      this.redis = await startProxy("127.0.0.1", Number(new URL(this.env.redisUrl).port || 6379));
      const db = new URL(this.env.databaseUrl);
      db.host = `127.0.0.1:${this.pg.port}`;
      this.processEnv["DATABASE_URL"] = db.toString();
      this.processEnv["REDIS_URL"] = this.redis.url("redis");
    }
    // The bars are imported while the processes start (no process reads them before a run).
    const [apis, workers] = await Promise.all([
      Promise.all(Array.from({ length: options.apis ?? 1 }, () => this.spawnApi())),
      Promise.all(Array.from({ length: options.workers ?? 1 }, () => this.spawnWorker(options.workerConcurrency ?? 2))),
      importFile(this.env.db, { symbol: "AAPL", timeframe: "1d", file: AAPL_FILE, format: "bokeh", meta: { name: "Apple Inc.", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } }),
    ]);
    this.apis = apis;
    this.workers = workers;
  }

  get api(): ApiProc {
    return this.apis[0] as ApiProc;
  }

  spawnApi(): Promise<ApiProc> {
    return spawnApi({ ...this.processEnv, LOG_LEVEL: "silent" });
  }

  spawnWorker(concurrency = 2): Promise<Proc> {
    return spawnWorker({ ...this.processEnv, LOG_LEVEL: "silent", WORKER_CONCURRENCY: String(concurrency), ...this.workerEnv });
  }

  async stop(): Promise<void> {
    await Promise.all([...this.apis, ...this.workers].map((p) => p.kill("SIGKILL")));
    await this.pg?.close();
    await this.redis?.close();
    await this.env?.close();
  }

  /** An admitted account on its own plan (a copy of `pro` with the figures given) and a key with every scope. */
  async account(figures: PlanFigures = {}): Promise<Account> {
    const n = ++this.accounts;
    const plan = `sys-${n}`;
    const pro = await this.env.db.plan.findUniqueOrThrow({ where: { name: "pro" } });
    await this.env.db.plan.create({ data: { ...pro, name: plan, ...figures } });
    const account = await createAccount(this.env.db, { email: `sys${n}@example.com`, password: "a long enough password", handle: `sys-${n}`, plan, admit: true });
    const key = await createApiKey(this.env.db, { accountId: account.id, name: "sys", scopes: ["read", "scripts:write", "runs:write"], expiresAt: null });
    return { id: account.id, handle: account.handle, key: key.secret };
  }

  /** Stores a script for the account after the real validation. */
  async script(account: Account, slug: string, source: string): Promise<void> {
    const files = [{ path: "main.pine", content: source }];
    const result = await validate(files, { resolver: createScriptResolver(this.env.db, { accountId: account.id, handle: account.handle }) });
    if (!result.valid || !result.interface || !result.kind) throw new Error(`script ${slug} is invalid: ${JSON.stringify(result.diagnostics)}`);
    await createScript(this.env.db, {
      ownerId: account.id,
      slug,
      files,
      digest: filesDigest(files),
      derived: { kind: result.kind, title: result.title ?? slug, interface: result.interface, dependencies: result.dependencies },
    });
  }

  /** Statuses of the runs, read from Postgres (not through the API). */
  async statuses(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.env.db.run.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } });
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  /** Waits until every run is final (read from Postgres); answers those still not final after `ms`. */
  async untilFinal(ids: string[], ms: number): Promise<string[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const statuses = await this.statuses(ids);
      const open = ids.filter((id) => !["succeeded", "failed", "cancelled"].includes(statuses.get(id) ?? "missing"));
      if (open.length === 0 || Date.now() > deadline) return open;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export const SMALL = `//@version=6
indicator("small")
plot(ta.sma(close, 10), "sma")
`;

/** A few seconds of work over 2,000 bars: runs that are still in flight when a test acts. */
export const STEADY = `//@version=6
indicator("steady")
float x = 0.0
for i = 0 to 200000
    x += i % 7
plot(x + close, "x")
`;
