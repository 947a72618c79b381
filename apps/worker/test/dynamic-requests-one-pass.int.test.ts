// Dynamic requests found in one evaluation (docs/adr/0223), in the worker through the real run
// processor (in-process, real Postgres and Redis): the first evaluation discovers every context a
// screener's loop reaches (an unknown context reads as na there instead of ending the bar), they
// are read in one round, once each, and the second evaluation is the result. Evaluations are
// counted at the sandbox pool (each is one task), reads at the bar cache.
//
// Bars are synthetic so values are worked by hand: AAA closes 100 + i, BBB 1000 + i, CCC 5000 + i
// and DDD 20000 + i on day i (daily from Wednesday 2020-01-01, every day, 200 days; weeks from
// Monday: the week of Monday 06-29 is days 180-186, of 07-06 days 187-193, of 07-13 days 194-200,
// the data ending on day 199, Saturday 07-18). Runs chart AAA's days 190-199.
import { writeFlatSeries } from "../../../test/support/bars";
import { BARS, createDailySeriesRig, type DailySeriesRig, DAY, days, T0 } from "./support/daily-series-rig";

jest.setTimeout(180_000);

let d: DailySeriesRig;

beforeAll(async () => {
  d = await createDailySeriesRig("dyn", [["ins_aaa", "AAA", (i) => 100 + i], ["ins_bbb", "BBB", (i) => 1000 + i], ["ins_ccc", "CCC", (i) => 5000 + i], ["ins_ddd", "DDD", (i) => 20000 + i]]);
});

afterAll(() => d.close());

it("when a screener loops over three computed symbols, then one evaluation finds all three, they are read in one round, and the second evaluation is the result", async () => {
  const { row, summary, column } = await d.runScript(`//@version=6
indicator("screener")
syms = array.from("BBB", "CCC", "DDD")
float total = 0.0
for s in syms
    total += request.security(s, "D", close)
plot(total, "total")
`);
  expect(row.status).toBe("succeeded");
  // before: one evaluation per symbol found (each bar stopped at the first one missing), then the result: 4
  expect(d.evaluations()).toBe(2);
  expect(d.cache.reads.sort()).toEqual(["AAA@1d", "BBB@1d", "CCC@1d", "DDD@1d"]);
  expect(summary.runtime_errors).toEqual([]);
  expect(column(0)).toEqual(days((i) => 1000 + i + 5000 + i + 20000 + i));
  // AAA's 10 bars and each context's 10 with the 2 bars a context reads before the window
  expect(summary.bars_evaluated).toBe(10 + 3 * 12);
});

it("when a weekly screener draws a table, then its weekly contexts are found at once and each week's value shows on its last day", async () => {
  const { row, summary, column } = await d.runScript(`//@version=6
indicator("weekly screener")
syms = array.from("BBB", "CCC", "DDD")
var t = table.new(position.top_right, 2, 3)
float total = 0.0
for [k, s] in syms
    c = request.security(s, "W", close * 2)
    total += c
    if barstate.islast
        t.cell(0, k, s)
        t.cell(1, k, str.tostring(c))
plot(total, "total")
`);
  expect(row.status).toBe("succeeded");
  expect(d.evaluations()).toBe(2);
  expect(d.cache.reads.filter((r) => r.endsWith("@1w")).sort()).toEqual(["BBB@1w", "CCC@1w", "DDD@1w"]);
  expect(summary.runtime_errors).toEqual([]);
  // days 190-192 see the week of 06-29 (closed day 186), days 193-198 the week of 07-06 (its last
  // day, 193), day 199, the data's last, the open week's running close (docs/adr/0074)
  const week = (i: number): number => (i <= 192 ? 186 : i <= 198 ? 193 : 199);
  expect(column(0)).toEqual(days((i) => 2 * (1000 + week(i) + 5000 + week(i) + 20000 + week(i))));
});

it("when a run sets a timeframe input to another value, then the context it names is read before the first evaluation and the script is evaluated once", async () => {
  const source = `//@version=6
indicator("input timeframe")
tf = input.timeframe("D", "Timeframe")
plot(request.security("BBB", tf, close), "other")
`;
  const { row, summary, column } = await d.runScript(source, { tf: "W" });
  expect(row.status).toBe("succeeded");
  // the run's value names BBB's weeks: read with the chart before evaluating (docs/adr/0224)
  expect(d.evaluations()).toBe(1);
  expect(d.cache.reads.sort()).toEqual(["AAA@1d", "BBB@1w"]);
  expect(summary.runtime_errors).toEqual([]);
  const week = (i: number): number => (i <= 192 ? 186 : i <= 198 ? 193 : 199);
  expect(column(0)).toEqual(days((i) => 1000 + week(i)));
  // the default names BBB's days, also read up front
  const byDefault = await d.runScript(source);
  expect(d.evaluations()).toBe(1);
  expect(d.cache.reads.sort()).toEqual(["AAA@1d", "BBB@1d"]);
  expect(byDefault.column(0)).toEqual(days((i) => 1000 + i));
});

it("when one symbol of the loop does not exist, then the others are read in the same round and that one stays a runtime error of the bars that read it", async () => {
  const { row, summary, column } = await d.runScript(`//@version=6
indicator("screener")
syms = array.from("BBB", "NOPE", "CCC")
float total = 0.0
for s in syms
    if s != "NOPE" or close % 2 == 0
        total += request.security(s, "D", close)
plot(total, "total")
`);
  expect(row.status).toBe("succeeded");
  expect(d.evaluations()).toBe(2);
  // no instrument has NOPE: no bars are read for it
  expect(d.cache.reads.sort()).toEqual(["AAA@1d", "BBB@1d", "CCC@1d"]);
  // AAA's close is even on the five even days: those bars read NOPE and fail there (na)
  expect(summary.runtime_errors).toEqual([expect.objectContaining({ message: 'symbol "NOPE" not found: no instrument of that name is stored', count: 5 })]);
  expect(column(0)).toEqual(days((i) => (i % 2 === 0 ? NaN : 1000 + i + 5000 + i)));
});

it("when a value read while discovering steers the script to another symbol, then the next evaluation finds it and the third is the result", async () => {
  const { row, summary, column } = await d.runScript(`//@version=6
indicator("pick")
b = close > 0 ? "BBB" : "AAA"
c = close > 0 ? "CCC" : "AAA"
pick = request.security(b, "D", close) < request.security(c, "D", close) ? "DDD" : "AAA"
plot(request.security(pick, "D", close), "picked")
`);
  expect(row.status).toBe("succeeded");
  // BBB and CCC unknown: na < na is false, AAA; with them, BBB < CCC on every day: DDD
  expect(d.evaluations()).toBe(3);
  expect(d.cache.reads.sort()).toEqual(["AAA@1d", "BBB@1d", "CCC@1d", "DDD@1d"]);
  expect(summary.runtime_errors).toEqual([]);
  expect(column(0)).toEqual(days((i) => 20000 + i));
});

it("when a loop requests 45 symbols, then 40 are read in one round, the 5 past TradingView's cap are not, and they read as invalid symbols", async () => {
  for (let k = 0; k < 45; k++) await writeFlatSeries(d.env.db, { id: `ins_s${k}`, symbol: `S${k}`, timeframe: "1d", t0: T0, step: DAY, count: BARS, value: () => k });
  const names = Array.from({ length: 45 }, (_, k) => `"S${k}"`).join(", ");
  const { row, summary, column } = await d.runScript(`//@version=6
indicator("many")
syms = array.from(${names})
float total = 0.0
for s in syms
    total += nz(request.security(s, "D", close, ignore_invalid_symbol = true))
plot(total, "total")
`);
  expect(row.status).toBe("succeeded");
  expect(d.evaluations()).toBe(2);
  // the chart's series and S0 ... S39, in the order the loop reached them
  expect(d.cache.reads.sort()).toEqual(["AAA@1d", ...Array.from({ length: 40 }, (_, k) => `S${k}@1d`)].sort());
  expect(summary.runtime_errors).toEqual([]);
  // 0 + 1 + ... + 39
  expect(column(0)).toEqual(days(() => 780));
});
