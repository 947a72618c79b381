// Shared setup of the run tests: a test database and Redis prefix, real API and worker
// processes, accounts on test plans, AAPL daily bars imported with the real import code, and
// scripts stored through the scripts service after validation by the real language package.
import { join } from "node:path";
import { createAccount, createApiKey } from "@barscript/db";
import { createScript, createScriptResolver, filesDigest } from "@barscript/db";
import { validate } from "@barscript/lang";
import { importFile } from "@barscript/marketdata";
import { Barscript } from "@barscript/sdk";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, spawnWorker, type ApiProc, type Proc } from "../../../test/support/processes";

export const AAPL_FILE = join(__dirname, "../../../packages/marketdata/demo/AAPL.csv");
/** The password of every account the harness makes (browser tests sign in with it). */
export const ACCOUNT_PASSWORD = "a long enough password";

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are inspected freely
}

export class Client {
  /** The SDK over packages/client: `call` sends as is (no retry, any status), pages follow cursors. */
  private readonly sdk: Barscript;

  constructor(readonly base: string, readonly key: string) {
    this.sdk = new Barscript({ baseUrl: `${base}/v1`, apiKey: key });
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const { status, headers: answerHeaders, text } = await this.sdk.client.raw(method, path, { body, headers });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status, headers: answerHeaders, text, json };
  }

  start(body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.call("POST", "/runs", body, headers);
  }

  /** Every output point of a run's results, paged `limit` at a time (each page answers 200). */
  async allPoints(id: string, limit = 50_000): Promise<Array<Record<string, number | null>>> {
    const points: Array<Record<string, number | null>> = [];
    for await (const page of this.sdk.pages("getRunResults", { path: { run_id: id }, query: { limit } }, { retry: "none" })) {
      expect("outputs" in page).toBe(true);
      if ("outputs" in page) points.push(...(page.outputs as Array<Record<string, number | null>>));
    }
    return points;
  }

  /** Polls with long polls until the run is final. */
  async final(id: string, seconds = 60): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      const r = await this.call("GET", `/runs/${id}?wait=10`);
      if (r.status !== 200) throw new Error(`GET run ${id}: ${r.status} ${r.text}`);
      if (!["queued", "running"].includes(r.json.status as string)) return r.json;
      if (Date.now() > deadline) throw new Error(`run ${id} still ${r.json.status}`);
    }
  }
}

export interface PlanOverrides {
  concurrentRuns?: number;
  concurrentWaits?: number;
  concurrentHeavy?: number;
  runTimeLimitSeconds?: number;
  computeUnitsPerMonth?: number;
  eventsPerMonth?: number;
  historyStart?: Date | null;
  requestsPerMinute?: number;
}

export class RunsHarness {
  env!: TestEnv;
  api!: ApiProc;
  workers: Proc[] = [];
  private accounts = 0;

  async setup(options: { workers?: number; workerEnv?: Record<string, string> } = {}): Promise<void> {
    this.env = await createTestEnv();
    // The bars are imported while the processes start (neither needs the other until a run).
    // Each process is kept as it comes up and every start is waited for, so when one fails the
    // others are still there for teardown to stop (a worker left running kept jest from exiting).
    const starts = await Promise.allSettled([
      importFile(this.env.db, { symbol: "AAPL", timeframe: "1d", file: AAPL_FILE, format: "bokeh", meta: { name: "Apple Inc.", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } }),
      spawnApi(this.env.processEnv).then((api) => { this.api = api; }),
      ...Array.from({ length: options.workers ?? 1 }, () => this.spawnWorker(options.workerEnv).then((worker) => { this.workers.push(worker); })),
    ]);
    const failed = starts.find((start): start is PromiseRejectedResult => start.status === "rejected");
    if (failed) throw failed.reason;
  }

  spawnWorker(extra: Record<string, string> = {}): Promise<Proc> {
    return spawnWorker({ WORKER_CONCURRENCY: "4", ...this.env.processEnv, ...extra });
  }

  async teardown(): Promise<void> {
    await Promise.all([this.api?.kill(), ...this.workers.map((w) => w.kill())]);
    await this.env?.close();
  }

  /** setup(), then one account holding `scripts` (slug to source): its client. */
  async setupWithScripts(scripts: Record<string, string>): Promise<Client> {
    await this.setup();
    const a = await this.account();
    for (const [slug, source] of Object.entries(scripts)) await this.script(a, slug, source);
    return a.client;
  }

  /** An admitted account on its own plan (a copy of `pro` with overrides; password ACCOUNT_PASSWORD) and a key with every scope. */
  async account(overrides: PlanOverrides = {}): Promise<{ id: string; handle: string; email: string; client: Client }> {
    const n = ++this.accounts;
    const planName = `test-${n}`;
    const pro = await this.env.db.plan.findUniqueOrThrow({ where: { name: "pro" } });
    await this.env.db.plan.create({ data: { ...pro, name: planName, ...overrides } });
    const email = `runs${n}@example.com`;
    const account = await createAccount(this.env.db, { email, password: ACCOUNT_PASSWORD, handle: `runner-${n}`, plan: planName, admit: true });
    const key = await createApiKey(this.env.db, { accountId: account.id, name: "t", scopes: ["read", "scripts:write", "runs:write"], expiresAt: null });
    return { id: account.id, handle: account.handle, email, client: new Client(this.api.url, key.secret) };
  }

  /** Stores a script for the account after the real validation (as POST /scripts would). */
  async script(account: { id: string; handle: string }, slug: string, source: string): Promise<void> {
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
}

export const SMA_RSI = `//@version=6
indicator("SMA and RSI")
len = input.int(14, "Length", minval = 1)
plot(ta.sma(close, 20), "sma")
plot(ta.rsi(close, len), "rsi")
`;

/** Two million loop steps on every bar: a run that is still running when the test acts on it. */
export const SLOW = `//@version=6
indicator("slow")
float x = 0.0
for i = 0 to 2000000
    x += i
plot(x, "x")
`;

/** Daily AAPL bars as in the CSV (bokeh format: Date,Open,High,Low,Close,...), oldest first. */
export async function aaplCloses(): Promise<{ time: number[]; close: number[] }> {
  const { readFile } = await import("node:fs/promises");
  const lines = (await readFile(AAPL_FILE, "utf8")).trim().split(/\r?\n/).slice(1);
  const rows = lines.map((l) => l.split(",")).map((c) => ({ t: Date.parse(`${c[0]}T00:00:00Z`) / 1000, close: Number(c[4]) }));
  rows.sort((a, b) => a.t - b.t);
  return { time: rows.map((r) => r.t), close: rows.map((r) => r.close) };
}

export function sma(values: number[], length: number): Array<number | null> {
  return values.map((_, i) => {
    if (i + 1 < length) return null;
    let s = 0;
    for (let k = i - length + 1; k <= i; k++) s += values[k] as number;
    return s / length;
  });
}

/** Pine's RSI: RMA (seeded with the SMA of the first `length` changes) of gains and losses. */
export function rsi(values: number[], length: number): Array<number | null> {
  const out: Array<number | null> = values.map(() => null);
  let up = 0;
  let down = 0;
  for (let i = 1; i < values.length; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    const u = Math.max(change, 0);
    const d = Math.max(-change, 0);
    if (i < length) {
      up += u;
      down += d;
      continue;
    }
    if (i === length) {
      up = (up + u) / length;
      down = (down + d) / length;
    } else {
      up = (up * (length - 1) + u) / length;
      down = (down * (length - 1) + d) / length;
    }
    out[i] = down === 0 ? 100 : up === 0 ? 0 : 100 - 100 / (1 + up / down);
  }
  return out;
}
