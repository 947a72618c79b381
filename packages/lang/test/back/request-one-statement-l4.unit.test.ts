// Two requests in one expression statement share its code in the requested context, and that
// cannot change a value when nothing between the two calls writes what the earlier one reads: each
// request's expression depends on the statements before the statement, which both runs hold, and
// on nothing the other request's expression does (docs/adr/0359). Expected values are the requested
// counter worked by hand: `c` is 0 on every bar of the weekly context before both calls (TradingView's
// user manual, "Requestable data", "Declared variables": a request "only duplicates code that affects
// the variable before the call"), so the sum is 0 + 1000 * 5 on every chart bar a closed week reaches,
// and the counter incremented after the statement counts the weeks only in the later request. The
// bars are the demo CSV's (packages/marketdata/demo/AAPL.csv), weeks grouped as the bar store's.
import { aaplWeeks, expectOutputBars } from "./harness";

const { daily: AAPL, weekly, run } = aaplWeeks();

describe("two requests in one statement, nothing between them writing what they read", () => {
  test("a sum of two weekly requests of a counter: the values two statements give", () => {
    const r = run(`//@version=6
indicator("one statement")
var int c = 0
a = request.security(syminfo.tickerid, "W", c) + 1000 * request.security(syminfo.tickerid, "W", c * 2 + 5)
c += 1
b = request.security(syminfo.tickerid, "W", c)
plot(a, "a")
plot(b, "b")
`);
    // the last chart bar's week is still open: bars before it only
    expectOutputBars(r, (i) => weekly(i, () => 5000), AAPL.length - 1, 0);
    expectOutputBars(r, (i) => weekly(i, (w) => w + 1), AAPL.length - 1, 1);
  });
});
