// The scenario of docs/adr/0150-bars-around-the-window-by-kind.md, tested in the worker
// (apps/worker/test/around-window-kinds) and over HTTP (apps/api/test/study-around-window):
// XAW closes 100 + d on day d (daily from 2020-01-01, 200 days), and a definition that plots
// with a negative offset and keeps events on the last bar and on closes divisible by 4.
import type { Db } from "@barscript/db";
import { writeFlatSeries } from "./bars";

export const DAY = 86_400;
/** 2020-01-01, day 0 of XAW (Unix seconds). */
export const T0 = Date.UTC(2020, 0, 1) / 1000;
export const XAW_BARS = 200;

/** Events on the bar that is last, and on closes divisible by 4; a plot drawn `n` bars back. */
export const NEGATIVE_OFFSET_DEFINITION = `//@version=6
definition("d")
n = input.int(3, "Lag")
plot(close, "lag", offset = -n)
alertcondition(barstate.islast, "last", "last {{close}}")
alertcondition(close % 4 == 0, "four", "four {{close}}")
`;

/** Writes XAW (instrument "ins_xaw"). */
export async function writeXaw(db: Db): Promise<void> {
  await writeFlatSeries(db, { id: "ins_xaw", symbol: "XAW", timeframe: "1d", t0: T0, step: DAY, count: XAW_BARS, value: (d) => 100 + d });
}
