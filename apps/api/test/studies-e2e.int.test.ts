// Event studies end to end over HTTP with real API and worker processes: a definition and a
// study created with POST /scripts, the study pinned to the definition's version 1 while the
// definition moves on to version 2, a study run on AAPL daily whose `{ study }` equals an
// independent computation written here (RSI, SMAs, forward returns, MFE/MAE, Welch t, two
// group()s), then every failure kind of a study run and isolation between accounts.
import { readFile } from "node:fs/promises";
import { createLimits } from "@barscript/limits";
import { createRedis } from "@barscript/queue";
import type { Redis } from "ioredis";
import { AAPL_FILE, RunsHarness, rsi, sma, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const RSI_OVERSOLD = (level: number): string => `//@version=6
definition("RSI oversold")
r = ta.rsi(close, 14)
alertcondition(r < ${level}, "oversold", "RSI {{close}}")
alertcondition(r > 70, "overbought", "RSI high")
`;

const STUDY = `//@version=6
study("Oversold by trend and volume", horizons = [1, 5, 20])
use("rsi-oversold", events = ["oversold"])
group("trend", close > ta.sma(close, 50) ? "up" : "down")
group("vol", volume > ta.sma(volume, 20) ? "high" : "low")
`;

const EVERY_BAR = `//@version=6
definition("Every bar")
alertcondition(close > 0, "bar", "bar")
`;

const BROKEN = `//@version=6
definition("Broken")
x = array.get(array.new_float(0), 3)
alertcondition(x > 0, "never", "never")
`;

const h = new RunsHarness();
let redis: Redis;
let alice: { id: string; handle: string; client: Client };

interface Bar {
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
let bars: Bar[];

beforeAll(async () => {
  await h.setup();
  redis = createRedis(h.env.redisUrl, "command");
  alice = await h.account();
  const lines = (await readFile(AAPL_FILE, "utf8")).trim().split(/\r?\n/).slice(1);
  bars = lines
    .map((l) => l.split(","))
    .map((c) => ({ t: Date.parse(`${c[0]}T00:00:00Z`) / 1000, open: Number(c[1]), high: Number(c[2]), low: Number(c[3]), close: Number(c[4]), volume: Number(c[5]) }))
    .sort((a, b) => a.t - b.t);
});
afterAll(async () => {
  redis?.disconnect();
  await h.teardown();
});

async function create(client: Client, slug: string, source: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await client.call("POST", "/scripts", { slug, files: [{ path: "main.pine", content: source }] });
  if (r.status !== 201) throw new Error(`POST /scripts ${slug}: ${r.status} ${r.text}`);
  return r.json;
}

async function finalOf(client: Client, body: Record<string, unknown>): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await client.start({ instrument: "AAPL", timeframe: "1d", wait: 60, ...body });
  if (r.status !== 202) throw new Error(`POST /runs: ${r.status} ${r.text}`);
  return ["queued", "running"].includes(r.json.status as string) ? client.final(r.json.id as string) : r.json;
}

// ---- the independent computation ------------------------------------------------------------

interface Stats {
  h: number;
  count: number;
  mean: number | null;
  median: number | null;
  stdev: number | null;
  hit_rate: number | null;
  mfe_mean: number | null;
  mae_mean: number | null;
  t_stat: number | null;
}

function horizonStats(w: Bar[], at: number[], hz: number, base: number[] | null): Stats {
  const r: number[] = [];
  const mfe: number[] = [];
  const mae: number[] = [];
  for (const t of at) {
    if (t + hz >= w.length) continue;
    const c0 = w[t]!.close;
    r.push(w[t + hz]!.close / c0 - 1);
    mfe.push(Math.max(...w.slice(t + 1, t + hz + 1).map((b) => b.high)) / c0 - 1);
    mae.push(Math.min(...w.slice(t + 1, t + hz + 1).map((b) => b.low)) / c0 - 1);
  }
  const avg = (xs: number[]): number | null => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
  const variance = (xs: number[]): number | null => (xs.length < 2 ? null : xs.reduce((a, x) => a + (x - avg(xs)!) ** 2, 0) / (xs.length - 1));
  const sorted = [...r].sort((a, b) => a - b);
  const m = sorted.length;
  const median = m === 0 ? null : m % 2 === 1 ? sorted[(m - 1) / 2]! : (sorted[m / 2 - 1]! + sorted[m / 2]!) / 2;
  const v = variance(r);
  let t: number | null = null;
  if (base && v !== null && base.length >= 2) {
    const vb = variance(base)!;
    t = (avg(r)! - avg(base)!) / Math.sqrt(v / r.length + vb / base.length);
  }
  return { h: hz, count: r.length, mean: avg(r), median, stdev: v === null ? null : Math.sqrt(v), hit_rate: m === 0 ? null : r.filter((x) => x > 0).length / m, mfe_mean: avg(mfe), mae_mean: avg(mae), t_stat: t };
}

function near(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

describe("a study over HTTP", () => {
  let runId: string;
  let run: any; // eslint-disable-line @typescript-eslint/no-explicit-any

  it("when a study uses a definition, then use() is pinned at save and shown in dependencies", async () => {
    const def = await create(alice.client, "rsi-oversold", RSI_OVERSOLD(30));
    expect(def.kind).toBe("definition");
    const study = await create(alice.client, "oversold-study", STUDY);
    expect(study.kind).toBe("study");
    expect(study.interface.horizons).toEqual([1, 5, 20]);
    const version = (await alice.client.call("GET", "/scripts/oversold-study")).json;
    const deps = version.dependencies ?? version.versions?.[0]?.dependencies ?? study.dependencies;
    expect(deps).toEqual([{ owner: alice.handle, slug: "rsi-oversold", kind: "definition", version: 1 }]);
    // The definition moves on: a much looser threshold in version 2. The study keeps version 1.
    const put = await alice.client.call("PUT", "/scripts/rsi-oversold", { base_version: 1, files: [{ path: "main.pine", content: RSI_OVERSOLD(60) }] });
    expect(put.status).toBe(200);
    expect(put.json.latest_version).toBe(2);
  });

  it("when the study runs on AAPL daily, then it succeeds and counts the definition's bars and events", async () => {
    run = await finalOf(alice.client, { script: "oversold-study", from: "2004-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z" });
    runId = run.id;
    expect(run.status).toBe("succeeded");
    expect(run.kind).toBe("study");
    expect(run.summary.bars).toBe(run.window.bars);
    // Warmup: the largest of the study's (SMA 50) and the definition's (RSI 14) needs.
    expect(run.summary.warmup_bars).toBeGreaterThanOrEqual(50);
    // The study body and the definition each evaluate warmup + window.
    expect(run.summary.bars_evaluated).toBe(2 * (run.summary.bars + run.summary.warmup_bars));
    expect(run.summary.compute_units).toBe(Math.ceil(run.summary.bars_evaluated / 1000));
  });

  it("when its results are read, then { study } equals an independent computation (pinned version 1)", async () => {
    const res = await alice.client.call("GET", `/runs/${runId}/results`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(["study"]);
    const study = res.json.study;
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(1024 * 1024);

    const closes = bars.map((b) => b.close);
    const r = rsi(closes, 14);
    const s50 = sma(closes, 50);
    const v20 = sma(bars.map((b) => b.volume), 20);
    const from = bars.findIndex((b) => b.t === Date.parse(run.window.from) / 1000);
    const to = bars.findIndex((b) => b.t === Date.parse(run.window.to) / 1000);
    expect(to - from + 1).toBe(run.window.bars);
    const w = bars.slice(from, to + 1);
    const groups = new Map<string, { group: Record<string, string>; at: number[] }>();
    let overbought = 0;
    for (let i = from; i <= to; i++) {
      if ((r[i] ?? 100) > 70) overbought++;
      if (!((r[i] ?? 100) < 30)) continue;
      const g = { trend: closes[i]! > s50[i]! ? "up" : "down", vol: bars[i]!.volume > v20[i]! ? "high" : "low" };
      const k = JSON.stringify(g);
      if (!groups.has(k)) groups.set(k, { group: g, at: [] });
      groups.get(k)!.at.push(i - from);
    }
    const all = w.map((_, t) => t);
    const horizons = [1, 5, 20];
    const baseR = horizons.map((hz) => all.filter((t) => t + hz < w.length).map((t) => w[t + hz]!.close / w[t]!.close - 1));
    const events = [...groups.values()].reduce((a, g) => a + g.at.length, 0);
    expect(events).toBeGreaterThan(10);
    expect(groups.size).toBeGreaterThanOrEqual(2);
    // Only "oversold" was studied, only it counted (use(..., events = ["oversold"])).
    expect(run.summary.events).toBe(events);
    expect(overbought).toBeGreaterThan(0);

    expect(study.horizons).toEqual(horizons);
    expect(study.baseline.count).toBe(w.length);
    study.baseline.horizons.forEach((got: Stats, j: number) => {
      const want = horizonStats(w, all, horizons[j]!, null);
      for (const k of Object.keys(want) as Array<keyof Stats>) expect([k, near(got[k], want[k])]).toEqual([k, true]);
    });
    expect(study.groups).toHaveLength(groups.size);
    for (const g of study.groups) {
      expect(g.definition).toBe(`${alice.handle}/rsi-oversold`);
      expect(g.event).toBe("oversold");
      expect(Object.keys(g.group)).toEqual(["trend", "vol"]);
      const want = groups.get(JSON.stringify(g.group))!;
      expect(want).toBeDefined();
      expect(g.count).toBe(want.at.length);
      g.horizons.forEach((got: Stats, j: number) => {
        const expected = horizonStats(w, want.at, horizons[j]!, baseR[j]!);
        for (const k of Object.keys(expected) as Array<keyof Stats>) expect([k, near(got[k], expected[k])]).toEqual([k, true]);
      });
    }
    const minH = Math.min(...horizons);
    expect(study.events_used).toBe([...groups.values()].flatMap((g) => g.at).filter((t) => t + minH < w.length).length);
  });

  it("when study results are asked as CSV or with a cursor, then 400; another account's run is 404", async () => {
    const csv = await alice.client.call("GET", `/runs/${runId}/results?format=csv`);
    expect(csv.status).toBe(400);
    expect(csv.json.error.code).toBe("invalid_request");
    const bob = await h.account();
    const other = await bob.client.call("GET", `/runs/${runId}/results`);
    expect(other.status).toBe(404);
  });
});

describe("study failure kinds", () => {
  it("when no run slot is free, then a study fails busy at once, retryable (it does not wait)", async () => {
    const a = await h.account({ concurrentRuns: 1 });
    await create(a.client, "every", EVERY_BAR);
    await create(a.client, "s", `//@version=6\nstudy("S")\nuse("every")\n`);
    const limits = createLimits({ redis, prefix: h.env.redisPrefix });
    const lease = await limits.tryAcquireRun({ id: a.id, plan: { concurrentRuns: 1 } }, `held-${a.id}`);
    expect(lease).not.toBeNull();
    try {
      const started = Date.now();
      const run = await finalOf(a.client, { script: "s", bars: 300 });
      expect(run.status).toBe("failed");
      expect(run.failure).toMatchObject({ kind: "busy", retryable: true });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await lease!.release();
    }
    const again = await finalOf(a.client, { script: "s", bars: 300 });
    expect(again.status).toBe("succeeded");
  });

  it("when a used definition raises a runtime error on every bar, then the study fails data_not_ready, not retryable; one no longer there, data_not_ready", async () => {
    const a = await h.account();
    await create(a.client, "broken", BROKEN);
    await create(a.client, "s", `//@version=6\nstudy("S")\nuse("broken")\n`);
    const run = await finalOf(a.client, { script: "s", bars: 300 });
    expect(run.status).toBe("failed");
    // the definition could not run over history; running again gives the same error (docs/adr/0285-outside-readings-two.md)
    expect(run.failure).toMatchObject({ kind: "data_not_ready", retryable: false });
    expect(run.failure.message).toContain(`${a.handle}/broken`);
    // A pinned definition that was deleted cannot run either.
    await create(a.client, "every", EVERY_BAR);
    await create(a.client, "s2", `//@version=6\nstudy("S2")\nuse("every")\n`);
    const del = await a.client.call("DELETE", "/scripts/every?kind=definition");
    expect([204, 409]).toContain(del.status);
    if (del.status === 204) {
      const gone = await finalOf(a.client, { script: "s2", bars: 300 });
      expect(gone.failure).toMatchObject({ kind: "data_not_ready" });
    }
  });

  it("when the definitions' events would pass the month's events budget, then plan_limit and nothing kept", async () => {
    const a = await h.account({ eventsPerMonth: 100 });
    await create(a.client, "every", EVERY_BAR);
    await create(a.client, "s", `//@version=6\nstudy("S")\nuse("every")\n`);
    const run = await finalOf(a.client, { script: "s", bars: 300 });
    expect(run.status).toBe("failed");
    expect(run.failure).toMatchObject({ kind: "plan_limit", retryable: false });
    expect(run.summary.events).toBe(300);
    const results = await a.client.call("GET", `/runs/${run.id}/results`);
    expect(results.status).toBe(409);
    const usage = await h.env.db.usageCounter.findMany({ where: { accountId: a.id } });
    expect(usage.reduce((s, u) => s + Number(u.events), 0)).toBe(0);
    // Within the budget: the events count toward it.
    const ok = await finalOf(a.client, { script: "s", bars: 60 });
    expect(ok.status).toBe("succeeded");
    const after = await h.env.db.usageCounter.findMany({ where: { accountId: a.id } });
    expect(after.reduce((s, u) => s + Number(u.events), 0)).toBe(60);
  });

  it("when the result would pass 1 MB, then the study fails script naming the cause", async () => {
    const a = await h.account();
    await create(a.client, "every", EVERY_BAR);
    await create(a.client, "s", `//@version=6\nstudy("Per bar", horizons = [1, 2, 3, 5, 10])\nuse("every")\ngroup("t", time)\n`);
    const run = await finalOf(a.client, { script: "s", bars: 3000 });
    expect(run.status).toBe("failed");
    expect(run.failure.kind).toBe("script");
    expect(run.failure.message).toMatch(/1 MB/);
    expect(run.failure.message).toContain('"t"');
  });

  it("when another account's private definition is named, then the study cannot be saved (isolation)", async () => {
    const b = await h.account();
    const r = await b.client.call("POST", "/scripts", { slug: "s", files: [{ path: "main.pine", content: `//@version=6\nstudy("S")\nuse("${alice.handle}/rsi-oversold")\n` }] });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.json)).toContain("unresolved_import");
  });
});
