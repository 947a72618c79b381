// The one refusal of a timeframe that is not one of the nine (runs, collect, sweeps, events filter).
import { ApiError } from "./errors";
import { TIMEFRAMES, type Timeframe } from "./schemas";

/** 400 `unsupported_timeframe` unless `value` is one of TIMEFRAMES. */
export function assertTimeframe(value: string): asserts value is Timeframe {
  if (!(TIMEFRAMES as readonly string[]).includes(value)) {
    throw new ApiError("unsupported_timeframe", `Timeframe ${JSON.stringify(value)} is not one of ${TIMEFRAMES.join(", ")}.`);
  }
}
