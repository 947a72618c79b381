// An indicator run end to end over HTTP with real API and worker processes: values equal an
// independent SMA/RSI on real AAPL bars, every point paged exactly once, CSV equal to JSON, the
// same values on the overlap of two windows, and the Run object's fields.
import { aaplCloses, rsi, sma, SMA_RSI, RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  client = await h.setupWithScripts({ "sma-rsi": SMA_RSI });
});
afterAll(() => h.teardown());

function close(a: number | null | undefined, b: number | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b || (a == null && b == null);
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

describe("an indicator run over HTTP", () => {
  let runId: string;

  it("when a run is started with wait, then it answers 202 with the finished run and its summary", async () => {
    const r = await client.start({ script: "sma-rsi", instrument: "AAPL", timeframe: "1d", from: "2005-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z", wait: 30 });
    expect(r.status).toBe(202);
    const run = r.json;
    runId = run.id;
    expect(run.id).toMatch(/^run_[0-9A-Za-z]{24}$/);
    expect(run.status).toBe("succeeded");
    expect(run.failure).toBeUndefined();
    expect(run.kind).toBe("indicator");
    expect(run.script).toEqual({ owner: expect.any(String), slug: "sma-rsi", version: 1 });
    expect(run.window.requested_from).toBe("2005-01-01T00:00:00Z");
    expect(run.window.from).toBe("2005-01-03T00:00:00Z");
    expect(run.inputs).toEqual({ len: 14 });
    expect(run.summary.bars).toBe(run.window.bars);
    expect(run.summary.outputs).toBe(run.window.bars);
    expect(run.summary.bars_evaluated).toBe(run.summary.bars + run.summary.warmup_bars);
    expect(run.summary.compute_units).toBe(Math.ceil(run.summary.bars_evaluated / 1000));
    expect(run.summary.runtime_errors).toEqual([]);
    expect(Date.parse(run.expires_at) - Date.parse(run.finished_at)).toBe(7 * 24 * 3600 * 1000);
  });

  it("when results are paged, then every point comes exactly once and equals an independent SMA and RSI", async () => {
    const points = await client.allPoints(runId, 333);
    const run = (await client.call("GET", `/runs/${runId}`)).json;
    expect(points).toHaveLength(run.window.bars);
    const times = points.map((p) => p["t"]);
    expect(new Set(times).size).toBe(times.length);
    const { time, close: closes } = await aaplCloses();
    const s = sma(closes, 20);
    const r = rsi(closes, 14);
    for (const p of points) {
      const i = time.indexOf(p["t"] as number);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(close(p["sma"], s[i])).toBe(true);
      expect(close(p["rsi"], r[i] === null ? null : r[i])).toBe(true);
    }
    expect(points[0]?.["t"]).toBe(Date.parse(run.window.from) / 1000);
    expect(points[points.length - 1]?.["t"]).toBe(Date.parse(run.window.to) / 1000);
  });

  it("when results are asked as CSV, then it streams the same points as JSON", async () => {
    const res = await fetch(`${h.api.url}/v1/runs/${runId}/results?format=csv`, { headers: { authorization: `Bearer ${client.key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("t,sma,rsi");
    const json = await client.allPoints(runId, 50_000);
    expect(lines.length - 1).toBe(json.length);
    lines.slice(1).forEach((line, k) => {
      const [t, a, b] = line.split(",");
      const p = json[k] as Record<string, number | null>;
      expect(Number(t)).toBe(p["t"]);
      expect(a === "" ? null : Number(a)).toBe(p["sma"]);
      expect(b === "" ? null : Number(b)).toBe(p["rsi"]);
    });
  });

  it("when two windows overlap, then their values on the overlap are the same", async () => {
    const a = await client.start({ script: "sma-rsi", instrument: "AAPL", timeframe: "1d", from: "2008-01-01T00:00:00Z", to: "2010-12-31T00:00:00Z", wait: 30 });
    const b = await client.start({ script: "sma-rsi", instrument: "AAPL", timeframe: "1d", from: "2009-06-01T00:00:00Z", to: "2011-12-31T00:00:00Z", wait: 30 });
    expect(a.json.status).toBe("succeeded");
    expect(b.json.status).toBe("succeeded");
    const pa = new Map((await client.allPoints(a.json.id as string, 50_000)).map((p) => [p["t"], p]));
    const pb = await client.allPoints(b.json.id as string, 50_000);
    let overlap = 0;
    for (const p of pb) {
      const q = pa.get(p["t"]);
      if (!q) continue;
      overlap++;
      expect(close(p["sma"], q["sma"])).toBe(true);
      expect(Math.abs((p["rsi"] as number) - (q["rsi"] as number))).toBeLessThanOrEqual(1e-10 * Math.abs(q["rsi"] as number));
    }
    expect(overlap).toBeGreaterThan(300);
  });

  it("when inputs are given, then they are checked against the Interface", async () => {
    const unknown = await client.start({ script: "sma-rsi", instrument: "AAPL", timeframe: "1d", inputs: { length: 3 } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe("invalid_request");
    expect(unknown.json.error.message).toContain("length");
    const wrongType = await client.start({ script: "sma-rsi", instrument: "AAPL", timeframe: "1d", inputs: { len: "x" } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error.message).toContain("len");
    const ok = await client.start({ script: "sma-rsi", instrument: "AAPL", timeframe: "1d", bars: 100, inputs: { len: 7 }, wait: 30 });
    expect(ok.status).toBe(202);
    expect(ok.json.inputs).toEqual({ len: 7 });
    expect(ok.json.window.bars).toBe(100);
  });

  it("when the request is wrong, then it answers the documented 400s", async () => {
    expect((await client.start({ script: "sma-rsi", instrument: "NOPE", timeframe: "1d" })).json.error.code).toBe("unknown_instrument");
    expect((await client.start({ script: "sma-rsi", instrument: "AAPL", timeframe: "3m" })).json.error.code).toBe("unsupported_timeframe");
    const both = await client.start({ script: "sma-rsi", instrument: "AAPL", timeframe: "1d", from: "2005-01-01T00:00:00Z", to: "2006-01-01T00:00:00Z", bars: 10 });
    expect(both.status).toBe(400);
    expect((await client.start({ script: "nope", instrument: "AAPL", timeframe: "1d" })).status).toBe(404);
  });

  it("when runs are listed, then pages are newest first with filters, and an unknown filter value is 400", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await client.call("GET", `/runs?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(r.status).toBe(200);
      seen.push(...(r.json.data as Array<{ id: string }>).map((x) => x.id));
      cursor = r.json.next_cursor as string | null;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(runId);
    const ok = await client.call("GET", "/runs?status=succeeded&script=sma-rsi&kind=indicator");
    expect((ok.json.data as Array<{ status: string }>).every((x) => x.status === "succeeded")).toBe(true);
    expect((await client.call("GET", "/runs?status=failed")).json.data).toEqual([]);
    const bogus = await client.call("GET", "/runs?status=bogus");
    expect(bogus.status).toBe(400);
    expect(bogus.json.error.code).toBe("invalid_request");
    expect((await client.call("GET", "/runs?cursor=forged")).status).toBe(400);
  });
});
