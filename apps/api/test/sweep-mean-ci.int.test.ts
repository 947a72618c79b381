// A sweep row's mean_ci95 over HTTP with real API and worker processes (docs/adr/0055, addendum):
// the same percentile bootstrap as a study group's, so the row of the definition's default input
// equals the study's interval for the same events and horizon, and every row's interval is the
// documented recipe applied to forward returns worked out here from the closes; null below two.
// Bars are synthetic: XCI closes 100 + (7d mod 11) on day d (daily from 2020-01-01, 120 days),
// except 120 on days 60 and 97; the window is days 20-99.
import { writeFlatSeries } from "../../../test/support/bars";
import { bootstrapRecipe } from "../../../test/support/bootstrap-recipe";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const FIRST = 20;
const LAST = 99;
const HORIZONS = [1, 5];
const closeOf = (d: number): number => (d === 60 || d === 97 ? 120 : 100 + ((7 * d) % 11));
const iso = (d: number): string => new Date((T0 + d * DAY) * 1000).toISOString().replace(".000Z", "Z");
const WINDOW = { timeframe: "1d", from: iso(FIRST), to: iso(LAST) };

const DEFINITION = `//@version=6
definition("At or above a level")
level = input.int(108, "Level")
alertcondition(close >= level, "above", "above {{close}}")
`;
const STUDY = `//@version=6
study("Above", horizons = [1, 5])
use("above")
`;


/** Forward returns at horizon h of the window's days with a close at or above `level`, in day order (t + h inside the window). */
function returnsOf(level: number, h: number): number[] {
  const out: number[] = [];
  for (let d = FIRST; d + h <= LAST; d++) if (closeOf(d) >= level) out.push(closeOf(d + h) / closeOf(d) - 1);
  return out;
}

interface Horizon { h: number; count: number; mean_ci95: [number, number] | null }

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  client = await h.setupWithScripts({ above: DEFINITION, "above-study": STUDY });
  await writeFlatSeries(h.env.db, { id: "ins_xci", symbol: "XCI", timeframe: "1d", t0: T0, step: DAY, count: 120, value: closeOf });
});
afterAll(() => h.teardown());

async function final(answer: { status: number; text: string; json: any }, kind: "runs" | "sweeps"): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (answer.status !== 202) throw new Error(`start: ${answer.status} ${answer.text}`);
  let body = answer.json;
  while (["queued", "running"].includes(body.status as string)) body = (await client.call("GET", `/${kind}/${String(body.id)}?wait=10`)).json;
  return body;
}

describe("mean_ci95 of sweep rows", () => {
  let rows: Array<{ inputs: { level: number }; horizons: Horizon[] }>;

  beforeAll(async () => {
    const sweep = await final(await client.call("POST", "/sweeps", { definition: "above", instruments: ["XCI"], ...WINDOW, grid: { level: [100, 108, 115, 130] }, horizons: HORIZONS, wait: 60 }), "sweeps");
    expect(sweep.status).toBe("succeeded");
    const res = await client.call("GET", `/sweeps/${String(sweep.id)}/results`);
    expect(res.status).toBe(200);
    rows = res.json.data;
    expect(rows).toHaveLength(4);
  });
  const rowOf = (level: number): Horizon[] => rows.find((r) => r.inputs.level === level)!.horizons;

  test("the default level's row has the study group's interval at each horizon, the same events in the same order", async () => {
    const run = await final(await client.start({ script: "above-study", instrument: "XCI", ...WINDOW, wait: 60 }), "runs");
    expect(run.status).toBe("succeeded");
    const group = (await client.call("GET", `/runs/${String(run.id)}/results`)).json.study.groups.find((g: { event: string }) => g.event === "above");
    const row = rowOf(108);
    for (const [j, hz] of row.entries()) {
      const s = group.horizons[j] as Horizon;
      expect([hz.h, hz.count]).toEqual([s.h, s.count]);
      expect(hz.count).toBeGreaterThan(2);
      expect(hz.mean_ci95).toEqual(s.mean_ci95);
    }
  });

  test("every row's interval is the recipe over the forward returns worked out from the closes", () => {
    for (const level of [100, 108, 115]) {
      for (const hz of rowOf(level)) {
        const xs = returnsOf(level, hz.h);
        expect(hz.count).toBe(xs.length);
        const want = xs.length < 2 ? null : bootstrapRecipe(xs);
        if (want === null) {
          expect(hz.mean_ci95).toBeNull();
          continue;
        }
        expect(hz.mean_ci95).toHaveLength(2);
        expect(hz.mean_ci95![0]).toBeCloseTo(want[0], 12);
        expect(hz.mean_ci95![1]).toBeCloseTo(want[1], 12);
      }
    }
  });

  test("null below two values: level 115 (days 60 and 97) has two at h = 1 and one at h = 5; level 130 has none", () => {
    const [h1, h5] = rowOf(115);
    // 120 to closes of days 61 and 98: 100 + 427 mod 11 = 109 and 100 + 686 mod 11 = 104
    expect(h1!.count).toBe(2);
    expect(h1!.mean_ci95![0]).toBeGreaterThanOrEqual(104 / 120 - 1 - 1e-12);
    expect(h1!.mean_ci95![1]).toBeLessThanOrEqual(109 / 120 - 1 + 1e-12);
    expect([h5!.count, h5!.mean_ci95]).toEqual([1, null]);
    for (const hz of rowOf(130)) expect([hz.count, hz.mean_ci95]).toEqual([0, null]);
  });
});
