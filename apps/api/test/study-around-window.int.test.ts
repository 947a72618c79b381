// A definition that also plots with a negative offset, over HTTP with real API and worker
// processes (docs/adr/0150-bars-around-the-window-by-kind.md): collected over a window ending
// before the data, and studied over it, it reads no bar after the window (only an indicator run
// reads those, docs/adr/0141), so `barstate.islast` is the window's last bar in both. Bars are
// synthetic so values are worked by hand: XAW closes 100 + d on day d (daily from 2020-01-01,
// 200 days); the window is days 141-150.
import { DAY, NEGATIVE_OFFSET_DEFINITION as DEFINITION, T0, writeXaw } from "../../../test/support/around-window";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const iso = (d: number): string => new Date((T0 + d * DAY) * 1000).toISOString().replace(".000Z", "Z");
const WINDOW = { instrument: "XAW", timeframe: "1d", from: iso(141), to: iso(150) };

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  client = await h.setupWithScripts({ d: DEFINITION, s: `//@version=6\nstudy("s", horizons = [1, 2])\nuse("d")\n` });
  await writeXaw(h.env.db);
});
afterAll(() => h.teardown());

async function final(answer: { status: number; text: string; json: any }): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (answer.status !== 202) throw new Error(`start: ${answer.status} ${answer.text}`);
  return ["queued", "running"].includes(answer.json.status as string) ? client.final(answer.json.id as string) : answer.json;
}

it("a definition collected over a window ending before the data has its last event on the window's last bar, and evaluates no bar after it", async () => {
  const run = await final(await client.call("POST", "/scripts/d/collect", { ...WINDOW, wait: 60 }));
  expect(run.status).toBe("succeeded");
  expect(run.summary.bars_evaluated).toBe(run.summary.warmup_bars + 10);
  const events = (await client.call("GET", `/runs/${run.id}/results`)).json.events as Array<{ time: string; name: string; message: string; price: number }>;
  expect(events.map((e) => [e.time, e.name, e.message, e.price])).toEqual([
    [iso(144), "four", "four 244", 244],
    [iso(148), "four", "four 248", 248],
    [iso(150), "last", "last 250", 250],
  ]);
});

it("a study of it over the same window counts the last event on day 150 (past both horizons) and the others' forward returns from the closes", async () => {
  const run = await final(await client.start({ script: "s", ...WINDOW, wait: 60 }));
  expect(run.status).toBe("succeeded");
  const { study } = (await client.call("GET", `/runs/${run.id}/results`)).json as { study: { groups: Array<{ event: string; count: number; horizons: Array<{ h: number; count: number; mean: number | null }> }> } };
  const last = study.groups.find((g) => g.event === "last")!;
  expect([last.count, ...last.horizons.map((x) => x.count)]).toEqual([1, 0, 0]);
  const four = study.groups.find((g) => g.event === "four")!;
  expect(four.horizons.map((x) => x.count)).toEqual([2, 2]);
  // closes 244 and 248: 245/244 - 1 and 249/248 - 1 one day on; 246/244 - 1 and 250/248 - 1 two days on
  expect(four.horizons[0]!.mean).toBeCloseTo((1 / 244 + 1 / 248) / 2, 12);
  expect(four.horizons[1]!.mean).toBeCloseTo((2 / 244 + 2 / 248) / 2, 12);
});
