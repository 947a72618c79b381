// A built-in returning a tuple taken as a value, not destructured where it is called: a user
// function's result (`f() => ta.bb(...)`) and request.security's expression. Its values are the
// state's (docs/adr/0136); before, such a tuple was na throughout. Hand-worked values over closes
// 10, 12, 11, 8, 9 (barsOf: high = close + 1, low = close - 1).
import { evaluateValid, outputsByName } from "../front/harness";
import { taLibraryScript } from "./harness";

const CLOSES = [10, 12, 11, 8, 9];

async function run(body: string, alias: string): Promise<Record<string, Array<number | null>>> {
  return outputsByName(await evaluateValid(taLibraryScript(body, alias), CLOSES));
}

// ta.bb(close, 2, 1): basis = sma 2: na, 11, 11.5, 9.5, 8.5; deviation of two values |a - b| / 2:
// na, 1, 0.5, 1.5, 0.5; upper na, 12, 12, 11, 9; lower na, 10, 11, 8, 8
const BB = { basis: [null, 11, 11.5, 9.5, 8.5], upper: [null, 12, 12, 11, 9], lower: [null, 10, 11, 8, 8] };
// ta.vStop(close, 2, 1), worked in tv-library-trend.unit.test.ts: stop 8, 9.5, 9.75, 11.125, 10.5625; up until bar 3
const VSTOP = { stop: [8, 9.5, 9.75, 11.125, 10.5625], up: [1, 1, 1, 0, 0] };

/** Plots of the two tuples, taken as [basis, upper, lower] and [stop, up]. */
const PLOTS = `plot(basis, "basis")
plot(upper, "upper")
plot(lower, "lower")
plot(stop, "stop")
plot(up ? 1 : 0, "up")
`;

describe.each(["ta", "TVta"])("TradingView/ta imported as %s", (alias) => {
  test("a user function's result", async () => {
    const out = await run(`bands() => ta.bb(close, 2, 1)
stops() => ta.vStop(close, 2, 1)
[basis, upper, lower] = bands()
[stop, up] = stops()
${PLOTS}`, alias);
    expect(out).toEqual({ ...BB, ...VSTOP });
  });

  test("request.security's expression on the chart's own context", async () => {
    const out = await run(`[basis, upper, lower] = request.security(syminfo.tickerid, timeframe.period, ta.bb(close, 2, 1))
[stop, up] = request.security(syminfo.tickerid, timeframe.period, ta.vStop(close, 2, 1))
${PLOTS}`, alias);
    expect(out).toEqual({ ...BB, ...VSTOP });
  });
});
