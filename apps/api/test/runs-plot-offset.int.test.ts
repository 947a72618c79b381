// plot(..., offset = N) over HTTP with real API and worker processes (docs/adr/0131-plot-offset.md):
// the value at bar i is the series' value at bar i - N, na where that bar does not exist (a window
// ending before the data reads the later bars a negative offset draws back, docs/adr/0141). Expected
// values are closes picked by index arithmetic from the bar data themselves: AAPL's CSV for a
// windowed run with warmup (JSON pages and CSV), and synthetic minute bars (close = 100 + i mod 97)
// for a run large enough to be streamed (whether a chunk is stored before the evaluation ends
// depends on timing here; apps/worker/test/stream-outputs.int.test.ts checks the chunks stored
// during the evaluation, and fails without their hold-back).
import { writeFlatSeries } from "../../../test/support/bars";
import { aaplCloses, RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const h = new RunsHarness();
let client: Client;

const ICHIMOKU_LIKE = `//@version=6
indicator("offsets", overlay = true)
displacement = input.int(26, "Displacement")
plot(close, "lagging", offset = -displacement + 1)
plot(close, "leading", offset = displacement - 1)
plot(close, "plain")
`;

const T0 = Date.UTC(2020, 0, 1) / 1000;
const MINUTES = 40_000;
const minuteClose = (i: number): number => 100 + (i % 97);
const WIDE = `//@version=6
indicator("wide offsets")
${Array.from({ length: 14 }, (_, k) => `plot(close + ${k}, "p${k}")`).join("\n")}
plot(close, "lagging", offset = -3000)
`;

beforeAll(async () => {
  client = await h.setupWithScripts({ ichimoku: ICHIMOKU_LIKE, wide: WIDE });
  await writeFlatSeries(h.env.db, { id: "ins_min", symbol: "MIN", name: "Synthetic minutes", timeframe: "1m", t0: T0, step: 60, count: MINUTES, value: minuteClose });
});
afterAll(() => h.teardown());

it("a windowed run gives every bar the close displacement - 1 bars away, the window's first bars from the warmup, in JSON and CSV", async () => {
  const r = await client.start({ script: "ichimoku", instrument: "AAPL", timeframe: "1d", from: "2008-01-01T00:00:00Z", to: "2010-12-31T00:00:00Z", inputs: { displacement: 11 }, wait: 30 });
  expect(r.json.status).toBe("succeeded");
  const { time, close } = await aaplCloses();
  const points = await client.allPoints(r.json.id as string, 250);
  expect(points.length).toBe(r.json.window.bars);
  // the window ends before AAPL's data: the bars after it that the lagging span draws back are read too (docs/adr/0141)
  const last = time.indexOf(points[points.length - 1]!["t"] as number);
  const at = (i: number): number | null => (i >= 0 && i < close.length ? (close[i] as number) : null);
  for (const p of points) {
    const i = time.indexOf(p["t"] as number);
    expect(i).toBeGreaterThan(10);
    expect(p["plain"]).toBe(at(i));
    expect(p["leading"]).toBe(at(i - 10));
    expect(p["lagging"]).toBe(at(i + 10));
  }
  // hand-picked: the window's first bar (2008-01-02) leads with the close of 10 bars before it, from the warmup
  expect(points[0]!["t"]).toBe(Date.parse("2008-01-02T00:00:00Z") / 1000);
  expect(points[0]!["leading"]).toBe(close[time.indexOf(Date.parse("2008-01-02T00:00:00Z") / 1000) - 10]);
  expect(points[0]!["leading"]).not.toBeNull();
  expect(points.slice(-10).map((p) => p["lagging"])).toEqual(close.slice(last + 1, last + 11));
  expect(points[points.length - 1]!["lagging"]).not.toBeNull();
  const res = await fetch(`${h.api.url}/v1/runs/${r.json.id}/results?format=csv`, { headers: { authorization: `Bearer ${client.key}` } });
  const lines = (await res.text()).trim().split("\r\n");
  expect(lines[0]).toBe("t,lagging,leading,plain");
  lines.slice(1).forEach((line, k) => {
    const [t, lag, lead] = line.split(",");
    const i = time.indexOf(Number(t));
    expect(k).toBe(points.findIndex((p) => p["t"] === Number(t)));
    expect(lag === "" ? null : Number(lag)).toBe(at(i + 10));
    expect(lead === "" ? null : Number(lead)).toBe(at(i - 10));
  });
});

it("a run to the last bar leaves the last displacement - 1 bars of the lagging output na", async () => {
  const r = await client.start({ script: "ichimoku", instrument: "AAPL", timeframe: "1d", from: "2012-06-01T00:00:00Z", inputs: { displacement: 4 }, wait: 30 });
  expect(r.json.status).toBe("succeeded");
  const { time, close } = await aaplCloses();
  const points = await client.allPoints(r.json.id as string);
  expect(points[points.length - 1]!["t"]).toBe(time[time.length - 1]);
  expect(points.slice(-3).map((p) => p["lagging"])).toEqual([null, null, null]);
  expect(points[points.length - 4]!["lagging"]).toBe(close[close.length - 1]);
});

it("a streamed run with offset = -3000 gives the close 3,000 bars later at every bar, across chunk boundaries", async () => {
  const r = await client.start({ script: "wide", instrument: "MIN", timeframe: "1m", from: new Date((T0 + 5_000 * 60) * 1000).toISOString(), to: new Date((T0 + (MINUTES - 1) * 60) * 1000).toISOString(), wait: 60 });
  expect(r.json.status).toBe("succeeded");
  const points = await client.allPoints(r.json.id as string);
  expect(points.length).toBe(MINUTES - 5_000);
  const wrong: string[] = [];
  for (const p of points) {
    const i = ((p["t"] as number) - T0) / 60;
    const want = i + 3_000 < MINUTES ? minuteClose(i + 3_000) : null;
    if (p["lagging"] !== want) wrong.push(`bar ${i}: ${p["lagging"]} (want ${want})`);
    if (p["p3"] !== minuteClose(i) + 3) wrong.push(`p3 at bar ${i}`);
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  // the output was stored in several chunks
  expect(await h.env.db.runOutputChunk.count({ where: { runId: r.json.id as string } })).toBeGreaterThan(3);
});
