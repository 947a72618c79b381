// `earnings.*`, `dividends.*` and `splits.*` (docs/adr/0225): no corporate events are stored, so the
// next report's and dividend's figures are what TradingView's reference gives "if this data isn't
// available", na, and the field constants compile. A dashboard counting days to the next earnings
// report (written here in the style of public stock-info dashboards) runs and shows its "unknown"
// branch; the request.* functions that would read the events stay refused, naming the data.
import { validate } from "../../src/index";
import { closeBars, run } from "./harness";

const script = (body: string): string => `//@version=6\nindicator("e")\n${body}`;

describe("corporate event values without stored events", () => {
  test("the next report's and dividend's figures are na on every bar: a countdown takes its na branch", () => {
    const body = [
      "t = earnings.future_time",
      "days = na(t) ? -1 : (t - time) / 86400000",
      'var string txt = "?"',
      'txt := na(t) ? "Unknown" : str.tostring(days)',
      "plot(days)",
      "plot(na(earnings.future_eps) and na(earnings.future_revenue) and na(earnings.future_period_end_time) ? 1 : 0)",
      "plot(na(dividends.future_amount) and na(dividends.future_ex_date) and na(dividends.future_pay_date) ? 1 : 0)",
      'plot(txt == "Unknown" ? 1 : 0)',
    ].join("\n");
    const r = run(script(body), closeBars([10, 11, 12]));
    expect(r.runtimeErrors).toEqual([]);
    expect(r.outputs.map((o) => Array.from(o.values))).toEqual([
      [-1, -1, -1],
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ]);
  });

  test("the field constants are distinct strings a script can compare", () => {
    const body = "plot(earnings.actual != earnings.estimate and earnings.estimate != earnings.standardized and dividends.gross != dividends.net and splits.numerator != splits.denominator ? 1 : 0)";
    expect(Array.from(run(script(body), closeBars([10, 11])).outputs[0]!.values)).toEqual([1, 1]);
  });

  test("request.earnings, request.dividends and request.splits stay refused, naming the data they need", async () => {
    const src = script(`plot(request.earnings(syminfo.tickerid, earnings.actual, ignore_invalid_symbol = true))\nplot(request.dividends(syminfo.tickerid, dividends.gross))\nplot(request.splits(syminfo.tickerid, splits.denominator))`);
    const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
    const errors = v.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
    expect(errors).toEqual([
      expect.stringContaining("earnings data"),
      expect.stringContaining("dividend data"),
      expect.stringContaining("stock split data"),
    ]);
  });
});
