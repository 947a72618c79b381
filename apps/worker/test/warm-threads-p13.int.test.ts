// A real worker process whose sandbox threads warm up at start (docs/adr/0349): it says when the
// warm-up is over, its runs give the values an independent SMA/RSI of the AAPL bars gives (the
// first run of the process, on a warmed thread, and the ones after it alike), and the warm-up
// leaves no trace: no run row, nothing counted in the runs' metrics.
import { freePort } from "../../../test/support/processes";
import { aaplCloses, rsi, sma, SMA_RSI, RunsHarness } from "../../api/test/runs-harness";

jest.setTimeout(180_000);

const h = new RunsHarness();
let metricsPort = 0;

beforeAll(async () => {
  metricsPort = await freePort();
  await h.setup({ workerEnv: { METRICS_PORT: String(metricsPort), LOG_LEVEL: "info" } });
});
afterAll(() => h.teardown());

function near(a: number | null | undefined, b: number | null | undefined): boolean {
  if (a == null || b == null) return a == null && b == null;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

/** The worker's log line saying its threads warmed up (JSON, pino), once it is there. */
async function warmLine(): Promise<{ threads: number; failed: number; ms: number }> {
  for (let i = 0; i < 1200; i++) {
    const line = h.workers[0]!.output().split("\n").find((l) => l.includes('"msg":"sandbox threads warm"'));
    if (line) return JSON.parse(line) as { threads: number; failed: number; ms: number };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no warm-up line in the worker's output:\n${h.workers[0]!.output()}`);
}

/** Sum of a counter's series in the worker's /metrics text. */
async function counterSum(name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text.split("\n").filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `)).reduce((sum, l) => sum + Number(l.split(" ").pop()), 0);
}

describe("a worker whose sandbox threads warm up at start", () => {
  it("when it starts, then each of the threads it starts with (4) warms up and it logs so once", async () => {
    const warm = await warmLine();
    expect(warm.threads).toBe(4);
    expect(warm.failed).toBe(0);
    expect(h.workers[0]!.output().split("\n").filter((l) => l.includes('"msg":"sandbox threads warm"'))).toHaveLength(1);
  });

  it("when runs follow the warm-up, then their values are an independent SMA and RSI of the bars, the first run's as the later ones', and only they are stored and counted", async () => {
    await warmLine();
    expect(await h.env.db.run.count()).toBe(0);
    expect(await counterSum("barscript_runs_total")).toBe(0);
    expect(await counterSum("barscript_run_bars_evaluated_total")).toBe(0);

    const a = await h.account();
    await h.script(a, "s", SMA_RSI);
    const { time, close: closes } = await aaplCloses();
    const s = sma(closes, 20);
    const r = rsi(closes, 14);
    const windows = [
      { from: "2005-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z" },
      { from: "2005-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z" },
      { from: "2010-01-01T00:00:00Z", to: "2014-12-31T00:00:00Z" },
    ];
    let bars = 0;
    for (const w of windows) {
      const started = await a.client.start({ script: "s", instrument: "AAPL", timeframe: "1d", ...w, wait: 60 });
      expect(started.status).toBe(202);
      const run = started.json.status === "succeeded" ? started.json : await a.client.final(started.json.id as string);
      expect(run.status).toBe("succeeded");
      bars += run.summary.bars_evaluated as number;
      const points = await a.client.allPoints(run.id as string);
      expect(points).toHaveLength(run.window.bars as number);
      for (const p of points) {
        const i = time.indexOf(p["t"] as number);
        expect(i).toBeGreaterThanOrEqual(0);
        expect(near(p["sma"], s[i])).toBe(true);
        expect(near(p["rsi"], r[i])).toBe(true);
      }
    }

    expect(await h.env.db.run.count()).toBe(windows.length);
    expect(await counterSum("barscript_runs_total")).toBe(windows.length);
    expect(await counterSum("barscript_run_bars_evaluated_total")).toBe(bars);
  });
});
