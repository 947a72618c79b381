// The values of `earnings.*`, `dividends.*` and `splits.*`: the field constants request.earnings,
// request.dividends and request.splits take, and the next report's and dividend's figures. No
// corporate events are stored, so each figure is what TradingView's reference gives "if this data
// isn't available": na (docs/adr/0225-corporate-event-values-without-data.md). The request.*
// functions themselves are refused in stdlib/request (they name the data they would need).
import { builtinVariable, constants } from "../builtins/record";

export const earningsFields = constants("earnings", "string", ["actual", "estimate", "standardized"], "A field of request.earnings: the reported, the estimated or the standardized earnings per share.");
export const dividendsFields = constants("dividends", "string", ["gross", "net"], "A field of request.dividends: the dividend before or after tax.");
export const splitsFields = constants("splits", "string", ["numerator", "denominator"], "A field of request.splits: the split ratio's numerator or denominator.");

const NEXT: ReadonlyArray<readonly [name: string, type: string, doc: string]> = [
  ["earnings.future_eps", "series float", "The estimated earnings per share of the next earnings report: na (no earnings data is stored; TradingView's value when it is not available)."],
  ["earnings.future_period_end_time", "series int", "The end of the financial period the next earnings report covers (UNIX ms): na (no earnings data is stored)."],
  ["earnings.future_revenue", "series float", "The estimated revenue of the next earnings report: na (no earnings data is stored)."],
  ["earnings.future_time", "series int", "The expected time of the next earnings report (UNIX ms): na (no earnings data is stored; TradingView's value when it is not available)."],
  ["dividends.future_amount", "series float", "The amount of the next dividend: na (no dividend data is stored)."],
  ["dividends.future_ex_date", "series int", "The ex-dividend date of the next dividend (UNIX ms): na (no dividend data is stored)."],
  ["dividends.future_pay_date", "series int", "The payment date of the next dividend (UNIX ms): na (no dividend data is stored)."],
];

/** The next report's and dividend's figures: na, as TradingView gives them when the data is not available. */
export const nextEventFigures = NEXT.map(([name, type, doc]) => builtinVariable({ name, type, doc, emit: "NaN" }));
