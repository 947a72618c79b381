// A script without dynamic requests (v5 by default) in the worker through the real run processor
// (in-process, real Postgres and Redis): a request another request's expression reads is made as
// from the chart (docs/adr/0329, TradingView's user manual "Other timeframes and data", Nested
// requests: without dynamic requests "the second call's returned value is the same as the first
// call's value"), the contexts listed before the run are the ones it reads, and the program keeps
// that through the sandbox thread. With dynamic requests (v6) the same script nests (docs/adr/0307).
//
// Bars are synthetic so values are worked by hand: AAA closes 100 + i, BBB 1000 + i on day i
// (daily from Wednesday 2020-01-01, every day, 200 days; weeks from Monday: the week of Monday
// 06-29 is days 180-186, of 07-06 days 187-193, of 07-13 days 194-200, the data ending on day 199,
// Saturday 07-18). Runs chart AAA's days 190-199.
import { createDailySeriesRig, type DailySeriesRig, days } from "./support/daily-series-rig";

jest.setTimeout(180_000);

let d: DailySeriesRig;

beforeAll(async () => {
  d = await createDailySeriesRig("nodyn", [["ins_aaa", "AAA", (i) => 100 + i], ["ins_bbb", "BBB", (i) => 1000 + i]]);
});

afterAll(() => d.close());

// the week a day sees with lookahead off: the last closed one, on its last day its own, on the data's last day the open one's running close
const week = (i: number): number => (i <= 192 ? 186 : i <= 198 ? 193 : 199);

const SCRIPT = `indicator("no nesting")
x = request.security(syminfo.tickerid, "W", close)
plot(request.security("BBB", "D", x), "x")
`;

it("when a v5 script's request reads another request's result, then it is the chart's weekly close, read in one evaluation", async () => {
  const { row, summary, column } = await d.runScript(`//@version=5\n${SCRIPT}`);
  expect(row.status).toBe("succeeded");
  expect(summary.runtime_errors).toEqual([]);
  expect(column(0)).toEqual(days((i) => 100 + week(i)));
  expect(d.evaluations()).toBe(1);
  expect(d.cache.reads.sort()).toEqual(["AAA@1d", "AAA@1w", "BBB@1d"]);
});

it("when the same script is v6 (dynamic requests), then the first call is made from BBB's days: BBB's weekly close", async () => {
  const { row, summary, column } = await d.runScript(`//@version=6\n${SCRIPT}`);
  expect(row.status).toBe("succeeded");
  expect(summary.runtime_errors).toEqual([]);
  expect(column(0)).toEqual(days((i) => 1000 + week(i)));
  expect(d.evaluations()).toBe(1);
  expect(d.cache.reads.sort()).toEqual(["AAA@1d", "AAA@1w", "BBB@1d", "BBB@1w"]);
});
