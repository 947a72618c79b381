// Sweeps end to end over HTTP with real API and worker processes: a definition swept over a grid
// of its input on two instruments; the row of the default value on one instrument equals the
// study of the same definition (every statistic the row carries), rows pooled over instruments,
// Holm's p_adjusted recomputed here from the rows' p values, ranking by `sort`; then cancel,
// timeout, plan_limit midway (no rows kept), Idempotency-Key, bad requests and isolation.
import { importFile } from "@barscript/marketdata";
import { join } from "node:path";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(240_000);

const GOOG_FILE = join(__dirname, "../../../packages/marketdata/demo/GOOG.csv");

const RSI_LEVEL = `//@version=6
definition("RSI below a level")
level = input.int(30, "Level", minval = 5, maxval = 95)
len = input.int(14, "Length", minval = 2)
r = ta.rsi(close, len)
alertcondition(r < level, "oversold", "RSI {{close}}")
`;

const STUDY = `//@version=6
study("Oversold", horizons = [1, 5, 20])
use("rsi-level", events = ["oversold"])
`;

/** Two million loop steps on every bar: still running when the test acts on it. */
const SLOW_DEF = `//@version=6
definition("slow")
n = input.int(1, "n", minval = 1)
float x = 0.0
for i = 0 to 2000000
    x += i
alertcondition(x > n, "big", "x")
`;

const h = new RunsHarness();
let alice: { id: string; handle: string; client: Client };

beforeAll(async () => {
  await h.setup();
  await importFile(h.env.db, { symbol: "GOOG", timeframe: "1d", file: GOOG_FILE, format: "bokeh", meta: { name: "Alphabet", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } });
  alice = await h.account();
  await create(alice.client, "rsi-level", RSI_LEVEL);
});
afterAll(async () => {
  await h.teardown();
});

async function create(client: Client, slug: string, source: string): Promise<void> {
  const r = await client.call("POST", "/scripts", { slug, files: [{ path: "main.pine", content: source }] });
  if (r.status !== 201) throw new Error(`POST /scripts ${slug}: ${r.status} ${r.text}`);
}

async function finalSweep(client: Client, id: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const deadline = Date.now() + 180_000;
  for (;;) {
    const r = await client.call("GET", `/sweeps/${id}?wait=10`);
    if (r.status !== 200) throw new Error(`GET sweep ${id}: ${r.status} ${r.text}`);
    if (!["queued", "running"].includes(r.json.status as string)) return r.json;
    if (Date.now() > deadline) throw new Error(`sweep ${id} still ${r.json.status}`);
  }
}

const near = (a: number | null, b: number | null): void => {
  if (a === null || b === null) expect(a).toBe(b);
  else expect(a).toBeCloseTo(b, 10);
};

describe("a sweep's rows", () => {
  let sweep: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  let rows: any[]; // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    const r = await alice.client.call("POST", "/sweeps", { definition: "rsi-level", instruments: ["AAPL"], timeframe: "1d", bars: 2000, grid: { level: [25, 30, 35, 40] }, horizons: [1, 5, 20], wait: 60 });
    expect(r.status).toBe(202);
    expect(r.json.id).toMatch(/^swp_[0-9A-Za-z]{24}$/);
    sweep = await finalSweep(alice.client, r.json.id);
    const res = await alice.client.call("GET", `/sweeps/${sweep.id}/results`);
    expect(res.status).toBe(200);
    rows = res.json.data;
  });

  test("the sweep is final with its progress and summary", () => {
    expect(sweep.status).toBe("succeeded");
    expect(sweep.progress).toEqual({ done: 4, total: 4 });
    expect(sweep.summary.combinations).toBe(4);
    expect(sweep.summary.evaluations).toBe(4);
    expect(sweep.summary.compute_units).toBeGreaterThan(0);
    expect(sweep.definition).toEqual({ owner: alice.handle, slug: "rsi-level", version: 1 });
    expect(sweep.grid).toEqual({ level: [25, 30, 35, 40] });
    expect(rows).toHaveLength(4);
  });

  test("the row of the default level equals the study of the same definition (same window)", async () => {
    await create(alice.client, "oversold-study", STUDY);
    const started = await alice.client.start({ script: "oversold-study", instrument: "AAPL", timeframe: "1d", bars: 2000, wait: 60 });
    expect(started.status).toBe(202);
    const run = ["queued", "running"].includes(started.json.status) ? await alice.client.final(started.json.id) : started.json;
    expect(run.status).toBe("succeeded");
    const study = (await alice.client.call("GET", `/runs/${run.id}/results`)).json.study;
    const group = study.groups.find((g: { event: string }) => g.event === "oversold");
    const row = rows.find((x) => x.inputs.level === 30);
    expect(row.events).toBe(group.count);
    for (const [j, hz] of row.horizons.entries()) {
      const s = group.horizons[j];
      expect(hz.h).toBe(s.h);
      expect(hz.count).toBe(s.count);
      for (const k of ["mean", "median", "stdev", "hit_rate", "mfe_mean", "mae_mean", "t_stat", "p_value", "abnormal_mean", "mfe_median", "mae_median"]) near(hz[k], s[k]);
      expect(hz.hit_rate_ci95).toEqual(s.hit_rate_ci95);
      // the bootstrap interval too (same events in the same order, same seed)
      expect(s.mean_ci95).toHaveLength(2);
      expect(hz.mean_ci95).toEqual(s.mean_ci95);
      expect(s.p_value).toBeGreaterThan(0);
    }
  });

  test("p_adjusted is Holm's over the combinations at each horizon, never below p_value", () => {
    for (const hz of [1, 5, 20]) {
      const ps = rows.map((r) => r.horizons.find((x: { h: number }) => x.h === hz)).map((x) => ({ p: x.p_value as number | null, adj: x.p_adjusted as number | null }));
      const valid = ps.filter((x) => x.p !== null).sort((a, b) => a.p! - b.p!);
      const m = valid.length;
      let running = 0;
      valid.forEach((x, i) => {
        running = Math.max(running, Math.min(1, (m - i) * x.p!));
        near(x.adj, running);
        expect(x.adj!).toBeGreaterThanOrEqual(x.p!);
      });
    }
  });

  test("ranked by the first horizon's t_stat by default; sort=h5:p_value ascending; bad sort is 400", async () => {
    const t = rows.map((r) => r.horizons[0].t_stat as number);
    expect(t).toEqual([...t].sort((a, b) => b - a));
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    const byP = (await alice.client.call("GET", `/sweeps/${sweep.id}/results?sort=h5:p_value&limit=2`)).json;
    const p = byP.data.map((r: { horizons: Array<{ h: number; p_value: number }> }) => r.horizons.find((x) => x.h === 5)!.p_value);
    expect(p[0]).toBeLessThanOrEqual(p[1]);
    const next = await alice.client.call("GET", `/sweeps/${sweep.id}/results?sort=h5:p_value&limit=2&cursor=${encodeURIComponent(byP.next_cursor)}`);
    expect(next.json.data.map((r: { rank: number }) => r.rank)).toEqual([3, 4]);
    const bad = await alice.client.call("GET", `/sweeps/${sweep.id}/results?sort=h7:t_stat`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("invalid_request");
  });

  test("two instruments pool their events: counts add up", async () => {
    const one = await alice.client.call("POST", "/sweeps", { definition: "rsi-level", instruments: ["GOOG"], timeframe: "1d", bars: 1500, grid: { level: [30] }, horizons: [5], wait: 60 });
    const two = await alice.client.call("POST", "/sweeps", { definition: "rsi-level", instruments: ["AAPL", "GOOG"], timeframe: "1d", bars: 1500, grid: { level: [30] }, horizons: [5], wait: 60 });
    const three = await alice.client.call("POST", "/sweeps", { definition: "rsi-level", instruments: ["AAPL"], timeframe: "1d", bars: 1500, grid: { level: [30] }, horizons: [5], wait: 60 });
    const rowOf = async (id: string) => {
      await finalSweep(alice.client, id);
      return (await alice.client.call("GET", `/sweeps/${id}/results`)).json.data[0];
    };
    const [g, both, a] = [await rowOf(one.json.id), await rowOf(two.json.id), await rowOf(three.json.id)];
    expect(both.events).toBe(g.events + a.events);
    expect(both.horizons[0].count).toBe(g.horizons[0].count + a.horizons[0].count);
    near(both.horizons[0].mean, (g.horizons[0].mean * g.horizons[0].count + a.horizons[0].mean * a.horizons[0].count) / both.horizons[0].count);
  });
});

describe("limits and lifecycle", () => {
  test("cancel while running", async () => {
    await create(alice.client, "slow-def", SLOW_DEF);
    const r = await alice.client.call("POST", "/sweeps", { definition: "slow-def", instruments: ["AAPL"], timeframe: "1d", bars: 3000, grid: { n: [1, 2, 3] }, horizons: [1] });
    expect(r.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const c = await alice.client.call("POST", `/sweeps/${r.json.id}/cancel`);
    expect(c.status).toBe(200);
    expect(c.json.status).toBe("cancelled");
    const res = await alice.client.call("GET", `/sweeps/${r.json.id}/results`);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("run_not_finished");
  });

  test("each evaluation has the plan's time limit: timeout", async () => {
    const slowAccount = await h.account({ runTimeLimitSeconds: 1 });
    await create(slowAccount.client, "slow-def", SLOW_DEF);
    const r = await slowAccount.client.call("POST", "/sweeps", { definition: "slow-def", instruments: ["AAPL"], timeframe: "1d", bars: 3000, grid: { n: [1, 2] }, horizons: [1], wait: 30 });
    const s = await finalSweep(slowAccount.client, r.json.id);
    expect(s.status).toBe("failed");
    expect(s.failure.kind).toBe("timeout");
  });

  test("compute units running out midway: plan_limit, no rows kept", async () => {
    // Each evaluation reads about 2,000 bars with warmup (2 or more units); 10 units allow a few of 20.
    const poor = await h.account({ computeUnitsPerMonth: 10 });
    await create(poor.client, "rsi-level", RSI_LEVEL);
    const r = await poor.client.call("POST", "/sweeps", { definition: "rsi-level", instruments: ["AAPL"], timeframe: "1d", bars: 2000, grid: { level: [10, 15, 20, 25, 30, 35, 40, 45, 50, 55], len: [7, 14] }, horizons: [1], wait: 60 });
    const s = await finalSweep(poor.client, r.json.id);
    expect(s.status).toBe("failed");
    expect(s.failure.kind).toBe("plan_limit");
    expect(s.progress.done).toBeLessThan(20);
    // the grid keeps the request's order of inputs (level before len)
    expect(Object.keys(s.grid)).toEqual(["level", "len"]);
    expect((await poor.client.call("GET", `/sweeps/${s.id}/results`)).status).toBe(409);
  });

  test("Idempotency-Key answers the first sweep", async () => {
    const body = { definition: "rsi-level", instruments: ["AAPL"], timeframe: "1d", bars: 500, grid: { level: [30] }, horizons: [1] };
    const a = await alice.client.call("POST", "/sweeps", body, { "idempotency-key": "sweep-once" });
    const b = await alice.client.call("POST", "/sweeps", body, { "idempotency-key": "sweep-once" });
    expect(a.status).toBe(202);
    expect(b.status).toBe(200);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.json.id).toBe(a.json.id);
    await finalSweep(alice.client, a.json.id);
  });

  test("rows are kept 7 days: expires_at a week after the end, then results answer 410", async () => {
    const body = { definition: "rsi-level", instruments: ["AAPL"], timeframe: "1d", bars: 300, grid: { level: [30] }, horizons: [1], wait: 60 };
    const r = await alice.client.call("POST", "/sweeps", body);
    const s = await finalSweep(alice.client, r.json.id);
    expect(Date.parse(s.expires_at) - Date.parse(s.finished_at)).toBe(7 * 24 * 3600 * 1000);
    expect((await alice.client.call("GET", `/sweeps/${s.id}/results`)).status).toBe(200);
    await h.env.db.sweep.update({ where: { id: s.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const gone = await alice.client.call("GET", `/sweeps/${s.id}/results`);
    expect(gone.status).toBe(410);
    expect(gone.json.error.code).toBe("not_found");
    expect((await alice.client.call("GET", `/sweeps/${s.id}`)).json.status).toBe("succeeded");
  });

  test("bad requests name what is wrong", async () => {
    const base = { definition: "rsi-level", instruments: ["AAPL"], timeframe: "1d", horizons: [1] };
    const unknown = await alice.client.call("POST", "/sweeps", { ...base, grid: { nope: [1] } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toContain("nope");
    const range = await alice.client.call("POST", "/sweeps", { ...base, grid: { level: [2] } });
    expect(range.status).toBe(400);
    expect(range.json.error.message).toContain("level");
    const many = await alice.client.call("POST", "/sweeps", { ...base, grid: { level: Array.from({ length: 30 }, (_, i) => 10 + i), len: Array.from({ length: 20 }, (_, i) => 2 + i) } });
    expect(many.status).toBe(400);
    expect(many.json.error.message).toContain("600 combinations");
    const instrument = await alice.client.call("POST", "/sweeps", { ...base, instruments: ["NOPE"], grid: { level: [30] } });
    expect(instrument.status).toBe(400);
    expect(instrument.json.error.code).toBe("unknown_instrument");
    const notDef = await alice.client.call("POST", "/sweeps", { ...base, definition: "oversold-study", grid: { level: [30] } });
    expect([400, 404]).toContain(notDef.status);
  });

  test("another account's sweep is 404 everywhere; lists are the account's own", async () => {
    const bob = await h.account();
    const list = await alice.client.call("GET", "/sweeps?limit=2");
    expect(list.status).toBe(200);
    const id = list.json.data[0].id as string;
    for (const [method, path] of [["GET", `/sweeps/${id}`], ["GET", `/sweeps/${id}/results`], ["POST", `/sweeps/${id}/cancel`]] as const) {
      const r = await bob.client.call(method, path);
      expect(r.status).toBe(404);
      expect(r.json.error.code).toBe("not_found");
    }
    expect((await bob.client.call("GET", "/sweeps")).json.data).toEqual([]);
  });
});
