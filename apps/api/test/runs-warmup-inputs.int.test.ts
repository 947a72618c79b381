// The warmup of a run is the one for ITS inputs (docs/reference/language.md "Warmup": the same numbers whatever
// the window"), over HTTP with real API and worker processes: an EMA whose length input is
// raised, and an MA-type switch set from SMA (the default, whose EMA branch the front end prunes)
// to EMA, give the same values on the overlap of two windows, and the summary reports the
// warmup of those inputs (ema(n) needs 12 n bars, packages/lang/src/derive/rules.ts).
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const EMA_LEN = `//@version=6
indicator("EMA of a length")
len = input.int(10, "Length", minval = 1)
plot(ta.ema(close, len), "ema")
`;

const MA_TYPE = `//@version=6
indicator("MA of a type")
t = input.string("SMA", "Type", options = ["SMA", "EMA"])
len = input.int(50, "Length", minval = 1)
ma = switch t
    "SMA" => ta.sma(close, len)
    "EMA" => ta.ema(close, len)
    => close
plot(ma, "ma")
`;

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  client = await h.setupWithScripts({ "ema-len": EMA_LEN, "ma-type": MA_TYPE });
});
afterAll(() => h.teardown());

/** Two overlapping windows with the inputs: the largest relative difference on the overlap. */
async function overlapOf(script: string, inputs: Record<string, unknown>, output: string): Promise<{ overlap: number; worst: number; warmups: number[] }> {
  const a = await client.start({ script, instrument: "AAPL", timeframe: "1d", from: "2010-06-01T00:00:00Z", to: "2013-03-01T00:00:00Z", inputs, wait: 30 });
  const b = await client.start({ script, instrument: "AAPL", timeframe: "1d", from: "2011-06-01T00:00:00Z", to: "2013-03-01T00:00:00Z", inputs, wait: 30 });
  expect(a.json.status).toBe("succeeded");
  expect(b.json.status).toBe("succeeded");
  expect(a.json.inputs).toEqual(expect.objectContaining(inputs));
  const pa = new Map((await client.allPoints(a.json.id as string)).map((p) => [p["t"], p]));
  let overlap = 0;
  let worst = 0;
  for (const p of await client.allPoints(b.json.id as string)) {
    const q = pa.get(p["t"]);
    if (!q) continue;
    overlap++;
    const x = p[output] as number;
    const y = q[output] as number;
    expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
    worst = Math.max(worst, Math.abs(x - y) / Math.max(1e-300, Math.abs(y)));
  }
  const summaries = [a.json.summary, b.json.summary] as Array<{ warmup_bars: number; bars: number; bars_evaluated: number }>;
  for (const s of summaries) expect(s.bars_evaluated).toBe(s.bars + s.warmup_bars);
  return { overlap, worst, warmups: summaries.map((s) => s.warmup_bars) };
}

describe("the warmup of a run with its inputs", () => {
  it("when an EMA's length input is raised to 200, then two windows agree on their overlap and the warmup is 12 x 200", async () => {
    const r = await overlapOf("ema-len", { len: 200 }, "ema");
    expect(r.overlap).toBeGreaterThan(300);
    expect(r.worst).toBeLessThanOrEqual(1e-10);
    expect(r.warmups).toEqual([2400, 2400]);
  });

  it("when the EMA runs with its default length, then the warmup is the Interface's (12 x 10)", async () => {
    const r = await overlapOf("ema-len", { len: 10 }, "ema");
    expect(r.worst).toBeLessThanOrEqual(1e-10);
    expect(r.warmups).toEqual([120, 120]);
  });

  it("when an MA-type switch is changed from SMA to EMA by inputs, then two windows agree on their overlap and the warmup is the EMA's", async () => {
    const sma = await overlapOf("ma-type", {}, "ma");
    expect(sma.warmups).toEqual([50, 50]);
    const ema = await overlapOf("ma-type", { t: "EMA" }, "ma");
    expect(ema.overlap).toBeGreaterThan(300);
    expect(ema.worst).toBeLessThanOrEqual(1e-10);
    expect(ema.warmups).toEqual([600, 600]);
    const longer = await overlapOf("ma-type", { t: "EMA", len: 150 }, "ma");
    expect(longer.worst).toBeLessThanOrEqual(1e-10);
    expect(longer.warmups).toEqual([1800, 1800]);
  });
});
