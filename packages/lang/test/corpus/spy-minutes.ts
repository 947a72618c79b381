// SPY's one-minute bars of January 2011 (packages/marketdata/demo/nt-spy-minute-2011.csv), as the
// corpus test (the chart's minutes and five-minute bars) and the expected values of the intrabar
// scripts read them. Data loading only; shares no code with packages/lang. Each call reads a
// fresh copy, so the bars a script runs over and those its reference reads are never the same arrays.
import type { Bars } from "../../src/types";
import { readNinjaTraderMinutes } from "../support/demo-bars";

export const readSpyMinutes = (): Bars => readNinjaTraderMinutes("nt-spy-minute-2011.csv");
