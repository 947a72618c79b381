// Instruments carry a session: set at import (`meta.session`, the admin CLI's --session), 24x7 when
// not given, kept when a later import does not name it, and read with the series for runs.
import { join } from "path";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { importFile, lookupSeries } from "../src";

const AAPL = join(__dirname, "../demo/AAPL.csv");
let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

it("when an equity is imported with a session, then the instrument and its series carry it; a later import without one keeps it", async () => {
  await importFile(env.db, { symbol: "AAPL", timeframe: "1d", file: AAPL, format: "bokeh", meta: { exchange: "NASDAQ", timezone: "America/New_York", session: "0930-1600" } });
  expect((await env.db.instrument.findUniqueOrThrow({ where: { symbol: "AAPL" } })).session).toBe("0930-1600");
  await importFile(env.db, { symbol: "AAPL", timeframe: "1d", file: AAPL, format: "bokeh", meta: { name: "Apple" } });
  expect((await lookupSeries(env.db, "AAPL", "1d"))?.instrument.session).toBe("0930-1600");
});

it("when an instrument is imported without a session, then it trades 24x7", async () => {
  await importFile(env.db, { symbol: "AAPL2", timeframe: "1d", file: AAPL, format: "bokeh" });
  expect((await lookupSeries(env.db, "AAPL2", "1w"))?.instrument.session).toBe("24x7");
});
