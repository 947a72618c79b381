// A value inside a run's window does not depend on where the window starts when it reads a context
// below the chart's timeframe (docs/adr/0366-window-invariance-of-requests.md): the context covers
// the chart's warmup bars, each of which reads its intrabars. In-process worker against real
// Postgres and Redis. Bars are synthetic so values are worked by hand: WIX has a 5-minute bar every
// 5 minutes (crypto, every day) from Monday 2020-01-06 00:00 UTC, close 100 + i on bar i, and its
// hours are resampled from them (hour h holds 5-minute bars 12h .. 12h + 11).
import { randomUUID } from "node:crypto";
import { newRunId } from "@barscript/db";
import { resample, writeBars } from "@barscript/marketdata";
import { writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import { admittedAccount, createWorkerRig, runOnce, saveScript, type WorkerRig } from "./support/run-processor";

jest.setTimeout(60_000);

const HOUR = 3600;
const T0 = Date.UTC(2020, 0, 6) / 1000;
const HOURS = 240;

let rig: WorkerRig;
let env: TestEnv;

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  env = rig.env;
  const fine = await writeFlatSeries(env.db, { id: "ins_wix", symbol: "WIX", timeframe: "5m", t0: T0, step: 300, count: HOURS * 12, value: (i) => 100 + i });
  await writeBars(env.db, { instrumentId: "ins_wix", timeframe: "1h" }, resample(fine, "5m", "1h"), "derived");
});

afterAll(() => rig.close());

/** The run's rows over hours [first, HOURS - 1]: times, then each plot's column. */
async function hourlyRun(source: string, first: number): Promise<{ times: number[]; columns: number[][] }> {
  const account = await admittedAccount(env.db, `wi-${randomUUID().slice(0, 8)}`);
  const script = await saveScript(env.db, account, "s", source);
  const windowBars = HOURS - first;
  const run = await env.db.run.create({
    data: {
      id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1,
      instrument: "WIX", timeframe: "1h", windowFrom: new Date((T0 + first * HOUR) * 1000), windowTo: new Date((T0 + (HOURS - 1) * HOUR) * 1000), windowBars, inputs: {},
    },
  });
  const outcome = await runOnce(rig, run.id);
  expect(outcome?.status).toBe("succeeded");
  const chunks = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
  const all = Array.from(new Float64Array(new Uint8Array(chunks[0]!.data).buffer.slice(0)));
  const columns: number[][] = [];
  for (let at = windowBars; at < all.length; at += windowBars) columns.push(all.slice(at, at + windowBars));
  return { times: all.slice(0, windowBars), columns };
}

describe("window invariance of lower-timeframe requests", () => {
  it("when an hourly chart averages a 5-minute request over 24 bars, then its first window bar has the value of a wider window's, worked by hand", async () => {
    // lookahead off below the chart: the last 5-minute bar of hour h (close 100 + 12h + 11), so the
    // 24-hour mean at hour h is 100 + 11 + 12 (h - 11.5) = 12h - 27; every hour holds 12 intrabars
    const source = [
      "//@version=6",
      'indicator("wi")',
      'plot(ta.sma(request.security("WIX", "5", close), 24), "sma")',
      'plot(ta.sma(array.size(request.security_lower_tf("WIX", "5", close)), 24), "n")',
    ].join("\n");
    const narrow = await hourlyRun(source, 200);
    const wide = await hourlyRun(source, 100);
    expect(narrow.times[0]).toBe(T0 + 200 * HOUR);
    expect(narrow.columns[0]!.slice(0, 3)).toEqual([12 * 200 - 27, 12 * 201 - 27, 12 * 202 - 27]);
    expect(narrow.columns[1]!.slice(0, 3)).toEqual([12, 12, 12]);
    // the shared hours 200..239 are the same in both runs
    expect(wide.columns.map((c) => c.slice(100))).toEqual(narrow.columns);
  });
});
