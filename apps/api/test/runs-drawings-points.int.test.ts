// #30 drawings made from chart.points, over HTTP with real API and worker processes on real AAPL
// daily bars: the label, line and box of the last bar sit at the points' bars and prices (closes
// read independently from the CSV), by bar index and by time (docs/adr/0073-chart-points.md).
import { aaplCloses, RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

/** On the last bar: a label at the bar before (by index), a line from two bars back to now, a box
 *  from three bars back to one bar past the last, and a label placed by time (xloc.bar_time). */
const POINTS = `//@version=6
indicator("points", overlay = true)
if barstate.islast
    p = chart.point.from_index(bar_index - 1, close[1])
    p.price := p.price + 1
    label.new(p, "before")
    line.new(chart.point.from_index(bar_index - 2, close[2]), chart.point.now(close), width = 2)
    box.new(chart.point.from_index(bar_index - 3, close[3]), chart.point.from_index(bar_index + 1, close), text = "range")
    label.new(chart.point.from_time(time[4], close[4]), "by time", xloc = xloc.bar_time)
`;

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  client = await h.setupWithScripts({ points: POINTS });
});
afterAll(() => h.teardown());

const iso = (t: number) => new Date(t * 1000).toISOString().replace(".000Z", "Z"); // RFC 3339 as the API writes bar times

describe("drawings from chart points over HTTP", () => {
  it("when an indicator draws from chart points, then #30 returns them at the points' bars and prices", async () => {
    const r = await client.start({ script: "points", instrument: "AAPL", timeframe: "1d", from: "2012-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z", wait: 30 });
    expect(r.status).toBe(202);
    expect(r.json.status).toBe("succeeded");
    const d = await client.call("GET", `/runs/${r.json.id}/drawings`);
    expect(d.status).toBe(200);

    const { time, close } = await aaplCloses();
    const k = time.indexOf(Date.parse(r.json.window.to) / 1000);
    const at = (i: number) => iso(time[i] as number);
    expect(d.json.labels.map((l: { time: string; price: number; text: string }) => [l.time, l.price, l.text])).toEqual([
      [at(k - 1), (close[k - 1] as number) + 1, "before"],
      [at(k - 4), close[k - 4], "by time"],
    ]);
    expect(d.json.lines.map((l: { time1: string; price1: number; time2: string; price2: number; width: number }) => [l.time1, l.price1, l.time2, l.price2, l.width])).toEqual([
      [at(k - 2), close[k - 2], at(k), close[k], 2],
    ]);
    // one bar past the last: one day per step on a daily chart
    expect(d.json.boxes.map((b: { time1: string; top: number; time2: string; bottom: number; text: string }) => [b.time1, b.top, b.time2, b.bottom, b.text])).toEqual([
      [at(k - 3), close[k - 3], iso((time[k] as number) + 86_400), close[k], "range"],
    ]);
  });
});
