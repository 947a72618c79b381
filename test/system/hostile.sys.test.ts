// Hostile scripts over real processes (issue 18 points 1, 2 and 8): endless loops, memory and
// string bombs, runtime errors with long distinct messages on every bar, and 64 plots over
// 14,180 minute bars. What was lost: a run that never ends, an answer past its bound (a run over 64 KB,
// a results page over 8 MB, a list page over its bound), a page that drops or repeats points,
// or another account left unanswered. It must be none.
import { join } from "node:path";
import { importFile } from "@barscript/marketdata";
import { call, Stack, SMALL, type Account } from "./support/stack";

const PAGE_BYTES = 8 * 1024 * 1024;
const RUN_BYTES = 64 * 1024;

const HOSTILE: Record<string, string> = {
  loop: `//@version=6\nindicator("loop")\nx = 0\nwhile true\n    x += 1\nplot(x)\n`,
  memory: `//@version=6\nindicator("memory")\nvar a = array.new_float(0)\nfor i = 0 to 200000\n    array.push(a, i)\nplot(array.size(a))\n`,
  strings: `//@version=6\nindicator("strings")\nvar s = "x"\ns := s + s\nplot(str.length(s))\n`,
  errors: `//@version=6\nindicator("errors")\nruntime.error(str.tostring(bar_index) + str.repeat("x", 10000))\nplot(close)\n`,
  plots: `//@version=6\nindicator("plots")\n${Array.from({ length: 64 }, (_, i) => `plot(close * ${i + 1}, "p${i}")`).join("\n")}\n`,
};

describe("hostile scripts", () => {
  const s = new Stack();
  let attacker: Account;
  let bystander: Account;
  const runs = new Map<string, string>();

  beforeAll(async () => {
    await s.start({ workers: 1, workerConcurrency: 2 });
    attacker = await s.account({ concurrentRuns: 6, runTimeLimitSeconds: 5, requestsPerMinute: 100_000 });
    bystander = await s.account();
    for (const [slug, source] of Object.entries(HOSTILE)) await s.script(attacker, slug, source);
    await s.script(bystander, "small", SMALL);
    // 14,180 one-minute bars: 64 outputs of them are about 18 MB of JSON, so pages split by bytes.
    await importFile(s.env.db, { symbol: "SPY", timeframe: "1m", file: join(__dirname, "../../packages/marketdata/demo/nt-spy-minute-2011.csv"), format: "ninjatrader", meta: { name: "SPDR S&P 500 ETF Trust", exchange: "NYSE Arca", assetClass: "etf", currency: "USD", timezone: "America/New_York" } });
    for (const slug of Object.keys(HOSTILE)) {
      const window = slug === "plots" ? { instrument: "SPY", timeframe: "1m", bars: 50_000 } : { instrument: "AAPL", timeframe: "1d", bars: 5000 };
      const r = await call(s.api.url, attacker.key, "POST", "/v1/runs", { script: slug, ...window });
      if (r.status !== 202) throw new Error(`start ${slug}: ${r.status} ${r.text}`);
      runs.set(slug, r.json.id as string);
    }
  }, 120_000);
  afterAll(() => s.stop());

  it("when hostile runs are in flight, then another account's run still completes and every hostile run ends", async () => {
    const small = await call(s.api.url, bystander.key, "POST", "/v1/runs", { script: "small", instrument: "AAPL", timeframe: "1d", bars: 100, wait: 60 });
    expect(small.status).toBeLessThan(300);
    const final = await call(s.api.url, bystander.key, "GET", `/v1/runs/${small.json.id as string}?wait=60`);
    expect(final.json.status).toBe("succeeded");
    const lost = await s.untilFinal([...runs.values()], 120_000);
    expect(lost).toEqual([]);
  }, 200_000);

  it("when a script doubles a string on every bar, then the run ends with bounded answers (the runtime caps strings, or the run fails script)", async () => {
    const id = runs.get("strings") as string;
    const r = await call(s.api.url, attacker.key, "GET", `/v1/runs/${id}`);
    expect(Buffer.byteLength(r.text)).toBeLessThan(RUN_BYTES);
    if (r.json.status === "failed") {
      expect(r.json.failure.kind).toBe("script");
      return;
    }
    expect(r.json.status).toBe("succeeded");
    const page = await call(s.api.url, attacker.key, "GET", `/v1/runs/${id}/results?limit=50000`);
    expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(PAGE_BYTES);
    const lengths = (page.json.outputs as Array<Record<string, number | null>>).map((p) => Object.values(p).find((v, i) => i > 0 && typeof v === "number") ?? 0);
    expect(Math.max(...lengths)).toBeLessThan(2 ** 30);
  });

  it("when a script loops forever or takes all memory, then it fails (timeout or script) and says why", async () => {
    for (const slug of ["loop", "memory"]) {
      const r = await call(s.api.url, attacker.key, "GET", `/v1/runs/${runs.get(slug) as string}`);
      expect({ slug, status: r.json.status }).toEqual({ slug, status: "failed" });
      expect({ slug, kind: r.json.failure.kind }).toEqual({ slug, kind: slug === "loop" ? "timeout" : "script" });
      expect(Buffer.byteLength(r.text)).toBeLessThan(RUN_BYTES);
    }
  });

  it("when a script raises a long distinct error on every bar, then the run and the list stay small (20 messages of at most 500 characters)", async () => {
    const r = await call(s.api.url, attacker.key, "GET", `/v1/runs/${runs.get("errors") as string}`);
    expect(Buffer.byteLength(r.text)).toBeLessThan(RUN_BYTES);
    const errors = (r.json.summary?.runtime_errors ?? []) as Array<{ message: string }>;
    expect(errors.length).toBeLessThanOrEqual(20);
    for (const e of errors) expect([...e.message].length).toBeLessThanOrEqual(500);
    const list = await call(s.api.url, attacker.key, "GET", "/v1/runs?limit=200");
    expect(list.status).toBe(200);
    expect(Buffer.byteLength(list.text)).toBeLessThan(PAGE_BYTES + RUN_BYTES);
  });

  it("when 64 outputs run over 14,180 bars, then every page stays under 8 MB and the pages join to every point once, in JSON and CSV alike", async () => {
    const id = runs.get("plots") as string;
    const run = await call(s.api.url, attacker.key, "GET", `/v1/runs/${id}`);
    expect(run.json.status).toBe("succeeded");
    const bars = run.json.window.bars as number;
    const times: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await call(s.api.url, attacker.key, "GET", `/v1/runs/${id}/results?limit=50000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.status).toBe(200);
      expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(PAGE_BYTES);
      for (const point of page.json.outputs as Array<Record<string, number | null>>) {
        times.push(point["t"] as number);
        // p0 is the close and p63 64 times it: the columns are the script's, in order.
        if (point["p0"] !== null && point["p0"] !== undefined) expect(point["p63"]).toBeCloseTo((point["p0"] as number) * 64, 6);
      }
      cursor = page.json.next_cursor as string | null;
      pages++;
    } while (cursor && pages < 100);
    expect(pages).toBeGreaterThan(1);
    expect(times.length).toBe(bars);
    expect(new Set(times).size).toBe(bars);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    const csv = await call(s.api.url, attacker.key, "GET", `/v1/runs/${id}/results?format=csv`);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]?.split(",")).toEqual(["t", ...Array.from({ length: 64 }, (_, i) => `p${i}`)]);
    expect(lines.length - 1).toBe(bars);
  });

  it("when a script plots 65 series, then it is refused before it is stored", async () => {
    const source = `//@version=6\nindicator("p65")\n${Array.from({ length: 65 }, (_, i) => `plot(close + ${i}, "p${i}")`).join("\n")}\n`;
    const r = await call(s.api.url, attacker.key, "POST", "/v1/scripts", { slug: "too-many", files: [{ path: "main.pine", content: source }] });
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe("script_invalid");
  });
});
