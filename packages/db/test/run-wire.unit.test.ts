// A final run carried in a status message (packages/db/src/runs/serialize.ts runFromWire): the
// JSON of the row comes back as the row, so a long poll answers the same as after a read.
import { runFromWire, serializeRun, type Run } from "../src/runs";

const row = {
  id: "run_000000000000000000000001",
  accountId: "acc_1",
  kind: "indicator",
  scriptId: "scr_1",
  scriptOwnerId: "acc_1",
  scriptSlug: "s",
  scriptVersion: 3,
  instrument: "AAPL",
  timeframe: "1d",
  windowFrom: new Date("2020-01-02T00:00:00.000Z"),
  windowTo: new Date("2020-12-31T00:00:00.000Z"),
  requestedFrom: null,
  requestedTo: null,
  windowBars: 252,
  inputs: { length: 14 },
  status: "succeeded",
  failureKind: null,
  failureMessage: null,
  failureRetryable: null,
  summary: { bars: 252, warmup_bars: 14, bars_evaluated: 266, compute_units: 1, outputs: 252, runtime_errors: [], duration: 0.012 },
  source: "api",
  idempotencyKey: null,
  parentRunId: null,
  cancelRequested: false,
  createdAt: new Date("2026-01-01T10:00:00.123Z"),
  startedAt: new Date("2026-01-01T10:00:00.200Z"),
  finishedAt: new Date("2026-01-01T10:00:00.250Z"),
  expiresAt: new Date("2026-01-08T10:00:00.250Z"),
  resultsExpiredAt: null,
} as unknown as Run;

describe("runFromWire", () => {
  it("when a run row travels as JSON, then it comes back equal, times as Dates", () => {
    const back = runFromWire(JSON.parse(JSON.stringify(row)) as Record<string, unknown>);
    expect(back).toEqual(row);
    expect(serializeRun(back as Run, "me")).toEqual(serializeRun(row, "me"));
  });

  it("when the message carries something else, then it is not a run", () => {
    expect(runFromWire(undefined)).toBeNull();
    expect(runFromWire({ id: 1 })).toBeNull();
    expect(runFromWire({ id: "run_x", status: "succeeded" })).toBeNull();
  });
});
